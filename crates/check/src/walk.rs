//! Finding the files to read: recursive, sorted walks; choosing a format by extension or content.

use std::path::{Path, PathBuf};

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
    collect(paths, format_forced, &|path| kind_of(path) != FileKind::Other)
}

/// The extensions (lower case) a site writes its hand histories with, by the site's `--format`
/// name: the files a directory walk takes for it. PokerStars, GGPoker, PartyPoker and Ignition
/// write `.txt`; iPoker `.xml` (and `.txt` where a tracker saved it); the ACPC dealer `.log` (its
/// `.game` file is not a log); the Pluribus logs are `.log` or `.txt`; PokerNow logs are `.csv`
/// (and `.txt` where a converter saved one); Open Hand History files are `.ohh` (or `.json`).
#[must_use]
pub fn site_extensions(site: &str) -> &'static [&'static str] {
    match site {
        "pokerstars" | "ggpoker" | "party" | "ignition" => &["txt"],
        "ipoker" => &["xml", "txt"],
        "acpc" => &["log"],
        "pluribus" => &["log", "txt"],
        "pokernow" => &["csv", "txt"],
        "ohh" => &["ohh", "json"],
        // Winamax, 888 / Pacific Poker, Everleaf and Cake write `.txt`.
        "winamax" | "pacific" | "everleaf" | "cake" => &["txt"],
        _ => &[],
    }
}

/// Expands the arguments for a site's logs: directories recursively in sorted order (the site's
/// [`site_extensions`] only, in any case), named files as they are.
pub fn collect_site_files(paths: &[PathBuf], site: &str) -> (Vec<WalkedFile>, bool) {
    let extensions = site_extensions(site);
    let is_log = |path: &Path| {
        let ext = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
        ext.is_some_and(|ext| extensions.contains(&ext.as_str()))
    };
    collect(paths, true, &is_log)
}

/// Named files (any, when a format is forced), and in directories the files `take` accepts.
fn collect(paths: &[PathBuf], format_forced: bool, take: &dyn Fn(&Path) -> bool) -> (Vec<WalkedFile>, bool) {
    let mut files = Vec::new();
    let mut failed = false;
    for path in paths {
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => walk_dir(path, take, &mut files, &mut failed),
            Ok(_) => {
                let kind = kind_of(path);
                if kind == FileKind::Other && !format_forced {
                    eprintln!(
                        "cardnote: {}: unknown file type (expected .phh, .phhs, .pbn, .ppn or .lin; or use --format)",
                        path.display()
                    );
                    failed = true;
                } else {
                    files.push(WalkedFile { path: path.clone(), kind });
                }
            }
            Err(err) => {
                eprintln!("cardnote: cannot read {}: {err}", path.display());
                failed = true;
            }
        }
    }
    (files, failed)
}

fn walk_dir(dir: &Path, take: &dyn Fn(&Path) -> bool, files: &mut Vec<WalkedFile>, failed: &mut bool) {
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
        } else if take(&path) {
            files.push(WalkedFile { kind: kind_of(&path), path });
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
    fn every_site_has_its_extensions() {
        for site in
            ["pokerstars", "acpc", "pluribus", "ggpoker", "ipoker", "party", "ignition", "pokernow", "ohh"]
                .into_iter()
                .chain(["winamax", "pacific", "everleaf", "cake"])
        {
            assert!(!site_extensions(site).is_empty(), "{site}");
        }
        assert!(!site_extensions("acpc").contains(&"game"));
        assert!(site_extensions("phh").is_empty());
    }
}
