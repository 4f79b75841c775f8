//! The Auction section: calls, the conventions of real files (`3N`, `all pass`) and free text.

use cards_core::{Compass, Diagnostic, DiagnosticSink};

use super::section::{ItemPiece, Read, Role, SectionRules, read_section};
use crate::codes;
use crate::model::{Auction, AuctionItem, Tag, Token, TokenKind};

/// The messages and codes of the Auction section.
const AUCTION_RULES: SectionRules = SectionRules {
    for_cards: false,
    bad: codes::AUCTION_BAD_TOKEN,
    after_star: codes::AUCTION_AFTER_END,
    string: "a string in the auction",
    text_after_star: "text after `*` in the auction",
    blank: "a blank to fill in: a call not given, which keeps its player's turn",
    blank_help: "write `+` for the call to be made",
    bad_text: "is not a call or an annotation",
    dangling: "`^I` not followed by a bid",
};

/// Reads the Auction section data of `tag` whose first caller is `first`.
///
/// Conventions of real files are read with a warning of their own: `3N` for `3NT`, `all pass`
/// for `AP`. Free text among the calls is one error per run of words; such an auction is marked
/// [`Auction::prose`] and not replayed.
pub fn read_auction(tag: &Tag<'_>, first: Compass, diags: &mut dyn DiagnosticSink) -> Auction {
    // Reported after the other problems of the auction.
    let mut prose_diags = Vec::new();
    let roles = auction_roles(tag, &mut prose_diags);
    let prose = !prose_diags.is_empty();
    let (entries, star) = read_section(tag, &roles, &AUCTION_RULES, diags, |piece, pending| match piece {
        ItemPiece::Symbol("-") => Read::Item(AuctionItem::Placeholder),
        ItemPiece::Symbol(sym) if sym.eq_ignore_ascii_case("AP") => Read::Item(AuctionItem::AllPass),
        ItemPiece::Symbol(sym) => match crate::model::parse_call(sym) {
            Some(call) => Read::Item(AuctionItem::Call { call, insufficient: pending == Some(b'I') }),
            None => match crate::model::long_notrump(sym).as_deref().and_then(crate::model::parse_call) {
                Some(call) => Read::Convention(
                    AuctionItem::Call { call, insufficient: pending == Some(b'I') },
                    codes::NOTRUMP_AS_N,
                    notrump_message(sym),
                    NOTRUMP_HELP,
                ),
                None => Read::Unreadable(AuctionItem::Unreadable, format!("`{sym}` is not a call")),
            },
        },
        ItemPiece::Continue => Read::Item(AuctionItem::Continue),
        ItemPiece::Blank => Read::Item(AuctionItem::Blank),
        ItemPiece::Irregular(b'S') => Read::Item(AuctionItem::Skipped),
        ItemPiece::Irregular(b'I') => Read::Pending,
        ItemPiece::Irregular(k) => {
            Read::Bad(format!("`^{}` belongs to the play, not the auction", k as char))
        }
    });
    for (i, role) in roles.iter().enumerate() {
        if *role == Role::AllPass
            && let (Some(all), Some(pass)) = (tag.data.get(i), tag.data.get(i + 1))
        {
            diags.report(
                Diagnostic::warning(
                    codes::AUCTION_ALL_PASS_TEXT,
                    format!("`{} {}` written out; read as `AP`", all.text, pass.text),
                    all.span.join(pass.span),
                )
                .with_help("write `AP` (all pass)"),
            );
        }
    }
    diags.report_all(prose_diags);
    Auction { first, entries, star, prose }
}

/// The message of a `NOTRUMP_AS_N` warning for a call or contract `text`.
pub(crate) fn notrump_message(text: &str) -> String {
    format!("`{text}`: `N` for notrump, read as `NT`")
}

/// The help of a `NOTRUMP_AS_N` warning.
pub(crate) const NOTRUMP_HELP: &str = "PBN writes notrump `NT`";

/// Whether a word of an auction is a word of prose: two or more letters that make no call or
/// auction symbol (`Pass`, `AP`, `XX`, `NT`...).
fn is_prose_word(word: &str) -> bool {
    // `4NT/5D`: alternatives, not a call.
    word.contains('/')
        || word.split(|c: char| !c.is_alphabetic()).any(|run| {
            run.chars().count() >= 2
                && !["pass", "ap", "xx", "nt", "all"].iter().any(|w| run.eq_ignore_ascii_case(w))
        })
}

/// Marks the word tokens of an auction: runs of prose (two prose words at most three tokens apart
/// join one run, with what stands between them) and `all pass`. Returns the roles and reports one
/// `AUCTION_PROSE` error per run.
fn auction_roles(tag: &Tag<'_>, diags: &mut dyn DiagnosticSink) -> Vec<Role> {
    // Nearly every auction holds calls only: then nothing is allocated.
    let special = |t: &Token<'_>| {
        t.kind == TokenKind::Word && (is_prose_word(t.text) || t.text.eq_ignore_ascii_case("all"))
    };
    if !tag.data.iter().any(special) {
        return Vec::new();
    }
    let mut roles = vec![Role::Normal; tag.data.len()];
    let words: Vec<usize> =
        (0..tag.data.len()).filter(|&i| tag.data.get(i).is_some_and(|t| t.kind == TokenKind::Word)).collect();
    let text = |i: usize| tag.data.get(i).map_or("", |t| t.text);
    let mut k = 0;
    while let Some(&i) = words.get(k) {
        let next = words.get(k + 1).copied();
        if text(i).eq_ignore_ascii_case("all") && next.is_some_and(|n| text(n).eq_ignore_ascii_case("pass")) {
            roles[i] = Role::AllPass;
            if let Some(n) = next {
                roles[n] = Role::Skip;
            }
            k += 2;
            continue;
        }
        if !is_prose_word(text(i)) {
            k += 1;
            continue;
        }
        // A run: extend while another prose word follows within three tokens.
        let mut last = k;
        let mut j = k + 1;
        while j < words.len() && j <= last + 3 {
            if words.get(j).is_some_and(|&w| is_prose_word(text(w))) {
                last = j;
            }
            j += 1;
        }
        let (Some(&from), Some(&to)) = (words.get(k), words.get(last)) else { break };
        for role in roles.iter_mut().take(to + 1).skip(from) {
            if *role == Role::Normal {
                *role = Role::Skip;
            }
        }
        let (Some(a), Some(b)) = (tag.data.get(from), tag.data.get(to)) else { break };
        let span = a.span.join(b.span);
        let quoted: Vec<&str> = (k..=last).filter_map(|w| words.get(w)).map(|&w| text(w)).collect();
        let mut shown = quoted.join(" ");
        if shown.chars().count() > 40 {
            shown = shown.chars().take(37).collect::<String>() + "...";
        }
        diags.report(
            Diagnostic::error(
                codes::AUCTION_PROSE,
                format!(
                    "free text in the auction: `{shown}` is prose, not calls; the auction is not replayed"
                ),
                span,
            )
            .with_help("an auction holds calls only: put commentary in a { comment }"),
        );
        k = last + 1;
    }
    roles
}
