//! `fmt` and `convert` of Portable Preferans Notation (`ppn-pref`): canonical PPN, and the JSON
//! form both ways.

use cardnote_check::{Unit, read_unit};
use cards_core::notation::{WriteRecords, read_checked};
use cards_core::{Diagnostic, Span};
use ppn_pref::{Pref, json, write};

use super::{ConvertTo, FmtOptions, Glue, Refusal};

/// The unit's records in canonical PPN, refused if it does not read back to the same deals.
fn canonical_unit(unit: &Unit<Pref>, records: &[ppn_pref::Record]) -> Result<Vec<u8>, Refusal> {
    let mut writer = ppn_pref::Writer::new(Vec::with_capacity(unit.text.len()));
    let mut tags = Vec::new();
    for record in records {
        let model = &record.model;
        if model.number == 0 {
            tags.extend(model.header.tags.iter().take(model.late_tags.start).cloned());
        }
        tags.extend(model.header.tags.get(model.late_tags.clone()).into_iter().flatten().cloned());
        // writing to a vector cannot fail
        let _ = writer.write_record(record);
    }
    let out = writer.into_inner().unwrap_or_default();
    let again = ppn_pref::read_game(&String::from_utf8_lossy(&out));
    let deals = records.iter().filter_map(|r| r.model.deal.as_ref());
    if again.tags == tags && again.deals.iter().eq(deals) {
        Ok(out)
    } else {
        Err(super::round_trip_refusal(&unit.text, "game"))
    }
}

/// The unit's part of the JSON document `json::to_json` writes for the whole file.
fn json_unit(records: &[ppn_pref::Record]) -> Vec<u8> {
    let mut out = Vec::new();
    for record in records {
        let model = &record.model;
        if model.number == 0 {
            let tags = model.header.tags.iter().map(|t| (t.name.clone(), t.value.clone()));
            super::json_open(&mut out, "\"info\": ", &json::JsonTags(tags.collect()), "deals");
        }
        if let Some(deal) = &model.deal {
            let _ = super::push_json(&mut out, model.number == 0, deal);
        }
    }
    out
}

/// Preferans for `fmt` and `convert`: each unit's deals read (and checked alone) on any thread.
impl Glue for Pref {
    /// Canonical PPN (tags one per line, quoted only when needed, one deal per line). `--preserve`
    /// has no other layout to keep: PPN has no comments.
    fn fmt(unit: Unit<Pref>, _opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
        canonical_unit(&unit, &read_unit(&unit, false))
    }

    fn convert(unit: Unit<Pref>, to: ConvertTo) -> Result<Vec<u8>, Refusal> {
        // the checks across deals give warnings only
        let records = read_unit(&unit, true);
        super::refuse_errors(&unit, &records)?;
        // the JSON form puts every tag in "info", before the deals: a tag met after a deal record
        // once the document has begun has no place in it
        let late = records.iter().find(|r| r.model.number > 0 && !r.model.late_tags.is_empty());
        if let (ConvertTo::Json, Some(record)) = (to, late) {
            let span =
                record.model.header.spans.get(record.model.late_tags.start).copied().unwrap_or_default();
            let span =
                Span::new(span.start.saturating_sub(unit.offset), span.end.saturating_sub(unit.offset));
            let message =
                "a tag after the second deal record cannot join the JSON form's info; move it to the top";
            return Err(Refusal {
                source: unit.text,
                diagnostics: vec![Diagnostic::error("PPN_LATE_TAG", message, span)],
            });
        }
        match to {
            ConvertTo::Native => canonical_unit(&unit, &records),
            ConvertTo::Json => Ok(json_unit(&records)),
        }
    }

