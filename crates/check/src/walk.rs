//! Finding the files to read: recursive, sorted walks; choosing a format by extension or content.

use std::path::{Path, PathBuf};

use sitelogs::Site;

use crate::Format;

/// What a file's extension says it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// `.phh`, `.phhs`
    Phh,
    /// `.pbn`
    Pbn,
    /// `.ppn` (Preferans or Pinochle: sniffed)
    Ppn,
    /// `.lin` (BBO)
    Lin,
    /// Anything else (read only when named with `--format`).
    Other,
}

/// A file chosen for reading.
#[derive(Debug, Clone)]
pub struct WalkedFile {
    /// The path as walked (the argument joined with the names below it).
    pub path: PathBuf,
    /// Its kind by extension.
    pub kind: FileKind,
    /// The site whose hand history it is: told by its content ([`collect_files_and_logs`]) or
    /// given with `--format` ([`collect_site_files`]); `None` for notation files.
    pub site: Option<Site>,
}

/// The kind of a path by its extension (case-insensitive).
pub fn kind_of(path: &Path) -> FileKind {
    let ext = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("phh" | "phhs") => FileKind::Phh,
        Some("pbn") => FileKind::Pbn,
        Some("ppn") => FileKind::Ppn,
        Some("lin") => FileKind::Lin,
        _ => FileKind::Other,
    }
}

/// Expands the arguments: directories recursively in sorted order (known extensions only), named
/// files as they are. Returns the files and whether any argument could not be read.
pub fn collect_files(paths: &[PathBuf], format_forced: bool) -> (Vec<WalkedFile>, bool) {
    let notation = |path: &Path| {
        let kind = kind_of(path);
        (kind != FileKind::Other).then(|| WalkedFile { path: path.to_path_buf(), kind, site: None })
    };
    let named = |path: &Path| {
        notation(path).or_else(|| {
            format_forced.then(|| WalkedFile { path: path.to_path_buf(), kind: FileKind::Other, site: None })
        })
    };
    collect(paths, &named, &notation)
}

/// [`collect_files`] that also takes the hand histories of the poker sites, whatever their
/// extension: a file without a notation's extension is read when its content is a site's log
/// ([`Site::detect`]), as trackers find them in a folder of mixed logs. A file named on the command
/// line that is neither is an error; in a directory it is passed over (a tracker's sidecar, a
/// README).
pub fn collect_files_and_logs(paths: &[PathBuf]) -> (Vec<WalkedFile>, bool) {
    let take = |path: &Path| {
        let kind = kind_of(path);
        let site = if kind == FileKind::Other { Some(site_of(path)?) } else { None };
        Some(WalkedFile { path: path.to_path_buf(), kind, site })
    };
    collect(paths, &take, &take)
}

/// The site whose log a file is, by its first bytes; `None` when it is none, or cannot be read
/// (reading it for real reports why).
#[must_use]
pub fn site_of(path: &Path) -> Option<Site> {
    use std::io::Read;
    let file = std::fs::File::open(path).ok()?;
    let mut head = Vec::with_capacity(2 * sitelogs::DETECT_BYTES);
    file.take(2 * sitelogs::DETECT_BYTES as u64).read_to_end(&mut head).ok()?;
    Site::detect(&head)
}

/// Expands the arguments for a site's logs: directories recursively in sorted order (the site's
/// [`Site::extensions`] only, in any case), named files as they are.
pub fn collect_site_files(paths: &[PathBuf], site: Site) -> (Vec<WalkedFile>, bool) {
    let extensions = site.extensions();
    let file = |path: &Path| WalkedFile { path: path.to_path_buf(), kind: kind_of(path), site: Some(site) };
    let log = |path: &Path| {
        let ext = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
        ext.is_some_and(|ext| extensions.contains(&ext.as_str())).then(|| file(path))
    };
    collect(paths, &|path| Some(file(path)), &log)
}

