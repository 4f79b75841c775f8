//! The reader: a byte-level scanner over the whole file that types every field and keeps spans.
//!
//! Each deal record is read on its own: a bad record gets its diagnostics and no model, and reading
//! goes on with the next one. Only token syntax is checked here; the [`Checker`](crate::Checker) checks the game.

use cards_core::{Card, Diagnostic, Rank, Span, Suit};

use crate::PrefPlayer;
use crate::codes as code;
use crate::model::{
    Accepted, Bid, Column, Contract, Deal, DealOrder, Discard, Entry, Kontra, KontraLevel, Play, Tag, Trick,
};

/// The fields of a deal record, for [`DealSpans::field`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(usize)]
pub enum Field {
    /// id
    Id,
    /// dealOrder
    Order,
    /// cards
    Cards,
    /// bids
    Bids,
    /// main
    Main,
    /// discarded
    Discard,
    /// contract
    Contract,
    /// accepted
    Accepted,
    /// kontra
    Kontra,
    /// refa (an empty span after kontra in the legacy form)
    Refa,
    /// value
    Value,
    /// starts
    Starts,
    /// throws
    Throws,
    /// summary
    Summary,
}

/// Byte spans of one deal record and its parts, in the whole file (stored compactly as offsets
/// from the record's start).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DealSpans {
    start: usize,
    end: u32,
    /// 0..14 fields (by [`Field`]), 14..17 bid tokens, 17..20 summary entries.
    rel: [[u32; 2]; 20],
}

const BID_SLOT: usize = 14;
const SUMMARY_SLOT: usize = 17;

impl DealSpans {
    fn new(record: Span) -> DealSpans {
        DealSpans { start: record.start, end: rel32(record.len()), rel: [[0; 2]; 20] }
    }

    fn get(&self, slot: usize) -> Span {
        let [a, b] = self.rel.get(slot).copied().unwrap_or([0, self.end]);
        Span::new(self.start + a as usize, self.start + b as usize)
    }

    fn set(&mut self, slot: usize, span: Span) {
        if let Some(r) = self.rel.get_mut(slot) {
            *r = [rel32(span.start.saturating_sub(self.start)), rel32(span.end.saturating_sub(self.start))];
        }
    }

    /// The same spans in a text that starts `offset` bytes further (a record read from one line
    /// of a longer file).
    #[must_use]
    pub fn shifted(self, offset: usize) -> DealSpans {
        DealSpans { start: self.start + offset, ..self }
    }

    /// The whole record, `[` to `]`.
    #[must_use]
    pub fn record(&self) -> Span {
        Span::new(self.start, self.start + self.end as usize)
    }

    /// The span of one field (an empty span for an absent one).
    #[must_use]
    pub fn field(&self, field: Field) -> Span {
        self.get(field as usize)
    }

    /// The span of bid token `i` (0..3).
    #[must_use]
    pub fn bid(&self, i: usize) -> Span {
        if i < 3 { self.get(BID_SLOT + i) } else { self.field(Field::Bids) }
    }

    /// The span of summary entry `i` (0..3).
    #[must_use]
    pub fn summary_entry(&self, i: usize) -> Span {
        if i < 3 { self.get(SUMMARY_SLOT + i) } else { self.field(Field::Summary) }
    }

    /// The span of character `i` of the cards field.
    #[must_use]
    pub fn card(&self, i: usize) -> Span {
        let s = self.field(Field::Cards).start + i;
        Span::new(s, s + 1)
    }

    /// The span of trick `k` (0-based) given the tricks before it, as read.
    #[must_use]
    pub fn trick(&self, throws: &[Trick], k: usize) -> Span {
        let mut start = self.field(Field::Throws).start;
        for t in throws.iter().take(k) {
            start += t.cards().len() + 2;
        }
        let len = throws.get(k).map_or(0, |t| t.cards().len() + 1);
        Span::new(start, start + len)
    }
}

fn rel32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// One deal record as read: its spans, its id and its syntax diagnostics.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Record {
    /// Spans of the record and its fields.
    pub(crate) spans: DealSpans,
    /// The id text's number, when it could be read (even if the record could not).
    pub(crate) id: Option<u32>,
    /// Syntax diagnostics (errors, and the `LEGACY_13_FIELDS` lint).
    pub(crate) diagnostics: Vec<Diagnostic>,
}

const fn build_table() -> [Option<Card>; 256] {
    let mut table = [None; 256];
    let codes = b"123456789ABCDEFGHIJKLMNOPQRSTUVW";
    let suits = [Suit::Spades, Suit::Diamonds, Suit::Hearts, Suit::Clubs];
    let mut i = 0;
    while i < 32 {
        if let Some(rank) = Rank::from_index(Rank::Seven as u8 + (i % 8) as u8) {
            table[codes[i] as usize] = Some(Card::new(rank, suits[i / 8]));
        }
        i += 1;
    }
    table
}

