//! Portable Preferans Notation (`ppn-pref`) checked by the `ppn-pref` crate: units of whole deal
//! records cut by [`ppn_pref::Reader`] (each record with the info section before it), read and
//! checked on any thread, the checks across deals (ids, dealer rotation, refas) in the ordered
//! finish step.
//!
//! Per deal, `check` reports `deal_id`, `dealer` (player number), `main`, `contract` (`"4"`, `"G4"`),
//! `value` and `tricks` (per player 1..3, from the replayed throws; counted from the recorded winners
//! when the replay stopped at an error). Every diagnostic code is the rules digest's name. File-level
//! diagnostics (tags, stray lines) go to the deal record they follow (or the first one).
//! `--strict` turns the `LEGACY_13_FIELDS` leniency into an error.

use std::path::Path;

use cards_core::Diagnostic;
use cards_core::Notation as _;
pub use ppn_pref::Pref;
use ppn_pref::{RawDeal, write};
use serde_json::{Map, Value, json as j};

use crate::{Check, CheckOptions, Checked, Input, Unit, Units};

impl Check for Pref {
    const FORMAT: crate::Format = crate::Format::PpnPref;
    type Item = RawDeal;
    type Data = ();

    fn units<'r>(input: Input<'r>, _path: &Path, limit: usize) -> Units<'r, Pref> {
        Box::new(crate::TextUnits::<Pref, _>::new(input, limit, RawDeal::text))
    }

    fn options(opts: &CheckOptions) -> ppn_pref::Options {
        ppn_pref::Options { strict: opts.strict }
    }

    fn read(raw: RawDeal, options: &ppn_pref::Options) -> ppn_pref::Record {
        Pref::parse(raw, options)
    }

    fn is_record(raw: &RawDeal) -> bool {
        raw.is_record()
    }

    fn fields(checked: &mut Checked<Self::Model>, _opts: &CheckOptions) -> Map<String, Value> {
        let (id, outcome) = (checked.record.model.id, checked.record.model.outcome.as_ref());
        let mut map = Map::new();
        map.insert("deal_id".into(), id.map_or(Value::Null, |i| j!(i)));
        map.insert("dealer".into(), outcome.map_or(Value::Null, |o| j!(o.dealer.number())));
        map.insert("main".into(), outcome.and_then(|o| o.main).map_or(Value::Null, |m| j!(m.number())));
        let contract = outcome.and_then(|o| o.contract);
        map.insert("contract".into(), contract.map_or(Value::Null, |c| j!(write::contract_text(c))));
        map.insert("value".into(), outcome.and_then(|o| o.value).map_or(Value::Null, |v| j!(v)));
        map.insert("tricks".into(), outcome.and_then(|o| o.tricks).map_or(Value::Null, |t| j!(t)));
        map
    }

    /// A record holding file-level problems (stray lines, tags) gives every diagnostic sorted by
    /// position. (`diagnostics` are all of the record's, taken out of it, or some of those left in
    /// it: the record's count is the larger.)
    fn local(unit: &Unit<Pref>, record: &ppn_pref::Record, diagnostics: &mut [Diagnostic]) {
        if record.model.own < record.diagnostics.len().max(diagnostics.len()) {
            diagnostics.sort_by_key(|d| d.span().start);
        }
        crate::into_unit(diagnostics, unit.offset);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(data: &[u8], opts: &CheckOptions) -> crate::FileCheck {
        crate::check_bytes(crate::Format::PpnPref, data, opts)
    }

    #[test]
    fn check_reports_fields_and_codes() {
        let file = check(
            b"[Bula 60]\n[1 123 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]\n...\n",
            &CheckOptions::default(),
        );
        assert_eq!(file.records.len(), 1);
        let r = &file.records[0];
        assert_eq!(r.fields.get("deal_id"), Some(&j!(1)));
        assert_eq!(r.fields.get("dealer"), Some(&j!(3)));
        assert_eq!(r.fields.get("main"), Some(&Value::Null));
        let codes: Vec<&str> = r.diagnostics.iter().map(|d| d.code()).collect();
        assert!(codes.contains(&"STRAY_LINE") && codes.contains(&"TAG_MISSING"), "{codes:?}");
    }

    #[test]
    fn strict_makes_legacy_an_error() {
        let src = b"[Bula 60]\n[1 231 1BDHM27WQK4CEIN3FVRJS5LP8GU6AOT9 M3,P,3 2 AR 4 3 I3 8 2 2A12 M7:-8,F3:L24,0]\n";
        let file = check(src, &CheckOptions { strict: true, ..CheckOptions::default() });
        let legacy = file.records[0].diagnostics.iter().find(|d| d.code() == "LEGACY_13_FIELDS");
        assert!(legacy.is_some_and(Diagnostic::is_error));
    }
}
