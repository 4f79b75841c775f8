//! The canonical writer: required fields first, then optional fields in the specification's table
//! order, then user fields and unknown fields in their order; `key = value` with single spaces;
//! `actions` as a multi-line array, one action per line. `.phhs` tables are numbered from 1 (or
//! keep their names with [`write_named_hands`]).

use core::fmt::Write as _;

use crate::model::{Field, Hand, Quantity, StrOrInt, TomlValue};
use cards_core::notation::WriteRecords;

/// Every field of the specification in canonical order: required fields, then optional fields in
/// the order of the specification's table ([`field_id`] gives each one's place).
#[cfg(test)]
pub(crate) const FIELD_ORDER: [&str; 37] = [
    "variant",
    "antes",
    "blinds_or_straddles",
    "bring_in",
    "small_bet",
    "big_bet",
    "min_bet",
    "starting_stacks",
    "actions",
    "author",
    "event",
    "url",
    "venue",
    "address",
    "city",
    "region",
    "postal_code",
    "country",
    "time",
    "time_zone",
    "time_zone_abbreviation",
    "day",
    "month",
    "year",
    "hand",
    "level",
    "seats",
    "seat_count",
    "table",
    "players",
    "finishing_stacks",
    "winnings",
    "currency",
    "currency_symbol",
    "ante_trimming_status",
    "time_limit",
    "time_banks",
];

/// The position of a field in [`FIELD_ORDER`], or `u8::MAX` for other keys.
#[must_use]
pub(crate) fn field_id(key: &str) -> u8 {
    match key {
        "variant" => 0,
        "antes" => 1,
        "blinds_or_straddles" => 2,
        "bring_in" => 3,
        "small_bet" => 4,
        "big_bet" => 5,
        "min_bet" => 6,
        "starting_stacks" => 7,
        "actions" => 8,
        "author" => 9,
        "event" => 10,
        "url" => 11,
        "venue" => 12,
        "address" => 13,
        "city" => 14,
        "region" => 15,
        "postal_code" => 16,
        "country" => 17,
        "time" => 18,
        "time_zone" => 19,
        "time_zone_abbreviation" => 20,
        "day" => 21,
        "month" => 22,
        "year" => 23,
        "hand" => 24,
        "level" => 25,
        "seats" => 26,
        "seat_count" => 27,
        "table" => 28,
        "players" => 29,
        "finishing_stacks" => 30,
        "winnings" => 31,
        "currency" => 32,
        "currency_symbol" => 33,
        "ante_trimming_status" => 34,
        "time_limit" => 35,
        "time_banks" => 36,
        _ => u8::MAX,
    }
}

/// Appends a TOML string: a literal `'…'` string when possible, else a basic string with escapes.
pub(crate) fn push_string(out: &mut String, s: &str) {
    let literal_ok = !s.contains('\'') && !s.chars().any(|c| (c.is_control() && c != '\t') || c == '\u{7f}');
    if literal_ok {
        out.push('\'');
        out.push_str(s);
        out.push('\'');
        return;
    }
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push('\t'),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if c.is_control() || c == '\u{7f}' => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Appends a key, bare when possible, else quoted.
pub(crate) fn push_key(out: &mut String, key: &str) {
    if !key.is_empty() && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-') {
        out.push_str(key);
    } else {
        push_string(out, key);
    }
}

fn push_quantity(out: &mut String, q: &Quantity) {
    match q {
        Quantity::Finite(a) => push_amount(out, a),
        Quantity::Infinite => out.push_str("inf"),
    }
}

/// An amount as a TOML number. TOML integers are 64-bit, so an integral amount beyond that range
/// is written as a float literal (`…0.0`), whose exact text this crate reads back as the same
/// decimal.
fn push_amount(out: &mut String, a: &cards_core::Amount) {
    let start = out.len();
    let _ = write!(out, "{a}");
    let text = out.get(start..).unwrap_or("");
    if !text.contains(['.', 'e', 'E']) && text.parse::<i64>().is_err() {
        out.push_str(".0");
    }
}

fn push_list<T>(out: &mut String, items: &[T], mut f: impl FnMut(&mut String, &T)) {
    out.push('[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        f(out, item);
    }
    out.push(']');
}

/// Appends a kept TOML value (tables inline).
pub(crate) fn push_toml_value(out: &mut String, value: &TomlValue) {
    match value {
        TomlValue::String(s) => push_string(out, s),
        TomlValue::Integer(i) => {
            let _ = write!(out, "{i}");
        }
        TomlValue::Float(t) | TomlValue::Datetime(t) => out.push_str(t),
        TomlValue::Boolean(b) => out.push_str(if *b { "true" } else { "false" }),
        TomlValue::Array(items) => push_list(out, items, push_toml_value),
        TomlValue::Table(fields) => {
            if fields.is_empty() {
                out.push_str("{}");
                return;
            }
            out.push_str("{ ");
            for (i, f) in fields.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                push_key(out, &f.key);
                out.push_str(" = ");
                push_toml_value(out, &f.value);
            }
            out.push_str(" }");
        }
    }
}

