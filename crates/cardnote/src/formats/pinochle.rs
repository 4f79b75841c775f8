//! Glue for Portable Pinochle Notation (`ppn-pinochle`): check, format and convert.
//!
//! Per hand, `check` reports the fields `hand`, `dealer`, `declarer`, `contract`, `trump`,
//! `meld_scores`, `play_scores` and `result` (stated values, or computed ones where a tag is
//! absent), and every diagnostic code is the rules digest's name.

use cards_core::{Diagnostic, Span};
use ppn_pinochle::model::{
    At, Comment, FormatKind, Hand, Header, HeaderLine, Item, PpnFile, Section, SectionLine, Spanned, Tag,
};
use ppn_pinochle::parse::{Parsed, classify_token, parse, parse_segment};
use ppn_pinochle::validate::{Summary, check_parsed};
use ppn_pinochle::write::{to_export, write};
use serde_json::{Map, Value, json};

use super::{CheckOptions, ConvertTo, FileCheck, FmtOptions, RecordReport, Refusal, decode_text};

fn options(opts: &CheckOptions) -> ppn_pinochle::Options {
    ppn_pinochle::Options { strict: opts.strict, ..ppn_pinochle::Options::default() }
}

fn fields(summary: &Summary) -> Map<String, Value> {
    let mut map = Map::new();
    let scores = |s: &Option<Vec<i64>>| s.as_ref().map_or(Value::Null, |v| json!(v));
    map.insert("hand".into(), summary.hand.map_or(Value::Null, |n| json!(n)));
    map.insert("dealer".into(), summary.dealer.map_or(Value::Null, |s| json!(s.letters())));
    map.insert("declarer".into(), summary.declarer.map_or(Value::Null, |s| json!(s.letters())));
    map.insert("contract".into(), summary.contract.map_or(Value::Null, |n| json!(n)));
    map.insert(
        "trump".into(),
        match summary.trump {
            None => Value::Null,
            Some(None) => json!("-"),
            Some(Some(suit)) => json!(suit.upper_char().to_string()),
        },
    );
    map.insert("meld_scores".into(), scores(&summary.meld_scores));
    map.insert("play_scores".into(), scores(&summary.play_scores));
    map.insert("result".into(), summary.result.map_or(Value::Null, |r| json!(r.as_str())));
    map
}

/// The report of one record read by [`ppn_pinochle::Reader`] (records of one reader are checked
/// in file order: hands inherit from the hands before them).
#[must_use]
pub fn record_report(mut record: ppn_pinochle::Record, options: &ppn_pinochle::Options) -> RecordReport {
    ppn_pinochle::check(&mut record, options);
    let summary = record.model.summary.take().unwrap_or_default();
    RecordReport { fields: fields(&summary), diagnostics: record.diagnostics }
}

/// Checks a whole file: one record per hand (a file without hands gives one).
#[must_use]
pub fn check(data: &[u8], opts: &CheckOptions) -> FileCheck {
    let source = decode_text(data);
    let options = options(opts);
    // reading text in memory cannot fail
    let records = ppn_pinochle::Reader::from_str(&source, options)
        .map_while(Result::ok)
        .map(|record| record_report(record, &options))
        .collect();
    FileCheck { source, records }
}

fn refuse_on_errors(source: &str, opts: &CheckOptions) -> Result<Parsed, Refusal> {
    let parsed = parse(source);
    let errors: Vec<Diagnostic> = check_parsed(&parsed, &options(opts))
        .into_iter()
        .flat_map(|r| r.diagnostics)
        .filter(Diagnostic::is_error)
        .collect();
    if errors.is_empty() {
        Ok(parsed)
    } else {
        Err(Refusal { source: source.to_owned(), diagnostics: errors })
    }
}

fn canonical(file: &PpnFile) -> PpnFile {
    if file.format() == Some(FormatKind::Export) { to_export(file) } else { file.clone() }
}

/// The text of `model`, if it reads back to the same model.
fn write_back(model: &PpnFile) -> Option<String> {
    let text = write(model);
    (parse(&text).file == *model).then_some(text)
}

fn checked_write(source: &str, model: &PpnFile) -> Result<Vec<u8>, Refusal> {
    let Some(text) = write_back(model) else {
        return Err(Refusal {
            source: source.to_owned(),
            diagnostics: vec![Diagnostic::error(
                "PPN_ROUND_TRIP",
                "internal error: the written file does not read back to the same record",
                Span::at(0),
            )],
        });
    };
    Ok(text.into_bytes())
}

