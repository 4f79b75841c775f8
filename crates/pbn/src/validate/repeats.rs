//! Warnings repeated across the games of a file, held back after their first game and counted once at its end.

#[allow(clippy::wildcard_imports)]
use super::*;

/// Warnings that repeat across the games of a file: a rule broken the same way in every game
/// (dates as `2-Aug-2023`, lower-case cards in an export file) is reported where it first occurs,
/// and the other games that break it the same way are counted in one warning at the end of the
/// file instead of being reported one by one. "The same way" is the same code and the same
/// message once every run of digits and every run of letters inside back-quotes is reduced to its
/// kind. Errors (and so, under `strict`, the producers' conventions) are always reported in their game.
#[derive(Debug, Clone, Default)]
pub(crate) struct Repeats {
    /// By shape: the first occurrence and how many later ones were held back.
    seen: HashMap<u64, Repeat, foldhash::fast::RandomState>,
    /// Shapes in the order they first occurred (the summary follows it).
    order: Vec<u64>,
    /// The number of the game being filtered (repeats inside the game that first showed a shape
    /// are all reported).
    game: usize,
}

/// A warning's first occurrence and the later games that repeated it.
#[derive(Debug, Clone)]
pub(super) struct Repeat {
    first: Diagnostic,
    first_game: usize,
    last_game: usize,
    /// Later games that repeated it.
    games: usize,
}

/// At most this many distinct shapes are remembered per file (memory stays bounded).
pub(super) const MAX_REPEAT_SHAPES: usize = 256;

impl Repeats {
    pub(crate) fn filter(&mut self, diags: &mut Vec<Diagnostic>) {
        self.game += 1;
        let game = self.game;
        diags.retain(|d| {
            if d.is_error() {
                return true;
            }
            let key = shape_hash(d.code(), d.message());
            if let Some(repeat) = self.seen.get_mut(&key) {
                if repeat.first_game == game {
                    return true;
                }
                // Games are counted, not occurrences.
                if repeat.last_game != game {
                    repeat.games += 1;
                    repeat.last_game = game;
                }
                return false;
            }
            if self.order.len() < MAX_REPEAT_SHAPES {
                self.order.push(key);
                self.seen
                    .insert(key, Repeat { first: d.clone(), first_game: game, last_game: game, games: 0 });
            }
            true
        });
    }

    /// Appends the count lines, each at `at` (the end of the file's last game: a reader that
    /// streams cannot point back at the first occurrence, which was reported where it stood).
    pub(crate) fn summarize(&mut self, diags: &mut Vec<Diagnostic>, at: Span) {
        for key in &self.order {
            let Some(Repeat { first, games: count, .. }) = self.seen.get(key) else { continue };
            if *count == 0 {
                continue;
            }
            let games = if *count == 1 { "1 more game".to_owned() } else { format!("{count} more games") };
            let message = format!("the same in {games} of this file (reported once): {}", first.message());
            let mut d = Diagnostic::warning(first.code(), message, at).with_severity(first.severity());
            if let Some(help) = first.help() {
                d = d.with_help(help);
            }
            diags.push(d);
        }
        self.order.clear();
        self.seen.clear();
    }
}

/// A hash of a warning's code and the shape of its message: inside back-quotes each run of
/// digits counts as `9` and each run of letters as `a` (`2-Aug-2023` and `14-Sep-2024` have one
/// shape); elsewhere each run of digits counts as `9`. Computed without allocating.
pub(super) fn shape_hash(code: &str, message: &str) -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = foldhash::fast::FixedState::with_seed(0x5eed).build_hasher();
    h.write(code.as_bytes());
    h.write_u8(0xff);
    let mut quoted = false;
    let mut last = None;
    for c in message.chars() {
        let kind = if c.is_ascii_digit() {
            Some('9')
        } else if quoted && c.is_alphabetic() {
            Some('a')
        } else {
            None
        };
        match kind {
            Some(k) if last == Some(k) => continue,
            Some(k) => h.write_u32(u32::from(k)),
            None => {
                if c == '`' {
                    quoted = !quoted;
                }
                h.write_u32(u32::from(c));
            }
        }
        last = kind;
    }
    h.finish()
}
