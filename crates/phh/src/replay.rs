//! Replaying hands through `poker-engine` (feature `replay`). Owned by the poker-engine work.