/// The files named (`named` says what each is, `None`: not one the command reads) and in
/// directories the files `walked` takes.
fn collect(
    paths: &[PathBuf],
    named: &dyn Fn(&Path) -> Option<WalkedFile>,
    walked: &dyn Fn(&Path) -> Option<WalkedFile>,
) -> (Vec<WalkedFile>, bool) {
    let mut files = Vec::new();
    let mut failed = false;
    for path in paths {
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => walk_dir(path, walked, &mut files, &mut failed),
            Ok(_) => match named(path) {
                Some(file) => files.push(file),
                None => {
                    eprintln!(
                        "cardnote: {}: unknown file type (expected .phh, .phhs, .pbn, .ppn or .lin, or a poker site's hand history; or use --format)",
                        path.display()
                    );
                    failed = true;
                }
            },
            Err(err) => {
                eprintln!("cardnote: cannot read {}: {err}", path.display());
                failed = true;
            }
        }
    }
    (files, failed)
}

fn walk_dir(
    dir: &Path,
    take: &dyn Fn(&Path) -> Option<WalkedFile>,
    files: &mut Vec<WalkedFile>,
    failed: &mut bool,
) {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(err) => {
            eprintln!("cardnote: cannot read directory {}: {err}", dir.display());
            *failed = true;
            return;
        }
    };
    let mut children: Vec<(PathBuf, bool)> = Vec::new();
    for entry in entries {
        match entry {
            Ok(entry) => {
                // Directory symlinks are not followed, so a link loop cannot hang the walk.
                let is_dir = entry.file_type().map(|t| t.is_dir()).unwrap_or(false);
                children.push((entry.path(), is_dir));
            }
            Err(err) => {
                eprintln!("cardnote: cannot read directory {}: {err}", dir.display());
                *failed = true;
            }
        }
    }
    children.sort_by(|a, b| a.0.file_name().cmp(&b.0.file_name()));
    for (path, is_dir) in children {
        if is_dir {
            walk_dir(&path, take, files, failed);
        } else if let Some(file) = take(&path) {
            files.push(file);
        }
    }
}

/// Tells Preferans from Pinochle PPN: a `% PPN` header (or `% EXPORT`/`% IMPORT`) means Pinochle;
/// Preferans tags (`[Bula`, `[Refe`) or numeric deal records mean Preferans; other tagged files are
/// taken as Pinochle, untagged ones as Preferans.
pub fn sniff_ppn(data: &[u8]) -> Format {
    let head = &data[..data.len().min(64 * 1024)];
    let text = String::from_utf8_lossy(head);
    let mut tagged = false;
    for line in text.lines() {
        let line = line.trim_start_matches('\u{feff}').trim();
        if line.starts_with("% PPN") || line.starts_with("%PPN") {
            return Format::PpnPinochle;
        }
        if line.starts_with("[Bula") || line.starts_with("[Refe") {
            return Format::PpnPref;
        }
        if line.starts_with('[') {
            tagged = true;
        }
        if line.bytes().next().is_some_and(|b| b.is_ascii_digit()) && line.contains(',') && !tagged {
            return Format::PpnPref;
        }
    }
    if tagged { Format::PpnPinochle } else { Format::PpnPref }
}

/// How much of a file's start [`not_text`] looks at.
const SNIFF_LEN: usize = 8 * 1024;

/// One clear `NOT_TEXT` error for a file that is not text at all (an executable or an archive
/// given a notation's extension), instead of a warning for every odd byte: a NUL byte in the first
/// 8 KiB (as git decides), or more than one byte in ten of them a control character no text file
/// holds. UTF-16 (it has NUL bytes too) is named for what it is.
#[must_use]
pub fn not_text(data: &[u8]) -> Option<cards_core::Diagnostic> {
    let head = &data[..data.len().min(SNIFF_LEN)];
    let error =
        |message: String| Some(cards_core::Diagnostic::error("NOT_TEXT", message, cards_core::Span::at(0)));
    if head.starts_with(b"\xFF\xFE") || head.starts_with(b"\xFE\xFF") {
        return error("the file is UTF-16 text, which is not read: save it as UTF-8".to_owned());
    }
    if let Some(at) = head.iter().position(|&b| b == 0) {
        return error(format!(
            "not a text file (a NUL byte at offset {at}): is it a binary file with a notation's extension?"
        ));
    }
    // Tab, line feed, form feed, carriage return, DOS end of file (^Z) and escape occur in text.
    let odd = head
        .iter()
        .filter(|&&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | 0x0c | b'\r' | 0x1a | 0x1b))
        .count();
    if odd * 10 > head.len() {
        return error(format!(
            "not a text file ({odd} control bytes in its first {} bytes): is it a binary file with a notation's extension?",
            head.len()
        ));
    }
    None
}

