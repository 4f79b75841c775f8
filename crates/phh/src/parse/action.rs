//! The action notation grammar, parsed with winnow:
//!
//! ```text
//! notation   = ws* [ actor-action ws* ] [ "#" commentary ]
//! actor-action = "d" ws+ "db" ws+ CARDS
//!              | "d" ws+ "dh" ws+ PLAYER ws+ CARDS
//!              | PLAYER ws+ ( "pb" | "cc" | "f" | "cbr" ws+ AMOUNT
//!                           | "sd" [ ws+ CARDS ] | "sm" [ ws+ ( CARDS | "-" ) ] )
//! PLAYER     = "p" DIGITS            CARDS = ( RANK SUIT | "??" )+
//! ```
//!
//! Errors carry a span relative to the notation text, pointing at the offending token.

use cards_core::{Amount, Card, MaybeCard, Rank, Span, Suit};
use winnow::prelude::*;

use crate::codes;
use crate::model::{Action, ActionKind, CardRun, Player, Shown};

/// A malformed action notation: stable code, message and span within the notation text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionError {
    /// `PHH_ACTION_SYNTAX`, `PHH_ACTION_CARD_TEXT` or `PHH_ACTION_AMOUNT`.
    pub code: &'static str,
    /// What is wrong.
    pub message: String,
    /// Where, in bytes of the notation text.
    pub span: Span,
}

impl core::fmt::Display for ActionError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{} at {}..{}", self.message, self.span.start, self.span.end)
    }
}

impl std::error::Error for ActionError {}

fn err(code: &'static str, message: impl Into<String>, start: usize, end: usize) -> ActionError {
    ActionError { code, message: message.into(), span: Span::new(start, end) }
}

/// A word of the notation with its byte range.
#[derive(Clone, Copy)]
struct Word<'a> {
    text: &'a str,
    start: usize,
}

impl Word<'_> {
    fn end(&self) -> usize {
        self.start + self.text.len()
    }
}

/// The length of the whitespace character at `i` (0 if none). ASCII fast, Unicode exact.
fn space_len(s: &str, i: usize) -> usize {
    match s.as_bytes().get(i) {
        Some(b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c) => 1,
        Some(&b) if b >= 0x80 => {
            s.get(i..).and_then(|r| r.chars().next()).filter(|c| c.is_whitespace()).map_or(0, char::len_utf8)
        }
        _ => 0,
    }
}

/// Splits the action part into at most 5 words (more words are an error).
fn words<'a>(body: &'a str, out: &mut [Option<Word<'a>>; 5]) -> Result<usize, ActionError> {
    let len = body.len();
    let mut i = 0;
    let mut n = 0;
    loop {
        loop {
            let k = space_len(body, i);
            if k == 0 {
                break;
            }
            i += k;
        }
        if i >= len {
            return Ok(n);
        }
        let start = i;
        while i < len && space_len(body, i) == 0 {
            i += 1;
        }
        let text = body.get(start..i).unwrap_or("");
        match out.get_mut(n) {
            Some(slot) => *slot = Some(Word { text, start }),
            None => {
                return Err(err(
                    codes::PHH_ACTION_SYNTAX,
                    format!("unexpected `{text}` after a complete action"),
                    start,
                    i,
                ));
            }
        }
        n += 1;
    }
}

fn player(word: Word<'_>) -> Result<Player, ActionError> {
    // Common case first: `p` and one or two digits.
    match word.text.as_bytes() {
        [b'p', d @ b'0'..=b'9'] => return Ok(Player(u16::from(d - b'0'))),
        [b'p', a @ b'1'..=b'9', b @ b'0'..=b'9'] => {
            return Ok(Player(u16::from(a - b'0') * 10 + u16::from(b - b'0')));
        }
        _ => {}
    }
    let mut input = word.text;
    let parsed: Result<u16, ()> = ('p', winnow::ascii::dec_uint).map(|(_, n)| n).parse_next(&mut input);
    match parsed {
        Ok(n) if input.is_empty() => Ok(Player(n)),
        _ => Err(err(
            codes::PHH_ACTION_SYNTAX,
            format!("expected a player `pN`, found `{}`", word.text),
            word.start,
            word.end(),
        )),
    }
}

