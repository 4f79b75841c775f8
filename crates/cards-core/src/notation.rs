//! The one shape every cardnote notation crate has, as a trait: [`Notation`] names a notation's
//! model, options, streaming reader, checker and writer, so a caller (the `cardnote` command, the
//! Python package, a table exporter) is written once, against the trait, for every notation.
//!
//! The phases, for one input:
//! 1. **Cut** (sequential, cheap): [`ReadRecords::read_raw`] finds the next record's bytes and
//!    whatever it needs from before it (a PBN game's inherited tags, a PPN file's header) and
//!    returns them as the notation's [`Notation::Raw`], without parsing. Memory is bounded by the
//!    largest record.
//! 2. **Parse** (pure, any thread): [`Notation::parse`] turns one raw record into a
//!    [`Record`]: its model, the diagnostics of reading it, and its byte span in the whole input.
//! 3. **Check** (pure, any thread): [`Checker::check`] adds the checks of one record alone.
//! 4. **Finish** (in file order, one thread): [`Checker::finish`] adds the checks that span
//!    records (a Pinochle game's running scores, PBN's repeated warnings held back), with the state
//!    the checker keeps. Cross-record state lives in the checker, which the caller owns.
//! 5. **Write**: [`WriteRecords::write_record`] writes a record as read (lossless), and
//!    [`WriteRecords::into_inner`] returns the output or the error of flushing it.
//!
//! A notation whose checks span records writes only its [`Rules`]: [`RulesChecker`] is the
//! checker made of them, holding the options and the [`Rules::State`] carried between records.
//!
//! A reader is also an iterator of parsed records (cut then parse on the calling thread), and
//! [`read_checked`] adds both check phases: what a caller who does not need every core uses.
//!
//! ```
//! use std::io::{self, BufRead, Write};
//! use cards_core::notation::{self, Notation, ReadRecords, Rules, RulesChecker, WriteRecords};
//! use cards_core::{Diagnostic, Record, Span};
//!
//! // A toy notation: one card count per line; a count over 52 is an error, a line that repeats
//! // the one before it a warning (a cross-record check, so it runs in `finish`).
//! struct Counts;
//!
//! struct Lines<R> { input: R, offset: usize }
//!
//! impl<R: BufRead> Iterator for Lines<R> {
//!     type Item = io::Result<Record<u32>>;
//!     fn next(&mut self) -> Option<Self::Item> {
//!         notation::next_parsed::<Counts, _>(self, &())
//!     }
//! }
//!
//! impl<R: BufRead> ReadRecords<Counts> for Lines<R> {
//!     fn read_raw(&mut self) -> Option<io::Result<(usize, String)>> {
//!         let mut line = String::new();
//!         match self.input.read_line(&mut line) {
//!             Ok(0) => None,
//!             Ok(n) => { let start = self.offset; self.offset += n; Some(Ok((start, line))) }
//!             Err(e) => Some(Err(e)),
//!         }
//!     }
//! }
//!
//! // Counts has a check across records, so its checker is a `RulesChecker`: its rules say what
//! // one record alone must hold, and what a record must hold given the state of the ones before.
//! impl Rules for Counts {
//!     type State = Option<u32>;
//!     fn check(_options: &(), record: &mut Record<u32>) {
//!         if record.model > 52 {
//!             record.diagnostics.push(Diagnostic::error("TOO_MANY", "over 52 cards", record.span));
//!         }
//!     }
//!     fn finish(_options: &(), previous: &mut Option<u32>, record: &mut Record<u32>, _last: bool) {
//!         if previous.replace(record.model) == Some(record.model) {
//!             record.diagnostics.push(Diagnostic::warning("REPEATED", "as the line before", record.span));
//!         }
//!     }
//! }
//!
//! struct CountWriter<W> { out: W }
//!
//! impl<W: Write> WriteRecords<u32, W> for CountWriter<W> {
//!     fn write_record(&mut self, record: &Record<u32>) -> io::Result<()> {
//!         writeln!(self.out, "{}", record.model)
//!     }
//!     fn into_inner(mut self) -> io::Result<W> {
//!         self.out.flush()?;
//!         Ok(self.out)
//!     }
//! }
//!
//! impl Notation for Counts {
//!     const NAME: &'static str = "counts";
//!     type Model = u32;
//!     type Options = ();
//!     type Raw = (usize, String);
//!     type Reader<R: BufRead> = Lines<R>;
//!     type Checker = RulesChecker<Counts>;
//!     type Writer<W: Write> = CountWriter<W>;
//!
//!     fn reader<R: BufRead>(input: R, _options: ()) -> Lines<R> { Lines { input, offset: 0 } }
//!     fn parse((start, line): (usize, String), _options: &()) -> Record<u32> {
//!         let span = Span::new(start, start + line.len());
//!         let mut record = Record::new(0, span);
//!         match line.trim().parse() {
//!             Ok(n) => record.model = n,
//!             Err(_) => record.diagnostics.push(Diagnostic::error("NOT_A_COUNT", "not a number", span)),
//!         }
//!         record
//!     }
//!     fn checker(options: &()) -> RulesChecker<Counts> { RulesChecker::new(*options) }
//!     fn writer<W: Write>(out: W) -> CountWriter<W> { CountWriter { out } }
//! }
//!
//! let records: Vec<_> = notation::read_checked::<Counts, _>(&b"13\n13\n60\n"[..], ())
//!     .collect::<io::Result<_>>()?;
//! let codes: Vec<Vec<&str>> =
//!     records.iter().map(|r| r.diagnostics.iter().map(|d| d.code()).collect()).collect();
//! assert_eq!(codes, [vec![], vec!["REPEATED"], vec!["TOO_MANY"]]);
//!
//! let mut writer = Counts::writer(Vec::new());
//! for record in &records {
//!     writer.write_record(record)?;
//! }
//! assert_eq!(writer.into_inner()?, b"13\n13\n60\n");
//! # Ok::<(), io::Error>(())
//! ```

