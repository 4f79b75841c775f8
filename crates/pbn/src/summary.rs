//! A span-free projection of a game: what two readings of the same game must agree on (used by the
//! round-trip tests and by the JSON conversion).

use crate::model::{Annotation, AuctionItem, Item, PlayItem, Table, TokenKind};
use cards_core::Compass;

use crate::validate::{GameInfo, View};

/// One annotated element, spans dropped and the suffix folded into the NAGs.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Element {
    /// The call or card as the export writer spells it.
    pub text: String,
    /// Note reference.
    pub note: Option<u8>,
    /// NAGs, sorted, with the suffix translated.
    pub nags: Vec<u8>,
}

fn element(text: String, a: &Annotation) -> Element {
    let mut nags = a.nags.clone();
    nags.extend(a.suffix);
    nags.sort_unstable();
    Element { text, note: a.note, nags }
}

/// What a game means, independent of layout.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Summary {
    /// Resolved tag values by name (sorted), excluding Note and the typed tags below.
    pub tags: Vec<(String, String)>,
    /// Board.
    pub board: Option<String>,
    /// Dealer letter.
    pub dealer: Option<char>,
    /// Vulnerability, export spelling.
    pub vulnerable: Option<&'static str>,
    /// Deal from North.
    pub deal: Option<String>,
    /// Declarer with `^`.
    pub declarer: Option<String>,
    /// Contract, export spelling.
    pub contract: Option<String>,
    /// Declarer's tricks from the Result tag (or the raw count when no declarer).
    pub result: Option<String>,
    /// Auction: first seat (after placeholders up to the dealer), elements, star.
    pub auction: Option<(char, Vec<Element>, bool)>,
    /// Play: first seat, elements, star.
    pub play: Option<(char, Vec<Element>, bool)>,
    /// Notes.
    pub notes: Vec<(u8, String)>,
    /// Tables.
    pub tables: Vec<Table>,
    /// Comments' text with line ends and runs of white space normalized, in order.
    pub comments: Vec<String>,
}

