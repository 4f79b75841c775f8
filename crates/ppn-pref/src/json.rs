//! The JSON form of the spec, both ways through serde.
//!
//! Keys follow the spec's example (`dealOrder`, `cards.p1/p2/p3/t`, `bids`, `throws` objects with
//! `id`/`starts`/`cards`/`winner`, `summary` objects with `main`/`tricks`/`middle`/`left`/`right`).
//! **Decision** (digest §12 item 10): every `pN` key means *deal-order position N*, in `cards`, `bids`
//! and `summary` alike, as the PPN fields themselves are in deal order. A `0` summary entry is `null`.
//! A plain contract is a number (`4`), a game a string (`"G4"`); both are accepted on input, as is a
//! numeric string. `refa` is left out for the legacy 13-field form. A trick's `starts` is written
//! (the leader as recorded) and ignored on input.
//!
//! A whole file is `{"info": {"Bula": "60", …}, "deals": [ … ]}` with tags in file order; a single
//! deal object or an array of deals is also read. A follower entry needs a `left` or `right` supe
//! (the spec's example `{"main": false, "tricks": 1}` has no PPN form and is rejected).
//! Reading JSON goes through the PPN reader (each deal is rebuilt as a PPN record), so JSON input is
//! typed by exactly the same rules.

use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::model::{Accepted, Column, Deal, Discard, Entry, Game, Tag};
use crate::parse::code_char;
use crate::write::{bid_text, contract_text, entry_text};

/// Info tags as a JSON object that keeps file order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct JsonTags(pub Vec<(String, String)>);

impl Serialize for JsonTags {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for JsonTags {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = JsonTags;
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str("an object of tag names to values")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<JsonTags, A::Error> {
                let mut out = Vec::new();
                while let Some((k, v)) = map.next_entry::<String, TagValue>()? {
                    out.push((k, v.0));
                }
                Ok(JsonTags(out))
            }
        }
        d.deserialize_map(V)
    }
}

/// A tag value: a string, or a number written as a string.
struct TagValue(String);

impl<'de> Deserialize<'de> for TagValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            S(String),
            I(i64),
        }
        Ok(TagValue(match Raw::deserialize(d)? {
            Raw::S(s) => s,
            Raw::I(i) => i.to_string(),
        }))
    }
}

/// A whole file in JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct JsonGame {
    /// Info tags in file order.
    #[serde(default)]
    pub info: JsonTags,
    /// Deals.
    #[serde(default)]
    pub deals: Vec<JsonDeal>,
}

/// Hands and talon (`p1`..`p3` = deal-order positions).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JsonCards {
    /// First bidder's hand.
    pub p1: String,
    /// Second bidder's hand.
    pub p2: String,
    /// Dealer's hand.
    pub p3: String,
    /// Talon.
    pub t: String,
}

/// Three values by deal-order position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ByPosition<T> {
    /// First bidder.
    pub p1: T,
    /// Second bidder.
    pub p2: T,
    /// Dealer.
    pub p3: T,
}

/// A number or a string (contracts, kontra, accepted).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum NumOrText {
    /// A number.
    Num(u64),
    /// A string.
    Text(String),
}

impl NumOrText {
    fn text(&self) -> String {
        match self {
            NumOrText::Num(n) => n.to_string(),
            NumOrText::Text(s) => s.clone(),
        }
    }
}

/// One trick.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JsonTrick {
    /// Trick number, from 1.
    pub id: u32,
    /// Who led it (as recorded; ignored on input).
    #[serde(default)]
    pub starts: u8,
    /// The cards in the order played.
    pub cards: String,
    /// The recorded winner.
    pub winner: u8,
}

/// One summary entry (`null` in JSON for `0`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JsonEntry {
    /// Whether this is the main's entry.
    pub main: bool,
    /// Tricks taken.
    pub tricks: u8,
    /// The main's middle-column change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub middle: Option<i64>,
    /// A follower's supe in the left column.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left: Option<u64>,
    /// A follower's supe in the right column.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub right: Option<u64>,
    /// A follower's fail amount.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fail: Option<u64>,
}

