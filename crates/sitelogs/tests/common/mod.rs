//! What the shared-fixture tests of this crate have in common.

use std::path::PathBuf;

/// `<repo>/../shared/corpus/<sub>`; `None` (with a counted skip line) when it is absent;
/// a failing test when `CARDNOTE_REQUIRE_SHARED=1`, so CI never passes by skipping.
#[track_caller]
pub fn shared(sub: &str) -> Option<PathBuf> {
    shared_fixtures::dir(&format!("corpus/{sub}"))
}