static CARD_TABLE: [Option<Card>; 256] = build_table();

/// The card for a PPN code byte (`1`–`9`, `A`–`W`), if any.
#[inline]
#[must_use]
pub fn card_of(b: u8) -> Option<Card> {
    CARD_TABLE[b as usize]
}

/// The PPN code character of a card (`?` outside the 32-card deck).
#[must_use]
pub fn code_char(card: Card) -> char {
    crate::card_text::code(card).unwrap_or('?')
}

/// One item of a PPN line, as the [`Scanner`] cuts it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Item {
    /// A tag pair and its span.
    Tag(Tag, Span),
    /// A deal record's `[...]`, not yet read.
    Record(Span),
    /// A file-level syntax problem (stray line, unclosed bracket, bad tag).
    Problem(Diagnostic),
}

/// Cuts text into items, one at a time, in file order: tags are read, deal records only found
/// (the cut step of [`crate::Reader`]; [`read_record`] reads them).
#[derive(Debug, Clone)]
pub(crate) struct Scanner<'a> {
    src: &'a str,
    /// Scan position inside the current line.
    cursor: usize,
    /// End of the current line (exclusive, before `\n`).
    line_end: usize,
}

/// Where a [`Scanner`] stands in its text (to stop reading and go on later without holding it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Place {
    cursor: usize,
    line_end: usize,
}

impl<'a> Scanner<'a> {
    /// A scanner over text.
    pub(crate) fn new(src: &'a str) -> Scanner<'a> {
        let line_end = memchr::memchr(b'\n', src.as_bytes()).unwrap_or(src.len());
        Scanner { src, cursor: 0, line_end }
    }

    /// A scanner over `src` that goes on where [`Scanner::place`] of a scanner over the same
    /// text stood.
    pub(crate) fn resume(src: &'a str, place: Place) -> Scanner<'a> {
        Scanner { src, cursor: place.cursor, line_end: place.line_end }
    }

    /// Where this scanner stands.
    pub(crate) fn place(&self) -> Place {
        Place { cursor: self.cursor, line_end: self.line_end }
    }
}

impl Iterator for Scanner<'_> {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        let bytes = self.src.as_bytes();
        loop {
            let end = self.line_end;
            let mut i = self.cursor;
            while i < end && is_space(bytes[i]) {
                i += 1;
            }
            if i >= end {
                if end >= bytes.len() {
                    self.cursor = bytes.len();
                    return None;
                }
                let start = end + 1;
                self.cursor = start;
                self.line_end = memchr::memchr(b'\n', &bytes[start..]).map_or(bytes.len(), |k| start + k);
                continue;
            }
            let trimmed_end = || {
                let mut e = end;
                while e > i && is_space(bytes[e - 1]) {
                    e -= 1;
                }
                e
            };
            if bytes[i] != b'[' {
                self.cursor = end;
                return Some(Item::Problem(
                    Diagnostic::error(
                        code::STRAY_LINE,
                        "this line is neither a tag nor a deal record",
                        Span::new(i, trimmed_end()),
                    )
                    .with_help(
                        "PPN holds only `[Tag value]` lines and `[id …]` deal records; remove the line",
                    ),
                ));
            }
            // find the closing bracket, skipping quoted text (fast path: no quote before it)
            let mut j = i + 1;
            let mut quoted = false;
            match memchr::memchr2(b']', b'"', &bytes[j..end]) {
                Some(k) if bytes[j + k] == b']' => j += k,
                _ => {}
            }
            while j < end {
                match bytes[j] {
                    b'\\' if quoted => j += 1,
                    b'"' => quoted = !quoted,
                    b']' if !quoted => break,
                    _ => {}
                }
                j += 1;
            }
            if j >= end {
                self.cursor = end;
                return Some(Item::Problem(Diagnostic::error(
                    code::BRACKET_UNCLOSED,
                    "`[` without a closing `]` on this line",
                    Span::new(i, trimmed_end()),
                )));
            }
            self.cursor = j + 1;
            let mut k = i + 1;
            while k < j && is_space(bytes[k]) {
                k += 1;
            }
            return Some(if k < j && bytes[k].is_ascii_digit() {
                Item::Record(Span::new(i, j + 1))
            } else {
                match read_tag(self.src, i, j + 1) {
                    Ok((tag, span)) => Item::Tag(tag, span),
                    Err(d) => Item::Problem(d),
                }
            });
        }
    }
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\x0c')
}

