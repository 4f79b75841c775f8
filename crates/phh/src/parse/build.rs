//! Building a [`Hand`] from the raw key/value tree: field types, conversions, and the
//! per-field spans the checks need.

use cards_core::{Amount, Diagnostic, DiagnosticSink, Span};

use super::action::parse_action;
use super::number::parse_decimal;
use super::raw::{RawEntry, RawKind, RawValue};
use super::validate::{self, FieldSpans};
use crate::codes;
use crate::model::{Action, Field, Hand, LocalTime, Quantity, StrOrInt, TomlValue, Variant};

/// What building one hand produced.
pub(crate) struct Built {
    pub hand: Option<Hand>,
    pub action_spans: Vec<Span>,
    pub diagnostics: Vec<Diagnostic>,
}

fn type_error(key: &str, expected: &str, value: &RawValue<'_>) -> Diagnostic {
    Diagnostic::error(
        codes::PHH_FIELD_TYPE,
        format!("`{key}` must be {expected}, not {}", value.kind.type_name()),
        value.span,
    )
}

/// Converts any raw value to a kept TOML value.
pub(crate) fn toml_value(value: &RawValue<'_>) -> TomlValue {
    match &value.kind {
        RawKind::Str { value, .. } => TomlValue::String((*value).to_owned()),
        RawKind::Int(i) => TomlValue::Integer(*i),
        RawKind::Float(t) => TomlValue::Float(t.as_ref().to_owned()),
        RawKind::Bool(b) => TomlValue::Boolean(*b),
        RawKind::Datetime(t) => TomlValue::Datetime(t.as_ref().to_owned()),
        RawKind::Array(items) => TomlValue::Array(items.iter().map(toml_value).collect()),
        RawKind::Table(entries) => TomlValue::Table(
            entries.iter().map(|e| Field { key: e.key.to_owned(), value: toml_value(&e.value) }).collect(),
        ),
    }
}

struct Ctx<'d> {
    diags: &'d mut Vec<Diagnostic>,
}

impl Ctx<'_> {
    fn string(&mut self, key: &str, v: &RawValue<'_>) -> Option<String> {
        match &v.kind {
            RawKind::Str { value, .. } => Some((*value).to_owned()),
            _ => {
                self.diags.push(type_error(key, "a string", v));
                None
            }
        }
    }

    fn int(&mut self, key: &str, v: &RawValue<'_>) -> Option<i64> {
        match &v.kind {
            RawKind::Int(i) => Some(*i),
            _ => {
                self.diags.push(type_error(key, "an integer", v));
                None
            }
        }
    }

    fn str_or_int(&mut self, key: &str, v: &RawValue<'_>) -> Option<StrOrInt> {
        match &v.kind {
            RawKind::Int(i) => Some(StrOrInt::Int(*i)),
            RawKind::Str { value, .. } => Some(StrOrInt::Str((*value).to_owned())),
            _ => {
                self.diags.push(type_error(key, "a string or an integer", v));
                None
            }
        }
    }

    /// An integer or float as an exact quantity (`inf` allowed here; callers refuse it).
    fn quantity(&mut self, key: &str, v: &RawValue<'_>) -> Option<Quantity> {
        match &v.kind {
            RawKind::Int(i) => Some(Quantity::Finite(Amount::from_int(*i))),
            RawKind::Float(text) => {
                match text.as_ref() {
                    "inf" | "+inf" => Some(Quantity::Infinite),
                    "-inf" | "nan" | "+nan" | "-nan" => {
                        self.diags.push(Diagnostic::error(
                            codes::PHH_BAD_NUMBER,
                            format!("`{key}` holds `{text}`, which is not an amount"),
                            v.span,
                        ));
                        None
                    }
                    t => match parse_decimal(t) {
                        Ok(a) => Some(Quantity::Finite(a)),
                        Err(_) => {
                            self.diags.push(Diagnostic::error(
                            codes::PHH_BAD_NUMBER,
                            format!("`{t}` in `{key}` cannot be held exactly (more than 28 significant digits)"),
                            v.span,
                        ));
                            None
                        }
                    },
                }
            }
            _ => {
                self.diags.push(type_error(key, "an integer or a float", v));
                None
            }
        }
    }

    fn amount(&mut self, key: &str, v: &RawValue<'_>) -> Option<Amount> {
        match self.quantity(key, v)? {
            Quantity::Finite(a) => Some(a),
            Quantity::Infinite => {
                self.diags.push(Diagnostic::error(
                    codes::PHH_BAD_NUMBER,
                    format!("`{key}` cannot be infinite"),
                    v.span,
                ));
                None
            }
        }
    }

    fn array<'v, 'a>(&mut self, key: &str, v: &'v RawValue<'a>, what: &str) -> Option<&'v [RawValue<'a>]> {
        match &v.kind {
            RawKind::Array(items) => Some(items),
            _ => {
                self.diags.push(type_error(key, &format!("an array of {what}"), v));
                None
            }
        }
    }

    /// Converts every element; `None` if any fails (each failure reported).
    fn each<T>(
        &mut self,
        key: &str,
        v: &RawValue<'_>,
        what: &str,
        mut f: impl FnMut(&mut Self, &str, &RawValue<'_>) -> Option<T>,
    ) -> Option<(Vec<T>, ())> {
        let items = self.array(key, v, what)?;
        let mut out = Vec::with_capacity(items.len());
        let mut ok = true;
        for item in items {
            match f(self, key, item) {
                Some(x) => out.push(x),
                None => ok = false,
            }
        }
        ok.then_some((out, ()))
    }
}