fn push_str_or_int(out: &mut String, v: &StrOrInt) {
    match v {
        StrOrInt::Int(i) => {
            let _ = write!(out, "{i}");
        }
        StrOrInt::Str(s) => push_string(out, s),
    }
}

struct W<'o> {
    out: &'o mut String,
}

impl W<'_> {
    fn line(&mut self, key: &str, f: impl FnOnce(&mut String)) {
        self.out.push_str(key);
        self.out.push_str(" = ");
        f(self.out);
        self.out.push('\n');
    }

    fn opt<T>(&mut self, key: &str, v: Option<&T>, f: impl FnOnce(&mut String, &T)) {
        if let Some(v) = v {
            self.line(key, |o| f(o, v));
        }
    }
}

/// Appends a hand in canonical form.
pub(crate) fn write_hand_to(out: &mut String, hand: &Hand) {
    let mut w = W { out };
    let amounts = |o: &mut String, v: &Vec<cards_core::Amount>| push_list(o, v, push_amount);
    let quantities = |o: &mut String, v: &Vec<Quantity>| push_list(o, v, push_quantity);
    let string = |o: &mut String, s: &String| push_string(o, s);
    let amount = push_amount;
    let int = |o: &mut String, i: &i64| {
        let _ = write!(o, "{i}");
    };
    w.line("variant", |o| push_string(o, hand.variant.code()));
    w.line("antes", |o| amounts(o, &hand.antes));
    w.opt("blinds_or_straddles", hand.blinds_or_straddles.as_ref(), amounts);
    w.opt("bring_in", hand.bring_in.as_ref(), amount);
    w.opt("small_bet", hand.small_bet.as_ref(), amount);
    w.opt("big_bet", hand.big_bet.as_ref(), amount);
    w.opt("min_bet", hand.min_bet.as_ref(), amount);
    w.line("starting_stacks", |o| quantities(o, &hand.starting_stacks));
    if hand.actions.is_empty() {
        w.out.push_str("actions = []\n");
    } else {
        w.out.push_str("actions = [\n");
        let mut notation = String::new();
        for action in &hand.actions {
            notation.clear();
            action.write_to(&mut notation);
            w.out.push_str("  ");
            push_string(w.out, &notation);
            w.out.push_str(",\n");
        }
        w.out.push_str("]\n");
    }
    w.opt("author", hand.author.as_ref(), string);
    w.opt("event", hand.event.as_ref(), string);
    w.opt("url", hand.url.as_ref(), string);
    w.opt("venue", hand.venue.as_ref(), string);
    w.opt("address", hand.address.as_ref(), string);
    w.opt("city", hand.city.as_ref(), string);
    w.opt("region", hand.region.as_ref(), string);
    w.opt("postal_code", hand.postal_code.as_ref(), string);
    w.opt("country", hand.country.as_ref(), string);
    w.opt("time", hand.time.as_ref(), |o, t| {
        let _ = write!(o, "{t}");
    });
    w.opt("time_zone", hand.time_zone.as_ref(), string);
    w.opt("time_zone_abbreviation", hand.time_zone_abbreviation.as_ref(), string);
    w.opt("day", hand.day.as_ref(), int);
    w.opt("month", hand.month.as_ref(), int);
    w.opt("year", hand.year.as_ref(), int);
    w.opt("hand", hand.hand.as_ref(), push_str_or_int);
    w.opt("level", hand.level.as_ref(), int);
    w.opt("seats", hand.seats.as_ref(), |o, v| push_list(o, v, int));
    w.opt("seat_count", hand.seat_count.as_ref(), int);
    w.opt("table", hand.table.as_ref(), push_str_or_int);
    w.opt("players", hand.players.as_ref(), |o, v| push_list(o, v, string));
    w.opt("finishing_stacks", hand.finishing_stacks.as_ref(), quantities);
    w.opt("winnings", hand.winnings.as_ref(), quantities);
    w.opt("currency", hand.currency.as_ref(), string);
    w.opt("currency_symbol", hand.currency_symbol.as_ref(), string);
    w.opt("ante_trimming_status", hand.ante_trimming_status.as_ref(), |o, b| {
        o.push_str(if *b { "true" } else { "false" });
    });
    w.opt("time_limit", hand.time_limit.as_ref(), push_quantity);
    w.opt("time_banks", hand.time_banks.as_ref(), quantities);
    for Field { key, value } in hand.user_fields.iter().chain(&hand.unknown_fields) {
        push_key(w.out, key);
        w.out.push_str(" = ");
        push_toml_value(w.out, value);
        w.out.push('\n');
    }
}