/// Rewrites a file: faithful layout with `--preserve`, otherwise the canonical form (EXPORT files
/// get their mandatory tags in roster order). Files with errors are refused
/// unless `opts.force`.
pub fn fmt(data: &[u8], opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
    let source = decode_text(data);
    let parsed =
        if opts.force { parse(&source) } else { refuse_on_errors(&source, &CheckOptions::default())? };
    let model = if opts.preserve { parsed.file } else { canonical(&parsed.file) };
    checked_write(&source, &model)
}

fn json_refusal(source: &str, message: String) -> Refusal {
    Refusal {
        source: source.to_owned(),
        diagnostics: vec![Diagnostic::error("PPN_JSON", message, Span::at(0))],
    }
}

fn json_str<'v>(value: &'v Value, key: &str, at: &str) -> Result<&'v str, String> {
    value.get(key).and_then(Value::as_str).ok_or_else(|| format!("{at}: `{key}` is not a string"))
}

/// Reads the JSON form ([`ppn_pinochle::json`]) back into a model (positions left empty).
fn from_json(source: &str) -> Result<PpnFile, Refusal> {
    let doc: Value =
        serde_json::from_str(source).map_err(|e| json_refusal(source, format!("not PPN JSON: {e}")))?;
    read_json(&doc).map_err(|message| json_refusal(source, message))
}

fn read_json(doc: &Value) -> Result<PpnFile, String> {
    if let Some(format) = doc.get("format").and_then(Value::as_str)
        && format != "ppn-pinochle"
    {
        return Err(format!("the JSON is `{format}`, not `ppn-pinochle`"));
    }
    let list = |key: &str| doc.get(key).and_then(Value::as_array).ok_or_else(|| format!("no `{key}` array"));
    let mut headers = Vec::new();
    for (i, h) in list("headers")?.iter().enumerate() {
        let at = format!("header {}", i + 1);
        let header = if h.get("notation").is_some() {
            Header::Notation(json_str(h, "notation", &at)?.to_owned())
        } else if h.get("format").is_some() {
            match json_str(h, "format", &at)? {
                "EXPORT" => Header::Format(FormatKind::Export),
                "IMPORT" => Header::Format(FormatKind::Import),
                other => return Err(format!("{at}: format `{other}` is neither EXPORT nor IMPORT")),
            }
        } else if h.get("id").is_some() {
            Header::Id(json_str(h, "id", &at)?.to_owned())
        } else if h.get("blank") == Some(&Value::Bool(true)) {
            Header::Blank
        } else if h.get("other").is_some() {
            Header::Other(json_str(h, "other", &at)?.to_owned())
        } else {
            return Err(format!("{at}: not a header object"));
        };
        headers.push(HeaderLine { header, at: At::default() });
    }
    let mut hands = Vec::new();
    for (n, h) in list("hands")?.iter().enumerate() {
        let items =
            h.get("items").and_then(Value::as_array).ok_or_else(|| format!("hand {}: no `items`", n + 1))?;
        let mut hand = Hand::default();
        for (i, item) in items.iter().enumerate() {
            let at = format!("hand {}, item {}", n + 1, i + 1);
            if item.get("comment").is_some() {
                let text = json_str(item, "comment", &at)?.to_owned();
                hand.items.push(Item::Comment(Comment { text, at: At::default() }));
                continue;
            }
            let mut tag = Tag::new(json_str(item, "name", &at)?, json_str(item, "value", &at)?);
            if item.get("segment").is_some() {
                // Written as the prefix (`@P.19.3-R=`); the bare `P.19.3-R` is read too.
                let text = json_str(item, "segment", &at)?;
                let bare = text.strip_prefix('@').unwrap_or(text);
                let bare = bare.strip_suffix('=').unwrap_or(bare);
                tag.segment =
                    Some(parse_segment(bare).ok_or_else(|| format!("{at}: `{text}` is not a segment"))?);
            }
            if let Some(lines) = item.get("lines") {
                let lines = lines.as_array().ok_or_else(|| format!("{at}: `lines` is not an array"))?;
                let comments = item.get("line_comments").and_then(Value::as_array);
                let mut section = Section::default();
                for (l, line) in lines.iter().enumerate() {
                    let tokens =
                        line.as_array().ok_or_else(|| format!("{at}: a section line is not an array"))?;
                    let mut out = SectionLine::default();
                    for token in tokens {
                        let text = token.as_str().ok_or_else(|| format!("{at}: a token is not a string"))?;
                        out.tokens.push(Spanned { value: classify_token(text), at: At::default() });
                    }
                    for comment in
                        comments.and_then(|c| c.get(l)).and_then(Value::as_array).into_iter().flatten()
                    {
                        let text = comment
                            .as_str()
                            .ok_or_else(|| format!("{at}: a line comment is not a string"))?;
                        out.comments.push(Comment { text: text.to_owned(), at: At::default() });
                    }
                    section.lines.push(out);
                }
                tag.section = Some(section);
            }
            hand.items.push(Item::Tag(tag));
        }
        hands.push(hand);
    }
    Ok(PpnFile { headers, hands })
}