/// Where the token starting at `i` ends: the first space at or after `i`, else `end`. Eight
/// bytes at a time: the cards and throws fields are tens of bytes long.
fn token_end(bytes: &[u8], mut i: usize, end: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    while i + 8 <= end {
        let word = u64::from_le_bytes(bytes[i..i + 8].try_into().unwrap_or([0; 8]));
        // flags bytes below 0x21 (every space is one); the lowest flag is exact
        let below = word.wrapping_sub(ONES * 0x21) & !word & HIGH;
        if below == 0 {
            i += 8;
            continue;
        }
        let k = i + (below.trailing_zeros() / 8) as usize;
        if is_space(bytes[k]) {
            return k;
        }
        i = k + 1;
    }
    while i < end && !is_space(bytes[i]) {
        i += 1;
    }
    i
}

fn read_tag(source: &str, start: usize, end: usize) -> Result<(Tag, Span), Diagnostic> {
    let bytes = source.as_bytes();
    let whole = Span::new(start, end);
    let mut i = start + 1;
    while i < end - 1 && is_space(bytes[i]) {
        i += 1;
    }
    let name_start = i;
    while i < end - 1 && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
        i += 1;
    }
    let name = &source[name_start..i];
    let bad = |msg: &str, span: Span| Diagnostic::error(code::TAG_SYNTAX, msg.to_owned(), span);
    if name.is_empty() || !bytes[name_start].is_ascii_alphabetic() {
        return Err(bad("a tag name must start with a letter", whole)
            .with_help("write tags as `[Name value]`, deal records start with their number"));
    }
    if i < end - 1 && !is_space(bytes[i]) {
        let len = source.get(i..).and_then(|r| r.chars().next()).map_or(1, char::len_utf8);
        return Err(bad("a tag name holds only letters, digits and `_`", Span::new(i, i + len)));
    }
    while i < end - 1 && is_space(bytes[i]) {
        i += 1;
    }
    let mut value_end = end - 1;
    while value_end > i && is_space(bytes[value_end - 1]) {
        value_end -= 1;
    }
    if i >= value_end {
        return Err(bad("the tag has no value", whole).with_help("write `[Name value]` or `[Name \"\"]`"));
    }
    let value = if bytes[i] == b'"' {
        let mut out = String::new();
        let mut j = i + 1;
        let mut closed = None;
        while j < value_end {
            match bytes[j] {
                b'\\' if j + 1 < value_end => {
                    let next = source.get(j + 1..).and_then(|r| r.chars().next()).unwrap_or('\\');
                    out.push(next);
                    j += 1 + next.len_utf8();
                    continue;
                }
                b'"' => {
                    closed = Some(j);
                    break;
                }
                _ => {}
            }
            let ch_len = source[j..].chars().next().map_or(1, char::len_utf8);
            out.push_str(&source[j..j + ch_len]);
            j += ch_len;
        }
        match closed {
            Some(c) if c + 1 == value_end => out,
            Some(c) => {
                return Err(bad("text after the closing quote", Span::new(c + 1, value_end)));
            }
            None => {
                return Err(bad("the quoted value is not closed", Span::new(i, value_end)));
            }
        }
    } else {
        source[i..value_end].to_owned()
    };
    Ok((Tag { name: name.to_owned(), value }, whole))
}

struct Ctx<'a> {
    src: &'a str,
    diags: Vec<Diagnostic>,
}

impl<'a> Ctx<'a> {
    fn err(&mut self, code: &'static str, msg: impl Into<String>, span: Span) {
        self.diags.push(Diagnostic::error(code, msg, span));
    }

    fn text(&self, span: Span) -> &'a str {
        self.src.get(span.range()).unwrap_or("")
    }
}

fn parse_uint(text: &str) -> Option<u64> {
    if text.is_empty() || text.len() > 18 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.bytes().try_fold(0u64, |acc, b| acc.checked_mul(10)?.checked_add(u64::from(b - b'0')))
}

fn parse_int(text: &str) -> Option<i64> {
    match text.strip_prefix('-') {
        Some(rest) => parse_uint(rest).and_then(|v| i64::try_from(v).ok()).map(|v| -v),
        None => parse_uint(text.strip_prefix('+').unwrap_or(text)).and_then(|v| i64::try_from(v).ok()),
    }
}

fn player_of(text: &str) -> Option<PrefPlayer> {
    match text.as_bytes() {
        [b] => PrefPlayer::from_char(*b as char),
        _ => None,
    }
}

/// Splits `span` of the source at commas into at most `N` parts; returns the count found.
fn split_commas<const N: usize>(src: &str, span: Span, out: &mut [Span; N]) -> usize {
    let bytes = src.as_bytes();
    let mut n = 0;
    let mut start = span.start;
    for i in span.start..=span.end {
        if i == span.end || bytes.get(i) == Some(&b',') {
            if let Some(slot) = out.get_mut(n) {
                *slot = Span::new(start, i);
            }
            n += 1;
            start = i + 1;
        }
    }
    n
}

