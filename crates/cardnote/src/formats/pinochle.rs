//! `fmt` and `convert` of Portable Pinochle Notation (`ppn-pinochle`): as read or canonically,
//! and the JSON form both ways.

use cardnote_check::{Unit, read_unit};
use cards_core::notation::WriteRecords;
use ppn_pinochle::Pinochle;
use ppn_pinochle::model::{FormatKind, Header, PpnFile};
use ppn_pinochle::read_file;
use ppn_pinochle::write::write;

use super::{ConvertTo, FmtOptions, Glue, Refusal};

/// The text of `model`, if it reads back to the same model.
fn write_back(model: &PpnFile) -> Option<String> {
    let text = write(model);
    (read_file(&text) == *model).then_some(text)
}

fn json_refusal(source: &str, message: String) -> Refusal {
    Refusal::one(source, "PPN_JSON", message, 0)
}

/// Reads the JSON form ([`ppn_pinochle::json`]) back into a model (positions left empty).
fn from_json(source: &str) -> Result<PpnFile, Refusal> {
    ppn_pinochle::json::from_json(source).map_err(|message| json_refusal(source, message))
}

/// The form `fmt` writes: as read with `--preserve`, otherwise EXPORT files in the EXPORT form.
fn form_of(records: &[ppn_pinochle::Record], preserve: bool) -> ppn_pinochle::write::Form {
    let export = records
        .first()
        .is_some_and(|r| r.model.headers.iter().any(|h| h.header == Header::Format(FormatKind::Export)));
    if export && !preserve { ppn_pinochle::write::Form::Export } else { ppn_pinochle::write::Form::AsRead }
}

/// The unit's hands written in `form`, refused if they do not read back to the same model.
fn write_unit(
    unit: &Unit<Pinochle>,
    records: &[ppn_pinochle::Record],
    form: ppn_pinochle::write::Form,
) -> Result<Vec<u8>, Refusal> {
    let mut writer = ppn_pinochle::Writer::with_form(Vec::new(), form);
    let mut expected = PpnFile::default();
    for record in records {
        // writing to a vector cannot fail
        let _ = writer.write_record(record);
        if record.model.number == 0 {
            let mut headers = ppn_pinochle::Writer::with_form(Vec::new(), form);
            let _ = headers.write_headers(&record.model.headers);
            let headers = headers.into_inner().unwrap_or_default();
            expected.headers = read_file(&String::from_utf8_lossy(&headers)).headers;
        }
        if let Some(hand) = &record.model.hand {
            let written = match form {
                ppn_pinochle::write::Form::Export => ppn_pinochle::write::export_hand(hand),
                _ => hand.clone(),
            };
            expected.hands.push(written);
        }
    }
    let mut out = writer.into_inner().unwrap_or_default();
    if unit.index > 0 && !out.is_empty() {
        // the blank line between the previous unit's last hand and this unit's first
        out.insert(0, b'\n');
    }
    if read_file(&String::from_utf8_lossy(&out)) == expected {
        Ok(out)
    } else {
        Err(super::round_trip_refusal(&unit.text, "record"))
    }
}

/// The unit's part of the JSON form (`{"format", "headers", "hands"}`, serde_json's pretty form).
fn json_unit(records: &[ppn_pinochle::Record]) -> Vec<u8> {
    let mut out = Vec::new();
    for record in records {
        if record.model.number == 0 {
            let head = "\"format\": \"ppn-pinochle\",\n  \"headers\": ";
            super::json_open(&mut out, head, &*record.model.headers, "hands");
        }
        if let Some(hand) = &record.model.hand {
            let _ = super::push_json(&mut out, record.model.number == 0, hand);
        }
    }
    out
}

/// Pinochle for `fmt` and `convert`: each unit's hands read (and checked alone: the checks across
/// hands give warnings only), written and converted on any thread.
impl Glue for Pinochle {
    /// Faithful layout with `--preserve`, otherwise the canonical form (EXPORT files get their
    /// mandatory tags in roster order).
    fn fmt(unit: Unit<Pinochle>, opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
        let records = read_unit(&unit, false);
        write_unit(&unit, &records, form_of(&records, opts.preserve))
    }

    fn convert(unit: Unit<Pinochle>, to: ConvertTo) -> Result<Vec<u8>, Refusal> {
        let records = read_unit(&unit, true);
        super::refuse_errors(&unit, &records)?;
        match to {
            ConvertTo::Native => write_unit(&unit, &records, form_of(&records, false)),
            ConvertTo::Json => Ok(json_unit(&records)),
        }
    }

    /// From the JSON form: the document as it is, or canonical PPN written from it.
    fn from_json(source: &str, to: ConvertTo) -> Option<Result<Vec<u8>, Refusal>> {
        let text = from_json(source).and_then(|model| {
            write_back(&model).ok_or_else(|| {
                json_refusal(source, "the JSON holds names or values that PPN cannot write".into())
            })
        });
        Some(text.and_then(|text| match to {
            ConvertTo::Json => Ok(source.as_bytes().to_vec()),
            ConvertTo::Native => {
                super::convert_bytes(cardnote_check::Format::PpnPinochle, text.as_bytes(), to)
            }
        }))
    }
}

#[cfg(test)]
mod tests {
    use cardnote_check::Format;
    use serde_json::{Value, json};

    use super::*;

    fn convert(data: &[u8], to: ConvertTo) -> Result<Vec<u8>, Refusal> {
        super::super::convert_bytes(Format::PpnPinochle, data, to)
    }

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

    /// Cut into units (~256 KiB) and checked, written and converted unit by unit, a big file gives
    /// what the whole-file functions give.
    #[test]
    fn units_give_the_whole_file_answers() {
        let mut text = String::new();
        for seed in 0..100 {
            // whole games one after another, the headers of the first only
            let game = ppn_pinochle::synth::game(seed, 30);
            let lines = game.lines().filter(|l| seed == 0 || !l.starts_with('%'));
            text.extend(lines.flat_map(|l| [l, "\n"]));
            text.push('\n');
        }
        let middle = text.len() / 2;
        let cut = middle + text[middle..].find("\n\n").unwrap_or(0) + 2;
        text.insert_str(cut, "{a comment\n\nover a blank line}\n");
        super::super::assert_streams_as_whole::<Pinochle>(text.as_bytes(), text.as_bytes());
    }
}
