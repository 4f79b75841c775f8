//! Warnings repeated across the games of a file, held back after their first game and counted once at its end.

#[allow(clippy::wildcard_imports)]
use super::*;

/// Warnings that repeat across the games of a file: a rule broken the same way in every game
/// (dates as `2-Aug-2023`, lower-case cards in an export file) is reported where it first occurs,
/// and the other games that break it the same way are counted in one warning at the end of the
/// file instead of being reported one by one. "The same way" is the same code and the same
/// message once every run of digits and every run of letters inside back-quotes is reduced to its
/// kind. Errors (and so, under `strict`, the producers' conventions) are always reported in their game,
/// and so are the warnings that flag a line of their own ([`PER_LINE`]).
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

/// Warnings that flag one line each (a play line read from another seat): each says where the
/// reading differs from the text, so each is reported where it stands, in every game.
pub(super) const PER_LINE: &[&str] = &[codes::PLAY_TRICK_ORDER];

/// At most this many distinct shapes are remembered per file (memory stays bounded).
pub(super) const MAX_REPEAT_SHAPES: usize = 256;

impl Repeats {
    pub(crate) fn filter(&mut self, diags: &mut Vec<Diagnostic>) {
        self.game += 1;
        let game = self.game;
        diags.retain(|d| {
            if d.is_error() || PER_LINE.contains(&d.code()) {
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
    pub(crate) fn summarize(&mut self, diags: &mut dyn DiagnosticSink, at: Span) {
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
            diags.report(d);
        }
        self.order.clear();
        self.seen.clear();
    }
}

/// A hash of a warning's code and the shape of its message: inside back-quotes each run of
/// digits counts as `9` and each run of letters as `a` (`2-Aug-2023` and `14-Sep-2024` have one
/// shape); elsewhere each run of digits counts as `9`. Computed without allocating, the text
/// between those runs copied a run at a time (a character at a time cost more than the checks of
/// the warning's game).
pub(super) fn shape_hash(code: &str, message: &str) -> u64 {
    let mut shape = Shape::new(code);
    let mut rest = message;
    let mut quoted = false;
    while let Some(first) = rest.chars().next() {
        let is_kind = |c: char| c.is_ascii_digit() || (quoted && c.is_alphabetic());
        let literal = if quoted {
            rest.find(|c: char| c == '`' || is_kind(c))
        } else {
            // Digits and the back-quote are ASCII: a byte search stays on character boundaries.
            rest.bytes().position(|b| b == b'`' || b.is_ascii_digit())
        }
        .unwrap_or(rest.len());
        let end = if literal > 0 {
            shape.push(rest.get(..literal).unwrap_or("").as_bytes());
            literal
        } else if first == '`' {
            quoted = !quoted;
            shape.push(b"`");
            1
        } else if first.is_ascii_digit() {
            shape.push(b"9");
            rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len())
        } else {
            shape.push(b"a");
            rest.find(|c: char| !is_kind(c) || c.is_ascii_digit()).unwrap_or(rest.len())
        };
        rest = rest.get(end..).unwrap_or("");
    }
    shape.finish()
}

/// A message's shape hashed as a byte stream cut every [`Shape::CHUNK`] bytes, each chunk
/// hashed with the hash of those before it as the seed: the hash depends on the bytes alone,
/// however they were pushed (separate writes to one hasher need not be order-sensitive).
struct Shape {
    chunk: [u8; Shape::CHUNK],
    len: usize,
    seed: u64,
}

impl Shape {
    const CHUNK: usize = 128;

    fn new(code: &str) -> Shape {
        let seed = seeded_hash(0x5eed, code.as_bytes());
        Shape { chunk: [0; Shape::CHUNK], len: 0, seed }
    }

    fn push(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            let n = (Shape::CHUNK - self.len).min(bytes.len());
            let (now, later) = bytes.split_at(n);
            self.chunk[self.len..self.len + n].copy_from_slice(now);
            self.len += n;
            bytes = later;
            if self.len == Shape::CHUNK {
                self.seed = seeded_hash(self.seed, &self.chunk);
                self.len = 0;
            }
        }
    }

    fn finish(&self) -> u64 {
        seeded_hash(self.seed, &self.chunk[..self.len])
    }
}

fn seeded_hash(seed: u64, bytes: &[u8]) -> u64 {
    use std::hash::BuildHasher;
    foldhash::fast::FixedState::with_seed(seed).hash_one(bytes)
}
