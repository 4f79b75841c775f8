//! Writing files without losing them: through a temporary file beside the target, re-read and
//! checked, then renamed over it, but only while the target is still what the command read (or
//! saw when it started): a file another program changed meanwhile is left as it is. A symlink is
//! written through (its target changes, the link stays); a new file gets the usual mode (0666
//! less the umask), a rewritten file keeps its own.
//!
//! Every temporary file the command makes is listed here, so that an interrupted run removes them
//! all ([`exit_removing_temporaries`], called on SIGINT and SIGTERM), and a later run can name the
//! ones a killed run left ([`stale_temporaries`]).

use std::hash::Hasher;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::SystemTime;

/// The temporary files that exist now (named ones; the spools have no name). Creating, renaming
/// and removing one happen under this lock, so an interrupt sees each either before or after.
static TEMPORARIES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn temporaries() -> MutexGuard<'static, Vec<PathBuf>> {
    TEMPORARIES.lock().unwrap_or_else(PoisonError::into_inner)
}

fn forget(list: &mut Vec<PathBuf>, path: &Path) {
    list.retain(|p| p != path);
}

/// Removes every temporary file of this run, then ends the process with `code`, the lock held so
/// that no new temporary file is made or renamed meanwhile. What a signal handler calls.
pub fn exit_removing_temporaries(code: i32) -> ! {
    let list = temporaries();
    for path in list.iter() {
        let _ = std::fs::remove_file(path);
    }
    std::process::exit(code)
}

/// The `.cardnote-*.tmp` files in `dir` that this run did not make: left by a run that was
/// killed (nothing can clean up after SIGKILL), or made by one that is running now.
#[must_use]
pub fn stale_temporaries(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let ours = temporaries().clone();
    let mut stale: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .filter(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            name.starts_with(".cardnote-") && name.ends_with(".tmp")
        })
        .map(|e| e.path())
        .filter(|p| !ours.iter().any(|o| o.file_name() == p.file_name()))
        .collect();
    stale.sort();
    stale
}

/// An anonymous temporary file (no name on Unix; removed by the system when closed, however the
/// process ends), made under the same lock as the named ones.
///
/// # Errors
/// When it cannot be created.
pub fn spool() -> std::io::Result<std::fs::File> {
    let _list = temporaries();
    tempfile::tempfile()
}

/// A file as a command found it: its identity (device and inode on Unix), size and modification
/// time, and, when all its bytes were read through [`Original::open`] or [`Original::read`], a
/// digest of them. [`Replacement::commit`] replaces the file only while it is still this.
#[derive(Debug, Clone)]
pub struct Original {
    stamp: Option<Stamp>,
    digest: Arc<Mutex<Digest>>,
}

/// The metadata compared (`None` in [`Original::stamp`]: there was no file).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Stamp {
    len: u64,
    modified: Option<SystemTime>,
    id: Option<(u64, u64)>,
}

impl Stamp {
    fn of(meta: &std::fs::Metadata) -> Stamp {
        #[cfg(unix)]
        let id = {
            use std::os::unix::fs::MetadataExt;
            Some((meta.dev(), meta.ino()))
        };
        #[cfg(not(unix))]
        let id = None;
        Stamp { len: meta.len(), modified: meta.modified().ok(), id }
    }
}

/// A digest of the bytes read so far, and how many.
#[derive(Debug, Default)]
struct Digest {
    hasher: std::collections::hash_map::DefaultHasher,
    bytes: u64,
}

impl Digest {
    fn add(&mut self, bytes: &[u8]) {
        self.hasher.write(bytes);
        self.bytes += bytes.len() as u64;
    }
}

/// A reader of an [`Original`]'s bytes that adds them to its digest.
pub struct Hashing<R> {
    inner: R,
    digest: Arc<Mutex<Digest>>,
}

impl<R: Read> Read for Hashing<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.digest.lock().unwrap_or_else(PoisonError::into_inner).add(&buf[..n]);
        Ok(n)
    }
}

