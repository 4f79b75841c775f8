//! Glue for Portable Bridge Notation (`.pbn`): check (deal, auction, play, result and score
//! checks of the `pbn` crate), fmt (export format, or import style with `--preserve`) and convert
//! (to a JSON form that keeps every tag and section token, and back).
//!
//! Per game `check` reports `board`, `dealer`, `vulnerable`, `deal` (`N:` and the four hands from
//! North, `-` for a hand not given), `declarer`, `contract`, `result` (declarer's tricks claimed
//! by the Result tag), `tricks_by_play` (declarer's tricks in the play when every trick is known)
//! and `score` (the duplicate score for North-South computed from contract, declarer,
//! vulnerability and result); `null` when absent.

use cards_core::{Compass, Diagnostic, Span};
use pbn::model::{Item, TokenKind};
use pbn::{Options, Record};
use serde_json::{Map, Value};

use super::{CheckOptions, ConvertTo, FileCheck, FmtOptions, RecordReport, Refusal};

fn opt_str(v: Option<String>) -> Value {
    v.map_or(Value::Null, Value::String)
}

fn fields(r: &Record<'_>) -> Map<String, Value> {
    let info = &r.info;
    let mut m = Map::new();
    m.insert("board".into(), opt_str(info.board.clone()));
    m.insert("dealer".into(), opt_str(info.dealer.map(|d| d.to_string())));
    m.insert(
        "vulnerable".into(),
        opt_str(info.vulnerable.map(|v| pbn::model::vulnerability_export(v).to_owned())),
    );
    m.insert("deal".into(), opt_str(info.deal.map(|d| d.write_from(Compass::North))));
    m.insert(
        "declarer".into(),
        opt_str(info.declarer.map(|d| format!("{}{}", if d.irregular { "^" } else { "" }, d.seat))),
    );
    m.insert("contract".into(), opt_str(info.contract.map(pbn::model::Contract::export)));
    let result = info.result.and_then(|res| res.declarer_tricks(info.declarer.map(|d| d.seat)));
    m.insert("result".into(), result.map_or(Value::Null, Value::from));
    m.insert("tricks_by_play".into(), info.tricks_by_play.map_or(Value::Null, Value::from));
    m.insert("score".into(), info.score_ns.map_or(Value::Null, Value::from));
    m
}

fn read(source: &str, strict: bool) -> Vec<Record<'_>> {
    pbn::read_str(source, Options { strict }).collect()
}

/// Checks a whole file: one record per game. A header of `%` lines and comments alone is not a
/// game: what it reports goes with the game after it (or, at the end of the file, the game before
/// it), so game indexes are not shifted. A file without any game (0 bytes, blank, comments only)
/// still gives one record, every field null.
#[must_use]
pub fn check(data: &[u8], opts: &CheckOptions) -> FileCheck {
    let source = pbn::decode(data).text;
    let mut reports: Vec<RecordReport> = Vec::new();
    let mut carried: Vec<Diagnostic> = Vec::new();
    // Records are dropped as they are reported: only the reports are kept.
    for r in pbn::read_str(&source, Options { strict: opts.strict }) {
        if r.is_game() {
            let mut diagnostics = std::mem::take(&mut carried);
            diagnostics.extend(r.diagnostics.iter().cloned());
            reports.push(RecordReport { diagnostics, fields: fields(&r) });
        } else {
            carried.extend(r.diagnostics.iter().cloned());
        }
    }
    match reports.last_mut() {
        Some(last) => last.diagnostics.append(&mut carried),
        None => reports.push(RecordReport { diagnostics: carried, fields: no_game_fields() }),
    }
    FileCheck { source, records: reports }
}

/// The fields of a file without a game: every one null.
fn no_game_fields() -> Map<String, Value> {
    ["board", "dealer", "vulnerable", "deal", "declarer", "contract", "result", "tricks_by_play", "score"]
        .into_iter()
        .map(|k| (k.to_owned(), Value::Null))
        .collect()
}

/// Bytes for text written from a file decoded by [`pbn::decode`]: in the file's own encoding
/// (ISO-8859-1 stays ISO-8859-1, UTF-8 stays UTF-8) and with its byte order mark when it had one.
fn encode_like(decoded: &pbn::Decoded, text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + 3);
    if decoded.bom {
        out.extend_from_slice(b"\xEF\xBB\xBF");
    }
    if decoded.latin1 {
        // Every character came from one byte of the file, so each fits one byte again.
        out.extend(text.chars().map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?')));
    } else {
        out.extend_from_slice(text.as_bytes());
    }
    out
}

