//! The JSON form of whole files: `{"hands": [{"table": "1", "hand": {…}}, …]}` where `table` is
//! the `.phhs` table name (absent for a `.phh` file) and `hand` the JSON form of [`Hand`] (see
//! [`crate::model`]).

use serde::{Deserialize, Serialize};

use crate::model::Hand;

/// One hand of a JSON file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JsonHand {
    /// The `.phhs` table name; `None` for a `.phh` file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<String>,
    /// The hand.
    pub hand: Hand,
}

/// A whole file in JSON form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JsonFile {
    /// The hands, in order.
    pub hands: Vec<JsonHand>,
}

impl JsonFile {
    /// The JSON form of a file's records, as the [`Reader`](crate::Reader) gave them (hands that
    /// could not be built are left out).
    #[must_use]
    pub fn from_records(records: &[crate::Record]) -> JsonFile {
        JsonFile {
            hands: records
                .iter()
                .filter_map(|r| Some(JsonHand { table: r.model.name.clone(), hand: r.model.hand.clone()? }))
                .collect(),
        }
    }

    /// The PHH text of the file: a `.phh` hand when there is one hand without a table name,
    /// else a `.phhs` text keeping the table names (numbering unnamed hands by position).
    #[must_use]
    pub fn to_phh(&self) -> String {
        match self.hands.as_slice() {
            [JsonHand { table: None, hand }] => crate::write::write_hand(hand),
            hands => {
                let names: Vec<String> = hands
                    .iter()
                    .enumerate()
                    .map(|(i, h)| h.table.clone().unwrap_or_else(|| (i + 1).to_string()))
                    .collect();
                crate::write::write_named_hands(
                    names.iter().map(String::as_str).zip(hands.iter().map(|h| &h.hand)),
                )
            }
        }
    }
}