/// Rank index of a rank character (`2` → 0 … `A` → 12).
fn rank_of(b: u8) -> Option<Rank> {
    Rank::from_char(b as char)
}

fn suit_of(b: u8) -> Option<Suit> {
    match b {
        b'c' | b'd' | b'h' | b's' => Suit::from_char(b as char),
        _ => None,
    }
}

fn cards(word: Word<'_>) -> Result<CardRun, ActionError> {
    // Fast loop; any problem goes to the detailed path below for the error.
    let bytes = word.text.as_bytes();
    if bytes.len().is_multiple_of(2) {
        let mut run = CardRun::new();
        let mut ok = true;
        for pair in bytes.chunks_exact(2) {
            let (r, s) = (pair.first().copied().unwrap_or(0), pair.get(1).copied().unwrap_or(0));
            if r == b'?' && s == b'?' {
                run.push(MaybeCard::Unknown);
                continue;
            }
            match (rank_of(r), suit_of(s)) {
                (Some(rank), Some(suit)) => run.push(MaybeCard::Known(Card::new(rank, suit))),
                _ => {
                    ok = false;
                    break;
                }
            }
        }
        if ok {
            return Ok(run);
        }
    }
    let mut run = CardRun::new();
    for (i, card) in poker_engine::card_text::cards(word.text).enumerate() {
        match card {
            Ok(c) => run.push(c),
            Err(e) => {
                // Whole characters of the word: a stray `é` is reported whole, not by its first byte.
                let local =
                    Span::new(e.span.start, e.span.end.max(e.span.start + 1)).snap_to_chars(word.text);
                let (at, end) = (word.start + local.start, word.start + local.end);
                let what = match e.kind {
                    cards_core::CardTextErrorKind::BadRank => "invalid rank",
                    cards_core::CardTextErrorKind::BadSuit => "invalid suit",
                    cards_core::CardTextErrorKind::Truncated => "card cut short",
                    _ => "invalid card",
                };
                let card_text = word.text.get(i * 2..(i * 2 + 2).min(word.text.len())).unwrap_or("");
                return Err(err(
                    codes::PHH_ACTION_CARD_TEXT,
                    format!("{what} in card `{card_text}` (cards are rank then suit, like `Ah`, or `??`)"),
                    at,
                    end,
                ));
            }
        }
    }
    Ok(run)
}

fn amount(word: Word<'_>) -> Result<Amount, ActionError> {
    let valid =
        word.text.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'_' | b'e' | b'E' | b'+' | b'-'));
    let parsed = if valid { super::number::parse_decimal(word.text).ok() } else { None };
    match parsed {
        Some(a) if !a.is_negative() && !a.is_zero() => Ok(a),
        Some(_) => Err(err(
            codes::PHH_ACTION_AMOUNT,
            format!("the amount `{}` must be positive", word.text),
            word.start,
            word.end(),
        )),
        None => Err(err(
            codes::PHH_ACTION_AMOUNT,
            format!("`{}` is not an exact amount", word.text),
            word.start,
            word.end(),
        )),
    }
}

fn missing(after: Word<'_>, what: &str) -> ActionError {
    err(codes::PHH_ACTION_SYNTAX, format!("missing {what} after `{}`", after.text), after.start, after.end())
}

