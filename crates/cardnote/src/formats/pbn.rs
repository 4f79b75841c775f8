//! `fmt` of Portable Bridge Notation (export format, or import style with `--preserve`) and
//! `convert` (to a JSON form that keeps every tag and section token, and back).

use cardnote_check::Unit;
use pbn::{Pbn, Record};
use serde_json::Value;

use super::{ConvertTo, FmtOptions, Glue, Refusal};

fn json_error(source: &str, message: String) -> Refusal {
    Refusal::one(source, "PBN_JSON", message, 0)
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

/// Text written from a record, in its own encoding (ISO-8859-1 stays so).
fn encode_record(out: &mut Vec<u8>, text: &[u8], latin1: bool) {
    if latin1 {
        // Every character came from one byte of the file, so each fits one byte again.
        let text = String::from_utf8_lossy(text);
        out.extend(text.chars().map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?')));
    } else {
        out.extend_from_slice(text);
    }
}

/// A unit's games in export format: the file's export text, one unit's share at a time.
fn export_unit(unit: &Unit<Pbn>, records: &[Record], keep_encoding: bool) -> Vec<u8> {
    let mut writer =
        if unit.first { pbn::Writer::new(Vec::new()) } else { pbn::Writer::continuing(Vec::new()) };
    let mut out = Vec::new();
    if unit.first && unit.data.bom && keep_encoding {
        out.extend_from_slice(b"\xEF\xBB\xBF");
    }
    for record in records {
        // Writing to a Vec cannot fail.
        let _ = writer.write_record(record);
        let written = std::mem::take(writer.get_mut());
        encode_record(&mut out, &written, keep_encoding && record.model.latin1);
    }
    // Every unit ends its last line: the next one goes on as the whole-file writer would.
    encode_record(&mut out, &writer.into_inner().unwrap_or_default(), false);
    out
}

/// A unit's games parsed and checked alone (lenient); with `refuse`, the unit is refused (errors
/// with spans in the unit) when any game has an error.
fn checked_unit(unit: &Unit<Pbn>, refuse: bool) -> Result<Vec<Record>, Refusal> {
    let records = cardnote_check::read_unit(unit, true);
    if refuse {
        super::refuse_errors(unit, &records)?;
    }
    Ok(records)
}

/// PBN for `fmt` and `convert`: each unit's games read and checked alone, then written by pbn's
/// writers or as the JSON form.
impl Glue for Pbn {
    /// Export format (CRLF, `% PBN 2.1`, `% EXPORT`, tag order, NAGs), or with `preserve` the
    /// import style that keeps the author's tokens, lines and comments; in the file's own encoding
    /// (ISO-8859-1 stays so, a byte order mark stays).
    fn fmt(unit: Unit<Pbn>, opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
        let records = checked_unit(&unit, !opts.force)?;
        if !opts.preserve {
            return Ok(export_unit(&unit, &records, true));
        }
        let eol = if unit.data.crlf { "\r\n" } else { "\n" };
        let mut out = Vec::new();
        if unit.first && unit.data.bom {
            out.extend_from_slice(b"\xEF\xBB\xBF");
        }
        let mut text = String::new();
        for (i, record) in records.iter().enumerate() {
            text.clear();
            if !(unit.first && i == 0) {
                text.push_str(eol);
            }
            pbn::write::write_import_game(&mut text, &record.model, eol, true);
            encode_record(&mut out, text.as_bytes(), record.model.latin1);
        }
        Ok(out)
    }

    fn convert_open(to: ConvertTo) -> Vec<u8> {
        match to {
            ConvertTo::Json => b"{\n  \"format\": \"pbn\",\n  \"games\": [".to_vec(),
            ConvertTo::Native => Vec::new(),
        }
    }

    /// To the JSON form (`{"format": "pbn", "games": [...]}` with the check fields and every item
    /// of each game), or to PBN export format.
    fn convert(unit: Unit<Pbn>, to: ConvertTo) -> Result<Vec<u8>, Refusal> {
        let records = checked_unit(&unit, true)?;
        if to == ConvertTo::Native {
            return Ok(export_unit(&unit, &records, false));
        }
        let mut out = Vec::new();
        for (n, record) in (unit.index..).zip(records.iter().filter(|r| r.model.is_game)) {
            super::push_json(&mut out, n == 0, &pbn::summary::GameJson::from(&record.model))
                .map_err(|e| json_error(&unit.text, format!("cannot write JSON: {e}")))?;
        }
        Ok(out)
    }

    /// The JSON form as it is, or PBN export format written from it.
    fn from_json(source: &str, to: ConvertTo) -> Option<Result<Vec<u8>, Refusal>> {
        Some(match to {
            ConvertTo::Json => Ok(source.as_bytes().to_vec()),
            ConvertTo::Native => from_json(source)
                .and_then(|text| super::convert_bytes(cardnote_check::Format::Pbn, text.as_bytes(), to)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cardnote_check::Format;

    fn fmt(data: &[u8], opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
        super::super::fmt_bytes(Format::Pbn, data, opts)
    }

    fn convert(data: &[u8], to: ConvertTo) -> Result<Vec<u8>, Refusal> {
        super::super::convert_bytes(Format::Pbn, data, to)
    }

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