/// One deal in JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct JsonDeal {
    /// Deal number.
    pub id: u32,
    /// Deal order as a number (`231`).
    pub deal_order: u32,
    /// Hands and talon.
    pub cards: JsonCards,
    /// Highest bids.
    pub bids: ByPosition<String>,
    /// Main player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub main: Option<u8>,
    /// Discarded cards or `XX`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discarded: Option<String>,
    /// Contract: a number, or `"G4"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contract: Option<NumOrText>,
    /// Accepted digit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accepted: Option<u8>,
    /// Kontra code (`"0"`, `"K3"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kontra: Option<NumOrText>,
    /// Refa flag (absent in the legacy form).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refa: Option<bool>,
    /// Value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<u32>,
    /// Who leads (0 = nobody).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starts: Option<u8>,
    /// Tricks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub throws: Option<Vec<JsonTrick>>,
    /// Summary by deal-order position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<ByPosition<Option<JsonEntry>>>,
}

fn codes(cards: &[cards_core::Card]) -> String {
    cards.iter().map(|&c| code_char(c)).collect()
}

fn json_entry(e: &Entry) -> Option<JsonEntry> {
    match *e {
        Entry::None => None,
        Entry::Main { tricks, middle } => {
            Some(JsonEntry { main: true, tricks, middle: Some(middle), left: None, right: None, fail: None })
        }
        Entry::Follower { tricks, column, supe, fail } => Some(JsonEntry {
            main: false,
            tricks,
            middle: None,
            left: (column == Column::Left).then_some(supe),
            right: (column == Column::Right).then_some(supe),
            fail,
        }),
    }
}

impl JsonDeal {
    /// The JSON form of a deal.
    #[must_use]
    pub fn from_deal(deal: &Deal) -> JsonDeal {
        let order = deal.order.0;
        let bids = deal.bids.map(bid_text);
        let [b1, b2, b3] = bids;
        let mut out = JsonDeal {
            id: deal.id,
            deal_order: order.iter().fold(0, |acc, p| acc * 10 + u32::from(p.number())),
            cards: JsonCards {
                p1: codes(deal.hand_at(0)),
                p2: codes(deal.hand_at(1)),
                p3: codes(deal.hand_at(2)),
                t: codes(deal.talon()),
            },
            bids: ByPosition { p1: b1, p2: b2, p3: b3 },
            main: None,
            discarded: None,
            contract: None,
            accepted: None,
            kontra: None,
            refa: None,
            value: None,
            starts: None,
            throws: None,
            summary: None,
        };
        if let Some(play) = &deal.play {
            out.main = Some(play.main.number());
            out.discarded = Some(match play.discard {
                Discard::None => "XX".to_owned(),
                Discard::Cards(c) => codes(&c),
            });
            out.contract = Some(if play.contract.game {
                NumOrText::Text(contract_text(play.contract))
            } else {
                NumOrText::Num(u64::from(play.contract.level))
            });
            out.accepted = Some(match play.accepted {
                Accepted::Nobody => 0,
                Accepted::One(p) => p.number(),
                Accepted::Both(d) => d,
            });
            out.kontra = Some(NumOrText::Text(match play.kontra {
                None => "0".to_owned(),
                Some(k) => format!("{}{}", k.level.letter(), k.by),
            }));
            out.refa = play.refa;
            out.value = Some(play.value);
            out.starts = Some(play.starts.map_or(0, |p| p.number()));
            let mut leader = play.starts.map_or(0, |p| p.number());
            out.throws = Some(
                play.throws
                    .iter()
                    .enumerate()
                    .map(|(i, t)| {
                        let tr = JsonTrick {
                            id: u32::try_from(i + 1).unwrap_or(u32::MAX),
                            starts: leader,
                            cards: codes(t.cards()),
                            winner: t.winner.number(),
                        };
                        leader = t.winner.number();
                        tr
                    })
                    .collect(),
            );
            let [e1, e2, e3] = &play.summary;
            out.summary = Some(ByPosition { p1: json_entry(e1), p2: json_entry(e2), p3: json_entry(e3) });
        }
        out
    }

