//! A tiny PHH reader for the engine's own tests (toml_edit based; the real reader is the `phh` crate).
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use poker_engine::{Action, Chips, GameDef, RuleProfile, Variant};
use toml_edit::{DocumentMut, Item, Table, Value};

pub struct LiteHand {
    pub def: GameDef,
    pub actions: Vec<Action>,
    pub texts: Vec<String>,
}

fn chips(v: &Value) -> Option<Chips> {
    match v {
        Value::Integer(i) => Some(Chips::from_int(*i.value())),
        Value::Float(f) => f.display_repr().parse().ok(),
        _ => None,
    }
}

fn list(t: &Table, key: &str) -> Option<Vec<Chips>> {
    match t.get(key) {
        Some(Item::Value(Value::Array(a))) => a.iter().map(chips).collect(),
        Some(Item::Value(v)) => Some(vec![chips(v)?]),
        _ => Some(Vec::new()),
    }
}

fn one(t: &Table, key: &str) -> Option<Chips> {
    match t.get(key) {
        Some(Item::Value(v)) => chips(v),
        _ => Some(Chips::ZERO),
    }
}

pub fn hand_from_table(t: &Table, profile: RuleProfile) -> LiteHand {
    try_hand_from_table(t, profile).unwrap_or_else(|| panic!("unreadable hand: {t}"))
}

/// The hand of a table, `None` when this small reader cannot read it (a bad number, action or
/// variant: the `phh` crate reports those).
pub fn try_hand_from_table(t: &Table, profile: RuleProfile) -> Option<LiteHand> {
    let variant = Variant::from_code(t.get("variant")?.as_str()?)?;
    let mut def = GameDef::new(variant, list(t, "starting_stacks")?);
    def.profile = profile;
    def.antes = list(t, "antes")?;
    def.blinds_or_straddles = list(t, "blinds_or_straddles")?;
    def.bring_in = one(t, "bring_in")?;
    def.small_bet = one(t, "small_bet")?;
    def.big_bet = one(t, "big_bet")?;
    def.min_bet = one(t, "min_bet")?;
    def.ante_trimming = t.get("ante_trimming_status").and_then(|v| v.as_bool()).unwrap_or(false);
    let texts: Vec<String> = match t.get("actions") {
        Some(item) => {
            item.as_array()?.iter().map(|v| v.as_str().map(str::to_owned)).collect::<Option<_>>()?
        }
        None => Vec::new(),
    };
    let actions = texts.iter().map(|s| s.parse().ok()).collect::<Option<_>>()?;
    Some(LiteHand { def, actions, texts })
}

/// Hands of a `.phh` (one) or `.phhs` (tables) text.
pub fn read(text: &str, profile: RuleProfile) -> Vec<LiteHand> {
    tables(&text.parse().unwrap()).into_iter().map(|t| hand_from_table(t, profile)).collect()
}

/// The hands of a text this small reader can read (none when the text is not TOML).
pub fn try_read(text: &str, profile: RuleProfile) -> Vec<LiteHand> {
    let Ok(doc) = text.parse::<DocumentMut>() else { return Vec::new() };
    tables(&doc).into_iter().filter_map(|t| try_hand_from_table(t, profile)).collect()
}

/// The hand tables of a `.phh` (the document) or `.phhs` (its tables) document.
fn tables(doc: &DocumentMut) -> Vec<&Table> {
    if doc.get("variant").is_some() {
        return vec![doc.as_table()];
    }
    doc.as_table().iter().filter_map(|(_, item)| item.as_table()).collect()
}

/// Numeric equality within 1e-18 (PokerKit rounds every sum to 28 significant digits).
pub fn close(a: Chips, b: Chips) -> bool {
    match (a.decimal(), b.decimal()) {
        // `decimal` is `None` for infinity, and for a finite amount beyond `Decimal`: only two
        // infinities agree.
        (None, None) => a.is_inf() && b.is_inf(),
        (Some(x), Some(y)) => (x - y).abs() < rust_decimal::Decimal::new(1, 18),
        _ => false,
    }
}
