//! BBO LIN, the notation of Bridge Base Online (vugraph archives, hand records, club games,
//! Bridge Composer's export): a streaming reader, the checks of the game (deal, auction, play,
//! claim), and writers that give back the file byte for byte or write a board canonically.
//!
//! Stream a file from disk, one record (the match header, then each board) at a time, read and
//! checked on the one path of [`Lin`] (a [`cards_core::Notation`]), print a field and serialize a
//! board to JSON (the `serde` feature):
//!
//! ```
//! use std::io::BufReader;
//! use cards_core::notation::read_checked;
//! use lin::{Content, Lin, Options};
//!
//! # let path = std::env::temp_dir().join(format!("lin-doc-{}.lin", std::process::id()));
//! # std::fs::write(&path, "vg|Final,Set 1,I,1,1,Lions,0,Tigers,0|\nrs|4SS=,|\n\
//! #     pn|Ann,Bob,Cy,Di,Ed,Flo,Gus,Hal|pg||\n\
//! #     qx|o1|md|3SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|sv|0|\
//! #     mb|1C!|an|strong|mb|p|mb|4S|mb|p|mb|p|mb|p|pc|S2|pc|S6|pc|ST|pc|SA|mc|12|pg||\n")?;
//! let options = Options::default();
//! let file = BufReader::new(std::fs::File::open(&path)?);
//! for record in read_checked::<Lin, _>(file, options) {
//!     let record = record?;
//!     assert!(!record.has_errors(), "{:?}", record.diagnostics);
//!     match &record.model.content {
//!         Content::Header(header) => println!("{} v {}", header.teams[0].0, header.teams[1].0),
//!         Content::Board(board) => {
//!             println!("board {:?}: {} calls", board.number, board.auction.len());
//!             let json = serde_json::to_string(board)?;
//!             assert!(json.starts_with("{\"room\":\"Open\",\"number\":1,"));
//!         }
//!         Content::Trailer(trailer) => println!("standings of {:?}", trailer.title),
//!     }
//! }
//! # std::fs::remove_file(&path)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The model in detail, and the writers:
//!
//! ```
//! let text = "vg|Final,Set 1,I,1,1,Lions,0,Tigers,0|\nrs|4SS=,|\n\
//!     pn|Ann,Bob,Cy,Di,Ed,Flo,Gus,Hal|pg||\n\
//!     qx|o1|md|3SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|sv|0|\
//!     mb|1C!|an|strong|mb|p|mb|4S|mb|p|mb|p|mb|p|pc|S2|pc|S6|pc|ST|pc|SA|mc|12|pg||\n";
//! let options = lin::Options::default();
//! let mut records = Vec::new();
//! for record in lin::Reader::from_str(text, options) {
//!     let mut record = record?;
//!     lin::check(&mut record, &options);
//!     assert!(!record.has_errors(), "{:?}", record.diagnostics);
//!     records.push(record);
//! }
//! let header = records[0].model.header().unwrap();
//! assert_eq!(header.teams[0].0, "Lions");
//! let board = records[1].model.board().unwrap();
//! assert_eq!(board.auction[0].explanation.as_deref(), Some("strong"));
//! assert_eq!(board.claim, Some(12));
//! let (contract, declarer) = match lin::check::outcome(board) {
//!     lin::check::Outcome::Contract { contract, declarer } => (contract, declarer),
//!     other => panic!("{other:?}"),
//! };
//! assert_eq!((contract.to_string(), declarer), ("4S".to_owned(), cards_core::Compass::South));
//! // Byte for byte back.
//! let mut writer = lin::Writer::new(Vec::new());
//! for record in &records {
//!     writer.write_record(record)?;
//! }
//! assert_eq!(writer.into_inner()?, text.as_bytes());
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! # The shape every cardnote format crate shares
//! [`Lin`] implements [`cards_core::Notation`]; its parts:
//! * [`Reader`]`<R: BufRead>` cuts records ([`cards_core::ReadRecords::read_raw`] gives a
//!   [`read::RawRecord`], which [`cards_core::Notation::parse`] reads on any thread) and yields `io::Result<`[`Record`]`>` (`Reader::new(input, Options)`,
//!   [`Reader::from_str`]); a record is an [`Entry`] (the match header, a board or a trailer, its items as
//!   written), its diagnostics and its byte span. Memory is bounded by the largest record.
//! * [`check()`]`(&mut Record, &Options)` adds the game's checks (auction, play, claim); [`Checker`]
//!   runs it for [`Lin`] (no LIN check spans records).
//! * [`Writer`]`<W: Write>` writes records as read (byte for byte) or canonically
//!   ([`Writer::write_canonical`]: BBO's layout, and a board the layout cannot hold as read).
//! * [`Options`]`{ strict }`: [`codes::LENIENCIES`] become errors.
//! * [`codes`]: every stable code, `ALL` and `LENIENCIES`.
//! * [`text`]: how LIN spells a card (`SA`) and a hand (`md`'s `SAKQHJT...`).
//!
//! # The grammar, as real files write it
//! LIN is a flat list of `tag|value|` pairs; line breaks between pairs mean nothing. There is no
//! public specification: this crate reads what BBO (vugraph archives 2003-2015, club games),
//! Bridge Composer and bridge-wrangler write, and the tests read every such file of the shared
//! corpus. `pn` gives 4 names (S, W, N, E) or 8 (open room, then closed room); `md` is a dealer
//! digit (1 S, 2 W, 3 N, 4 E; `0` a position without a dealer) and the hands S, W, N, E, the
//! last often left out (a hand of suit letters alone, `SHDC`, shows no card: not given either); `sv` is `o`/`0`, `n`, `e`, `b`; `mb` calls end in `!` when alerted, with
//! `an` explaining; `mc` claims declarer's total tricks; `qx|o1|`/`qx|c1|` are the rooms; `vg`
//! opens a match, and its `rs` lists each board's result (`4SEx-3`: contract, declarer, `x`, the
//! tricks; open room then closed room, or one per board), which each board's auction is compared
//! with. A vugraph auction typed as a W-N-E-S grid pads its empty cells with `mb|-|` (before the
//! dealer's first call, after the last pass): padding, kept as an extra. A pairs file's trailer
//! after its last board (`bt||mn|<title>|tu|y|nt|<standings>|pg||st||nt||`) is a record of its
//! own, [`Content::Trailer`]. Everything else (`nt` commentary, `st`, `rh`, `pg`, movie and timing
//! tags) is kept in place as an extra.
//!
//! # Features
//! - `serde`: `Serialize` on the model and [`Record`] (pulls in serde and cards-core's `serde`).
//!
//! # Guarantees
//! No panic on any input (the fuzz target `lin_roundtrip` drives the reader and writer), no
//! `unsafe`, memory bounded by the largest record, and the format-preserving writer gives the
//! input back byte for byte.