    /// This deal as a PPN record text (the way JSON input is typed).
    #[must_use]
    pub fn to_record(&self) -> String {
        let mut s = format!(
            "[{} {} {}{}{}{} {},{},{}",
            self.id,
            self.deal_order,
            self.cards.p1,
            self.cards.p2,
            self.cards.p3,
            self.cards.t,
            self.bids.p1,
            self.bids.p2,
            self.bids.p3
        );
        let opt = |v: Option<String>| v.unwrap_or_else(|| "?".to_owned());
        if self.main.is_some() || self.contract.is_some() || self.throws.is_some() {
            let throws = match &self.throws {
                Some(t) if t.is_empty() => "0".to_owned(),
                Some(t) => t.iter().map(|t| format!("{}{}", t.cards, t.winner)).collect::<Vec<_>>().join(","),
                None => "?".to_owned(),
            };
            let entry = |e: &Option<JsonEntry>| match e {
                None => "0".to_owned(),
                Some(e) if e.main => {
                    entry_text(&Entry::Main { tricks: e.tricks, middle: e.middle.unwrap_or(0) })
                }
                Some(e) => {
                    let (column, supe) = match (e.left, e.right) {
                        (Some(l), _) => ("L", l),
                        (None, Some(r)) => ("R", r),
                        (None, None) => ("?", 0),
                    };
                    match e.fail {
                        Some(f) => format!("F{}:{column}{supe}:{f}", e.tricks),
                        None => format!("F{}:{column}{supe}", e.tricks),
                    }
                }
            };
            let summary = match &self.summary {
                Some(s) => format!("{},{},{}", entry(&s.p1), entry(&s.p2), entry(&s.p3)),
                None => "?".to_owned(),
            };
            s.push_str(&format!(
                " {} {} {} {} {}",
                opt(self.main.map(|m| m.to_string())),
                opt(self.discarded.clone()),
                opt(self.contract.as_ref().map(NumOrText::text)),
                opt(self.accepted.map(|a| a.to_string())),
                opt(self.kontra.as_ref().map(NumOrText::text)),
            ));
            if let Some(r) = self.refa {
                s.push_str(if r { " 1" } else { " 0" });
            }
            s.push_str(&format!(
                " {} {} {} {}",
                opt(self.value.map(|v| v.to_string())),
                opt(self.starts.map(|v| v.to_string())),
                throws,
                summary
            ));
        }
        s.push(']');
        s
    }
}

impl JsonGame {
    /// The JSON form of a game.
    #[must_use]
    pub fn from_game(game: &Game) -> JsonGame {
        JsonGame {
            info: JsonTags(game.tags.iter().map(|t| (t.name.clone(), t.value.clone())).collect()),
            deals: game.deals.iter().map(JsonDeal::from_deal).collect(),
        }
    }

    /// Types the JSON game through the PPN reader. Errors are the reader's messages, prefixed
    /// with the deal's position.
    pub fn to_game(&self) -> Result<Game, Vec<String>> {
        let mut game = Game {
            tags: self.info.0.iter().map(|(n, v)| Tag { name: n.clone(), value: v.clone() }).collect(),
            deals: Vec::with_capacity(self.deals.len()),
        };
        let mut errors = Vec::new();
        for (i, d) in self.deals.iter().enumerate() {
            let text = d.to_record();
            if text.matches('[').count() != 1 || text.matches(']').count() != 1 || text.contains(['\n', '\r'])
            {
                errors.push(format!("deals[{i}]: a value holds a bracket or a line break"));
                continue;
            }
            // reading text in memory cannot fail
            let records: Vec<crate::Record> =
                crate::Reader::from_str(&text, crate::Options::default()).map_while(Result::ok).collect();
            let errs: Vec<String> = records
                .iter()
                .flat_map(|r| r.diagnostics.iter())
                .filter(|d| d.is_error())
                .map(|e| format!("deals[{i}]: {}: {}", e.code(), e.message()))
                .collect();
            if !errs.is_empty() {
                errors.extend(errs);
                continue;
            }
            match records.into_iter().find_map(|r| r.model.deal) {
                Some(deal) => game.deals.push(deal),
                None => errors.push(format!("deals[{i}]: not a deal record")),
            }
        }
        if errors.is_empty() { Ok(game) } else { Err(errors) }
    }
}