    /// From the JSON form: to the JSON form normalised, or to canonical PPN; refused when the
    /// game it holds has errors.
    fn from_json(source: &str, to: ConvertTo) -> Option<Result<Vec<u8>, Refusal>> {
        let game = match json::from_json(source) {
            Ok(game) => game,
            Err(messages) => {
                let diagnostics =
                    messages.into_iter().map(|m| Diagnostic::error("JSON_INPUT", m, Span::at(0))).collect();
                return Some(Err(Refusal { source: source.to_owned(), diagnostics }));
            }
        };
        // check the PPN text of what was read
        let text = write::write_game(&game);
        let mut errors: Vec<Diagnostic> =
            read_checked::<Pref, _>(text.as_bytes(), ppn_pref::Options::default())
                .map_while(Result::ok)
                .flat_map(|record| record.diagnostics)
                .filter(Diagnostic::is_error)
                .collect();
        errors.sort_by_key(|d| d.span().start);
        if !errors.is_empty() {
            return Some(Err(Refusal { source: text, diagnostics: errors }));
        }
        Some(match to {
            ConvertTo::Json => Ok(json::to_json(&game).into_bytes()),
            ConvertTo::Native if ppn_pref::read_game(&text) == game => Ok(text.into_bytes()),
            ConvertTo::Native => Err(super::round_trip_refusal(source, "game")),
        })
    }
}

#[cfg(test)]
mod tests {
    use cardnote_check::{CheckOptions, FileCheck, Format};

    use super::*;

    fn check(data: &[u8], opts: &CheckOptions) -> FileCheck {
        cardnote_check::check_bytes(Format::PpnPref, data, opts)
    }

    fn fmt(data: &[u8], opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
        super::super::fmt_bytes(Format::PpnPref, data, opts)
    }

    fn convert(data: &[u8], to: ConvertTo) -> Result<Vec<u8>, Refusal> {
        super::super::convert_bytes(Format::PpnPref, data, to)
    }

    #[test]
    fn fmt_and_convert_round_trip() {
        let game = write::write_game(&ppn_pref::generate::random_game(3, 8, 60, 2));
        assert!(
            check(game.as_bytes(), &CheckOptions::default()).records.iter().all(|r| r.diagnostics.is_empty())
        );
        let out = fmt(game.as_bytes(), &FmtOptions::default()).unwrap_or_default();
        assert_eq!(String::from_utf8_lossy(&out), game);
        let js = convert(game.as_bytes(), ConvertTo::Json).unwrap_or_default();
        assert!(js.starts_with(b"{"));
        let back = convert(&js, ConvertTo::Native).unwrap_or_default();
        assert_eq!(String::from_utf8_lossy(&back), game);
        let file = check(game.as_bytes(), &CheckOptions::default());
        assert_eq!(file.records.len(), 8);
        let keys: Vec<&str> = file.records[0].fields.keys().map(String::as_str).collect();
        assert_eq!(keys, ["deal_id", "dealer", "main", "contract", "value", "tricks"]);
    }

    #[test]
    fn fmt_refuses_errors() {
        let bad = b"[Bula 60]\n[1 123 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P 1]\n";
        assert!(fmt(bad, &FmtOptions::default()).is_err());
        assert!(convert(bad, ConvertTo::Json).is_err());
    }

    /// Cut into units (~256 KiB) and checked, written and converted unit by unit, a big file gives
    /// what the whole-file functions give: the same reports (spans moved by the unit's offset),
    /// the same canonical text and the same JSON.
    #[test]
    fn units_give_the_whole_file_answers() {
        let mut game = ppn_pref::generate::random_game(7, 6_000, 60, 2);
        // a stray line and a broken record in the middle, so some units carry problems
        let mut text = write::write_game(&game);
        let middle = text.len() / 2;
        let cut = middle + text[middle..].find('\n').unwrap_or(0) + 1;
        text.insert_str(cut, "stray\n[77 x]\n");
        // fmt and convert of the clean file
        game.deals.truncate(4_000);
        let clean = write::write_game(&game);
        super::super::assert_streams_as_whole::<Pref>(text.as_bytes(), clean.as_bytes());
    }
}