impl Original {
    /// Opens `path` to be read once, whole, through the reader returned: the file's metadata is
    /// taken from the opened file itself, its digest from the bytes as they are read.
    ///
    /// # Errors
    /// When the file cannot be opened.
    pub fn open(path: &Path) -> std::io::Result<(Original, Hashing<std::fs::File>)> {
        let file = std::fs::File::open(path)?;
        let stamp = Stamp::of(&file.metadata()?);
        let digest = Arc::new(Mutex::new(Digest::default()));
        let original = Original { stamp: Some(stamp), digest: Arc::clone(&digest) };
        Ok((original, Hashing { inner: file, digest }))
    }

    /// Reads `path` whole.
    ///
    /// # Errors
    /// When the file cannot be read.
    pub fn read(path: &Path) -> std::io::Result<(Original, Vec<u8>)> {
        let (original, mut reader) = Original::open(path)?;
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes)?;
        Ok((original, bytes))
    }

    /// What is at `path` now (metadata only, or nothing there), for a file the command writes
    /// without reading it.
    ///
    /// # Errors
    /// When `path` exists but its metadata cannot be read.
    pub fn now(path: &Path) -> Result<Original, String> {
        let stamp = match std::fs::metadata(path) {
            Ok(meta) => Some(Stamp::of(&meta)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(format!("cannot read the metadata of {}: {e}", path.display())),
        };
        Ok(Original { stamp, digest: Arc::new(Mutex::new(Digest::default())) })
    }

    /// Whether `path` is still this file: the same identity, size and time, and, when every byte
    /// was read, the same bytes.
    fn still_at(&self, path: &Path) -> Result<(), String> {
        let changed = |what: &str| {
            format!(
                "the file changed while cardnote was rewriting it ({what}): it is left as it is and the new text is not written; run the command again"
            )
        };
        let now = match std::fs::metadata(path) {
            Ok(meta) => Some(Stamp::of(&meta)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(format!("cannot read the metadata of {}: {e}", path.display())),
        };
        let (then, now) = match (&self.stamp, now) {
            (None, None) => return Ok(()),
            (Some(_), None) => return Err(changed("it was removed")),
            (None, Some(_)) => return Err(changed("it was created")),
            (Some(then), Some(now)) => (then, now),
        };
        if then.id != now.id {
            return Err(changed("it was replaced by another file"));
        }
        if then.len != now.len {
            return Err(changed(&format!("its size was {} bytes, it is {}", then.len, now.len)));
        }
        if then.modified != now.modified {
            return Err(changed("its modification time differs"));
        }
        let digest = self.digest.lock().unwrap_or_else(PoisonError::into_inner);
        if digest.bytes != then.len || then.len == 0 {
            return Ok(());
        }
        let mut again = Digest::default();
        let mut file =
            std::fs::File::open(path).map_err(|e| format!("cannot re-read {}: {e}", path.display()))?;
        let mut buf = vec![0; 1 << 16];
        loop {
            let n = file.read(&mut buf).map_err(|e| format!("cannot re-read {}: {e}", path.display()))?;
            if n == 0 {
                break;
            }
            again.add(&buf[..n]);
        }
        if again.bytes != digest.bytes || again.hasher.finish() != digest.hasher.finish() {
            return Err(changed("its bytes differ"));
        }
        Ok(())
    }
}

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
    original: Original,
    temp: Option<tempfile::NamedTempFile>,
}

impl Replacement {
    /// A temporary file beside what `path` names (through its symlinks). `original` is the file
    /// as the command read it ([`Original::open`], [`Original::read`]); `None` for a file it
    /// only writes, which is then taken as it is now.
    ///
    /// # Errors
    /// A message saying what failed.
    pub fn new(path: &Path, original: Option<Original>) -> Result<Replacement, String> {
        let target = write_target(path)?;
        let original = match original {
            Some(original) => original,
            None => Original::now(&target)?,
        };
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
        let mut list = temporaries();
        let temp = builder
            .tempfile_in(&dir)
            .map_err(|e| format!("cannot create a temporary file in {}: {e}", dir.display()))?;
        list.push(temp.path().to_path_buf());
        Ok(Replacement { target, original, temp: Some(temp) })
    }