use std::io::{self, BufRead, Write};

use crate::record::Record;

/// A notation: the types of its model, options, reader, checker and writer, and the functions
/// that make them. Implemented by a unit type in each format crate (`phh::Phh`, `pbn::Pbn`, ...).
pub trait Notation: Sized + 'static {
    /// The notation's name, as `cardnote --format` and the JSON `format` field spell it.
    const NAME: &'static str;
    /// What one record holds once read.
    type Model: Send;
    /// How to read and check (`strict`, and the notation's own settings).
    type Options: Clone + Default + Send + Sync;
    /// One record cut from the input and not yet parsed, with what it needs from before it, so
    /// that [`Notation::parse`] can run on any thread.
    type Raw: Send;
    /// The streaming reader over any [`BufRead`].
    type Reader<R: BufRead>: ReadRecords<Self>;
    /// The checker, holding what spans records.
    type Checker: Checker<Self::Model>;
    /// The writer to any [`Write`].
    type Writer<W: Write>: WriteRecords<Self::Model, W>;

    /// A reader of `input`, from its first byte (a byte order mark, if any, included).
    fn reader<R: BufRead>(input: R, options: Self::Options) -> Self::Reader<R>;

    /// Parses one raw record: pure, any thread. Spans are byte offsets into the whole input.
    fn parse(raw: Self::Raw, options: &Self::Options) -> Record<Self::Model>;

    /// A checker for one input, with no state yet.
    fn checker(options: &Self::Options) -> Self::Checker;

    /// A writer that writes records as read (lossless).
    fn writer<W: Write>(out: W) -> Self::Writer<W>;
}

/// A notation's streaming reader: it cuts records ([`ReadRecords::read_raw`]), and as an
/// iterator it also parses them ([`next_parsed`] is its `next`).
pub trait ReadRecords<N: Notation>: Iterator<Item = io::Result<Record<N::Model>>> {
    /// Cuts the next record, in input order, without parsing it; `None` at the end of the input.
    ///
    /// # Errors
    /// The input's read errors. A malformed record is not an error here: it parses to a record
    /// with diagnostics.
    fn read_raw(&mut self) -> Option<io::Result<N::Raw>>;
}