pub mod check;
pub mod codes;
pub mod model;
pub mod read;
#[cfg(feature = "serde")]
mod serde_text;
pub mod text;
pub mod write;

pub use check::check;
pub use model::{Board, Content, Entry, Item, MatchHeader};
pub use read::{Reader, Record};
pub use write::Writer;

/// BBO LIN as a [`cards_core::Notation`]: the one shape of every cardnote notation crate.
///
/// [`Reader`] cuts records ([`read::RawRecord`]: a record's items and what it takes from the
/// records before it, the last `pn` and the match header's results) and, as an iterator, reads
/// them; [`Lin::parse`](cards_core::Notation::parse) reads one cut record on any thread;
/// [`Checker`] runs [`check()`] (LIN has no check that spans records); [`Writer`] writes records
/// as read.
#[derive(Debug, Clone, Copy, Default)]
pub struct Lin;

/// The checks of LIN records ([`check()`] with the options), for [`Lin`].
#[derive(Debug, Clone, Copy, Default)]
pub struct Checker {
    options: Options,
}

impl cards_core::notation::Checker<Entry> for Checker {
    fn check(&self, record: &mut Record) {
        check(record, &self.options);
    }
}

impl cards_core::Notation for Lin {
    const NAME: &'static str = "lin";
    type Model = Entry;
    type Options = Options;
    type Raw = read::RawRecord;
    type Reader<R: std::io::BufRead> = Reader<R>;
    type Checker = Checker;
    type Writer<W: std::io::Write> = Writer<W>;

    fn reader<R: std::io::BufRead>(input: R, options: Options) -> Reader<R> {
        Reader::new(input, options)
    }

    fn parse(raw: read::RawRecord, options: &Options) -> Record {
        read::parse(raw, *options)
    }

    fn checker(options: &Options) -> Checker {
        Checker { options: *options }
    }

    fn writer<W: std::io::Write>(out: W) -> Writer<W> {
        Writer::new(out)
    }
}

/// Options of the reader and the checks (the same names in each cardnote format crate).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Options {
    /// A producer's convention (read with a warning code of its own, [`codes::LENIENCIES`])
    /// becomes an error.
    pub strict: bool,
}

impl Options {
    /// Applies the options to a record's diagnostics (under `strict`, leniencies become errors).
    pub fn apply(&self, diagnostics: &mut [cards_core::Diagnostic]) {
        if self.strict {
            cards_core::diagnostic::make_strict(diagnostics, codes::LENIENCIES);
        }
    }
}

/// The README's example, run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
