//! PokerStars hand histories: [`Reader`] imports the site's text to PHH hands, one [`Record`] per
//! hand, each replayed and checked against the stacks the log states; [`Writer`] writes PHH hands
//! back in the site's layout.
//!
//! Hands are found by their header line (`PokerStars [Zoom |Home Game ]Hand|Game #N:`), so blank
//! lines between hands are optional; `\n`, `\r\n` and `\r` line endings, a BOM, trailing
//! whitespace and Windows-1252 text are all read.
//!
//! # Draw games
//! 2-7 single draw, 2-7 triple draw and badugi are read and written. Each draw becomes PHH's
//! stand-pat/discard actions (`pN sd`, the cards when the log names them, else `??` per card),
//! then the replacements (`d dh pN`), known for the observer (`Dealt to NAME [kept] [new]`).
//! Single-draw logs write no marker before the draw, and neither does the writer.
//!
//! # Run it twice
//! A hand run twice (or three times) is refused with [`codes::SITE_RUN_IT_TWICE`]. The PHH
//! specification's actions deal one board, one `d db` per street, and its replay pays one
//! showdown: a second board would read as the next street, and importing only the first run
//! would pay the whole pot to the first run's winners, not the split the log states.

pub mod header;
pub(crate) mod import;
mod write;

use std::io::BufRead;

use cards_core::{Diagnostic, Span};

pub use crate::export::WriteError;
pub use write::{Writer, write_hand};

use crate::text::{Line, Lines};
use crate::{Options, Record, codes};

/// The longest hand read, in bytes; the rest of a longer "hand" is skipped with an error (memory
/// stays bounded on any input).
pub const MAX_HAND_BYTES: usize = 1 << 20;

/// Streams the hands of a PokerStars log.
///
/// ```
/// let log = "\
/// PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/02 3:04:05 ET
/// Table 'Alpha' 6-max Seat #1 is the button
/// Seat 1: Ann ($2 in chips)
/// Seat 2: Bob ($2.50 in chips)
/// Ann: posts small blind $0.01
/// Bob: posts big blind $0.02
/// *** HOLE CARDS ***
/// Ann: raises $0.04 to $0.06
/// Bob: folds
/// Uncalled bet ($0.04) returned to Ann
/// Ann collected $0.04 from pot
/// *** SUMMARY ***
/// Total pot $0.04 | Rake $0
/// ";
/// let records: Vec<_> = sitelogs::pokerstars::Reader::from_str(log, sitelogs::Options::default()).collect();
/// let hand = records[0].hand.as_ref().unwrap();
/// assert_eq!(hand.players.as_ref().unwrap(), &["Bob", "Ann"]);
/// let actions: Vec<String> = hand.actions.iter().map(ToString::to_string).collect();
/// assert_eq!(actions, ["d dh p1 ????", "d dh p2 ????", "p2 cbr 0.06", "p1 f"]);
/// ```
#[derive(Debug)]
pub struct Reader<R> {
    hands: HandLines<R>,
    options: Options,
}

impl<'a> Reader<&'a [u8]> {
    /// Reads a log held in memory.
    #[must_use]
    #[allow(clippy::should_implement_trait)]
    pub fn from_str(text: &'a str, options: Options) -> Reader<&'a [u8]> {
        Reader::new(text.as_bytes(), options)
    }
}

impl<R: BufRead> Reader<R> {
    /// Reads hands from `input`.
    pub fn new(input: R, options: Options) -> Reader<R> {
        Reader { hands: HandLines::new(input), options }
    }

    /// The read error that stopped the reader, if any.
    pub fn take_error(&mut self) -> Option<std::io::Error> {
        self.hands.take_error()
    }
}

/// A text log cut into hands: each hand runs from a header line to the line before the next
/// header, keeping at most [`MAX_HAND_BYTES`]; every text site's reader cuts its log with it.
#[derive(Debug)]
pub(crate) struct HandLines<R> {
    lines: Lines<R>,
    next_header: Option<Line>,
    done: bool,
}

impl<R: BufRead> HandLines<R> {
    pub(crate) fn new(input: R) -> HandLines<R> {
        HandLines { lines: Lines::new(input), next_header: None, done: false }
    }

    pub(crate) fn take_error(&mut self) -> Option<std::io::Error> {
        self.lines.take_error()
    }

    /// The next hand's lines (or the text before the first header), and the span of the lines
    /// dropped past [`MAX_HAND_BYTES`]; `None` at the end of the log.
    pub(crate) fn next_hand(
        &mut self,
        is_header: impl Fn(&str) -> bool,
    ) -> Option<(Vec<Line>, Option<Span>)> {
        if self.done {
            return None;
        }
        let mut lines: Vec<Line> = self.next_header.take().into_iter().collect();
        let mut size = lines.iter().map(|l| l.text.len()).sum::<usize>();
        let mut skipped: Option<Span> = None;
        loop {
            let Some(line) = self.lines.next() else {
                self.done = true;
                break;
            };
            if is_header(&line.text) {
                if lines.is_empty() {
                    lines.push(line);
                    continue;
                }
                self.next_header = Some(line);
                break;
            }
            if size + line.text.len() > MAX_HAND_BYTES {
                skipped = Some(skipped.map_or(line.span, |s| s.join(line.span)));
                continue;
            }
            size += line.text.len();
            lines.push(line);
        }
        Some((lines, skipped))
    }
}

/// A hand cut short at [`MAX_HAND_BYTES`] is no hand: an error over the skipped lines.
pub(crate) fn refuse_if_cut(record: &mut Record, skipped: Option<Span>) {
    if let Some(span) = skipped {
        record.hand = None;
        record.diagnostics.push(Diagnostic::error(
            codes::SITE_INCOMPLETE,
            format!("the hand is longer than {MAX_HAND_BYTES} bytes; the rest was skipped"),
            span,
        ));
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        let (lines, skipped) = self.hands.next_hand(header::is_header)?;
        let is_hand = lines.first().is_some_and(|l| header::is_header(&l.text));
        if !is_hand {
            // Text before the first header (or a file without any): a record only if it says something.
            let text: Vec<&Line> = lines.iter().filter(|l| !l.text.trim().is_empty()).collect();
            let (Some(first), Some(last)) = (text.first(), text.last()) else {
                return self.next();
            };
            let span = first.span.join(last.span);
            let error = Diagnostic::error(
                codes::SITE_NO_HEADER,
                "text outside any hand: no `PokerStars Hand #<number>:` header before it",
                first.span,
            );
            return Some(Record { hand: None, diagnostics: vec![error], span });
        }
        let mut record = import::import(&lines, &self.options);
        refuse_if_cut(&mut record, skipped);
        Some(record)
    }
}