fn norm_comment(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Builds the summary of a game (checked: the typed values are the checks').
#[must_use]
pub fn summarize(game: &crate::Game) -> Summary {
    summarize_view(&game.view())
}

fn summarize_view(r: &View<'_>) -> Summary {
    let info = &r.info;
    let declarer_seat = info.declarer.map(|d| d.seat);
    Summary {
        tags: untyped_tags(r),
        board: info.board.clone(),
        dealer: info.dealer.map(|d| d.char()),
        vulnerable: info.vulnerable.map(crate::model::vulnerability_export),
        deal: info.deal.map(|d| d.write_from(cards_core::Compass::North)),
        declarer: info.declarer.map(|d| format!("{}{}", if d.irregular { "^" } else { "" }, d.seat.char())),
        contract: info.contract.map(crate::model::Contract::export),
        result: info.result.map(|res| match res.declarer_tricks(declarer_seat) {
            Some(n) => format!("{}{n}", if res.irregular { "^" } else { "" }),
            None => format!("{res:?}"),
        }),
        auction: summarize_auction(info),
        play: info.play.as_ref().map(|p| {
            let els = p.entries.iter().map(|e| element(play_text(e.item), &e.annotation)).collect();
            (p.first.char(), els, p.star)
        }),
        notes: info.notes.clone(),
        tables: info.tables.clone(),
        comments: comments(r),
    }
}

/// The resolved tags other than the typed ones, sorted.
fn untyped_tags(r: &View<'_>) -> Vec<(String, String)> {
    let typed = [
        "Board",
        "Dealer",
        "Vulnerable",
        "Deal",
        "Declarer",
        "Contract",
        "Result",
        "Auction",
        "Play",
        "Note",
    ];
    let mut tags: Vec<(String, String)> = r
        .tags
        .iter()
        .filter(|t| !typed.contains(&&*t.name))
        .map(|t| (t.name.to_string(), t.value.to_string()))
        .collect();
    tags.sort();
    tags
}

/// The auction from the dealer (the placeholders before the dealer's turn dropped).
fn summarize_auction(info: &GameInfo) -> Option<(char, Vec<Element>, bool)> {
    let a = info.auction.as_ref()?;
    let mut first = a.first;
    let mut skip = 0;
    if let Some(d) = info.dealer {
        while first != d && a.entries.get(skip).is_some_and(|e| e.item == AuctionItem::Placeholder) {
            skip += 1;
            first = first.next();
        }
    }
    let els = a.entries.iter().skip(skip).map(|e| element(auction_text(&e.item), &e.annotation)).collect();
    Some((first.char(), els, a.star))
}

/// An auction entry as the export writer spells it.
fn auction_text(item: &AuctionItem) -> String {
    match *item {
        AuctionItem::Call { call, insufficient } => {
            format!("{}{}", if insufficient { "^I " } else { "" }, call)
        }
        AuctionItem::AllPass => "AP".into(),
        AuctionItem::Placeholder => "-".into(),
        AuctionItem::Skipped => "^S".into(),
        AuctionItem::Continue => "+".into(),
        AuctionItem::Blank => "____".into(),
        AuctionItem::Unreadable => "?".into(),
    }
}

/// A play entry as the export writer spells it.
fn play_text(item: PlayItem) -> String {
    match item {
        PlayItem::Card { card, revoke, lead_out_of_turn } => format!(
            "{}{}{}",
            if revoke { "^R " } else { "" },
            if lead_out_of_turn { "^L " } else { "" },
            crate::text::write_card(card)
        ),
        PlayItem::Unknown => "-".into(),
        PlayItem::Continue => "+".into(),
    }
}

/// The game's comments (between items and in section data), normalized and sorted.
fn comments(r: &View<'_>) -> Vec<String> {
    let mut comments = Vec::new();
    for item in &r.game.items {
        match item {
            Item::Comment(c) => comments.push(norm_comment(c.text)),
            Item::Tag(t) => comments.extend(
                t.data
                    .iter()
                    .filter(|tok| matches!(tok.kind, TokenKind::BraceComment | TokenKind::LineComment))
                    .map(|tok| norm_comment(tok.text)),
            ),
            Item::Line(_) | Item::Invalid(_) => {}
        }
    }
    comments.sort();
    comments
}

/// What `cardnote check --json` reports for each game, as text and numbers: the board, dealer,
/// vulnerability (export spelling), deal (`N:` and the four hands from North, `-` for a hand not
/// given), declarer (`^` marks the irregularity), contract (export spelling), the declarer's tricks
/// claimed by the Result tag, the declarer's tricks in the play when every trick is known, and the
/// duplicate score for North-South. `None` (JSON `null`) when absent.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Fields {
    /// Board tag value.
    pub board: Option<String>,
    /// Dealer (`N`).
    pub dealer: Option<String>,
    /// Vulnerability (`None`, `NS`, `EW`, `All`).
    pub vulnerable: Option<String>,
    /// The deal from North.
    pub deal: Option<String>,
    /// Declarer, `^` first when declarer and dummy are swapped.
    pub declarer: Option<String>,
    /// Contract (`4HX`).
    pub contract: Option<String>,
    /// Declarer's tricks by the Result tag.
    pub result: Option<u8>,
    /// Declarer's tricks in the play, when all 13 tricks are known.
    pub tricks_by_play: Option<u8>,
    /// Duplicate score for North-South.
    pub score: Option<i64>,
}

impl From<&GameInfo> for Fields {
    fn from(info: &GameInfo) -> Self {
        Fields {
            board: info.board.clone(),
            dealer: info.dealer.map(|d| d.char().to_string()),
            vulnerable: info.vulnerable.map(|v| crate::model::vulnerability_export(v).to_owned()),
            deal: info.deal.map(|d| d.write_from(Compass::North)),
            declarer: info.declarer.map(|d| {
                let mut text = String::with_capacity(2);
                if d.irregular {
                    text.push('^');
                }
                text.push(d.seat.char());
                text
            }),
            contract: info.contract.map(crate::model::Contract::export),
            result: info.result.and_then(|res| res.declarer_tricks(info.declarer.map(|d| d.seat))),
            tricks_by_play: info.tricks_by_play,
            score: info.score_ns,
        }
    }
}

/// A game in the JSON form of `cardnote convert --to json`: its [`Fields`], then every item in
/// source order (`{"line": ...}` for `%` and `<PBN>` lines, `{"kind", "text", "line_start"}` for
/// comments and unreadable text, `{"tag", "value", "data"}` for tag pairs with their section tokens).
#[cfg(feature = "serde")]
#[derive(Debug, Clone, serde::Serialize)]
pub struct GameJson<'a> {
    /// What `check --json` reports.
    #[serde(flatten)]
    pub fields: Fields,
    /// The game's items.
    pub items: Vec<Item<'a>>,
}