/// Writes hands to any [`Write`](std::io::Write), one record at a time.
///
/// [`Writer::new`] writes a `.phhs` file: each hand is a table, named as its record was read
/// ([`write_record`](Writer::write_record)) or numbered `[1]`, `[2]`, … by its place in the output
/// ([`write`](Writer::write)), tables apart by a blank line. [`Writer::single`] writes one `.phh`
/// hand. Both write the canonical form ([`write_hand`]); [`write_preserved`](Writer::write_preserved)
/// writes a record's own text instead, with only its non-canonical action notations rewritten.
///
/// ```
/// use cards_core::notation::{Notation, ReadRecords, WriteRecords};
/// use phh::Phh;
///
/// let text = "# mine\n[a]\nvariant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
///             starting_stacks = [200, 200]\nactions = ['d dh p1 AhKh', 'd dh p2 ????', 'p2   f'] # x\n";
/// let options = phh::Options::default();
/// let mut canonical = Phh::writer(Vec::new());
/// let mut preserved = Phh::writer(Vec::new());
/// let mut reader = Phh::reader(text.as_bytes(), options);
/// while let Some(raw) = reader.read_raw() {
///     let raw = raw.unwrap();
///     let record = Phh::parse(raw.clone(), &options);
///     canonical.write_record(&record).unwrap();
///     preserved.write_preserved(&record, &raw).unwrap();
/// }
/// let canonical = String::from_utf8(canonical.into_inner().unwrap()).unwrap();
/// assert!(canonical.starts_with("[a]\nvariant = 'NT'\n"));
/// assert!(canonical.contains("  'p2 f',\n"));
/// let preserved = String::from_utf8(preserved.into_inner().unwrap()).unwrap();
/// assert_eq!(preserved, text.replace("'p2   f'", "\"p2 f\""));
/// ```
#[derive(Debug)]
pub struct Writer<W> {
    out: W,
    single: bool,
    written: usize,
    buf: String,
}

impl<W: std::io::Write> Writer<W> {
    /// A writer of a `.phhs` file (tables).
    pub fn new(out: W) -> Writer<W> {
        Writer { out, single: false, written: 0, buf: String::with_capacity(1024) }
    }

    /// A writer of a `.phh` file (one hand, no table header).
    pub fn single(out: W) -> Writer<W> {
        Writer { single: true, ..Writer::new(out) }
    }

    /// Writes a hand in canonical form; in a `.phhs` file its table is numbered by its place.
    ///
    /// # Errors
    /// An error of the output, or [`InvalidInput`](std::io::ErrorKind::InvalidInput) for a second
    /// hand in a `.phh` file.
    pub fn write(&mut self, hand: &Hand) -> std::io::Result<()> {
        let number = (self.written + 1).to_string();
        self.write_named(&number, hand)
    }

    /// Writes a hand in canonical form as the table `[name]` (no header in a `.phh` file).
    ///
    /// # Errors
    /// As [`write`](Self::write).
    pub fn write_named(&mut self, name: &str, hand: &Hand) -> std::io::Result<()> {
        self.buf.clear();
        if self.single {
            if self.written > 0 {
                return Err(invalid("a .phh file holds one hand"));
            }
        } else {
            if self.written > 0 {
                self.buf.push('\n');
            }
            self.buf.push('[');
            push_key(&mut self.buf, name);
            self.buf.push_str("]\n");
        }
        write_hand_to(&mut self.buf, hand);
        self.written += 1;
        self.out.write_all(self.buf.as_bytes())
    }

    /// Writes a hand's own text (`raw`, as the [`Reader`](crate::Reader) cut it; `record` is its
    /// parse) keeping every comment, blank line and field order, with each action notation that
    /// is not in canonical form rewritten (as [`edit::Editor`](crate::edit::Editor) does).
    ///
    /// # Errors
    /// An error of the output, or [`InvalidData`](std::io::ErrorKind::InvalidData) when the text
    /// is not TOML that holds the record's hand.
    pub fn write_preserved(&mut self, record: &crate::Record, raw: &crate::Raw) -> std::io::Result<()> {
        let text = raw.text();
        let Some(hand) = &record.model.hand else {
            self.written += 1;
            return self.out.write_all(text.as_bytes());
        };
        let start = raw.offset();
        let local = |span: cards_core::Span| {
            span.start.checked_sub(start).and_then(|s| text.get(s..s + (span.end - span.start)))
        };
        let mut editor: Option<crate::edit::Editor> = None;
        let table = record.model.name.as_deref();
        for (i, (action, span)) in hand.actions.iter().zip(&record.model.action_spans).enumerate() {
            self.buf.clear();
            action.write_to(&mut self.buf);
            if local(*span) == Some(self.buf.as_str()) {
                continue;
            }
            if editor.is_none() {
                let parsed = crate::edit::Editor::new(text).map_err(|d| {
                    std::io::Error::new(std::io::ErrorKind::InvalidData, d.message().to_owned())
                })?;
                editor = Some(parsed);
            }
            if let Some(editor) = editor.as_mut() {
                editor
                    .replace_action(table, i, action)
                    .map_err(|m| std::io::Error::new(std::io::ErrorKind::InvalidData, m))?;
            }
        }
        self.written += 1;
        match editor {
            Some(editor) => self.out.write_all(editor.to_string().as_bytes()),
            None => self.out.write_all(text.as_bytes()),
        }
    }

