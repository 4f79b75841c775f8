//! The streaming reader: `tag|value|` pairs from any `BufRead`, grouped into records (the match
//! header, then one record per board) and typed; [`crate::check()`] adds the game checks.
//!
//! LIN has no public grammar; this reader follows what BBO, Bridge Composer and other producers
//! write. A record is split off when a tag can only begin the next board: `qx` after a `qx` or an
//! `md`, `md` with a dealer digit after an `md`, `pn`/`mn` after an `md`; a `vg` header runs to its
//! first `pg`. Concatenating the records' items gives back the input byte for byte.

use std::io::{self, BufRead};
use std::sync::Arc;

use cards_core::{Diagnostic, DiagnosticSink, Span};

use crate::Options;
use crate::codes;
use crate::model::{Content, Encoding, Entry, Item, MatchHeader};

mod board;

pub use board::{LIN_SEATS, seat_names};
use board::{board, compare_result, header, read_names, read_vg};

/// One record of a LIN file: its [`Entry`] (the match header or a board, items as written), its
/// diagnostics (spans are byte offsets in the whole input) and its byte span in the input.
pub type Record = cards_core::Record<Entry>;

/// An item before decoding.
#[derive(Debug, Default)]
struct RawItem {
    leading: Vec<u8>,
    tag: Vec<u8>,
    value: Vec<u8>,
    terminated: bool,
    start: usize,
    end: usize,
    /// Offsets of `|` read as part of the value.
    inner_pipes: Vec<usize>,
    bad_tag: bool,
}

/// Reads LIN records from any buffered reader; memory is bounded by the largest record.
///
/// The reader reports what reading finds (syntax, the deal, the header); [`crate::check()`] adds
/// the game's checks (auction, play, claim). Under [`Options::strict`] the reader's leniencies
/// are already errors. An I/O error is yielded once, and ends the records.
///
/// ```
/// let text = "qx|o1|pn|Ann,Bob,Cy,Di|md|3SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|sv|0|mb|7N|mb|p|mb|p|mb|p|pg||\n";
/// let options = lin::Options::default();
/// let mut records = Vec::new();
/// for record in lin::Reader::from_str(text, options) {
///     let mut record = record?;
///     lin::check(&mut record, &options);
///     records.push(record);
/// }
/// let board = records[0].model.board().unwrap();
/// assert_eq!(board.players.as_ref().unwrap()[0], "Cy"); // North
/// assert!(board.deal.unwrap().is_full());
/// assert!(!records[0].has_errors(), "{:?}", records[0].diagnostics);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Reader<R> {
    src: R,
    options: Options,
    offset: usize,
    pending: Option<RawItem>,
    lookahead: Option<RawItem>,
    trailing: Vec<u8>,
    trailing_start: usize,
    done: bool,
    /// What the next record takes from the records before it.
    carried: Carried,
    io_error: Option<io::Error>,
}

/// What a record takes from the records before it, found as they are cut.
#[derive(Debug, Clone, Default)]
struct Carried {
    /// The last `pn` (4 or 8 names), carried to boards that give none.
    players: Arc<Vec<String>>,
    /// The latest match header's result list (`rs`) and first board, which each board is
    /// compared with.
    results: Option<Arc<Results>>,
    /// Boards read so far (a record that makes no board after one is a trailer).
    boards: usize,
}

/// One record cut from a LIN input and not yet read ([`crate::Lin`]'s raw record): its items'
/// bytes and what it takes from the records before it (the players of the last `pn`, the match
/// header's results, whether a board came before), so that reading it needs nothing else and
/// runs on any thread ([`cards_core::Notation::parse`]).
#[derive(Debug)]
pub struct RawRecord {
    items: Vec<RawItem>,
    trailing: Vec<u8>,
    trailing_start: usize,
    /// Where the input stood when the record was cut (its end, when it has trailing text).
    end: usize,
    encoding: Encoding,
    carried: Carried,
}