    /// Where the new text goes.
    ///
    /// # Panics
    /// Never: the temporary file is there until the replacement is committed or dropped.
    #[allow(clippy::expect_used)]
    pub fn file(&mut self) -> &mut std::fs::File {
        self.temp.as_mut().expect("a replacement holds its temporary file until it ends").as_file_mut()
    }

    /// The temporary file's path (to read the new text back).
    #[must_use]
    pub fn path(&self) -> &Path {
        self.temp.as_ref().map_or(Path::new(""), tempfile::NamedTempFile::path)
    }

    /// Syncs the new text, checks it with `verify` (given the temporary file's path), checks that
    /// the target is still the file the command read, then renames the new text over it (it
    /// keeps its mode).
    ///
    /// # Errors
    /// A message saying what failed, or that the target changed meanwhile; the original is then
    /// untouched and the temporary file removed.
    pub fn commit(mut self, verify: impl FnOnce(&Path) -> Result<(), String>) -> Result<(), String> {
        let Some(mut temp) = self.temp.take() else { return Err("the temporary file is gone".into()) };
        let checked = finish(&mut temp, verify);
        let temp_path = temp.path().to_path_buf();
        // Under the lock: an interrupt comes before the check or after the rename, and a
        // temporary file that is not renamed is removed before the lock is let go.
        let mut list = temporaries();
        let ready = checked.and_then(|()| {
            self.original.still_at(&self.target)?;
            if let Ok(meta) = std::fs::metadata(&self.target) {
                std::fs::set_permissions(&temp_path, meta.permissions()).map_err(|e| {
                    format!("cannot give the new text the mode of {}: {e}", self.target.display())
                })?;
            }
            Ok(())
        });
        let outcome = match ready {
            Ok(()) => temp
                .persist(&self.target)
                .map(drop)
                .map_err(|e| format!("cannot replace {}: {}", self.target.display(), e.error)),
            Err(err) => {
                drop(temp);
                Err(err)
            }
        };
        forget(&mut list, &temp_path);
        outcome
    }
}

/// Flushes and syncs a temporary file, then checks it with `verify`.
fn finish(
    temp: &mut tempfile::NamedTempFile,
    verify: impl FnOnce(&Path) -> Result<(), String>,
) -> Result<(), String> {
    temp.flush().map_err(|e| format!("cannot write the temporary file: {e}"))?;
    temp.as_file().sync_all().map_err(|e| format!("cannot sync the temporary file: {e}"))?;
    verify(temp.path())?;
    // Test hook: hold the finished temporary file before the rename, so a test can kill the
    // process (or change the original) at the worst moment.
    if let Some(ms) = std::env::var_os("CARDNOTE_TEST_PAUSE_BEFORE_RENAME_MS") {
        let ms = ms.to_str().and_then(|s| s.parse::<u64>().ok()).unwrap_or(0);
        std::thread::sleep(std::time::Duration::from_millis(ms));
    }
    Ok(())
}

impl Drop for Replacement {
    fn drop(&mut self) {
        if let Some(temp) = self.temp.take() {
            let mut list = temporaries();
            forget(&mut list, temp.path());
            drop(temp);
        }
    }
}

