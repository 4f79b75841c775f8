//! What the shared-fixture tests of this crate have in common.

use std::path::PathBuf;

/// `<repo>/../shared/corpus/<sub>`; `None` (with a note) when it is absent and
/// `CARDNOTE_SKIP_SHARED=1`; a failing test otherwise, so missing data never passes silently.
pub fn shared(sub: &str) -> Option<PathBuf> {
    shared_fixtures::dir(&format!("corpus/{sub}"))
}