/// A match header's result list, one entry per board and room.
#[derive(Debug, Clone, Default)]
struct Results {
    entries: Vec<String>,
    first_board: Option<u32>,
    last_board: Option<u32>,
}

impl<'a> Reader<&'a [u8]> {
    /// A reader over text in memory.
    #[allow(clippy::should_implement_trait)]
    #[must_use]
    pub fn from_str(text: &'a str, options: Options) -> Reader<&'a [u8]> {
        Reader::new(text.as_bytes(), options)
    }

    /// A reader over bytes in memory (UTF-8 or Latin-1).
    #[must_use]
    pub fn from_slice(bytes: &'a [u8], options: Options) -> Reader<&'a [u8]> {
        Reader::new(bytes, options)
    }
}

impl<R: BufRead> Reader<R> {
    /// A reader over `src`.
    pub fn new(src: R, options: Options) -> Reader<R> {
        Reader {
            src,
            options,
            offset: 0,
            pending: None,
            lookahead: None,
            trailing: Vec::new(),
            trailing_start: 0,
            done: false,
            carried: Carried::default(),
            io_error: None,
        }
    }

    fn chunk(&mut self) -> (Vec<u8>, bool) {
        let mut chunk = Vec::new();
        if let Err(err) = self.src.read_until(b'|', &mut chunk) {
            self.io_error = Some(err);
        }
        self.offset += chunk.len();
        let terminated = chunk.last() == Some(&b'|');
        if terminated {
            chunk.pop();
        }
        (chunk, terminated)
    }

    /// The next complete item (its value extended over unescaped pipes), or `None` at the end.
    fn next_item(&mut self) -> Option<RawItem> {
        loop {
            if self.done {
                return self.pending.take();
            }
            let chunk_start = self.offset;
            let (chunk, terminated) = self.chunk();
            if !terminated {
                self.done = true;
                if !chunk.is_empty() {
                    self.trailing = chunk;
                    self.trailing_start = chunk_start;
                }
                return self.pending.take();
            }
            let mut sep = chunk.iter().take_while(|b| matches!(b, b'\r' | b'\n' | b' ' | b'\t')).count();
            if chunk_start == 0 && chunk.starts_with(b"\xEF\xBB\xBF") {
                sep = 3 + chunk[3..].iter().take_while(|b| matches!(b, b'\r' | b'\n' | b' ' | b'\t')).count();
            }
            let name = &chunk[sep..];
            let valid = is_tag(name);
            if !valid && let Some(prev) = self.pending.as_mut().filter(|p| p.terminated) {
                prev.inner_pipes.push(prev.end - 1);
                prev.value.push(b'|');
                prev.value.extend_from_slice(&chunk);
                prev.end = self.offset;
                continue;
            }
            let start = chunk_start + sep;
            let (value, value_terminated) = self.chunk();
            if !value_terminated {
                self.done = true;
            }
            let item = RawItem {
                leading: chunk[..sep].to_vec(),
                tag: name.to_vec(),
                value,
                terminated: value_terminated,
                start,
                end: self.offset,
                inner_pipes: Vec::new(),
                bad_tag: !valid,
            };
            if let Some(prev) = self.pending.replace(item) {
                return Some(prev);
            }
        }
    }
}

/// A tag in lower case without allocating (tags are two ASCII letters; anything else maps to
/// `[0, 0]`, which no known tag matches).
fn tag_key(tag: &[u8]) -> [u8; 2] {
    match tag {
        [a, b] => [a.to_ascii_lowercase(), b.to_ascii_lowercase()],
        _ => [0, 0],
    }
}

fn is_tag(name: &[u8]) -> bool {
    name.len() == 2 && name.iter().all(u8::is_ascii_alphabetic)
}

/// Where the record being gathered stands, to know which tag begins the next one.
#[derive(Debug, Default)]
struct Split {
    header: bool,
    header_done: bool,
    has_qx: bool,
    has_md: bool,
}

impl Split {
    fn starts_new(&self, item: &RawItem) -> bool {
        let lower = tag_key(&item.tag);
        let tag = lower.as_slice();
        if tag == b"vg" {
            return true;
        }
        if self.header {
            return self.header_done
                || matches!(
                    tag,
                    b"qx" | b"md" | b"mn" | b"mb" | b"pc" | b"mc" | b"ah" | b"sv" | b"st" | b"rh"
                );
        }
        match tag {
            b"qx" => self.has_qx || self.has_md,
            b"md" => self.has_md && matches!(item.value.first(), Some(b'1'..=b'4')),
            b"pn" | b"mn" => self.has_md,
            _ => false,
        }
    }

    fn add(&mut self, item: &RawItem, first: bool) {
        match &tag_key(&item.tag) {
            b"vg" if first => self.header = true,
            b"pg" if self.header => self.header_done = true,
            b"qx" => self.has_qx = true,
            b"md" => self.has_md = true,
            _ => {}
        }
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        let options = self.options;
        cards_core::notation::next_parsed::<crate::Lin, _>(self, &options)
    }
}

impl<R: BufRead> cards_core::notation::ReadRecords<crate::Lin> for Reader<R> {
    /// Cuts the next record: its items up to the tag that begins the next one, and what it takes
    /// from the records before it.
    fn read_raw(&mut self) -> Option<io::Result<RawRecord>> {
        let mut raw = Vec::new();
        let mut split = Split::default();
        if let Some(item) = self.lookahead.take() {
            split.add(&item, true);
            raw.push(item);
        }
        while let Some(item) = self.next_item() {
            if !raw.is_empty() && split.starts_new(&item) {
                self.lookahead = Some(item);
                break;
            }
            split.add(&item, raw.is_empty());
            raw.push(item);
        }
        if self.lookahead.is_none()
            && let Some(err) = self.io_error.take()
        {
            // Reading stopped inside this record: it is not made; the records before it were.
            self.lookahead = None;
            self.pending = None;
            self.trailing.clear();
            return Some(Err(err));
        }
        let at_end = self.lookahead.is_none();
        let trailing = if at_end { std::mem::take(&mut self.trailing) } else { Vec::new() };
        if raw.is_empty() && trailing.is_empty() {
            return None;
        }
        let utf8 = raw.iter().all(|r| {
            std::str::from_utf8(&r.leading).is_ok()
                && std::str::from_utf8(&r.tag).is_ok()
                && std::str::from_utf8(&r.value).is_ok()
        }) && std::str::from_utf8(&trailing).is_ok();
        let encoding = if utf8 { Encoding::Utf8 } else { Encoding::Latin1 };
        let carried = self.carried.clone();
        self.carried.advance(&raw, encoding);
        Some(Ok(RawRecord {
            items: raw,
            trailing,
            trailing_start: self.trailing_start,
            end: self.offset,
            encoding,
            carried,
        }))
    }
}

impl Carried {
    /// What the records after one record of `raw` items take from it: its players (`pn`), a
    /// match header's results, one more board. The record's diagnostics are its reading's.
    fn advance(&mut self, raw: &[RawItem], encoding: Encoding) {
        let mut ignored = Vec::new();
        let is = |r: &RawItem, tag: &[u8; 2]| tag_key(&r.tag) == *tag;
        if raw.first().is_some_and(|r| is(r, b"vg")) {
            let mut header = MatchHeader::default();
            for r in raw {
                match &tag_key(&r.tag) {
                    b"vg" => read_vg(&item_of(r, encoding), &mut header, &mut ignored),
                    b"rs" => {
                        header.results = decode(&r.value, encoding).split(',').map(str::to_owned).collect()
                    }
                    b"pn" => self.players = Arc::new(read_names(&item_of(r, encoding), &mut ignored)),
                    _ => {}
                }
            }
            self.results = Some(Arc::new(Results {
                entries: header.results,
                first_board: header.first_board.trim().parse().ok(),
                last_board: header.last_board.trim().parse().ok(),
            }));
        } else if self.boards > 0 && !raw.is_empty() && !raw.iter().any(|r| makes_board(&r.tag)) {
            // A trailer.
        } else {
            if let Some(pn) = raw.iter().find(|r| is(r, b"pn")) {
                self.players = Arc::new(read_names(&item_of(pn, encoding), &mut ignored));
            }
            self.boards += 1;
        }
    }
}

/// Whether a tag can only be part of a board.
fn makes_board(tag: &[u8]) -> bool {
    matches!(&tag_key(tag), b"qx" | b"md" | b"pn" | b"sv" | b"ah" | b"mb" | b"pc" | b"mc")
}

fn decode(bytes: &[u8], encoding: Encoding) -> String {
    match encoding {
        Encoding::Utf8 => String::from_utf8_lossy(bytes).into_owned(),
        Encoding::Latin1 => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}

fn item_of(r: &RawItem, encoding: Encoding) -> Item {
    Item {
        leading: decode(&r.leading, encoding),
        tag: decode(&r.tag, encoding),
        value: decode(&r.value, encoding),
        terminated: r.terminated,
        span: Span::new(r.start, r.end),
    }
}

/// Reads one record cut by [`Reader`]: pure (what it takes from the records before it came
/// with it), so it runs on any thread.
pub(crate) fn parse(raw: RawRecord, options: Options) -> Record {
    let RawRecord { items: raw, trailing, trailing_start, end: cut_at, encoding, carried } = raw;
    let mut diagnostics = Vec::new();
    let start = raw.first().map_or(trailing_start, |r| r.start - r.leading.len());
    let mut end = raw.last().map_or(start, |r| r.end);
    if encoding == Encoding::Latin1 {
        let at = raw.iter().find(|r| std::str::from_utf8(&r.value).is_err()).map_or(start, |r| r.start);
        diagnostics.report(Diagnostic::warning(
            codes::LIN_LATIN1,
            "text that is not UTF-8, read as Latin-1",
            Span::at(at),
        ));
    }
    let mut items = Vec::with_capacity(raw.len());
    for r in &raw {
        report_item(r, encoding, &mut diagnostics);
        items.push(item_of(r, encoding));
    }
    let trailing_len = trailing.len();
    let trailing = decode(&trailing, encoding);
    if !trailing.trim().is_empty() {
        diagnostics.report(
            Diagnostic::error(
                codes::LIN_TAG_SYNTAX,
                "text that is not a `tag|value|` item",
                Span::new(trailing_start, trailing_start + trailing_len),
            )
            .with_help("every LIN item is a two-letter tag, `|`, its value and `|`"),
        );
    }
    if !trailing.is_empty() {
        end = cut_at;
    }
    let content = content(&items, &carried, &mut diagnostics);
    diagnostics.sort_by_key(|d| d.span().start);
    options.apply(&mut diagnostics);
    let model = Entry { items, trailing, encoding, content };
    Record { model, diagnostics, span: Span::new(start, end) }
}

/// Reports what is wrong with the syntax of an item: a tag that is not two letters, a `|` inside
/// the value, a value without its closing `|`.
fn report_item(r: &RawItem, encoding: Encoding, diagnostics: &mut dyn DiagnosticSink) {
    let decode = |bytes: &[u8]| decode(bytes, encoding);
    if r.bad_tag {
        diagnostics.report(
            Diagnostic::error(
                codes::LIN_TAG_SYNTAX,
                format!("`{}` is not a LIN tag (two letters)", decode(&r.tag)),
                Span::new(r.start, r.start + r.tag.len()),
            )
            .with_help("every LIN item is `tag|value|`"),
        );
    }
    for &pipe in &r.inner_pipes {
        diagnostics.report(
            Diagnostic::warning(
                codes::LIN_UNESCAPED_PIPE,
                format!("a `|` inside the value of `{}`, read as part of it", decode(&r.tag)),
                Span::new(pipe, pipe + 1),
            )
            .with_help("the text after it is not a tag; Bridge Composer writes `|` in names and notes as is"),
        );
    }
    if !r.terminated {
        diagnostics.report(Diagnostic::warning(
            codes::LIN_UNTERMINATED,
            format!("the value of `{}` has no closing `|`", decode(&r.tag)),
            Span::at(r.end),
        ));
    }
}

/// What a record's items make: the match header (`vg` first), a trailer (a record after a board
/// that makes no board), else a board, compared with the header's results.
fn content(items: &[Item], carried: &Carried, diagnostics: &mut dyn DiagnosticSink) -> Content {
    if items.first().is_some_and(|i| i.is("vg")) {
        return Content::Header(Box::new(header(items, diagnostics)));
    }
    if carried.boards > 0 && !items.is_empty() && !items.iter().any(|i| makes_board(i.tag.as_bytes())) {
        let title = items.iter().find(|i| i.is("mn")).map(|i| i.value.clone());
        return Content::Trailer(Box::new(crate::model::Trailer { title }));
    }
    let board = board(items, &carried.players, diagnostics);
    if let Some(results) = &carried.results {
        compare_result(&board, results, diagnostics);
    }
    Content::Board(Box::new(board))
}

#[cfg(test)]
mod tests {
    use bridge_core::Risk;
    use cards_core::{CardSet, Compass};

    use crate::model::Room;

    use super::board::{board_number_of_title, parse_result_entry};
    use super::*;

    /// What a record takes from the records before it (the header's results and players, a
    /// board before a trailer) comes with the cut record: records parsed in any order are the
    /// records read in order.
    #[test]
    fn cut_records_parse_in_any_order() {
        use cards_core::{Notation, ReadRecords};
        let text = "vg|Final,Set 1,I,1,2,Lions,0,Tigers,0|\nrs|4SS=,3NN-1|\npn|Ann,Bob,Cy,Di,Ed,Flo,Gus,Hal|pg||\n\
            qx|o1|md|3SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|mb|1S|mb|p|mb|p|mb|p|pg||\n\
            qx|c1|md|3SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|mb|p|mb|p|mb|p|mb|p|pg||\n\
            bt||mn|Standings|pg||\n";
        let options = Options::default();
        let in_order: Vec<Record> =
            crate::Lin::reader(text.as_bytes(), options).map(Result::unwrap).collect();
        let mut reader = crate::Lin::reader(text.as_bytes(), options);
        let raws: Vec<RawRecord> = std::iter::from_fn(|| reader.read_raw()).map(Result::unwrap).collect();
        let mut reversed: Vec<Record> =
            raws.into_iter().rev().map(|raw| crate::Lin::parse(raw, &options)).collect();
        reversed.reverse();
        assert_eq!(in_order.len(), 4);
        assert_eq!(in_order, reversed);
        // The closed room's board compared with the header's results; the trailer is a trailer.
        assert!(
            in_order[2].diagnostics.iter().any(|d| d.code() == codes::LIN_RESULT_MISMATCH),
            "{:?}",
            in_order[2].diagnostics
        );
        assert!(matches!(in_order[3].model.content, Content::Trailer(_)));
        assert_eq!(
            in_order[1].model.board().and_then(|b| b.players.clone()).map(|p| p[0].clone()),
            Some("Cy".to_owned())
        );
    }

    fn read(text: &str) -> Vec<Record> {
        Reader::from_str(text, Options::default()).map(Result::unwrap).collect()
    }

    #[test]
    fn splits_boards_and_header() {
        let text = "vg|T,S,I,1,2,A,0,B,0|\nrs|,|\npn|a,b,c,d,e,f,g,h|pg||\nqx|o1|md|1S2,,,|pg||\nqx|c1|md|1S2,,,|pg||\n";
        let records = read(text);
        assert_eq!(records.len(), 3);
        assert!(records[0].model.header().is_some());
        let closed = records[2].model.board().unwrap();
        assert_eq!(closed.room, Some(Room::Closed));
        assert_eq!(closed.players.as_ref().unwrap()[Compass::South.index()], "e");
        let joined: String = records.iter().map(crate::write::to_string).collect();
        assert_eq!(joined, text);
    }

    /// A header not closed by `pg` ends at a tag only a board has: a claim (`mc`) as much as a
    /// call or a card, so a board made of a claim alone is not read into the header (the
    /// LIN -> PBN -> LIN round trip writes such a board on a line of its own).
    #[test]
    fn a_claim_after_a_header_begins_a_board() {
        let text = "vg|T,S,I,1,2,A,0,B,0|\nmc|7|pg||\n";
        let records = read(text);
        assert_eq!(records.len(), 2, "{records:?}");
        assert_eq!(records[1].model.board().and_then(|b| b.claim), Some(7));
        let joined: String = records.iter().map(crate::write::to_string).collect();
        assert_eq!(joined, text);
    }

    #[test]
    fn unescaped_pipe_is_read_into_the_value() {
        let text = "pn|A,B,C,Lee|Kim|md|1S2,,,|an|x|";
        let records = read(text);
        let item = &records[0].model.items[0];
        assert_eq!(item.value, "A,B,C,Lee|Kim");
        assert!(records[0].diagnostics.iter().any(|d| d.code() == codes::LIN_UNESCAPED_PIPE));
        assert_eq!(crate::write::to_string(&records[0]), text);
    }

    #[test]
    fn latin1_round_trips() {
        let bytes = b"nt|caf\xe9|md|1S2,,,|";
        let records: Vec<Record> =
            Reader::from_slice(bytes, Options::default()).map(Result::unwrap).collect();
        assert_eq!(records[0].model.encoding, Encoding::Latin1);
        assert_eq!(records[0].model.items[0].value, "caf\u{e9}");
        let mut out = Vec::new();
        crate::write::write_record(&mut out, &records[0]).unwrap();
        assert_eq!(out, bytes);
    }

    #[test]
    fn an_io_error_is_yielded_once_and_ends_the_records() {
        struct Failing(usize);
        impl std::io::Read for Failing {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                let text = b"qx|o1|md|1S2,,,|qx|o2|md|1S3";
                if self.0 >= text.len() {
                    return Err(io::Error::other("disk gone"));
                }
                let n = buf.len().min(4).min(text.len() - self.0);
                buf[..n].copy_from_slice(&text[self.0..self.0 + n]);
                self.0 += n;
                Ok(n)
            }
        }
        let mut reader = Reader::new(io::BufReader::new(Failing(0)), Options::default());
        let first = reader.next().unwrap().unwrap();
        assert_eq!(first.model.board().unwrap().number, Some(1));
        assert_eq!(reader.next().unwrap().unwrap_err().to_string(), "disk gone");
        assert!(reader.next().is_none());
    }

    const MD: &str = "md|4SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|";

    /// A vugraph grid (W N E S): `mb|-|` before East's first call and after the last pass is
    /// padding, one warning per run; `mb|-|` inside the auction is no call.
    #[test]
    fn grid_padding_is_not_a_call() {
        let text = format!("qx|o1|{MD}mb|-|mb|-|mb|1S|mb|p|mb|p|mb|p|mb|-|mb|-|pg||");
        let records = read(&text);
        let board = records[0].model.board().unwrap();
        assert_eq!(board.auction.len(), 4);
        let codes: Vec<&str> = records[0].diagnostics.iter().map(Diagnostic::code).collect();
        assert_eq!(codes, [codes::LIN_AUCTION_PADDING, codes::LIN_AUCTION_PADDING]);
        assert!(records[0].diagnostics[0].message().contains("2 empty cells before E"));
        assert_eq!(crate::write::to_string(&records[0]), text);
        let middle = read(&format!("qx|o1|{MD}mb|1S|mb|-|mb|p|"));
        assert!(middle[0].diagnostics.iter().any(|d| d.code() == codes::LIN_CALL_SYNTAX));
    }

    /// A pairs file's trailer after its last board is no board.
    #[test]
    fn a_trailer_is_no_board() {
        let text = format!(
            "qx|o1|{MD}mb|p|mb|p|mb|p|mb|p|pg||\nbt||mn|Final|tu|y|nt|1. Ann - Bob 60%|pg||st||nt||\n"
        );
        let records = read(&text);
        assert_eq!(records.len(), 2);
        match &records[1].model.content {
            Content::Trailer(t) => assert_eq!(t.title.as_deref(), Some("Final")),
            other => panic!("{other:?}"),
        }
        let joined: String = records.iter().map(crate::write::to_string).collect();
        assert_eq!(joined, text);
    }

    /// The result list names each board's contract and declarer (open room then closed room in
    /// a team match, one per board in a pairs event); the auction is compared with it.
    #[test]
    fn the_result_list_is_compared_with_the_auction() {
        let header = "vg|T,S,I,7,8,A,0,B,0|rs|1SE=,,,4SNx-1|pn|a,b,c,d,e,f,g,h|pg||";
        let open7 = format!("qx|o7|{MD}mb|1S|mb|p|mb|p|mb|p|pg||");
        let closed8 = format!("qx|c8|{MD}mb|p|mb|p|mb|4S|mb|d|mb|p|mb|p|mb|p|pg||");
        let records = read(&format!("{header}{open7}{closed8}"));
        assert!(records[1].diagnostics.is_empty(), "{:?}", records[1].diagnostics);
        let mismatch = &records[2].diagnostics;
        assert_eq!(mismatch.len(), 1, "{mismatch:?}");
        assert_eq!(mismatch[0].code(), codes::LIN_RESULT_MISMATCH);
        assert!(
            mismatch[0].message().contains("reaches 4SX by W, the file's result list (`rs`) says 4SX by N"),
            "{}",
            mismatch[0].message()
        );
        assert_eq!(
            parse_result_entry("3NW+1").map(|c| c.map(|(c, by)| format!("{c} by {by}"))),
            Ok(Some("3NT by W".to_owned()))
        );
        assert_eq!(parse_result_entry("5CSxx-3").map(|c| c.map(|(c, _)| c.risk)), Ok(Some(Risk::Redoubled)));
        assert_eq!(parse_result_entry("PASS"), Ok(None));
        assert_eq!(parse_result_entry("4S"), Err(()));
        assert_eq!(parse_result_entry("4SNxxx="), Err(()));
    }

    #[test]
    fn board_number_from_title() {
        assert_eq!(board_number_of_title("Board 12"), Some(12));
        assert_eq!(board_number_of_title("Board+7"), None);
        assert_eq!(board_number_of_title("Board%2010"), None);
    }

    /// A hand written as suit letters without a card shows no card: it is a hand not given, as
    /// PBN reads `...`, so that LIN -> PBN -> LIN gives the same deal (the fuzz finding
    /// `fuzz/regressions/lin_roundtrip/hand-of-suit-letters-alone`: `md|1S`, South's `S`).
    #[test]
    fn a_hand_without_a_card_is_not_given() {
        let deal = |text: &str| read(text)[0].model.board().and_then(|b| b.deal).unwrap();
        assert_eq!(deal("md|1S").hands, [None; 4]);
        let partial = deal("md|1SAKT,H,,SHDC|");
        assert_eq!(partial.hand(Compass::West), None);
        assert_eq!(partial.hand(Compass::East), None);
        assert_eq!(partial.hand(Compass::South).map(CardSet::len), Some(3));
        // Three full hands and the fourth written as voids alone: the rest completes it.
        let full = deal("md|3SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,SHDC|");
        assert!(full.is_full());
        assert_eq!(full.completed, Some(Compass::East));
    }
}