fn refuse(source: &str, records: &[Record<'_>]) -> Result<(), Refusal> {
    let errors: Vec<Diagnostic> =
        records.iter().flat_map(|r| r.diagnostics.iter().filter(|d| d.is_error()).cloned()).collect();
    if errors.is_empty() { Ok(()) } else { Err(Refusal { source: source.to_owned(), diagnostics: errors }) }
}

/// Rewrites a file: export format (CRLF, `% PBN 2.1`, `% EXPORT`, tag order, NAGs), or with
/// `preserve` the import style that keeps the author's tokens, lines and comments. Files with
/// errors are refused unless `opts.force`.
pub fn fmt(data: &[u8], opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
    let decoded = pbn::decode(data);
    let source = decoded.text.as_str();
    let records = read(source, false);
    if !opts.force {
        refuse(source, &records)?;
    }
    let out = if opts.preserve {
        let eol = if source.contains("\r\n") { "\r\n" } else { "\n" };
        pbn::write::write_import_from(records.iter().map(|r| &r.game), eol, Some(source))
    } else {
        pbn::write::write_export(&records)
    };
    Ok(encode_like(&decoded, &out))
}

fn token_kind(kind: TokenKind) -> &'static str {
    match kind {
        TokenKind::Word => "word",
        TokenKind::Str => "string",
        TokenKind::BraceComment => "brace_comment",
        TokenKind::LineComment => "line_comment",
        TokenKind::Escape => "escape",
        TokenKind::Delimiter => "delimiter",
        TokenKind::Invalid => "invalid",
    }
}

fn token_json(kind: TokenKind, text: &str, line_start: bool) -> Value {
    let mut m = Map::new();
    m.insert("kind".into(), Value::from(token_kind(kind)));
    m.insert("text".into(), Value::from(text));
    m.insert("line_start".into(), Value::from(line_start));
    Value::Object(m)
}

fn game_json(r: &Record<'_>) -> Value {
    let mut m = fields(r);
    let mut items = Vec::new();
    for item in &r.game.items {
        match item {
            Item::Line(l) => {
                let mut o = Map::new();
                o.insert("line".into(), Value::from(l.text));
                items.push(Value::Object(o));
            }
            Item::Comment(c) => {
                let kind = if c.kind == pbn::model::CommentKind::Brace {
                    TokenKind::BraceComment
                } else {
                    TokenKind::LineComment
                };
                items.push(token_json(kind, c.text, c.line_start));
            }
            Item::Invalid(t) => items.push(token_json(t.kind, t.text, t.line_start)),
            Item::Tag(t) => {
                let mut o = Map::new();
                o.insert("tag".into(), Value::from(t.name));
                o.insert("value".into(), Value::from(t.value().into_owned()));
                if !t.data.is_empty() {
                    o.insert(
                        "data".into(),
                        Value::Array(
                            t.data.iter().map(|d| token_json(d.kind, d.text, d.line_start)).collect(),
                        ),
                    );
                }
                items.push(Value::Object(o));
            }
        }
    }
    m.insert("items".into(), Value::Array(items));
    Value::Object(m)
}

fn json_error(source: &str, message: String) -> Refusal {
    Refusal {
        source: source.to_owned(),
        diagnostics: vec![Diagnostic::error("PBN_JSON", message, Span::at(0))],
    }
}

/// Rebuilds import-style PBN text from the JSON form.
fn from_json(source: &str) -> Result<String, Refusal> {
    let doc: Value =
        serde_json::from_str(source).map_err(|e| json_error(source, format!("not PBN JSON: {e}")))?;
    let games = doc
        .get("games")
        .and_then(Value::as_array)
        .ok_or_else(|| json_error(source, "no `games` array".into()))?;
    let mut out = String::new();
    for (i, game) in games.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let items = game.get("items").and_then(Value::as_array).map_or(&[][..], Vec::as_slice);
        let push_token = |out: &mut String, t: &Value| {
            let kind = t.get("kind").and_then(Value::as_str).unwrap_or("word");
            let text = t.get("text").and_then(Value::as_str).unwrap_or("");
            let line_start = t.get("line_start").and_then(Value::as_bool).unwrap_or(false);
            let at_start = out.is_empty() || out.ends_with('\n');
            if line_start && !at_start {
                out.push('\n');
            } else if !at_start {
                out.push(' ');
            }
            match kind {
                "string" => {
                    out.push('"');
                    out.push_str(text);
                    out.push('"');
                }
                "brace_comment" => {
                    out.push('{');
                    out.push_str(text);
                    out.push('}');
                }
                "line_comment" => {
                    out.push(';');
                    out.push_str(text);
                    out.push('\n');
                }
                "escape" | "delimiter" => {
                    out.push_str(text);
                    out.push('\n');
                }
                _ => out.push_str(text),
            }
        };
        for item in items {
            if let Some(line) = item.get("line").and_then(Value::as_str) {
                if !(out.is_empty() || out.ends_with('\n')) {
                    out.push('\n');
                }
                out.push_str(line);
                out.push('\n');
            } else if let Some(name) = item.get("tag").and_then(Value::as_str) {
                if !(out.is_empty() || out.ends_with('\n')) {
                    out.push('\n');
                }
                let value = item.get("value").and_then(Value::as_str).unwrap_or("");
                out.push_str(&format!("[{name} \"{}\"]", pbn::model::escape(value)));
                for t in item.get("data").and_then(Value::as_array).map_or(&[][..], Vec::as_slice) {
                    push_token(&mut out, t);
                }
            } else {
                push_token(&mut out, item);
            }
        }
        if !(out.is_empty() || out.ends_with('\n')) {
            out.push('\n');
        }
    }
    Ok(out)
}

