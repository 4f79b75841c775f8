//! `fmt` of BBO LIN (byte for byte with `--preserve`, else BBO's one-line-per-board layout) and
//! `convert` (to a JSON form of the records, to LIN canonically, and to and from PBN through
//! `bridge-convert`).

use cardnote_check::{CheckOptions, Unit, check_file, read_unit};
use cards_core::{Diagnostic, Span};
use lin::{Lin, Record};

use super::{ConvertTo, FmtOptions, Glue, Refusal};

/// BBO's layout: the header, then one line per board.
fn canonical(unit: &Unit<Lin>, records: &[Record]) -> Vec<u8> {
    let eol = if unit.data.crlf { "\r\n" } else { "\n" };
    let mut writer = lin::Writer::new(Vec::new()).with_eol(eol);
    for record in records {
        // Writing to a Vec cannot fail.
        let _ = writer.write_canonical(record);
    }
    writer.into_inner().unwrap_or_default()
}

/// The unit's part of the JSON document: each record (as read and checked) in the `records`
/// array, a `,` before every record but the file's first.
fn json(index: usize, records: &[Record]) -> Vec<u8> {
    /// A record's JSON form: its entry's fields, then its diagnostics and span.
    #[derive(serde::Serialize)]
    struct RecordJson<'a> {
        #[serde(flatten)]
        entry: &'a lin::Entry,
        diagnostics: &'a [Diagnostic],
        span: Span,
    }
    let mut out = Vec::new();
    for (i, record) in records.iter().enumerate() {
        let form = RecordJson { entry: &record.model, diagnostics: &record.diagnostics, span: record.span };
        let _ = super::push_json(&mut out, index + i == 0, &form);
    }
    out
}

/// BBO LIN for `fmt` and `convert`: each unit's records checked, written or converted on any
/// thread.
impl Glue for Lin {
    /// With `preserve` exactly as read, else canonically (BBO's layout: the header, then one line
    /// per board, `\r\n` when the file used it).
    fn fmt(unit: Unit<Lin>, opts: &FmtOptions) -> Result<Vec<u8>, Refusal> {
        let records = read_unit(&unit, true);
        if !opts.force {
            super::refuse_errors(&unit, &records)?;
        }
        if !opts.preserve {
            return Ok(canonical(&unit, &records));
        }
        let mut writer = lin::Writer::new(Vec::new());
        for record in &unit.items {
            let _ = writer.write_record(record);
        }
        Ok(writer.into_inner().unwrap_or_default())
    }

    fn convert_open(to: ConvertTo) -> Vec<u8> {
        match to {
            ConvertTo::Json => b"{\n  \"format\": \"lin\",\n  \"records\": [".to_vec(),
            ConvertTo::Native => Vec::new(),
        }
    }

    /// To the JSON form (the records as the `lin` crate reads and checks them) or to LIN written
    /// canonically.
    fn convert(unit: Unit<Lin>, to: ConvertTo) -> Result<Vec<u8>, Refusal> {
        let records = read_unit(&unit, true);
        super::refuse_errors(&unit, &records)?;
        Ok(match to {
            ConvertTo::Json => json(unit.index, &records),
            ConvertTo::Native => canonical(&unit, &records),
        })
    }
}

/// LIN to PBN (`cardnote convert --to pbn x.lin`): every board whose LIN reads without errors
/// (one bad board of an event does not cost the others); the boards left out and the file's
/// errors, when there are any, come as the second value.
#[must_use]
pub fn to_pbn(data: &[u8]) -> (Vec<u8>, Option<LeftOut>) {
    let checked = check_file::<Lin>(data, &CheckOptions::default());
    let diagnostics: Vec<Diagnostic> =
        checked.records.into_iter().flat_map(|r| r.diagnostics).filter(Diagnostic::is_error).collect();
    let converted = bridge_convert::lin_to_pbn_leaving_out_bad_boards(data);
    let left_out = (!diagnostics.is_empty()).then_some(LeftOut {
        boards: converted.left_out,
        refusal: Refusal { source: checked.source, diagnostics },
    });
    (converted.text.into_bytes(), left_out)
}

/// What `convert --to pbn` left out of a LIN file: the boards with errors (how many), and every
/// error of the file (spans in its text).
#[derive(Debug)]
pub struct LeftOut {
    /// Boards left out.
    pub boards: usize,
    /// The file's errors.
    pub refusal: Refusal,
}

/// PBN to LIN (`cardnote convert --to lin x.pbn`), refused when the PBN has errors.
pub fn from_pbn(data: &[u8]) -> Result<Vec<u8>, Refusal> {
    let source = pbn::decode(data).text;
    let converted = bridge_convert::pbn_to_lin(&source);
    if converted.has_errors() {
        let diagnostics = converted.diagnostics.into_iter().filter(Diagnostic::is_error).collect();
        return Err(Refusal { source, diagnostics });
    }
    Ok(converted.text.into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOARD: &[u8] = b"qx|o1|pn|Ann,Bob,Cy,Di|md|3SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|sv|n|mb|1C!|an|16+|mb|p|mb|4S|mb|p|mb|p|mb|p|pc|S2|pc|S6|pc|ST|pc|SA|mc|12|pg||\n";

    #[test]
    fn pbn_and_back() {
        let (pbn, left_out) = to_pbn(BOARD);
        assert!(left_out.is_none());
        let lin = from_pbn(&pbn).unwrap();
        assert!(String::from_utf8(lin).unwrap().contains("mb|1C!|an|16+|"));
    }
}
