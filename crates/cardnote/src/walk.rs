//! Finding the files to read: recursive, sorted walks; choosing a format by extension or content.

use std::path::{Path, PathBuf};

use crate::formats::Format;

/// What a file's extension says it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// `.phh`, `.phhs`
    Phh,
    /// `.pbn`
    Pbn,
    /// `.ppn` (Preferans or Pinochle: sniffed)
    Ppn,
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
        _ => FileKind::Other,
    }
}

/// Expands the arguments: directories recursively in sorted order (known extensions only), named
/// files as they are. Returns the files and whether any argument could not be read.
pub fn collect_files(paths: &[PathBuf], format_forced: bool) -> (Vec<WalkedFile>, bool) {
    let mut files = Vec::new();
    let mut failed = false;
    for path in paths {
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => walk_dir(path, &mut files, &mut failed),
            Ok(_) => {
                let kind = kind_of(path);
                if kind == FileKind::Other && !format_forced {
                    eprintln!(
                        "cardnote: {}: unknown file type (expected .phh, .phhs, .pbn or .ppn; or use --format)",
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

fn walk_dir(dir: &Path, files: &mut Vec<WalkedFile>, failed: &mut bool) {
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
            walk_dir(&path, files, failed);
        } else {
            let kind = kind_of(&path);
            if kind != FileKind::Other {
                files.push(WalkedFile { path, kind });
            }
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

/// The format of a file: `forced` when given, else by its kind (`.ppn` sniffed from `data`;
/// files of no known extension read as PHH).
#[must_use]
pub fn format_of(kind: FileKind, data: &[u8], forced: Option<Format>) -> Format {
    if let Some(format) = forced {
        return format;
    }
    match kind {
        FileKind::Phh => Format::Phh,
        FileKind::Pbn => Format::Pbn,
        FileKind::Ppn => sniff_ppn(data),
        FileKind::Other => Format::Phh,
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
    fn kinds() {
        assert_eq!(kind_of(Path::new("a/b.PHHS")), FileKind::Phh);
        assert_eq!(kind_of(Path::new("x.pbn")), FileKind::Pbn);
        assert_eq!(kind_of(Path::new("x.ppn")), FileKind::Ppn);
        assert_eq!(kind_of(Path::new("x.txt")), FileKind::Other);
        assert_eq!(kind_of(Path::new("README")), FileKind::Other);
    }
}