/// Reads the deal record `src[start..end]` (its `[...]`): spans are offsets in `src`.
pub(crate) fn read_record(src: &str, start: usize, end: usize) -> (Record, Option<Deal>) {
    let mut spans = DealSpans::new(Span::new(start, end));
    let mut raw = [Span::default(); 14];
    let n = split_fields(src.as_bytes(), start + 1, end - 1, &mut raw);
    let mut cx = Ctx { src, diags: Vec::new() };
    let record_span = spans.record();

    let id_text = cx.text(raw[0]);
    let id = parse_uint(id_text).and_then(|v| u32::try_from(v).ok()).filter(|&v| v > 0);
    if id.is_none() {
        cx.err(code::ID_TOKEN, format!("`{id_text}` is not a deal number"), raw[0]);
    }
    if n < 4 {
        cx.err(
            code::FIELD_COUNT,
            format!("a deal record has 4, 13 or 14 fields, this one has {n}"),
            record_span,
        );
        return (Record { spans, id, diagnostics: cx.diags }, None);
    }
    spans.set(Field::Id as usize, raw[0]);
    spans.set(Field::Order as usize, raw[1]);
    spans.set(Field::Cards as usize, raw[2]);
    spans.set(Field::Bids as usize, raw[3]);
    let order = parse_order(&mut cx, raw[1]);
    let cards = parse_cards(&mut cx, raw[2]);
    let mut bid_spans = [Span::default(); 3];
    let bids = parse_bids(&mut cx, raw[3], &mut bid_spans);
    for (i, s) in bid_spans.into_iter().enumerate() {
        spans.set(BID_SLOT + i, s);
    }
    let all_pass = bids.is_some_and(|b| b == [Bid::Pass; 3]);
    let mut play = None;
    match n {
        4 if all_pass => {}
        4 => cx.err(
            code::MISSING_FIELDS,
            "only an all-pass (`P,P,P`) record may stop after the bids",
            Span::new(raw[3].end, end - 1),
        ),
        _ if all_pass => cx.err(
            code::ALLPASS_HAS_PLAY,
            "an all-pass (`P,P,P`) record has exactly 4 fields",
            Span::new(raw[4].start, end - 1),
        ),
        13 | 14 => play = read_play_fields(&mut cx, &mut spans, &raw, n == 13),
        _ => cx.err(
            code::FIELD_COUNT,
            format!("a deal record has 4, 13 or 14 fields, this one has {n}"),
            record_span,
        ),
    }
    let ok = !cx.diags.iter().any(Diagnostic::is_error);
    let deal = match (ok, id, order, cards, bids) {
        (true, Some(id), Some(order), Some(cards), Some(bids)) if all_pass || play.is_some() => {
            Some(Deal { id, order, cards, bids, play })
        }
        _ => None,
    };
    (Record { spans, id, diagnostics: cx.diags }, deal)
}

/// The whitespace-separated fields of `bytes[start..end]` (a record's inside): the spans of the
/// first 14 into `raw`, and how many there are.
fn split_fields(bytes: &[u8], start: usize, end: usize, raw: &mut [Span; 14]) -> usize {
    let mut n = 0;
    let mut i = start;
    loop {
        while i < end && is_space(bytes[i]) {
            i += 1;
        }
        if i >= end {
            break;
        }
        let s = i;
        i = token_end(bytes, i, end);
        if let Some(slot) = raw.get_mut(n) {
            *slot = Span::new(s, i);
        }
        n += 1;
    }
    n
}

/// The fields after the bids of a played deal, in record order: the 14-field form, or the
/// legacy 13-field one without the refa.
fn play_field_names(legacy: bool) -> &'static [Field] {
    if legacy {
        &[
            Field::Main,
            Field::Discard,
            Field::Contract,
            Field::Accepted,
            Field::Kontra,
            Field::Value,
            Field::Starts,
            Field::Throws,
            Field::Summary,
        ]
    } else {
        &[
            Field::Main,
            Field::Discard,
            Field::Contract,
            Field::Accepted,
            Field::Kontra,
            Field::Refa,
            Field::Value,
            Field::Starts,
            Field::Throws,
            Field::Summary,
        ]
    }
}

/// Reads the fields after the bids of a 13- (`legacy`) or 14-field record, setting their spans.
fn read_play_fields(cx: &mut Ctx<'_>, spans: &mut DealSpans, raw: &[Span; 14], legacy: bool) -> Option<Play> {
    for (k, &f) in play_field_names(legacy).iter().enumerate() {
        spans.set(f as usize, raw[4 + k]);
    }
    if legacy {
        spans.set(Field::Refa as usize, Span::at(spans.field(Field::Kontra).end));
    }
    let play = parse_play(cx, spans, legacy);
    if legacy && play.is_some() {
        cx.diags.push(
            Diagnostic::warning(
                code::LEGACY_13_FIELDS,
                "legacy 13-field record without a refa field; refa is inferred from the value",
                Span::new(spans.field(Field::Kontra).start, spans.field(Field::Value).end),
            )
            .with_help("write the 14-field form: `… kontra refa value …`"),
        );
    }
    play
}