/// The checks of a notation's records: [`Checker::check`] on one record alone, on any thread,
/// then [`Checker::finish`] on every record in input order, which checks what spans records with
/// the state the checker keeps.
pub trait Checker<M>: Send + Sync {
    /// Adds the checks of one record alone to its diagnostics. Any thread, any order.
    fn check(&self, record: &mut Record<M>);

    /// Adds the checks that span records, called once per record in input order after
    /// [`Checker::check`]; `last` says that no record follows. Notations without such checks
    /// keep the default, which does nothing.
    fn finish(&mut self, _record: &mut Record<M>, _last: bool) {}
}

/// A notation's rules, split the way a [`Checker`] runs them: [`Rules::check`] on one record
/// alone under the options, [`Rules::finish`] across records with the [`Rules::State`] the
/// records before left. [`RulesChecker`] is the checker made of them, so a notation writes its
/// rules and not the checker around them (the module's example implements it).
pub trait Rules: Notation {
    /// What the checks across records carry from one record to the next; a new checker starts
    /// from its default.
    type State: Default + Send + Sync;

    /// Adds the checks of one record alone to its diagnostics. Any thread, any order.
    fn check(options: &Self::Options, record: &mut Record<Self::Model>);

    /// Adds the checks that span records, once per record in input order after
    /// [`Rules::check`], and moves `state` on past the record; `last` says that no record
    /// follows.
    fn finish(options: &Self::Options, state: &mut Self::State, record: &mut Record<Self::Model>, last: bool);
}

/// The [`Checker`] of a notation's [`Rules`]: its options, and the state its records carry
/// across, from none.
#[derive(Debug, Clone)]
pub struct RulesChecker<N: Rules> {
    options: N::Options,
    state: N::State,
}

impl<N: Rules> RulesChecker<N> {
    /// A checker for one input, with no record taken in yet.
    #[must_use]
    pub fn new(options: N::Options) -> RulesChecker<N> {
        RulesChecker { options, state: N::State::default() }
    }
}

impl<N: Rules> Checker<N::Model> for RulesChecker<N> {
    fn check(&self, record: &mut Record<N::Model>) {
        N::check(&self.options, record);
    }

    fn finish(&mut self, record: &mut Record<N::Model>, last: bool) {
        N::finish(&self.options, &mut self.state, record, last);
    }
}

/// A notation's writer.
pub trait WriteRecords<M, W: Write> {
    /// Writes one record as read (a record read from text gives its text back).
    ///
    /// # Errors
    /// The output's errors, or `InvalidData` for a record the notation cannot hold.
    fn write_record(&mut self, record: &Record<M>) -> io::Result<()>;

    /// Flushes and returns the output.
    ///
    /// # Errors
    /// The error of flushing, which would otherwise be lost.
    fn into_inner(self) -> io::Result<W>;
}

/// The reader's `next`: the next raw record, parsed. A notation's reader implements
/// [`Iterator::next`] with this one line.
pub fn next_parsed<N: Notation, R: ReadRecords<N> + ?Sized>(
    reader: &mut R,
    options: &N::Options,
) -> Option<io::Result<Record<N::Model>>> {
    reader.read_raw().map(|raw| raw.map(|raw| N::parse(raw, options)))
}

/// Reads `input` and checks every record, both phases, on the calling thread.
pub fn read_checked<N: Notation, R: BufRead>(
    input: R,
    options: N::Options,
) -> impl Iterator<Item = io::Result<Record<N::Model>>> {
    let mut checker = N::checker(&options);
    let mut records = N::reader(input, options).peekable();
    std::iter::from_fn(move || {
        let mut record = match records.next()? {
            Ok(record) => record,
            Err(error) => return Some(Err(error)),
        };
        checker.check(&mut record);
        let last = records.peek().is_none();
        checker.finish(&mut record, last);
        Some(Ok(record))
    })
}
