//! Writing files without losing them: through a temporary file beside the target, re-read and
//! checked, then renamed over it. A symlink is written through (its target changes, the link
//! stays); a new file gets the usual mode (0666 less the umask), a rewritten file keeps its own.

use std::io::Write;
use std::path::{Path, PathBuf};

/// The file a write to `path` should replace: `path` itself, or where its symlinks lead (the
/// link's own target need not exist yet).
fn write_target(path: &Path) -> Result<PathBuf, String> {
    let mut target = path.to_path_buf();
    // A bounded walk: a link loop is an error, not a hang.
    for _ in 0..40 {
        match std::fs::symlink_metadata(&target) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = std::fs::read_link(&target)
                    .map_err(|e| format!("cannot read the link {}: {e}", target.display()))?;
                target = match target.parent() {
                    Some(parent) if link.is_relative() => parent.join(link),
                    _ => link,
                };
            }
            _ => return Ok(target),
        }
    }
    Err(format!("{}: too many levels of symbolic links", path.display()))
}

/// A new text for a file, written as it streams into a temporary file in the target's folder,
/// then checked and renamed over the target ([`Replacement::commit`]). Dropped without a commit,
/// the temporary file is removed and the original is untouched.
pub struct Replacement {
    target: PathBuf,
    temp: tempfile::NamedTempFile,
}

impl Replacement {
    /// A temporary file beside what `path` names (through its symlinks).
    ///
    /// # Errors
    /// A message saying what failed.
    pub fn new(path: &Path) -> Result<Replacement, String> {
        let target = write_target(path)?;
        let dir = match target.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let mut builder = tempfile::Builder::new();
        builder.prefix(".cardnote-").suffix(".tmp");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            // The mode any program's new file gets: 0666, less the umask (which open(2) applies).
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
        let temp = builder
            .tempfile_in(&dir)
            .map_err(|e| format!("cannot create a temporary file in {}: {e}", dir.display()))?;
        Ok(Replacement { target, temp })
    }

    /// Where the new text goes.
    pub fn file(&mut self) -> &mut std::fs::File {
        self.temp.as_file_mut()
    }

    /// The temporary file's path (to read the new text back).
    #[must_use]
    pub fn path(&self) -> &Path {
        self.temp.path()
    }

    /// Syncs the new text, checks it with `verify` (given the temporary file's path), then
    /// renames it over the target, which keeps its mode.
    ///
    /// # Errors
    /// A message saying what failed; the original is then untouched.
    pub fn commit(self, verify: impl FnOnce(&Path) -> Result<(), String>) -> Result<(), String> {
        let Replacement { target, mut temp } = self;
        temp.flush().map_err(|e| format!("cannot write the temporary file: {e}"))?;
        temp.as_file().sync_all().map_err(|e| format!("cannot sync the temporary file: {e}"))?;
        verify(temp.path())?;
        // Test hook: hold the finished temporary file before the rename, so a test can kill the
        // process at the worst moment and see that the original is untouched.
        if let Some(ms) = std::env::var_os("CARDNOTE_TEST_PAUSE_BEFORE_RENAME_MS") {
            let ms = ms.to_str().and_then(|s| s.parse::<u64>().ok()).unwrap_or(0);
            std::thread::sleep(std::time::Duration::from_millis(ms));
        }
        if let Ok(meta) = std::fs::metadata(&target) {
            std::fs::set_permissions(temp.path(), meta.permissions())
                .map_err(|e| format!("cannot give the new text the mode of {}: {e}", target.display()))?;
        }
        temp.persist(&target).map_err(|e| format!("cannot replace {}: {}", target.display(), e.error))?;
        Ok(())
    }
}

/// Writes `bytes` to `path` safely: a temporary file in the target's folder, flushed and synced,
/// re-read and checked with `verify`, then renamed over the target. Any failure leaves the
/// original as it was.
///
/// # Errors
/// A message saying what failed; the original is then untouched.
pub fn write_atomically(
    path: &Path,
    bytes: &[u8],
    verify: impl FnOnce(&[u8]) -> Result<(), String>,
) -> Result<(), String> {
    let mut replacement = Replacement::new(path)?;
    replacement.file().write_all(bytes).map_err(|e| format!("cannot write the temporary file: {e}"))?;
    replacement.commit(|temp| {
        let written = std::fs::read(temp).map_err(|e| format!("cannot re-read the temporary file: {e}"))?;
        if written != bytes {
            return Err("the temporary file does not hold what was written".into());
        }
        verify(&written)
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[cfg(unix)]
    #[test]
    fn links_are_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.phh");
        std::fs::write(&real, "old").unwrap();
        std::os::unix::fs::symlink("real.phh", dir.path().join("link.phh")).unwrap();
        std::os::unix::fs::symlink("link.phh", dir.path().join("link2.phh")).unwrap();
        write_atomically(&dir.path().join("link2.phh"), b"new", |_| Ok(())).unwrap();
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
        assert!(std::fs::symlink_metadata(dir.path().join("link.phh")).unwrap().file_type().is_symlink());
        std::os::unix::fs::symlink("loop", dir.path().join("loop")).unwrap();
        assert!(write_atomically(&dir.path().join("loop"), b"x", |_| Ok(())).is_err());
    }
}