/// Builds a hand from its raw entries. `anchor` is where hand-level problems are reported.
pub(crate) fn build(entries: &[RawEntry<'_>], anchor: Span) -> Built {
    let mut diags = Vec::new();
    let Some(variant) = variant(entries, anchor, &mut diags) else {
        return Built { hand: None, action_spans: Vec::new(), diagnostics: diags };
    };
    let mut hand = Hand::new(variant);
    let mut spans = FieldSpans::new(anchor, entries);
    let mut action_spans = Vec::new();
    let mut ctx = Ctx { diags: &mut diags };
    for (entry_index, entry) in entries.iter().enumerate() {
        let key = entry.key;
        spans.record(key_id(key), entry_index);
        let before = ctx.diags.len();
        if key == "actions" {
            ctx.actions(&entry.value, &mut hand.actions, &mut action_spans);
            continue;
        }
        ctx.field(&mut hand, entry);
        if ctx.diags.get(before..).is_some_and(|new| new.iter().any(Diagnostic::is_error)) {
            spans.fail(key_id(key));
        }
    }
    validate::check_hand(&hand, &spans, &action_spans, &mut diags);
    Built { hand: Some(hand), action_spans, diagnostics: diags }
}

/// The hand's variant, which every other field depends on (`None`, reported, if it is missing or
/// not one of the codes).
fn variant(entries: &[RawEntry<'_>], anchor: Span, diags: &mut dyn DiagnosticSink) -> Option<Variant> {
    let Some(entry) = entries.iter().find(|e| e.key == "variant") else {
        diags.report(
            Diagnostic::error(codes::PHH_FIELD_MISSING, "the required field `variant` is missing", anchor)
                .with_help("add `variant = 'NT'` (or another of the 11 codes)"),
        );
        return None;
    };
    let RawKind::Str { value, .. } = &entry.value.kind else {
        diags.report(type_error("variant", "a string", &entry.value));
        return None;
    };
    let variant = Variant::from_code(value);
    if variant.is_none() {
        diags.report(
            Diagnostic::error(
                codes::PHH_UNKNOWN_VARIANT,
                format!("unknown variant `{value}`"),
                entry.value.span,
            )
            .with_help("use one of FT NT NS PO FO/8 F7S F7S/8 FR N2L1D F2L3D FB"),
        );
    }
    variant
}

impl Ctx<'_> {
    /// Sets the field `entry` names on `hand` (every field but `actions`), reporting a value of the
    /// wrong type. One arm per field of the specification (the arrays in [`Self::array_field`]).
    fn field(&mut self, hand: &mut Hand, entry: &RawEntry<'_>) {
        let key = entry.key;
        let v = &entry.value;
        match key {
            "variant" | "actions" => {}
            "antes"
            | "blinds_or_straddles"
            | "starting_stacks"
            | "seats"
            | "players"
            | "finishing_stacks"
            | "winnings"
            | "time_banks" => self.array_field(hand, key, v),
            "bring_in" => hand.bring_in = self.amount(key, v),
            "small_bet" => hand.small_bet = self.amount(key, v),
            "big_bet" => hand.big_bet = self.amount(key, v),
            "min_bet" => hand.min_bet = self.amount(key, v),
            "author" => hand.author = self.string(key, v),
            "event" => hand.event = self.string(key, v),
            "url" => hand.url = self.string(key, v),
            "venue" => hand.venue = self.string(key, v),
            "address" => hand.address = self.string(key, v),
            "city" => hand.city = self.string(key, v),
            "region" => hand.region = self.string(key, v),
            "postal_code" => hand.postal_code = self.string(key, v),
            "country" => hand.country = self.string(key, v),
            "time" => hand.time = self.local_time(key, v),
            "time_zone" => hand.time_zone = self.string(key, v),
            "time_zone_abbreviation" => hand.time_zone_abbreviation = self.string(key, v),
            "day" => hand.day = self.int(key, v),
            "month" => hand.month = self.int(key, v),
            "year" => hand.year = self.int(key, v),
            "hand" => hand.hand = self.str_or_int(key, v),
            "level" => hand.level = self.int(key, v),
            "seat_count" => hand.seat_count = self.int(key, v),
            "table" => hand.table = self.str_or_int(key, v),
            "currency" => hand.currency = self.string(key, v),
            "currency_symbol" => hand.currency_symbol = self.string(key, v),
            "ante_trimming_status" => hand.ante_trimming_status = self.boolean(key, v),
            "time_limit" => hand.time_limit = self.quantity(key, v),
            _ if key.starts_with('_') => {
                hand.user_fields.push(Field { key: key.to_owned(), value: toml_value(v) });
            }
            _ => {
                self.diags.push(
                    Diagnostic::warning(
                        codes::PHH_UNKNOWN_FIELD,
                        format!("`{key}` is not a field of the PHH specification; it is kept as is"),
                        entry.key_span,
                    )
                    .with_help("user-defined fields start with an underscore, like `_note`"),
                );
                hand.unknown_fields.push(Field { key: key.to_owned(), value: toml_value(v) });
            }
        }
    }

    /// Sets the array field `key` on `hand`, reporting a value of the wrong type.
    fn array_field(&mut self, hand: &mut Hand, key: &str, v: &RawValue<'_>) {
        match key {
            "antes" => {
                if let Some((a, ())) = self.each(key, v, "numbers", |c, k, x| c.amount(k, x)) {
                    hand.antes = a;
                }
            }
            "blinds_or_straddles" => {
                if let Some((a, ())) = self.each(key, v, "numbers", |c, k, x| c.amount(k, x)) {
                    hand.blinds_or_straddles = Some(a);
                }
            }
            "starting_stacks" => {
                if let Some((a, ())) = self.each(key, v, "numbers", |c, k, x| c.quantity(k, x)) {
                    hand.starting_stacks = a;
                }
            }
            "seats" => {
                if let Some((a, ())) = self.each(key, v, "integers", |c, k, x| c.int(k, x)) {
                    hand.seats = Some(a);
                }
            }
            "players" => {
                if let Some((a, ())) = self.each(key, v, "strings", |c, k, x| c.string(k, x)) {
                    hand.players = Some(a);
                }
            }
            "finishing_stacks" => {
                if let Some((a, ())) = self.each(key, v, "numbers", |c, k, x| c.quantity(k, x)) {
                    hand.finishing_stacks = Some(a);
                }
            }
            "winnings" => {
                if let Some((a, ())) = self.each(key, v, "numbers", |c, k, x| c.quantity(k, x)) {
                    hand.winnings = Some(a);
                }
            }
            "time_banks" => {
                if let Some((a, ())) = self.each(key, v, "numbers", |c, k, x| c.quantity(k, x)) {
                    hand.time_banks = Some(a);
                }
            }
            _ => {}
        }
    }

    /// Reads the `actions` array: each action that parses goes to `actions`, with the span of its
    /// text to `spans`; each that does not is reported.
    fn actions(&mut self, v: &RawValue<'_>, actions: &mut Vec<Action>, spans: &mut Vec<Span>) {
        let Some(items) = self.array("actions", v, "strings") else { return };
        actions.reserve(items.len());
        spans.reserve(items.len());
        for item in items {
            let RawKind::Str { value, content_start } = &item.kind else {
                self.diags.push(type_error("actions", "an array of strings", v));
                continue;
            };
            let text_span = match content_start {
                Some(s) => Span::new(*s, s + value.len()),
                None => item.span,
            };
            match parse_action(value) {
                Ok(action) => {
                    actions.push(action);
                    spans.push(text_span);
                }
                Err(e) => {
                    let span = action_error_span(e.span, *content_start, item.span, text_span);
                    self.diags.push(Diagnostic::error(
                        e.code,
                        format!("{} in action `{value}`", e.message),
                        span,
                    ));
                }
            }
        }
    }

    fn local_time(&mut self, key: &str, v: &RawValue<'_>) -> Option<LocalTime> {
        let RawKind::Datetime(t) = &v.kind else {
            self.diags.push(type_error(key, "a local time (like 13:05:00)", v));
            return None;
        };
        let time = t.parse::<LocalTime>().ok();
        if time.is_none() {
            self.diags.push(Diagnostic::error(
                codes::PHH_FIELD_TYPE,
                format!("`time` must be a local time like 13:05:00, not the date-time `{t}`"),
                v.span,
            ));
        }
        time
    }

    fn boolean(&mut self, key: &str, v: &RawValue<'_>) -> Option<bool> {
        match &v.kind {
            RawKind::Bool(b) => Some(*b),
            _ => {
                self.diags.push(type_error(key, "a boolean", v));
                None
            }
        }
    }
}

/// Where an action's parse error is reported: its span in the action's text, moved to the whole
/// input when the string's content is known (else the whole string), at least one byte wide and
/// ending inside the text.
fn action_error_span(error: Span, content_start: Option<usize>, item: Span, text: Span) -> Span {
    let span = match content_start {
        Some(s) => error.shift(s),
        None => item,
    };
    let span = if span.is_empty() { Span::new(span.start, span.start + 1) } else { span };
    if content_start.is_some() && span.end > text.end && text.end > text.start {
        Span::new(span.start.min(text.end - 1), text.end)
    } else {
        span
    }
}

/// Known field names as small ids for span lookups.
fn key_id(key: &str) -> u8 {
    crate::write::field_id(key)
}