fn no_more(words: &[Option<Word<'_>>], from: usize) -> Result<(), ActionError> {
    match words.get(from).copied().flatten() {
        Some(w) => Err(err(
            codes::PHH_ACTION_SYNTAX,
            format!("unexpected `{}` after a complete action", w.text),
            w.start,
            w.end(),
        )),
        None => Ok(()),
    }
}

/// Parses one action notation (the content of one string of the `actions` array).
///
/// ```
/// use phh::{ActionKind, Player, Shown};
/// use phh::parse_action;
/// let a = parse_action("  d dh p3 Ah?? ").unwrap();
/// assert!(matches!(a.kind, ActionKind::DealHole { player: Player(3), .. }));
/// let e = parse_action("p1 cbr ten").unwrap_err();
/// assert_eq!((e.code, e.span.start, e.span.end), ("PHH_ACTION_AMOUNT", 7, 10));
/// assert_eq!(parse_action("p2 sm -").unwrap().kind, ActionKind::ShowMuck { player: Player(2), shown: Shown::Dealt });
/// ```
pub fn parse_action(text: &str) -> Result<Action, ActionError> {
    parse_action_tokens(text).map(|(action, _)| action)
}

// The model's action read from its notation here, beside the parser, so that the model does
// not import the parser.
impl core::str::FromStr for Action {
    type Err = ActionError;

    fn from_str(s: &str) -> Result<Action, ActionError> {
        parse_action(s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Action {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Action, D::Error> {
        let text = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
        parse_action(&text).map_err(|e| serde::de::Error::custom(e.message))
    }
}

/// Where the player and the cards of an action are, in bytes of the notation (or of the file,
/// once shifted).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ActionTokens {
    /// The `pN` word (the actor, or the player dealt to).
    pub player: Option<Span>,
    /// The card run word.
    pub cards: Option<Span>,
    /// The amount word.
    pub amount: Option<Span>,
    /// Whether card `i` is at `cards.start + 2 * i` (false when the text had escapes).
    pub exact: bool,
}

impl ActionTokens {
    /// The tokens moved right by `offset`.
    #[must_use]
    pub fn shifted(self, offset: usize) -> ActionTokens {
        ActionTokens {
            player: self.player.map(|s| s.shift(offset)),
            cards: self.cards.map(|s| s.shift(offset)),
            amount: self.amount.map(|s| s.shift(offset)),
            exact: self.exact,
        }
    }

    /// Every token is `span` (for strings whose text is not verbatim in the file).
    #[must_use]
    pub fn whole(span: Span) -> ActionTokens {
        ActionTokens { player: Some(span), cards: Some(span), amount: Some(span), exact: false }
    }

    /// The span of card `i` of the run.
    #[must_use]
    pub fn card(&self, i: usize) -> Option<Span> {
        let c = self.cards?;
        if self.exact { Some(Span::new(c.start + 2 * i, (c.start + 2 * i + 2).min(c.end))) } else { Some(c) }
    }
}

fn span_of(w: Word<'_>) -> Span {
    Span::new(w.start, w.end())
}

/// Parses one action notation and tells where its tokens are.
pub fn parse_action_tokens(text: &str) -> Result<(Action, ActionTokens), ActionError> {
    match parse_common(text) {
        Some(common) => Ok(common),
        None => parse_general(text),
    }
}

/// [`parse_action_tokens`] of any notation, with its errors.
fn parse_general(text: &str) -> Result<(Action, ActionTokens), ActionError> {
    let (body, commentary) = match text.find('#') {
        Some(i) => (text.get(..i).unwrap_or(""), Some(text.get(i + 1..).unwrap_or("").trim().to_owned())),
        None => (text, None),
    };
    let mut slots: [Option<Word<'_>>; 5] = [None; 5];
    let n = words(body, &mut slots)?;
    let mut toks = ActionTokens { exact: true, ..ActionTokens::default() };
    let kind = if n == 0 { ActionKind::NoOp } else { action_kind(&slots, &mut toks)? };
    Ok((Action { kind, commentary }, toks))
}

/// The notations as producers write them (single spaces, no commentary, `pN` with one or two
/// digits, cards without a problem), read without the general path's word splitting and error
/// reporting; `None` for anything else, which the general path then reads (errors included).
/// What it reads, it reads as the general path does (`common_notations_read_as_the_general_path`).
fn parse_common(text: &str) -> Option<(Action, ActionTokens)> {
    let [first, second, third, fourth] = common_words(text)?;
    let (first, second) = (first?, second?);
    let mut toks = ActionTokens { exact: true, ..ActionTokens::default() };
    let kind = match (first.text.as_bytes(), second.text.as_bytes()) {
        (b"d", b"db") if fourth.is_none() => {
            let c = third?;
            toks.cards = Some(span_of(c));
            ActionKind::DealBoard { cards: common_cards(c)? }
        }
        (b"d", b"dh") => {
            let (p, c) = (third?, fourth?);
            toks.player = Some(span_of(p));
            toks.cards = Some(span_of(c));
            ActionKind::DealHole { player: short_player(p)?, cards: common_cards(c)? }
        }
        _ if fourth.is_some() => return None,
        (_, cmd) => {
            let player = short_player(first)?;
            toks.player = Some(span_of(first));
            match (cmd, third) {
                (b"cc", None) => ActionKind::CheckCall { player },
                (b"f", None) => ActionKind::Fold { player },
                (b"pb", None) => ActionKind::BringIn { player },
                (b"cbr", Some(a)) => {
                    toks.amount = Some(span_of(a));
                    ActionKind::CompleteBetRaise { player, amount: amount(a).ok()? }
                }
                (b"sm", None) => ActionKind::ShowMuck { player, shown: Shown::Muck },
                (b"sm", Some(c)) if c.text == "-" => ActionKind::ShowMuck { player, shown: Shown::Dealt },
                (b"sm", Some(c)) => {
                    toks.cards = Some(span_of(c));
                    ActionKind::ShowMuck { player, shown: Shown::Cards(common_cards(c)?) }
                }
                (b"sd", None) => ActionKind::StandPatDiscard { player, discards: CardRun::new() },
                (b"sd", Some(c)) => {
                    toks.cards = Some(span_of(c));
                    ActionKind::StandPatDiscard { player, discards: common_cards(c)? }
                }
                _ => return None,
            }
        }
    };
    Some((Action { kind, commentary: None }, toks))
}

/// The words of `text` split at each space (two spaces make an empty word), at most four
/// (`None` for more). Split by hand: `str::split`'s searcher, and iterator adapters, cost more
/// than these short words.
fn common_words(text: &str) -> Option<[Option<Word<'_>>; 4]> {
    let bytes = text.as_bytes();
    let mut words = [None; 4];
    let mut start = 0;
    for slot in &mut words {
        let end = bytes.get(start..)?.iter().position(|&b| b == b' ').map_or(bytes.len(), |k| start + k);
        *slot = Some(Word { text: text.get(start..end)?, start });
        if end == bytes.len() {
            return Some(words);
        }
        start = end + 1;
    }
    None
}

/// `pN` with one digit, or two without a leading zero (the general path reads the others).
fn short_player(word: Word<'_>) -> Option<Player> {
    match word.text.as_bytes() {
        [b'p', d @ b'0'..=b'9'] => Some(Player(u16::from(d - b'0'))),
        [b'p', a @ b'1'..=b'9', b @ b'0'..=b'9'] => {
            Some(Player(u16::from(a - b'0') * 10 + u16::from(b - b'0')))
        }
        _ => None,
    }
}

/// A run of rank-suit pairs and `??`, none of them wrong (the general path reports what is).
fn common_cards(word: Word<'_>) -> Option<CardRun> {
    let bytes = word.text.as_bytes();
    if bytes.is_empty() || !bytes.len().is_multiple_of(2) {
        return None;
    }
    let mut run = CardRun::new();
    for pair in bytes.chunks_exact(2) {
        let (r, s) = (pair.first().copied().unwrap_or(0), pair.get(1).copied().unwrap_or(0));
        if r == b'?' && s == b'?' {
            run.push(MaybeCard::Unknown);
        } else {
            run.push(MaybeCard::Known(Card::new(rank_of(r)?, suit_of(s)?)));
        }
    }
    Some(run)
}

fn action_kind(w: &[Option<Word<'_>>; 5], toks: &mut ActionTokens) -> Result<ActionKind, ActionError> {
    let Some(first) = w[0] else {
        return Err(err(codes::PHH_ACTION_SYNTAX, "empty action", 0, 0));
    };
    if first.text == "d" {
        dealer_action(w, first, toks)
    } else if first.text.starts_with('p') {
        player_action(w, first, toks)
    } else {
        Err(err(
            codes::PHH_ACTION_SYNTAX,
            format!("expected the dealer `d` or a player `pN`, found `{}`", first.text),
            first.start,
            first.end(),
        ))
    }
}

/// `d db CARDS` or `d dh pN CARDS` (`first` is the `d`).
fn dealer_action(
    w: &[Option<Word<'_>>; 5],
    first: Word<'_>,
    toks: &mut ActionTokens,
) -> Result<ActionKind, ActionError> {
    let [_, second, third, fourth, _] = *w;
    let Some(cmd) = second else { return Err(missing(first, "`db` or `dh`")) };
    match cmd.text {
        "db" => {
            let Some(c) = third else { return Err(missing(cmd, "the board cards")) };
            no_more(w, 3)?;
            toks.cards = Some(span_of(c));
            Ok(ActionKind::DealBoard { cards: cards(c)? })
        }
        "dh" => {
            let Some(p) = third else { return Err(missing(cmd, "the player dealt to")) };
            let player = player(p)?;
            toks.player = Some(span_of(p));
            let Some(c) = fourth else { return Err(missing(p, "the hole cards")) };
            no_more(w, 4)?;
            toks.cards = Some(span_of(c));
            Ok(ActionKind::DealHole { player, cards: cards(c)? })
        }
        other => Err(err(
            codes::PHH_ACTION_SYNTAX,
            format!("unknown dealer action `{other}` (expected `db` or `dh`)"),
            cmd.start,
            cmd.end(),
        )),
    }
}

/// `pN` and a player's action (`first` is the `pN`).
fn player_action(
    w: &[Option<Word<'_>>; 5],
    first: Word<'_>,
    toks: &mut ActionTokens,
) -> Result<ActionKind, ActionError> {
    let [_, second, third, _, _] = *w;
    let player = player(first)?;
    toks.player = Some(span_of(first));
    let Some(cmd) = second else {
        return Err(missing(first, "an action (`pb`, `cbr`, `cc`, `f`, `sd`, `sm`)"));
    };
    let kind = match cmd.text {
        "pb" => ActionKind::BringIn { player },
        "cc" => ActionKind::CheckCall { player },
        "f" => ActionKind::Fold { player },
        "cbr" => {
            let Some(a) = third else { return Err(missing(cmd, "the amount")) };
            no_more(w, 3)?;
            toks.amount = Some(span_of(a));
            return Ok(ActionKind::CompleteBetRaise { player, amount: amount(a)? });
        }
        "sd" => {
            let discards = match third {
                Some(c) => {
                    toks.cards = Some(span_of(c));
                    cards(c)?
                }
                None => CardRun::new(),
            };
            no_more(w, 3)?;
            return Ok(ActionKind::StandPatDiscard { player, discards });
        }
        "sm" => {
            let shown = match third {
                None => Shown::Muck,
                Some(c) if c.text == "-" => Shown::Dealt,
                Some(c) => {
                    toks.cards = Some(span_of(c));
                    Shown::Cards(cards(c)?)
                }
            };
            no_more(w, 3)?;
            return Ok(ActionKind::ShowMuck { player, shown });
        }
        "db" | "dh" => {
            return Err(err(
                codes::PHH_ACTION_SYNTAX,
                format!("only the dealer `d` can `{}`", cmd.text),
                first.start,
                cmd.end(),
            ));
        }
        other => {
            return Err(err(
                codes::PHH_ACTION_SYNTAX,
                format!("unknown player action `{other}` (expected `pb`, `cbr`, `cc`, `f`, `sd` or `sm`)"),
                cmd.start,
                cmd.end(),
            ));
        }
    };
    no_more(w, 2)?;
    Ok(kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(s: &str) -> ActionKind {
        parse_action(s).map(|a| a.kind).unwrap_or(ActionKind::NoOp)
    }

    #[test]
    fn every_notation() {
        assert!(matches!(kind("d db AhKhQh"), ActionKind::DealBoard { cards } if cards.len() == 3));
        assert!(
            matches!(kind("d dh p1 ????"), ActionKind::DealHole { player: Player(1), cards } if cards.len() == 2)
        );
        assert_eq!(kind("p2 pb"), ActionKind::BringIn { player: Player(2) });
        assert_eq!(kind("p2 cc"), ActionKind::CheckCall { player: Player(2) });
        assert_eq!(kind("p2 f"), ActionKind::Fold { player: Player(2) });
        assert_eq!(
            kind("p2 sd"),
            ActionKind::StandPatDiscard { player: Player(2), discards: CardRun::new() }
        );
        assert_eq!(kind("p2 sm"), ActionKind::ShowMuck { player: Player(2), shown: Shown::Muck });
        assert_eq!(kind("   "), ActionKind::NoOp);
        let a = parse_action("# Burn card 6s is exposed").unwrap();
        assert_eq!((a.kind, a.commentary.as_deref()), (ActionKind::NoOp, Some("Burn card 6s is exposed")));
    }

    /// What the common path reads, the general path reads the same (tokens included); what it
    /// leaves, the general path reads.
    #[test]
    fn common_notations_read_as_the_general_path() {
        let general = parse_general;
        let common = [
            "d dh p1 3dQh",
            "d dh p12 ????",
            "d dh p0 Ah",
            "d db 9hQs8d",
            "d db As",
            "p2 cc",
            "p3 f",
            "p1 pb",
            "p2 cbr 67",
            "p2 cbr 7.50",
            "p3 sm -",
            "p4 sm AhKh",
            "p4 sm",
            "p1 sd",
            "p1 sd 2c3c",
            "p99 cc",
        ];
        let other = [
            "",
            " ",
            "d",
            "d dh",
            "d dh p1",
            "d dh p1 3dQh x",
            "d db",
            "d db 9hQs8",
            "d db 9hQx8d",
            "d xx p1 Ah",
            "p1",
            "p1 cc x",
            "p1 cbr",
            "p1 cbr 0",
            "p1 cbr -1",
            "p1 cbr ten",
            "p1 cbr 1 2",
            "p01 cc",
            "p100 cc",
            "q1 cc",
            "p1  cc",
            " p1 cc",
            "p1 cc ",
            "p1\tcc",
            "p1 cc # c",
            "p1 cc#c",
            "# all",
            "p1 db 9h",
            "p1 sm - x",
            "p1 sd ??",
            "p1 sm ??",
            "d dh p1 ??Ah",
            "d dh p1 \u{e9}h",
            "p1 zz",
            "p1 f\u{a0}",
            "p1 sm 2c3c4",
            "p1 cbr 1e3",
            "p1 cbr 1_000",
        ];
        for text in common.iter().chain(&other) {
            let fast = parse_common(text);
            if common.contains(text) {
                assert!(fast.is_some(), "{text:?} is common");
            }
            if let Some(fast) = fast {
                assert_eq!(Ok(fast), general(text), "{text:?}");
            }
            assert_eq!(parse_action_tokens(text), general(text), "{text:?}");
        }
    }

    #[test]
    fn errors_point_at_tokens() {
        let e = parse_action("p1 xx").unwrap_err();
        assert_eq!((e.code, e.span), (codes::PHH_ACTION_SYNTAX, Span::new(3, 5)));
        let e = parse_action("d dh p1 AhKx").unwrap_err();
        assert_eq!((e.code, e.span), (codes::PHH_ACTION_CARD_TEXT, Span::new(11, 12)));
        let e = parse_action("p1 cc extra").unwrap_err();
        assert_eq!(e.span, Span::new(6, 11));
        let e = parse_action("q1 cc").unwrap_err();
        assert_eq!(e.span, Span::new(0, 2));
        let e = parse_action("p1 cbr").unwrap_err();
        assert_eq!(e.span, Span::new(3, 6));
        let e = parse_action("p1 cbr 0").unwrap_err();
        assert_eq!(e.code, codes::PHH_ACTION_AMOUNT);
        let e = parse_action("p99999999 cc").unwrap_err();
        assert_eq!(e.span, Span::new(0, 9));
    }
}
