//! Portable Pinochle Notation (`ppn-pinochle`) checked by the `ppn-pinochle` crate: units of whole
//! hands cut by [`ppn_pinochle::Reader`] (each hand with the file's headers and what it inherits
//! through `#` and `##`), read and checked on any thread; the checks across hands (GameScores
//! carried over, Hand numbers, Victor: they need the scores of the hands before, computed from
//! their play) run in the ordered finish step.
//!
//! Per hand, `check` reports the fields `hand`, `dealer`, `declarer`, `contract`, `trump`,
//! `meld_scores`, `play_scores` and `result` (stated values, or computed ones where a tag is
//! absent), and every diagnostic code is the rules digest's name.

use std::path::Path;

use cards_core::Notation as _;
pub use ppn_pinochle::Pinochle;
use ppn_pinochle::RawHand;
use serde_json::{Map, Value, json};

use crate::{Check, CheckOptions, Checked, Input, Units};

impl Check for Pinochle {
    const FORMAT: crate::Format = crate::Format::PpnPinochle;
    type Item = RawHand;
    type Data = ();

    fn units<'r>(input: Input<'r>, _path: &Path, limit: usize) -> Units<'r, Pinochle> {
        Box::new(crate::TextUnits::<Pinochle, _>::new(input, limit, RawHand::text))
    }

    fn options(opts: &CheckOptions) -> ppn_pinochle::Options {
        ppn_pinochle::Options { strict: opts.strict, ..ppn_pinochle::Options::default() }
    }

    fn read(raw: RawHand, options: &ppn_pinochle::Options) -> ppn_pinochle::Record {
        Pinochle::parse(raw, options)
    }

    fn is_record(raw: &RawHand) -> bool {
        raw.is_record()
    }

    fn fields(checked: &mut Checked<Self::Model>, _opts: &CheckOptions) -> Map<String, Value> {
        let summary = checked.record.model.summary.take().unwrap_or_default();
        let scores = |s: &Option<Vec<i64>>| s.as_ref().map_or(Value::Null, |v| json!(v));
        let mut map = Map::new();
        map.insert("hand".into(), summary.hand.map_or(Value::Null, |n| json!(n)));
        map.insert("dealer".into(), summary.dealer.map_or(Value::Null, |s| json!(s.letters())));
        map.insert("declarer".into(), summary.declarer.map_or(Value::Null, |s| json!(s.letters())));
        map.insert("contract".into(), summary.contract.map_or(Value::Null, |n| json!(n)));
        let trump = match summary.trump {
            None => Value::Null,
            Some(None) => json!("-"),
            Some(Some(suit)) => json!(suit.upper_char().to_string()),
        };
        map.insert("trump".into(), trump);
        map.insert("meld_scores".into(), scores(&summary.meld_scores));
        map.insert("play_scores".into(), scores(&summary.play_scores));
        map.insert("result".into(), summary.result.map_or(Value::Null, |r| json!(r.as_str())));
        map
    }
}