/// Converts a file: to its JSON form, or to canonical PPN.
pub fn convert(data: &[u8], to: ConvertTo) -> Result<Vec<u8>, Refusal> {
    let mut source = decode_text(data);
    if super::is_json_text(&source) {
        let model = from_json(&source)?;
        let Some(text) = write_back(&model) else {
            return Err(json_refusal(&source, "the JSON holds names or values that PPN cannot write".into()));
        };
        if to == ConvertTo::Json {
            return Ok(source.into_bytes());
        }
        source = text;
    }
    match to {
        ConvertTo::Native => {
            let parsed = refuse_on_errors(&source, &CheckOptions::default())?;
            checked_write(&source, &canonical(&parsed.file))
        }
        ConvertTo::Json => {
            let parsed = refuse_on_errors(&source, &CheckOptions::default())?;
            // the model serializes as its JSON form (ppn_pinochle::json)
            let mut out = serde_json::to_vec_pretty(&parsed.file).unwrap_or_default();
            out.push(b'\n');
            Ok(out)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn corpus_files() -> Vec<std::path::PathBuf> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/ppn-pinochle/valid");
        let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
        files.sort();
        files
    }

    /// PPN → JSON → PPN gives what PPN → PPN gives, on every valid corpus file.
    #[test]
    fn json_converts_back_to_the_same_ppn() {
        let files = corpus_files();
        assert!(files.len() >= 4);
        for path in files {
            let data = std::fs::read(&path).unwrap();
            let direct = convert(&data, ConvertTo::Native).map_err(|r| r.diagnostics).unwrap();
            let json = convert(&data, ConvertTo::Json).map_err(|r| r.diagnostics).unwrap();
            let back = convert(&json, ConvertTo::Native).map_err(|r| r.diagnostics).unwrap();
            assert_eq!(
                String::from_utf8(back).unwrap(),
                String::from_utf8(direct).unwrap(),
                "{}",
                path.display()
            );
            // JSON in, JSON out: the same document.
            assert_eq!(convert(&json, ConvertTo::Json).map_err(|r| r.diagnostics).unwrap(), json);
        }
    }

    /// Comments on section lines survive the JSON form.
    #[test]
    fn section_line_comments_go_through_json() {
        let ppn = b"% PPN 1.0\n% IMPORT\n\n[Dealer \"N\"]\n[Auction \"E\"]\nPass 52 {opens} 59 60\n- Pass 65 70\n- - Pass {done}\n";
        let json = convert(ppn, ConvertTo::Json).map_err(|r| r.diagnostics).unwrap();
        let doc: Value = serde_json::from_slice(&json).unwrap();
        assert_eq!(doc["hands"][0]["items"][1]["line_comments"], json!([["opens"], [], ["done"]]));
        let back =
            String::from_utf8(convert(&json, ConvertTo::Native).map_err(|r| r.diagnostics).unwrap()).unwrap();
        assert!(back.contains("Pass 52 59 60 {opens}") && back.contains("- - Pass {done}"), "{back}");
    }

    #[test]
    fn bad_json_is_refused_with_a_reason() {
        let refused = |text: &str| match convert(text.as_bytes(), ConvertTo::Native) {
            Ok(out) => panic!("accepted {text}: {}", String::from_utf8_lossy(&out)),
            Err(r) => r.diagnostics[0].message().to_owned(),
        };
        assert!(refused(r#"{"format": "pbn", "games": []}"#).contains("not `ppn-pinochle`"));
        assert!(refused(r#"{"headers": []}"#).contains("no `hands` array"));
        assert!(
            refused(r#"{"headers": [{"format": "BOTH"}], "hands": []}"#)
                .contains("neither EXPORT nor IMPORT")
        );
        let bad_name = r#"{"headers": [{"notation": "1.0"}, {"format": "IMPORT"}], "hands": [{"items": [{"name": "Bad Name]", "value": "x"}]}]}"#;
        assert!(refused(bad_name).contains("cannot write"));
        let bad_segment =
            r#"{"headers": [], "hands": [{"items": [{"name": "Dealer", "value": "N", "segment": "@@"}]}]}"#;
        assert!(refused(bad_segment).contains("not a segment"));
    }
}
