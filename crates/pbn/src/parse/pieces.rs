//! The pieces of a word of the Auction or Play section: a call or card, and the annotations,
//! irregularity marks and ends that may touch it (`1S!=1=`).

use cards_core::Span;

/// A sub-token of a word in the Auction or Play section.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Piece<'a> {
    /// Call or card text (`[A-Za-z0-9-]+`).
    Symbol(&'a str),
    Suffix(u8),
    Note(u32),
    Nag(u32),
    Star,
    Plus,
    Irregular(u8),
    /// `____`: a blank for a student to fill in (BridgeComposer teaching files).
    Blank,
    Bad(&'a str),
}

/// The pieces of a word (self-delimiting tokens may touch: `1S!=1=`), with their spans.
pub(super) struct Pieces<'a> {
    word: &'a str,
    /// Where the word starts in the source.
    base: usize,
    /// The next byte to read.
    i: usize,
}

impl<'a> Pieces<'a> {
    pub(super) fn new(word: &'a str, base: usize) -> Pieces<'a> {
        Pieces { word, base, i: 0 }
    }
}

impl<'a> Pieces<'a> {
    /// The end of the run of bytes from `from` on that satisfy `f`.
    fn run_end(&self, from: usize, f: impl Fn(u8) -> bool) -> usize {
        let b = self.word.as_bytes();
        let mut j = from;
        while b.get(j).is_some_and(|&x| f(x)) {
            j += 1;
        }
        j
    }

    /// A suffix annotation at `s` (`!`, `?`, `!!`, `??`, `!?`, `?!`): NAGs 1 to 6.
    fn suffix(&self, s: usize, c: u8) -> (Piece<'a>, usize) {
        let second = self.word.as_bytes().get(s + 1).copied().filter(|x| *x == b'!' || *x == b'?');
        let piece = Piece::Suffix(match (c, second) {
            (b'!', None) => 1,
            (b'?', None) => 2,
            (b'!', Some(b'!')) => 3,
            (b'?', Some(b'?')) => 4,
            (b'!', Some(_)) => 5,
            _ => 6,
        });
        (piece, s + 1 + usize::from(second.is_some()))
    }

    /// A note reference at `s` (`=1=`).
    fn note(&self, s: usize) -> (Piece<'a>, usize) {
        let j = self.run_end(s + 1, |x| x.is_ascii_digit());
        if j > s + 1 && self.word.as_bytes().get(j) == Some(&b'=') {
            (Piece::Note(self.number(s + 1, j)), j + 1)
        } else {
            let end = j.max(s + 1);
            (Piece::Bad(self.word.get(s..end).unwrap_or("")), end)
        }
    }

    /// A NAG at `s` (`$3`).
    fn nag(&self, s: usize) -> (Piece<'a>, usize) {
        let j = self.run_end(s + 1, |x| x.is_ascii_digit());
        if j > s + 1 { (Piece::Nag(self.number(s + 1, j)), j) } else { (Piece::Bad("$"), s + 1) }
    }

    /// The digits from `from` to `to` (`u32::MAX` when too large).
    fn number(&self, from: usize, to: usize) -> u32 {
        self.word.get(from..to).and_then(|t| t.parse().ok()).unwrap_or(u32::MAX)
    }

    /// An irregularity mark at `s` (`^I`, `^S`, `^R`, `^L`).
    fn irregular(&self, s: usize) -> (Piece<'a>, usize) {
        match self.word.as_bytes().get(s + 1) {
            Some(&k @ (b'I' | b'S' | b'R' | b'L')) => (Piece::Irregular(k), s + 2),
            _ => (Piece::Bad("^"), s + 1),
        }
    }

    /// A call or card at `s`: letters, digits and `-`.
    fn symbol(&self, s: usize) -> (Piece<'a>, usize) {
        let j = self.run_end(s + 1, |x| x.is_ascii_alphanumeric() || x == b'-');
        (Piece::Symbol(self.word.get(s..j).unwrap_or("")), j)
    }

    /// One whole character at `s` that starts no piece.
    fn bad_char(&self, s: usize) -> (Piece<'a>, usize) {
        let mut j = s + 1;
        while j < self.word.len() && !self.word.is_char_boundary(j) {
            j += 1;
        }
        (Piece::Bad(self.word.get(s..j).unwrap_or("")), j)
    }
}

impl<'a> Iterator for Pieces<'a> {
    type Item = (Piece<'a>, Span);

    fn next(&mut self) -> Option<(Piece<'a>, Span)> {
        let s = self.i;
        let c = *self.word.as_bytes().get(s)?;
        let (piece, end) = match c {
            b'!' | b'?' => self.suffix(s, c),
            b'=' => self.note(s),
            b'$' => self.nag(s),
            b'*' => (Piece::Star, s + 1),
            b'_' => (Piece::Blank, self.run_end(s, |x| x == b'_')),
            b'+' => (Piece::Plus, s + 1),
            b'^' => self.irregular(s),
            c if c.is_ascii_alphanumeric() || c == b'-' => self.symbol(s),
            _ => self.bad_char(s),
        };
        self.i = end;
        Some((piece, Span::new(self.base + s, self.base + end)))
    }
}