fn parse_order(cx: &mut Ctx<'_>, span: Span) -> Option<DealOrder> {
    let text = cx.text(span);
    let order = match text.as_bytes() {
        [a, b, c] => match (
            PrefPlayer::from_char(*a as char),
            PrefPlayer::from_char(*b as char),
            PrefPlayer::from_char(*c as char),
        ) {
            (Some(a), Some(b), Some(c)) => DealOrder::new([a, b, c]),
            _ => None,
        },
        _ => None,
    };
    if order.is_none() {
        cx.err(code::BAD_DEAL_ORDER, format!("deal order `{text}` is not a permutation of 123"), span);
    }
    order
}

fn parse_cards(cx: &mut Ctx<'_>, span: Span) -> Option<[Card; 32]> {
    let text = cx.text(span);
    let bytes = text.as_bytes();
    if bytes.len() == 32 {
        let mut out = [Card::new(Rank::Two, Suit::Clubs); 32];
        let mut good = true;
        for (slot, &b) in out.iter_mut().zip(bytes) {
            match card_of(b) {
                Some(c) => *slot = c,
                None => good = false,
            }
        }
        if good {
            return Some(out);
        }
    }
    let mut count = 0;
    for (i, ch) in text.char_indices() {
        count += 1;
        if !ch.is_ascii() || card_of(ch as u8).is_none() {
            let s = span.start + i;
            cx.diags.push(
                Diagnostic::error(
                    code::CARD_CODE,
                    format!("`{ch}` is not a card code"),
                    Span::new(s, s + ch.len_utf8()),
                )
                .with_help("card codes are 1-8 (spades), 9 A-G (diamonds), H-O (hearts), P-W (clubs)"),
            );
        }
    }
    if count != 32 {
        cx.err(code::CARDS_LENGTH, format!("the cards field has {count} characters, not 32"), span);
    }
    None
}

fn parse_bid(text: &str) -> Option<Bid> {
    let level = |s: &str, lo: u8| match s.as_bytes() {
        [d @ b'2'..=b'8'] if d - b'0' >= lo => Some(d - b'0'),
        _ => None,
    };
    match text.as_bytes() {
        [b'P'] => Some(Bid::Pass),
        [b'G'] => Some(Bid::Game),
        [b'M', ..] => level(&text[1..], 3).map(Bid::Mine),
        [b'G', ..] => level(&text[1..], 2).map(Bid::NamedGame),
        _ => level(text, 2).map(Bid::Plain),
    }
}

fn parse_bids(cx: &mut Ctx<'_>, span: Span, out: &mut [Span; 3]) -> Option<[Bid; 3]> {
    let n = split_commas(cx.src, span, out);
    if n != 3 {
        cx.err(code::BID_TOKEN, format!("the bids field has {n} entries, not 3"), span);
        *out = [span; 3];
        return None;
    }
    let mut bids = [Bid::Pass; 3];
    let mut good = true;
    for (slot, &s) in bids.iter_mut().zip(out.iter()) {
        let text = cx.text(s);
        match parse_bid(text) {
            Some(b) => *slot = b,
            None => {
                good = false;
                cx.diags.push(
                    Diagnostic::error(code::BID_TOKEN, format!("`{text}` is not a bid"), s)
                        .with_help("bids are P, 2-8, M3-M8, G, G2-G8"),
                );
            }
        }
    }
    good.then_some(bids)
}

fn parse_contract(text: &str) -> Option<Contract> {
    let (game, rest) = match text.strip_prefix('G') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    match rest.as_bytes() {
        [d @ b'2'..=b'8'] => Some(Contract { game, level: d - b'0' }),
        _ => None,
    }
}

fn parse_play(cx: &mut Ctx<'_>, spans: &mut DealSpans, legacy: bool) -> Option<Play> {
    let main = parse_main(cx, spans.field(Field::Main));
    let discard = parse_discard(cx, spans.field(Field::Discard));
    let contract = parse_contract_field(cx, spans.field(Field::Contract));
    let accepted = parse_accepted(cx, spans.field(Field::Accepted));
    let kontra = parse_kontra(cx, spans.field(Field::Kontra));
    let refa = if legacy { Some(None) } else { parse_refa(cx, spans.field(Field::Refa)).map(Some) };
    let value = parse_value(cx, spans.field(Field::Value));
    let starts = parse_starts(cx, spans.field(Field::Starts));
    let throws = parse_throws(cx, spans.field(Field::Throws));
    let mut entry_spans = [Span::default(); 3];
    let summary = parse_summary(cx, spans.field(Field::Summary), &mut entry_spans);
    for (i, s) in entry_spans.into_iter().enumerate() {
        spans.set(SUMMARY_SLOT + i, s);
    }
    Some(Play {
        main: main?,
        discard: discard?,
        contract: contract?,
        accepted: accepted?,
        kontra: kontra?,
        refa: refa?,
        value: value?,
        starts: starts?,
        throws: throws?,
        summary: summary?,
    })
}