#[cfg(feature = "serde")]
impl<'a> From<&'a crate::Game> for GameJson<'a> {
    fn from(game: &'a crate::Game) -> Self {
        GameJson { fields: Fields::from(&game.info), items: game.tokens().items }
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::{Fields, GameJson};
    use crate::model::{Contract, GameResult, TrickCount};

    fn read_str(text: &str) -> Vec<crate::Record> {
        cards_core::notation::read_checked::<crate::Pbn, _>(text.as_bytes(), crate::Options::default())
            .collect::<std::io::Result<_>>()
            .unwrap_or_default()
    }

    const GAME: &str = "% PBN 2.1\n{ before }\n[Event \"say \\\"hi\\\"\"]\n[Board \"3\"]\n[Dealer \"S\"]\n\
        [Vulnerable \"EW\"]\n[Declarer \"^N\"]\n[Contract \"4HX\"]\n[Result \"9\"]\n\
        [Auction \"S\"]\nPass 1H ; opening\n";

    /// A game serializes as `cardnote convert --to json` writes it: the check fields, then the
    /// items with spans left out and tag values unescaped.
    #[test]
    fn a_game_serializes_in_the_json_form() {
        let records = read_str(GAME);
        let game = records.iter().find(|r| r.model.is_game).expect("a game");
        let json = serde_json::to_string(&GameJson::from(&game.model)).expect("serializes");
        assert_eq!(
            json,
            concat!(
                r#"{"board":"3","dealer":"S","vulnerable":"EW","deal":null,"declarer":"^N","contract":"4HX","#,
                r#""result":9,"tricks_by_play":null,"score":"#,
                "-100,",
                r#""items":[{"line":"% PBN 2.1"},{"kind":"brace_comment","text":" before ","line_start":true},"#,
                r#"{"tag":"Event","value":"say \"hi\""},{"tag":"Board","value":"3"},{"tag":"Dealer","value":"S"},"#,
                r#"{"tag":"Vulnerable","value":"EW"},{"tag":"Declarer","value":"^N"},{"tag":"Contract","value":"4HX"},"#,
                r#"{"tag":"Result","value":"9"},{"tag":"Auction","value":"S","data":["#,
                r#"{"kind":"word","text":"Pass","line_start":true},{"kind":"word","text":"1H","line_start":false},"#,
                r#"{"kind":"line_comment","text":" opening","line_start":false}]}]}"#
            )
        );
    }

    /// The check fields and the typed values read back what they wrote.
    #[test]
    fn fields_and_values_round_trip() {
        let records = read_str(GAME);
        let game = records.iter().find(|r| r.model.is_game).expect("a game");
        let fields = Fields::from(&game.model.info);
        let back: Fields = serde_json::from_str(&serde_json::to_string(&fields).expect("ser")).expect("de");
        assert_eq!(back, fields);
        assert_eq!(serde_json::to_value(Fields::default()).expect("ser")["score"], serde_json::Value::Null);

        let contract = Contract::parse("4HX").expect("a contract");
        let back: Contract =
            serde_json::from_str(&serde_json::to_string(&contract).expect("ser")).expect("de");
        assert_eq!(back, contract);
        let result =
            GameResult { tricks: TrickCount::Both { ns: 9, ew: 4, ns_first: false }, irregular: false };
        let back: GameResult =
            serde_json::from_str(&serde_json::to_string(&result).expect("ser")).expect("de");
        assert_eq!(back, result);
        let info = &game.model.info;
        let back: Option<crate::Declarer> =
            serde_json::from_value(serde_json::to_value(info.declarer).expect("ser")).expect("de");
        assert_eq!(back, info.declarer);
    }

    const PLAYED: &str = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
        [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n\
        [Declarer \"N\"]\n[Contract \"7NT\"]\n[Result \"13\"]\n\
        [Auction \"N\"]\n7NT! Pass Pass Pass\n[Play \"E\"]\nST S6 S2 SA\n*\n";

    /// Everything a game says (deal, auction, play, tables, notes) reads back what it wrote; cards
    /// and deals are their PBN text.
    #[test]
    fn game_info_round_trips() {
        let records = read_str(PLAYED);
        let game = records.iter().find(|r| r.model.is_game).expect("a game");
        assert!(!game.has_errors(), "{:?}", game.diagnostics);
        let json = serde_json::to_value(&game.model.info).expect("ser");
        assert_eq!(json["deal"], "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432");
        assert_eq!(json["play"]["entries"][0]["item"]["Card"]["card"], "ST");
        let back: crate::GameInfo = serde_json::from_value(json).expect("de");
        assert_eq!(back, game.model.info);
    }

    /// A record serializes as its game's JSON form, its diagnostics and its span.
    #[test]
    fn a_record_serializes() {
        let records = read_str(PLAYED);
        let record = &records[0];
        let json = serde_json::to_value(record).expect("ser");
        assert_eq!(json["model"], serde_json::to_value(GameJson::from(&record.model)).expect("ser"));
        assert_eq!(json["model"]["score"], 1520);
        assert!(json["diagnostics"].as_array().is_some_and(Vec::is_empty));
    }
}
