//! What the shared-fixture tests of this crate have in common.

use std::path::{Path, PathBuf};

/// `<repo>/../shared/corpus/<sub>`; `None` (with a note) when it is absent and
/// `CARDNOTE_SKIP_SHARED=1`; a failing test otherwise, so missing data never passes silently.
pub fn shared(sub: &str) -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus").join(sub);
    if root.is_dir() {
        return Some(root);
    }
    if std::env::var("CARDNOTE_SKIP_SHARED").is_ok_and(|v| v == "1") {
        eprintln!("note: {} is absent; skipped (CARDNOTE_SKIP_SHARED=1)", root.display());
        return None;
    }
    panic!(
        "{} is missing: these tests need the shared fixtures (set CARDNOTE_SKIP_SHARED=1 to skip)",
        root.display()
    );
}
