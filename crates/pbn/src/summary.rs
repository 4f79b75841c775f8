//! A span-free projection of a game: what two readings of the same game must agree on (used by the
//! round-trip tests and by the JSON conversion).

use crate::model::{Annotation, AuctionItem, CommentKind, Item, PlayItem, Table, TokenKind};
use crate::validate::Record;

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

/// Builds the summary of a record.
#[must_use]
pub fn summarize(r: &Record<'_>) -> Summary {
    let info = &r.info;
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
    let declarer_seat = info.declarer.map(|d| d.seat);
    let auction = info.auction.as_ref().map(|a| {
        let mut first = a.first;
        let mut skip = 0;
        if let Some(d) = info.dealer {
            while first != d && a.entries.get(skip).is_some_and(|e| e.item == AuctionItem::Placeholder) {
                skip += 1;
                first = first.next();
            }
        }
        let els = a
            .entries
            .iter()
            .skip(skip)
            .map(|e| {
                let text = match e.item {
                    AuctionItem::Call { call, insufficient } => {
                        format!("{}{}", if insufficient { "^I " } else { "" }, call.export())
                    }
                    AuctionItem::AllPass => "AP".into(),
                    AuctionItem::Placeholder => "-".into(),
                    AuctionItem::Skipped => "^S".into(),
                    AuctionItem::Continue => "+".into(),
                    AuctionItem::Blank => "____".into(),
                    AuctionItem::Unreadable => "?".into(),
                };
                element(text, &e.annotation)
            })
            .collect();
        (first.char(), els, a.star)
    });
    let play = info.play.as_ref().map(|p| {
        let els = p
            .entries
            .iter()
            .map(|e| {
                let text = match e.item {
                    PlayItem::Card { card, revoke, lead_out_of_turn } => format!(
                        "{}{}{}",
                        if revoke { "^R " } else { "" },
                        if lead_out_of_turn { "^L " } else { "" },
                        crate::text::write_card(card)
                    ),
                    PlayItem::Unknown => "-".into(),
                    PlayItem::Continue => "+".into(),
                };
                element(text, &e.annotation)
            })
            .collect();
        (p.first.char(), els, p.star)
    });
    let mut comments = Vec::new();
    for item in &r.game.items {
        match item {
            Item::Comment(c) => comments.push((c.kind == CommentKind::Brace, norm_comment(c.text))),
            Item::Tag(t) => {
                for tok in &t.data {
                    match tok.kind {
                        TokenKind::BraceComment => comments.push((true, norm_comment(tok.text))),
                        TokenKind::LineComment => comments.push((false, norm_comment(tok.text))),
                        _ => {}
                    }
                }
            }
            Item::Line(_) | Item::Invalid(_) => {}
        }
    }
    let mut comments: Vec<String> = comments.into_iter().map(|(_, t)| t).collect();
    comments.sort();
    Summary {
        tags,
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
        auction,
        play,
        notes: info.notes.clone(),
        tables: info.tables.clone(),
        comments,
    }
}