/// Which format a file is read as: forced, by extension, or (for `.ppn`) by sniffing.
#[must_use]
pub fn format_of(kind: FileKind, data: &[u8], forced: Option<Format>) -> Format {
    if let Some(format) = forced {
        return format;
    }
    match kind {
        FileKind::Phh | FileKind::Other => Format::Phh,
        FileKind::Pbn => Format::Pbn,
        FileKind::Ppn => sniff_ppn(data),
        FileKind::Lin => Format::Lin,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn sniffing() {
        assert_eq!(sniff_ppn(b"% PPN 1.0\n% EXPORT\n[Event \"x\"]\n"), Format::PpnPinochle);
        assert_eq!(sniff_ppn(b"[Bula \"100\"]\n[Refe \"3\"]\n"), Format::PpnPref);
        assert_eq!(sniff_ppn(b"1,1BDHM27WQK4CEIN3FVRJS5LP8GU6AOT9,P,P,P\n"), Format::PpnPref);
        assert_eq!(sniff_ppn(b"[Event \"club\"]\n[Deal \"E:...\"]\n"), Format::PpnPinochle);
    }

    #[test]
    fn binary_files_are_not_text() {
        assert!(not_text(b"variant = 'NT'\r\n\x1a").is_none());
        assert!(not_text(b"").is_none());
        assert!(not_text("[Event \"Caf\u{e9}\"]\n".as_bytes()).is_none());
        assert!(not_text(b"\x7fELF\x02\x01\x01\x00\x00").is_some_and(|d| d.code() == "NOT_TEXT"));
        assert!(not_text(&[1u8, 2, 3, 4, 5, b'a']).is_some());
        assert!(not_text(b"\xFF\xFEv\x00").is_some_and(|d| d.message().contains("UTF-16")));
    }

    #[test]
    fn kinds() {
        assert_eq!(kind_of(Path::new("a/b.PHHS")), FileKind::Phh);
        assert_eq!(kind_of(Path::new("x.pbn")), FileKind::Pbn);
        assert_eq!(kind_of(Path::new("x.ppn")), FileKind::Ppn);
        assert_eq!(kind_of(Path::new("x.txt")), FileKind::Other);
        assert_eq!(kind_of(Path::new("README")), FileKind::Other);
    }

    #[test]
    fn a_site_walk_takes_its_extensions_only() {
        let dir = std::env::temp_dir().join(format!("cardnote-walk-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for name in ["a.log", "b.LOG", "c.txt"] {
            std::fs::write(dir.join(name), "STATE:0:cc/cc/cc/cc:Ah2c|3d4d/5s6s7s/8s/9s:0|0:a|b\n").unwrap();
        }
        std::fs::write(dir.join("a.game"), "GAMEDEF\nlimit\nEND GAMEDEF\n").unwrap();
        let (files, failed) = collect_site_files(std::slice::from_ref(&dir), Site::Acpc);
        let names: Vec<_> = files.iter().map(|f| f.path.file_name().unwrap().to_str().unwrap()).collect();
        assert_eq!((names, failed), (vec!["a.log", "b.LOG"], false));
        assert!(files.iter().all(|f| f.site == Some(Site::Acpc)));
        // By content, whatever the extension; the `.game` file is no log.
        let (files, _) = collect_files_and_logs(std::slice::from_ref(&dir));
        let names: Vec<_> = files.iter().map(|f| f.path.file_name().unwrap().to_str().unwrap()).collect();
        assert_eq!(names, vec!["a.log", "b.LOG", "c.txt"]);
        assert_eq!(site_of(&dir.join("a.game")), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