/// Writes `bytes` to `path` safely: a temporary file in the target's folder, flushed and synced,
/// re-read and checked with `verify`, then renamed over the target while it is still `original`
/// (see [`Replacement::new`]). Any failure leaves the original as it was.
///
/// # Errors
/// A message saying what failed; the original is then untouched.
pub fn write_atomically(
    path: &Path,
    bytes: &[u8],
    original: Option<Original>,
    verify: impl FnOnce(&[u8]) -> Result<(), String>,
) -> Result<(), String> {
    let mut replacement = Replacement::new(path, original)?;
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
        write_atomically(&dir.path().join("link2.phh"), b"new", None, |_| Ok(())).unwrap();
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
        assert!(std::fs::symlink_metadata(dir.path().join("link.phh")).unwrap().file_type().is_symlink());
        std::os::unix::fs::symlink("loop", dir.path().join("loop")).unwrap();
        assert!(write_atomically(&dir.path().join("loop"), b"x", None, |_| Ok(())).is_err());
    }

    fn leftovers(dir: &Path) -> Vec<std::ffi::OsString> {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .filter(|n| n.to_string_lossy().starts_with(".cardnote-"))
            .collect()
    }

    /// The one way every command replaces a file it read: not when the file changed meanwhile
    /// (grown, replaced by another file, or rewritten in place to the same size and time), and
    /// then the change stays and no temporary file does.
    #[test]
    fn a_file_changed_since_it_was_read_is_not_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.pbn");
        let write = |text: &str| std::fs::write(&path, text).unwrap();

        write("old\n");
        let (original, bytes) = Original::read(&path).unwrap();
        assert_eq!(bytes, b"old\n");
        write_atomically(&path, b"new\n", Some(original), |_| Ok(())).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new\n", "unchanged: replaced");

        let (original, _) = Original::read(&path).unwrap();
        write("new\nappended\n");
        let err = write_atomically(&path, b"newer\n", Some(original), |_| Ok(())).unwrap_err();
        assert!(err.contains("changed while cardnote was rewriting it") && err.contains("size"), "{err}");
        assert_eq!(std::fs::read(&path).unwrap(), b"new\nappended\n");

        let (original, _) = Original::read(&path).unwrap();
        let other = dir.path().join("other");
        std::fs::write(&other, "new\nappended\n").unwrap();
        std::fs::rename(&other, &path).unwrap();
        let err = write_atomically(&path, b"newer\n", Some(original), |_| Ok(())).unwrap_err();
        assert!(err.contains("replaced by another file"), "{err}");

        // The same size and the same time: only the bytes tell.
        let (original, _) = Original::read(&path).unwrap();
        let modified = std::fs::metadata(&path).unwrap().modified().unwrap();
        let file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        (&file).write_all(b"NEW").unwrap();
        file.set_modified(modified).unwrap();
        drop(file);
        let err = write_atomically(&path, b"newer\n", Some(original), |_| Ok(())).unwrap_err();
        assert!(err.contains("its bytes differ"), "{err}");
        assert_eq!(std::fs::read(&path).unwrap(), b"NEW\nappended\n");

        // A file that was not there must not have appeared either.
        let fresh = dir.path().join("fresh.svg");
        let before = Original::now(&fresh).unwrap();
        std::fs::write(&fresh, "someone's").unwrap();
        assert!(write_atomically(&fresh, b"ours", Some(before), |_| Ok(())).is_err());
        assert_eq!(std::fs::read(&fresh).unwrap(), b"someone's");
        assert!(leftovers(dir.path()).is_empty(), "{:?}", leftovers(dir.path()));
    }

    #[test]
    fn the_digest_does_not_depend_on_how_the_bytes_are_cut() {
        let bytes: Vec<u8> = (0..100_000u32).map(|i| (i * 7 % 251) as u8).collect();
        let mut whole = Digest::default();
        whole.add(&bytes);
        let mut cut = Digest::default();
        for chunk in bytes.chunks(4093) {
            cut.add(chunk);
        }
        assert_eq!((whole.bytes, whole.hasher.finish()), (cut.bytes, cut.hasher.finish()));
    }

    #[test]
    fn stale_temporaries_are_the_ones_this_run_did_not_make() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(".cardnote-old123.tmp"), "x").unwrap();
        std::fs::write(dir.path().join("notes.tmp"), "x").unwrap();
        let mine = Replacement::new(&dir.path().join("x.phh"), None).unwrap();
        let stale = stale_temporaries(dir.path());
        assert_eq!(stale, vec![dir.path().join(".cardnote-old123.tmp")]);
        drop(mine);
        assert_eq!(leftovers(dir.path()).len(), 1, "the dropped replacement removed its file");
    }
}