fn parse_main(cx: &mut Ctx<'_>, span: Span) -> Option<PrefPlayer> {
    let main = player_of(cx.text(span));
    if main.is_none() {
        let t = cx.text(span).to_owned();
        cx.err(code::MAIN_TOKEN, format!("main `{t}` is not a player 1, 2 or 3"), span);
    }
    main
}

fn parse_contract_field(cx: &mut Ctx<'_>, span: Span) -> Option<Contract> {
    let contract = parse_contract(cx.text(span));
    if contract.is_none() {
        let t = cx.text(span).to_owned();
        cx.diags.push(
            Diagnostic::error(code::CONTRACT_TOKEN, format!("`{t}` is not a contract"), span)
                .with_help("contracts are 2-8 or G2-G8"),
        );
    }
    contract
}

fn parse_accepted(cx: &mut Ctx<'_>, span: Span) -> Option<Accepted> {
    let accepted = match cx.text(span).as_bytes() {
        [b'0'] => Some(Accepted::Nobody),
        [d @ b'1'..=b'3'] => PrefPlayer::new(d - b'0').map(Accepted::One),
        [d @ b'4'..=b'9'] => Some(Accepted::Both(d - b'0')),
        _ => None,
    };
    if accepted.is_none() {
        let t = cx.text(span).to_owned();
        cx.diags.push(
            Diagnostic::error(code::ACCEPTED_TOKEN, format!("accepted `{t}` is not one digit"), span)
                .with_help("0 = nobody, 1-3 = that player, 4-9 (usually 8) = both"),
        );
    }
    accepted
}

/// The kontra field: `Some(None)` for `0`.
fn parse_kontra(cx: &mut Ctx<'_>, span: Span) -> Option<Option<Kontra>> {
    let kontra = match cx.text(span).as_bytes() {
        [b'0'] => Some(None),
        [l, p] => {
            let level = match l {
                b'I' => Some(KontraLevel::Invite),
                b'K' => Some(KontraLevel::Kontra),
                b'R' => Some(KontraLevel::Rekontra),
                b'S' => Some(KontraLevel::Subkontra),
                b'M' => Some(KontraLevel::Mortkontra),
                _ => None,
            };
            match (level, PrefPlayer::from_char(*p as char)) {
                (Some(level), Some(by)) => Some(Some(Kontra { level, by })),
                _ => None,
            }
        }
        _ => None,
    };
    if kontra.is_none() {
        let t = cx.text(span).to_owned();
        cx.diags.push(
            Diagnostic::error(code::KONTRA_TOKEN, format!("`{t}` is not a kontra code"), span)
                .with_help("0, or I/K/R/S/M followed by the follower 1-3"),
        );
    }
    kontra
}

fn parse_refa(cx: &mut Ctx<'_>, span: Span) -> Option<bool> {
    match cx.text(span) {
        "0" => Some(false),
        "1" => Some(true),
        t => {
            let t = t.to_owned();
            cx.err(code::REFA_TOKEN, format!("refa `{t}` is not 0 or 1"), span);
            None
        }
    }
}

fn parse_value(cx: &mut Ctx<'_>, span: Span) -> Option<u32> {
    let value = parse_uint(cx.text(span)).and_then(|v| u32::try_from(v).ok());
    if value.is_none() {
        let t = cx.text(span).to_owned();
        cx.err(code::VALUE_TOKEN, format!("value `{t}` is not a non-negative integer"), span);
    }
    value
}

/// The starts field: `Some(None)` for `0`.
fn parse_starts(cx: &mut Ctx<'_>, span: Span) -> Option<Option<PrefPlayer>> {
    match cx.text(span) {
        "0" => Some(None),
        t => match player_of(t) {
            Some(p) => Some(Some(p)),
            None => {
                let t = t.to_owned();
                cx.err(code::STARTS_TOKEN, format!("starts `{t}` is not 0, 1, 2 or 3"), span);
                None
            }
        },
    }
}

fn parse_discard(cx: &mut Ctx<'_>, span: Span) -> Option<Discard> {
    let text = cx.text(span);
    match text.as_bytes() {
        b"XX" => Some(Discard::None),
        // Two ASCII bytes: two card codes. (Two bytes of one non-ASCII character are one wrong
        // token, reported whole below.)
        [a, b] if a.is_ascii() && b.is_ascii() => {
            let mut good = true;
            for (k, &c) in [*a, *b].iter().enumerate() {
                if card_of(c).is_none() {
                    good = false;
                    let s = span.start + k;
                    cx.err(
                        code::CARD_CODE,
                        format!("`{}` is not a card code", c as char),
                        Span::new(s, s + 1),
                    );
                }
            }
            match (good, card_of(*a), card_of(*b)) {
                (true, Some(x), Some(y)) => Some(Discard::Cards([x, y])),
                _ => None,
            }
        }
        _ => {
            let t = text.to_owned();
            cx.diags.push(
                Diagnostic::error(
                    code::DISCARD_FORMAT,
                    format!("discarded `{t}` is not two card codes or XX"),
                    span,
                )
                .with_help("write the two discarded cards, or XX for a game"),
            );
            None
        }
    }
}