    /// Flushes the output.
    ///
    /// # Errors
    /// An error of the output.
    pub fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

impl<W: std::io::Write> WriteRecords<crate::FileHand, W> for Writer<W> {
    /// Writes a record in canonical form, its table named as it was read (numbered by its place
    /// when it had no name).
    ///
    /// # Errors
    /// An error of the output, or [`InvalidInput`](std::io::ErrorKind::InvalidInput) for a record
    /// without a hand (it could not be read) or a second hand in a `.phh` file.
    fn write_record(&mut self, record: &crate::Record) -> std::io::Result<()> {
        let Some(hand) = &record.model.hand else {
            return Err(invalid("the record has no hand to write (its diagnostics say why)"));
        };
        match &record.model.name {
            Some(name) => self.write_named(name, hand),
            None => self.write(hand),
        }
    }

    /// Flushes the output and returns it.
    ///
    /// # Errors
    /// The error of flushing.
    fn into_inner(mut self) -> std::io::Result<W> {
        self.out.flush()?;
        Ok(self.out)
    }
}

fn invalid(message: &str) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidInput, message.to_owned())
}

/// A hand as a canonical `.phh` text.
///
/// ```
/// let text = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
///             starting_stacks = [200, 200]\nactions = ['d dh p1 AhKh', 'd dh p2 ????', 'p2 f']\n";
/// let hand = phh::parse_hand(text).model.hand.unwrap();
/// let out = phh::write_hand(&hand);
/// assert!(out.starts_with("variant = 'NT'\nantes = [0, 0]\n"));
/// assert!(out.contains("actions = [\n  'd dh p1 AhKh',\n"));
/// assert_eq!(phh::parse_hand(&out).model.hand.unwrap(), hand);
/// ```
#[must_use]
pub fn write_hand(hand: &Hand) -> String {
    let mut out = String::with_capacity(512);
    write_hand_to(&mut out, hand);
    out
}

/// Hands as a canonical `.phhs` text, tables numbered `[1]`, `[2]`, … (a [`Writer`] into a
/// string).
#[must_use]
pub fn write_hands<'h>(hands: impl IntoIterator<Item = &'h Hand>) -> String {
    let mut writer = Writer::new(Vec::new());
    for hand in hands {
        // Writing to memory cannot fail.
        let _ = writer.write(hand);
    }
    writer.into_inner().ok().and_then(|out| String::from_utf8(out).ok()).unwrap_or_default()
}

/// Hands as a canonical `.phhs` text keeping their table names (a [`Writer`] into a string).
#[must_use]
pub fn write_named_hands<'h>(hands: impl IntoIterator<Item = (&'h str, &'h Hand)>) -> String {
    let mut writer = Writer::new(Vec::new());
    for (name, hand) in hands {
        let _ = writer.write_named(name, hand);
    }
    writer.into_inner().ok().and_then(|out| String::from_utf8(out).ok()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    #[test]
    fn field_ids_are_the_places_in_the_field_order() {
        for (i, key) in super::FIELD_ORDER.iter().enumerate() {
            assert_eq!(usize::from(super::field_id(key)), i, "{key}");
        }
        assert_eq!(super::field_id("_mine"), u8::MAX);
    }

    /// Found by the `phh_roundtrip` fuzz target: an amount read from a float literal beyond 64 bits
    /// (`2.0e20`) was written as a TOML integer that no TOML reader accepts.
    #[test]
    fn integral_amounts_beyond_64_bits_stay_readable() {
        let text = "variant = 'NT'\nantes = [2.5, 2.0e20]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
                    starting_stacks = [200, 9223372036854775808.0]\nactions = []\n";
        let hand = crate::parse_hand(text).model.hand.unwrap();
        let out = crate::write_hand(&hand);
        assert!(out.contains("antes = [2.5, 200000000000000000000.0]"), "{out}");
        assert!(out.contains("starting_stacks = [200, 9223372036854775808.0]"), "{out}");
        let again = crate::parse_hand(&out);
        assert!(again.diagnostics.iter().all(|d| !d.is_error()), "{:?}", again.diagnostics);
        assert_eq!(again.model.hand.as_ref(), Some(&hand));
        assert_eq!(crate::write_hand(&hand), out);
    }
}