/// Writes a game as pretty JSON.
///
/// ```
/// let game = ppn_pref::read_game("[Bula 60]\n[2 312 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]");
/// let json = ppn_pref::json::to_json(&game);
/// assert_eq!(ppn_pref::json::from_json(&json).unwrap(), game);
/// ```
#[must_use]
pub fn to_json(game: &Game) -> String {
    let mut s = serde_json::to_string_pretty(&JsonGame::from_game(game)).unwrap_or_default();
    s.push('\n');
    s
}

/// Reads a game from its JSON form: `{"info": …, "deals": […]}`, a single deal object, or an
/// array of deals (the last two give a game without tags).
pub fn from_json(text: &str) -> Result<Game, Vec<String>> {
    #[derive(Deserialize)]
    struct Probe {
        #[serde(default)]
        deals: Option<serde::de::IgnoredAny>,
        #[serde(default)]
        info: Option<serde::de::IgnoredAny>,
    }
    let err = |e: serde_json::Error| vec![format!("JSON: {e}")];
    let json = if text.trim_start().starts_with('[') {
        JsonGame { info: JsonTags::default(), deals: serde_json::from_str(text).map_err(err)? }
    } else {
        let probe: Probe = serde_json::from_str(text).map_err(err)?;
        if probe.deals.is_none() && probe.info.is_none() {
            JsonGame { info: JsonTags::default(), deals: vec![serde_json::from_str(text).map_err(err)?] }
        } else {
            serde_json::from_str(text).map_err(err)?
        }
    };
    json.to_game()
}

/// A deal serializes as its JSON form ([`JsonDeal`]).
impl Serialize for Deal {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        JsonDeal::from_deal(self).serialize(s)
    }
}

/// A game serializes as its JSON form ([`JsonGame`]): `{"info": {…}, "deals": […]}`.
impl Serialize for Game {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        JsonGame::from_game(self).serialize(s)
    }
}

/// A game reads from its JSON form, every deal typed by the PPN reader ([`JsonGame::to_game`]).
impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        JsonGame::deserialize(d)?.to_game().map_err(|errors| serde::de::Error::custom(errors.join("; ")))
    }
}

/// A deal reads from its JSON form, typed by the PPN reader.
impl<'de> Deserialize<'de> for Deal {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let game = JsonGame { info: JsonTags::default(), deals: vec![JsonDeal::deserialize(d)?] };
        let mut game = game.to_game().map_err(|errors| serde::de::Error::custom(errors.join("; ")))?;
        game.deals.pop().ok_or_else(|| serde::de::Error::custom("not a deal record"))
    }
}

#[cfg(test)]
mod serde_tests {
    use super::*;

    #[test]
    fn models_serialize_as_the_json_form() {
        let game = crate::read_game("[Bula 60]\n[2 312 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]");
        let text = serde_json::to_string_pretty(&game).unwrap_or_default();
        assert_eq!(format!("{text}\n"), to_json(&game));
        let back: Game = serde_json::from_str(&text).unwrap_or_default();
        assert_eq!(back, game);
        let deal = serde_json::to_string(&game.deals[0]).unwrap_or_default();
        assert!(deal.starts_with("{\"id\":2,\"dealOrder\":312"), "{deal}");
        let again: Result<Deal, _> = serde_json::from_str(&deal);
        assert_eq!(again.ok().as_ref(), game.deals.first());
    }
}