fn parse_throws(cx: &mut Ctx<'_>, span: Span) -> Option<Vec<Trick>> {
    let text = cx.text(span);
    if text == "0" {
        return Some(Vec::new());
    }
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(10);
    let mut good = true;
    for (off, part) in SplitComma::new(bytes) {
        let s = span.start + off;
        let part = text.get(off..off + part.len()).unwrap_or("");
        let tspan = Span::new(s, s + part.len());
        let Some(w) = part.chars().next_back() else {
            good = false;
            cx.err(code::THROWS_FORMAT, "an empty trick", tspan);
            continue;
        };
        let cards = &part[..part.len() - w.len_utf8()];
        let winner = PrefPlayer::from_char(w);
        if winner.is_none() {
            good = false;
            cx.diags.push(
                Diagnostic::error(
                    code::THROWS_FORMAT,
                    format!("a trick ends with its winner 1-3, not `{w}`"),
                    Span::new(tspan.end - w.len_utf8(), tspan.end),
                )
                .with_help("each trick is its cards in the order played, then the winner"),
            );
        }
        let mut cs = [Card::new(Rank::Two, Suit::Clubs); 3];
        let mut count = 0;
        for (k, ch) in cards.char_indices() {
            count += 1;
            match u8::try_from(ch).ok().and_then(card_of) {
                Some(card) => {
                    if let Some(slot) = cs.get_mut(count - 1) {
                        *slot = card;
                    }
                }
                None => {
                    good = false;
                    let at = s + k;
                    cx.err(
                        code::CARD_CODE,
                        format!("`{ch}` is not a card code"),
                        Span::new(at, at + ch.len_utf8()),
                    );
                }
            }
        }
        if !(2..=3).contains(&count) {
            good = false;
            cx.err(code::TRICK_SIZE, format!("a trick has 2 or 3 cards, this one has {count}"), tspan);
        }
        if let (true, Some(winner)) = (good, winner) {
            out.push(Trick::new(cs.get(..count).unwrap_or(&[]), winner));
        }
    }
    good.then_some(out)
}

struct SplitComma<'a> {
    bytes: &'a [u8],
    pos: usize,
    done: bool,
}

impl<'a> SplitComma<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        SplitComma { bytes, pos: 0, done: false }
    }
}

impl<'a> Iterator for SplitComma<'a> {
    type Item = (usize, &'a [u8]);
    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let rest = self.bytes.get(self.pos..)?;
        let start = self.pos;
        match rest.iter().position(|&b| b == b',') {
            Some(k) => {
                self.pos += k + 1;
                Some((start, &rest[..k]))
            }
            None => {
                self.done = true;
                Some((start, rest))
            }
        }
    }
}

fn parse_entry(text: &str) -> Result<Entry, &'static str> {
    if text == "0" {
        return Ok(Entry::None);
    }
    let tricks_of =
        |s: &str| parse_uint(s).and_then(|v| u8::try_from(v).ok()).ok_or("tricks must be a number");
    if let Some(rest) = text.strip_prefix('M') {
        let (t, m) = split_colon(rest).ok_or("a main entry is `M<tricks>:<middle>`")?;
        let middle = parse_int(m).ok_or("the middle amount must be an integer")?;
        return Ok(Entry::Main { tricks: tricks_of(t)?, middle });
    }
    if let Some(rest) = text.strip_prefix('F') {
        let (t, col) = split_colon(rest).ok_or("a follower entry is `F<tricks>:<L|R><supe>[:<fail>]`")?;
        let (col, fail) = match split_colon(col) {
            Some((col, fail)) => (col, Some(fail)),
            None => (col, None),
        };
        if fail.is_some_and(|f| f.contains(':')) {
            return Err("a follower entry has at most three parts");
        }
        let (column, supe) = if let Some(s) = col.strip_prefix('L') {
            (Column::Left, s)
        } else if let Some(s) = col.strip_prefix('R') {
            (Column::Right, s)
        } else {
            return Err("the supe column is L or R");
        };
        let supe = parse_uint(supe).ok_or("the supe must be a non-negative integer")?;
        let fail = match fail {
            Some(f) => Some(parse_uint(f).ok_or("the fail amount must be a non-negative integer")?),
            None => None,
        };
        return Ok(Entry::Follower { tricks: tricks_of(t)?, column, supe, fail });
    }
    Err("a summary entry is `0`, `M…` or `F…`")
}

