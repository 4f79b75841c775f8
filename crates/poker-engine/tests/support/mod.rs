//! A tiny PHH reader for the engine's own tests (toml_edit based; the real reader is the `phh` crate).
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use poker_engine::{Action, Chips, GameDef, RuleProfile, Variant};
use toml_edit::{DocumentMut, Item, Table, Value};

pub struct LiteHand {
    pub def: GameDef,
    pub actions: Vec<Action>,
    pub texts: Vec<String>,
}

fn chips(v: &Value) -> Chips {
    match v {
        Value::Integer(i) => Chips::from_int(*i.value()),
        Value::Float(f) => {
            let repr = f.display_repr();
            repr.parse().unwrap_or_else(|_| panic!("bad float {repr}"))
        }
        _ => panic!("not a number: {v}"),
    }
}

fn list(t: &Table, key: &str) -> Vec<Chips> {
    match t.get(key) {
        Some(Item::Value(Value::Array(a))) => a.iter().map(chips).collect(),
        Some(Item::Value(v)) => vec![chips(v)],
        _ => Vec::new(),
    }
}

fn one(t: &Table, key: &str) -> Chips {
    match t.get(key) {
        Some(Item::Value(v)) => chips(v),
        _ => Chips::ZERO,
    }
}

pub fn hand_from_table(t: &Table, profile: RuleProfile) -> LiteHand {
    let code = t.get("variant").and_then(|v| v.as_str()).unwrap();
    let variant = Variant::from_code(code).unwrap();
    let mut def = GameDef::new(variant, list(t, "starting_stacks"));
    def.profile = profile;
    def.antes = list(t, "antes");
    def.blinds_or_straddles = list(t, "blinds_or_straddles");
    def.bring_in = one(t, "bring_in");
    def.small_bet = one(t, "small_bet");
    def.big_bet = one(t, "big_bet");
    def.min_bet = one(t, "min_bet");
    def.ante_trimming = t.get("ante_trimming_status").and_then(|v| v.as_bool()).unwrap_or(false);
    let texts: Vec<String> = t
        .get("actions")
        .and_then(|a| a.as_array())
        .map(|a| a.iter().map(|v| v.as_str().unwrap().to_owned()).collect())
        .unwrap_or_default();
    let actions = texts.iter().map(|s| s.parse().unwrap_or_else(|_| panic!("bad action {s}"))).collect();
    LiteHand { def, actions, texts }
}

/// Hands of a `.phh` (one) or `.phhs` (tables) text.
pub fn read(text: &str, profile: RuleProfile) -> Vec<LiteHand> {
    let doc: DocumentMut = text.parse().unwrap();
    if doc.get("variant").is_some() {
        return vec![hand_from_table(doc.as_table(), profile)];
    }
    doc.as_table()
        .iter()
        .filter_map(|(_, item)| item.as_table())
        .map(|t| hand_from_table(t, profile))
        .collect()
}

/// Numeric equality within 1e-18 (PokerKit rounds every sum to 28 significant digits).
pub fn close(a: Chips, b: Chips) -> bool {
    match (a.decimal(), b.decimal()) {
        (None, None) => true,
        (Some(x), Some(y)) => (x - y).abs() < rust_decimal::Decimal::new(1, 18),
        _ => false,
    }
}