/// Converts a file: PBN to its JSON form (`{"format": "pbn", "games": [...]}` with the check
/// fields and every item of each game), or to PBN export format (from PBN or from that JSON).
pub fn convert(data: &[u8], to: ConvertTo) -> Result<Vec<u8>, Refusal> {
    let source = pbn::decode(data).text;
    let is_json = super::is_json_text(&source);
    match to {
        ConvertTo::Json => {
            if is_json {
                return Ok(source.into_bytes());
            }
            let records = read(&source, false);
            refuse(&source, &records)?;
            let games: Vec<Value> = records.iter().filter(|r| r.is_game()).map(game_json).collect();
            let mut doc = Map::new();
            doc.insert("format".into(), Value::from("pbn"));
            doc.insert("games".into(), Value::Array(games));
            let mut out = serde_json::to_string_pretty(&Value::Object(doc))
                .map_err(|e| json_error(&source, format!("cannot write JSON: {e}")))?;
            out.push('\n');
            Ok(out.into_bytes())
        }
        ConvertTo::Native => {
            let text = if is_json { from_json(&source)? } else { source.clone() };
            let records = read(&text, false);
            refuse(&text, &records)?;
            Ok(pbn::write::write_export(&records).into_bytes())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &[u8] = b"[Board \"1\"]\r\n[Dealer \"N\"]\r\n[Vulnerable \"None\"]\r\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\r\n";

    /// `fmt` and `fmt --preserve` keep a file's encoding: ISO-8859-1 stays ISO-8859-1, UTF-8 stays
    /// UTF-8, a byte order mark stays.
    #[test]
    fn fmt_keeps_the_encoding() {
        let latin1 = [GAME, b"[Note \"1:min\xF6rs\"]\r\n"].concat();
        let utf8 = [GAME, "[Note \"1:minörs\"]\r\n".as_bytes()].concat();
        let bom = [b"\xEF\xBB\xBF".as_slice(), &utf8].concat();
        for (name, data, marker) in [
            ("latin1", &latin1, b"min\xF6rs".as_slice()),
            ("utf8", &utf8, "minörs".as_bytes()),
            ("bom", &bom, "minörs".as_bytes()),
        ] {
            for preserve in [false, true] {
                let out =
                    fmt(data, &FmtOptions { preserve, force: false }).map_err(|r| r.diagnostics).unwrap();
                assert!(out.windows(marker.len()).any(|w| w == marker), "{name} preserve={preserve}");
                assert_eq!(out.starts_with(b"\xEF\xBB\xBF"), name == "bom", "{name} preserve={preserve}");
                if preserve {
                    assert_eq!(out, *data, "{name}: nothing else changes, so the bytes are the same");
                }
            }
        }
    }

    /// A header of `%` lines alone is not a game: no record with every field null before the
    /// first game. A file without a game still gives one record.
    #[test]
    fn header_lines_are_not_a_game() {
        let data = [b"% PBN 2.1\r\n% EXPORT\r\n\r\n".as_slice(), GAME].concat();
        let checked = check(&data, &CheckOptions::default());
        assert_eq!(checked.records.len(), 1);
        assert_eq!(checked.records[0].fields["board"], Value::from("1"));
        for empty in [b"".as_slice(), b"\n\n", b"% PBN 2.1\n", b"{ nothing }\n"] {
            assert_eq!(check(empty, &CheckOptions::default()).records.len(), 1);
        }
    }

    /// A PBN file that opens with a brace comment is PBN, not JSON, and converts both ways.
    #[test]
    fn a_leading_brace_comment_is_not_json() {
        let text = b"{ Generated by hand }\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n";
        let json = convert(text, ConvertTo::Json).map_err(|r| r.diagnostics).unwrap();
        let doc: Value = serde_json::from_slice(&json).unwrap();
        assert_eq!(doc["games"].as_array().map(Vec::len), Some(1));
        let back =
            String::from_utf8(convert(&json, ConvertTo::Native).map_err(|r| r.diagnostics).unwrap()).unwrap();
        assert!(
            back.contains("[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]")
        );
        let native =
            String::from_utf8(convert(text, ConvertTo::Native).map_err(|r| r.diagnostics).unwrap()).unwrap();
        assert!(native.contains("{ Generated by hand }"), "{native}");
    }
}