/// `text` cut at its first `:` (a byte search: entries are a few bytes long).
fn split_colon(text: &str) -> Option<(&str, &str)> {
    let i = text.bytes().position(|b| b == b':')?;
    Some((text.get(..i)?, text.get(i + 1..)?))
}

fn parse_summary(cx: &mut Ctx<'_>, span: Span, out: &mut [Span; 3]) -> Option<[Entry; 3]> {
    let n = split_commas(cx.src, span, out);
    if n != 3 {
        cx.err(code::SUMMARY_FORMAT, format!("the summary has {n} entries, not 3"), span);
        *out = [span; 3];
        return None;
    }
    let mut entries = [Entry::None; 3];
    let mut good = true;
    for (slot, &s) in entries.iter_mut().zip(out.iter()) {
        let text = cx.text(s);
        match parse_entry(text) {
            Ok(e) => *slot = e,
            Err(why) => {
                good = false;
                cx.err(code::SUMMARY_FORMAT, format!("`{text}`: {why}"), s);
            }
        }
    }
    good.then_some(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_table_matches_cards_core() {
        for b in 0u8..=255 {
            assert_eq!(card_of(b), crate::card_text::parse_code(b as char), "{b}");
        }
    }

    #[test]
    fn token_ends_at_the_first_space() {
        let slow = |b: &[u8], i: usize| (i..b.len()).find(|&k| is_space(b[k])).unwrap_or(b.len());
        let text = b"WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6\x01\x1f\x7f\xff\xc3\xa9 a\tbc\x0cd\re  x\x20";
        for start in 0..text.len() {
            for end in start..=text.len() {
                assert_eq!(token_end(&text[..end], start, end), slow(&text[..end], start), "{start}..{end}");
            }
        }
    }

    #[test]
    fn bids_parse() {
        assert_eq!(parse_bid("M3"), Some(Bid::Mine(3)));
        assert_eq!(parse_bid("M2"), None);
        assert_eq!(parse_bid("G"), Some(Bid::Game));
        assert_eq!(parse_bid("G8"), Some(Bid::NamedGame(8)));
        assert_eq!(parse_bid("9"), None);
        assert_eq!(parse_bid("2"), Some(Bid::Plain(2)));
    }

    #[test]
    fn entries_parse() {
        assert_eq!(parse_entry("M6:-20"), Ok(Entry::Main { tricks: 6, middle: -20 }));
        assert_eq!(
            parse_entry("F1:L20:20"),
            Ok(Entry::Follower { tricks: 1, column: Column::Left, supe: 20, fail: Some(20) })
        );
        assert!(parse_entry("F1:X20").is_err());
        assert_eq!(
            parse_entry("F2:R16"),
            Ok(Entry::Follower { tricks: 2, column: Column::Right, supe: 16, fail: None })
        );
        assert_eq!(parse_entry("F1"), Err("a follower entry is `F<tricks>:<L|R><supe>[:<fail>]`"));
        assert_eq!(parse_entry("F1:L2:3:4"), Err("a follower entry has at most three parts"));
        assert_eq!(parse_entry("F1:L2:"), Err("the fail amount must be a non-negative integer"));
        assert_eq!(parse_entry("M6"), Err("a main entry is `M<tricks>:<middle>`"));
        assert_eq!(parse_entry("Mx:y"), Err("the middle amount must be an integer"));
        assert_eq!(parse_entry("Mx:-2"), Err("tricks must be a number"));
    }

    fn items(src: &str) -> (Vec<Tag>, Vec<Diagnostic>) {
        let (mut tags, mut problems) = (Vec::new(), Vec::new());
        for item in Scanner::new(src) {
            match item {
                Item::Tag(tag, _) => tags.push(tag),
                Item::Problem(d) => problems.push(d),
                Item::Record(_) => {}
            }
        }
        (tags, problems)
    }

    #[test]
    fn quoted_and_unquoted_tags() {
        let (tags, problems) = items("[Bula \"60\"]\n[Name \"a \\\"b\\\" c\"]\n[Date 2008.03.08]  \n");
        assert!(problems.is_empty(), "{problems:?}");
        let game = crate::model::Game { tags, deals: Vec::new() };
        assert_eq!(game.tag("Bula"), Some("60"));
        assert_eq!(game.tag("Name"), Some("a \"b\" c"));
        assert_eq!(game.tag("Date"), Some("2008.03.08"));
    }

    #[test]
    fn stray_line_and_unclosed() {
        let (_, problems) = items("...\n[Bula 60\n");
        let codes: Vec<_> = problems.iter().map(|d| d.code()).collect();
        assert_eq!(codes, [code::STRAY_LINE, code::BRACKET_UNCLOSED]);
        assert_eq!(problems[0].span(), Span::new(0, 3));
    }
}
