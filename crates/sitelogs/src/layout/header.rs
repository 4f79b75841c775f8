//! The first two lines of a PokerStars hand: the hand header and the table line.

use cards_core::Amount;
use phh::Variant;

use crate::money;

/// What the hand header says.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Header {
    /// The text before ` Hand #` / ` Game #` (`PokerStars`, `PokerStars Zoom`, `PokerStars Home Game`).
    pub site: String,
    /// `Hand` (current logs) or `Game` (logs before 2010).
    pub noun: String,
    /// The hand number.
    pub id: String,
    /// Tournament text before the game (`Tournament #123, $0.91+$0.09 USD`), or a home game's club.
    pub event: Option<String>,
    /// The game as written (`Hold'em No Limit`).
    pub game: String,
    /// The small and big stake of the parenthesized stakes (`$0.50/$1.00`): blinds in big-bet
    /// games, the small and big bet in fixed-limit games.
    pub stakes: Option<(Amount, Amount)>,
    /// Currency code after the stakes (`USD`), or from the symbol.
    pub currency: Option<String>,
    /// The symbol the amounts carry (`$`).
    pub symbol: Option<char>,
    /// The tournament level (`Level IV` is 4).
    pub level: Option<i64>,
    /// The round of a heads-up match tournament (`Match Round I, Level V`: `I`).
    pub match_round: Option<String>,
    /// The first date and time.
    pub date: Option<DateTime>,
    /// The time zone written after the first date (`ET`, `CET`, `UTC`; `(ET)` in 2007–2010 logs).
    pub time_zone: Option<String>,
    /// The ante of a button-blind table (`6+ Hold'em No Limit (Button Blind $2 - Ante $2 USD)`),
    /// whose [`Header::stakes`] are then the button blind twice.
    pub button_blind_ante: Option<Amount>,
}

/// `(year, month, day, hour, minute, second)`.
pub type DateTime = (i64, i64, i64, u8, u8, u8);

/// Whether a line opens a hand: `<site words> Hand|Game #<digits>:`, or the header of a log in
/// the client's language ([`super::lang`]).
#[must_use]
pub fn is_header(line: &str) -> bool {
    split_id(line).is_some() || super::lang::detect(line).is_some()
}

fn split_id(line: &str) -> Option<(&str, &str, &str, &str)> {
    let line = line.trim_start_matches('\u{feff}');
    // Most lines have no `#`: one byte search rules them out.
    if !line.as_bytes().contains(&b'#') || !line.starts_with(|c: char| c.is_ascii_uppercase()) {
        return None;
    }
    let (at, noun) = [" Hand #", " Game #"].iter().filter_map(|n| line.find(n).map(|i| (i, *n))).min()?;
    let site = &line[..at];
    // Skins name themselves by their domain (`ActionPoker.com Game #…` on BetOnline's network).
    if site.is_empty() || !site.chars().all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '.') {
        return None;
    }
    let after = &line[at + noun.len()..];
    let colon = after.find(':')?;
    let id = &after[..colon];
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return None;
    }
    Some((site, noun.trim().trim_end_matches(" #"), id, &after[colon + 1..]))
}

/// The games PHH can express, with their PokerStars names.
pub const GAMES: &[(&str, Variant)] = &[
    ("Hold'em No Limit", Variant::NoLimitTexasHoldem),
    ("Hold'em Limit", Variant::FixedLimitTexasHoldem),
    ("6+ Hold'em No Limit", Variant::NoLimitShortDeckHoldem),
    ("Omaha Pot Limit", Variant::PotLimitOmahaHoldem),
    ("Omaha Hi/Lo Limit", Variant::FixedLimitOmahaHoldemHighLowSplitEightOrBetter),
    ("7 Card Stud Limit", Variant::FixedLimitSevenCardStud),
    ("7 Card Stud Hi/Lo Limit", Variant::FixedLimitSevenCardStudHighLowSplitEightOrBetter),
    ("Razz Limit", Variant::FixedLimitRazz),
    ("Single Draw 2-7 Lowball No Limit", Variant::NoLimitDeuceToSevenLowballSingleDraw),
    ("Triple Draw 2-7 Lowball Limit", Variant::FixedLimitDeuceToSevenLowballTripleDraw),
    ("Badugi Limit", Variant::FixedLimitBadugi),
];

/// The PokerStars name of a variant.
#[must_use]
pub fn game_name(variant: Variant) -> &'static str {
    GAMES.iter().find(|(_, v)| *v == variant).map_or("Hold'em No Limit", |(name, _)| name)
}

/// The variant of a game name; `None` for a game PHH cannot express.
#[must_use]
pub fn variant_of(game: &str) -> Option<Variant> {
    GAMES.iter().find(|(name, _)| *name == game).map(|(_, v)| *v)
}

const STRUCTURES: &[&str] = &[
    " Pot Limit",
    " No Limit",
    " Cap No Limit",
    " Fixed Limit",
    " Limit",
    " Pot Limit Pre-Flop, No Limit Post-Flop",
];

/// The mixed games whose hands name their own game (`8-Game (Razz Limit)`): an event that ends
/// with one is written that way back.
pub const MIXES: &[&str] = &[
    "8-Game",
    "HORSE",
    "HOSE",
    "Mixed Hold'em",
    "Mixed Omaha Hi/Lo",
    "Mixed Omaha",
    "Mixed PLH/PLO",
    "Mixed NLH/PLO",
    "Triple Stud",
];

fn roman(text: &str) -> Option<i64> {
    let value = |c: char| match c {
        'I' => Some(1),
        'V' => Some(5),
        'X' => Some(10),
        'L' => Some(50),
        'C' => Some(100),
        _ => None,
    };
    let digits: Vec<i64> = text.chars().map(value).collect::<Option<_>>()?;
    let mut total = 0;
    for (i, d) in digits.iter().enumerate() {
        if digits.get(i + 1).is_some_and(|next| next > d) { total -= d } else { total += d }
    }
    (total > 0).then_some(total).or_else(|| text.parse().ok())
}

/// `2015/03/31 21:06:11 CET [...]`, or the 2007–2010 form `2009/10/12 - 23:45:12 (ET)`.
fn date(text: &str) -> Option<(DateTime, Option<String>)> {
    let mut words = text.split_whitespace().filter(|w| *w != "-");
    let day = words.next()?;
    let time = words.next()?;
    let zone = words
        .next()
        .filter(|z| !z.starts_with('['))
        .map(|z| z.trim_start_matches('(').trim_end_matches(')').to_owned())
        .filter(|z| !z.is_empty());
    let mut d = day.split('/').map(str::parse::<i64>);
    let (y, m, dd) = (d.next()?.ok()?, d.next()?.ok()?, d.next()?.ok()?);
    let mut t = time.split(':').map(str::parse::<u8>);
    let (h, mi, s) = (t.next()?.ok()?, t.next()?.ok()?, t.next().unwrap_or(Ok(0)).ok()?);
    if !(1..=12).contains(&m) || !(1..=31).contains(&dd) || h > 23 || mi > 59 || s > 60 {
        return None;
    }
    Some(((y, m, dd, h, mi, s), zone))
}

/// Whether `text` starts with a date's year and month (`2009/`).
fn starts_with_date(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() > 5 && b[..4].iter().all(u8::is_ascii_digit) && b[4] == b'/'
}

/// Reads a header line; the error says what is missing.
pub fn parse(line: &str) -> Result<Header, String> {
    // Newer clients put no-break spaces in some headers (`Button Blind\u{a0}$2`).
    let line = line.replace('\u{a0}', " ");
    let (site, noun, id, rest) = split_id(&line).ok_or("no `Hand #<number>:` in the header")?;
    let mut header =
        Header { site: site.to_owned(), noun: noun.to_owned(), id: id.to_owned(), ..Header::default() };
    // The date is after the last ` - ` followed by a year (`- 2009/10/12 - 23:45:12 (ET)` in
    // 2007–2010 logs has a second ` - ` inside it).
    let (body, when) = match rest.rmatch_indices(" - ").find(|(i, _)| starts_with_date(&rest[i + 3..])) {
        Some((i, _)) => (&rest[..i], Some(&rest[i + 3..])),
        None => (rest, None),
    };
    if let Some(when) = when {
        let (d, zone) = date(when).ok_or_else(|| format!("unreadable date `{when}`"))?;
        header.date = Some(d);
        header.time_zone = zone;
    }
    let (game_text, stakes_text) = game_and_stakes(body.trim());
    let game_text = levels(&mut header, game_text)?;
    let game_start = game_start(&game_text).ok_or_else(|| format!("no game in `{game_text}`"))?;
    // A converter's `Tournament #1, $125+$10 - Hold'em No Limit`: the dash is no part of the event.
    let event = game_text[..game_start].trim().trim_end_matches(['-', ',']).trim();
    if !event.is_empty() {
        header.event = Some(event.to_owned());
    }
    header.game = game_text[game_start..].trim().to_owned();
    if let Some(stakes) = stakes_text {
        read_stakes(&mut header, &stakes)?;
    }
    Ok(header)
}

/// The header's body (between the hand number and the date) cut into the game text (with the
/// event and level) and the stakes: the last parenthesized group, where a mixed game writes
/// `HORSE (Razz Limit, $1/$2 USD)` (the game inside goes with the game text).
fn game_and_stakes(body: &str) -> (String, Option<String>) {
    let (before, stakes) = match (body.rfind('('), body.ends_with(')')) {
        (Some(open), true) => (&body[..open], Some(&body[open + 1..body.len() - 1])),
        _ => (body, None),
    };
    if let Some(s) = stakes
        && let Some((game, st)) = s.split_once(", ")
        && STRUCTURES.iter().any(|k| game.ends_with(k))
    {
        return (format!("{} {game}", before.trim()), Some(st.to_owned()));
    }
    (before.trim().to_owned(), stakes.map(str::to_owned))
}

/// The tournament level and heads-up match round read off the end of the game text, and a mixed
/// game's parentheses opened: the text of the event and game left.
fn levels(header: &mut Header, mut game_text: String) -> Result<String, String> {
    // Tournaments: `Tournament #1, $1+$0.10 USD Hold'em No Limit - Level IV`.
    // Heads-up matches: `... No Limit - Match Round I, Level V`.
    if let Some((game, rest)) = game_text.clone().rsplit_once(" - Match Round ") {
        let (round, level) =
            rest.split_once(", Level ").ok_or_else(|| format!("unreadable round `{rest}`"))?;
        header.match_round = Some(round.trim().to_owned());
        game_text = format!("{game} - Level {level}");
    }
    if let Some((game, level)) = game_text.clone().rsplit_once(" - Level ") {
        header.level = Some(roman(level.trim()).ok_or_else(|| format!("unreadable level `{level}`"))?);
        game_text = game.to_owned();
    }
    // A mixed game names the hand's game in parentheses: `100+9 8-Game (Razz Limit) - Level IV`,
    // `Mixed Omaha (Omaha Pot Limit)`, `Triple Stud (7 Card Stud Limit)`.
    if let Some(inner) = game_text.strip_suffix(')').and_then(|t| t.rsplit_once(" ("))
        && STRUCTURES.iter().any(|k| inner.1.ends_with(k))
    {
        game_text = format!("{} {}", inner.0, inner.1);
    }
    Ok(game_text)
}

/// The stakes in the header's parentheses: `$1/$2 USD`, 6+ hold'em's `Button Blind $2 - Ante $2
/// USD`, or a capped game's `$1/$2 - $40 Cap - USD` (named in the game: PHH cannot express it).
fn read_stakes(header: &mut Header, st: &str) -> Result<(), String> {
    let unreadable = || format!("unreadable stakes `{st}`");
    if st.contains(" Cap ") {
        header.game = format!("{} (capped at {})", header.game, st.split(" - ").nth(1).unwrap_or("a cap"));
        return Ok(());
    }
    if let Some(st) = st.strip_prefix("Button Blind ") {
        // 6+ hold'em's one blind, posted by the button.
        let unreadable = || format!("unreadable stakes `{st}`");
        let (blind, rest) = st.split_once(" - Ante ").ok_or_else(unreadable)?;
        let mut words = rest.split_whitespace();
        let ante = words.next().unwrap_or_default();
        header.currency = words.next().map(str::to_owned);
        header.symbol = money::symbol_of(blind);
        let blind = money::parse(blind).ok_or_else(unreadable)?;
        header.button_blind_ante = Some(money::parse(ante).ok_or_else(unreadable)?);
        header.stakes = Some((blind, blind));
        return Ok(());
    }
    let mut words = st.split_whitespace();
    let pair = words.next().unwrap_or_default();
    if let Some(code) = words.next() {
        header.currency = Some(code.to_owned());
    }
    let (small, big) = pair.split_once('/').ok_or_else(unreadable)?;
    header.symbol = money::symbol_of(small);
    let small = money::parse(small).ok_or_else(unreadable)?;
    let big = money::parse(big).ok_or_else(unreadable)?;
    header.stakes = Some((small, big));
    Ok(())
}

/// Where the game name starts: the known name the text ends with (with its betting structure),
/// else the words after the event's last comma.
fn game_start(text: &str) -> Option<usize> {
    // Longer names first among those ending alike: `Split Hold'em` is no `Hold'em`.
    let known = [
        "Split Hold'em",
        "Showtime Hold'em",
        "Deep Water Hold'em",
        "Swap Hold'em",
        "Tempest Hold'em",
        "Unfold Hold'em",
        "Split Omaha",
        "Showtime Omaha",
        "Deep Water Omaha",
        "Fusion",
        "Triple Draw A-5 Lowball",
        "7 Card Stud Hi/Lo",
        "7 Card Stud",
        "5 Card Omaha Hi/Lo",
        "5 Card Omaha",
        "6 Card Omaha Hi/Lo",
        "6 Card Omaha",
        "Courchevel Hi/Lo",
        "Courchevel",
        "Omaha Hi/Lo",
        "Omaha",
        "6+ Hold'em",
        "Hold'em",
        "Razz",
        "Triple Draw 2-7 Lowball",
        "Single Draw 2-7 Lowball",
        "5 Card Draw",
        "Badugi",
    ];
    let structure = STRUCTURES.iter().filter(|s| text.ends_with(*s)).map(|s| s.len()).max()?;
    let head = &text[..text.len() - structure];
    known
        .iter()
        .filter(|k| {
            head.ends_with(*k) && (head.len() == k.len() || head[..head.len() - k.len()].ends_with(' '))
        })
        .map(|k| head.len() - k.len())
        .min()
        .or_else(|| Some(head.rfind(", ").map_or(0, |i| i + 2)))
}

/// What the table line says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// The table name.
    pub name: String,
    /// Seats at the table (`6-max`).
    pub seat_count: Option<i64>,
    /// Whether the line says `(Play Money)`.
    pub play_money: bool,
    /// The button's seat.
    pub button: Option<i64>,
}

/// Reads `Table 'Name' 6-max [(Play Money)] Seat #3 is the button` (Run It Once's copy of the
/// layout writes `Table ID 'Name' 6-Max`).
#[must_use]
pub fn parse_table(line: &str) -> Option<Table> {
    let rest = line.strip_prefix("Table '").or_else(|| line.strip_prefix("Table ID '"))?;
    let close = rest.rfind('\'')?;
    let name = rest[..close].to_owned();
    let tail = &rest[close + 1..];
    let seat_count = tail
        .split_whitespace()
        .find_map(|w| w.strip_suffix("-max").or_else(|| w.strip_suffix("-Max")))
        .and_then(|n| n.parse().ok());
    let button =
        tail.split_once("Seat #").and_then(|(_, b)| b.split_whitespace().next()).and_then(|n| n.parse().ok());
    Some(Table { name, seat_count, play_money: tail.contains("(Play Money)"), button })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tournament() {
        let h = parse("PokerStars Hand #13297900000: Tournament #11866000000, $13.92+$1.08 USD Hold'em No Limit - Level IV (40/80) - 2015/03/31 21:06:11 CET [2015/03/31 15:06:11 ET]").unwrap();
        assert_eq!(h.id, "13297900000");
        assert_eq!(h.event.as_deref(), Some("Tournament #11866000000, $13.92+$1.08 USD"));
        assert_eq!(h.game, "Hold'em No Limit");
        assert_eq!(h.level, Some(4));
        assert_eq!(h.date, Some((2015, 3, 31, 21, 6, 11)));
        assert_eq!(h.time_zone.as_deref(), Some("CET"));
        assert_eq!(h.currency, None);
    }

    #[test]
    fn cash_and_mixed() {
        let h =
            parse("PokerStars Zoom Hand #1:  Omaha Hi/Lo Pot Limit (¥25/¥50 CNY) - 2014/01/06 8:50:08 ET")
                .unwrap();
        assert_eq!((h.site.as_str(), h.game.as_str()), ("PokerStars Zoom", "Omaha Hi/Lo Pot Limit"));
        assert_eq!(h.currency.as_deref(), Some("CNY"));
        assert_eq!(h.symbol, Some('¥'));
        let h =
            parse("PokerStars Hand #2: HORSE (Razz Limit, $0.04/$0.08 USD) - 2014/01/06 8:50:08 ET").unwrap();
        assert_eq!(h.game, "Razz Limit");
        assert_eq!(h.event.as_deref(), Some("HORSE"));
        let h =
            parse("PokerStars Game #3: 5 Card Draw No Limit (1,000/2,000) - 2009/01/06 8:50:08 ET").unwrap();
        assert_eq!(h.game, "5 Card Draw No Limit");
        assert_eq!(
            h.stakes.map(|(a, b)| (a.to_string(), b.to_string())),
            Some(("1000".into(), "2000".into()))
        );
    }

    #[test]
    fn mixed_games_name_each_hand_s_game() {
        let h = parse("PokerStars Home Game Hand #99631756108: {Dazzle's Room} Tournament #743144019, 100+9 8-Game (Razz Limit) - Match Round I, Level IV (30/60) - 2013/06/05 23:30:00 ET").unwrap();
        assert_eq!(h.site, "PokerStars Home Game");
        assert_eq!(h.game, "Razz Limit");
        assert_eq!(h.event.as_deref(), Some("{Dazzle's Room} Tournament #743144019, 100+9 8-Game"));
        assert_eq!((h.level, h.match_round.as_deref()), (Some(4), Some("I")));
        let h = parse("PokerStars Hand #1: Zoom Tournament #9, $24.55+$2.45 USD Mixed Omaha (Omaha Pot Limit) - Level II (15/30) - 2016/05/01 1:02:03 EET [2016/04/30 18:02:03 ET]").unwrap();
        assert_eq!(h.game, "Omaha Pot Limit");
        assert_eq!(h.event.as_deref(), Some("Zoom Tournament #9, $24.55+$2.45 USD Mixed Omaha"));
        let h = parse("PokerStars Hand #2:  Mixed NLH/PLO (Hold'em No Limit, $0.10/$0.25 USD) - 2016/09/01 20:10:00 EET [2016/09/01 13:10:00 ET]").unwrap();
        assert_eq!((h.game.as_str(), h.event.as_deref()), ("Hold'em No Limit", Some("Mixed NLH/PLO")));
        // Split hold'em deals two boards: no PHH variant, and no plain `Hold'em`.
        let h = parse("PokerStars Hand #3:  Split Hold'em No Limit ($1/$2 USD) - 2018/03/01 12:00:00 CET")
            .unwrap();
        assert_eq!(h.game, "Split Hold'em No Limit");
        assert_eq!(variant_of(&h.game), None);
        let h = parse("PokerStars Hand #4: Tournament #5, $200+$15 USD Hold'em Pot Limit Pre-Flop, No Limit Post-Flop - Level I (10/20) - 2012/09/01 1:02:03 ET").unwrap();
        assert_eq!(h.game, "Hold'em Pot Limit Pre-Flop, No Limit Post-Flop");
    }

    #[test]
    fn old_dates_and_converted_events() {
        let h = parse("PokerStars Game #12345678901: Tournament #61234567, $5.00+$0.50 Hold'em No Limit - Level I (10/20) - 2007/10/15 - 10:49:07 (ET)").unwrap();
        assert_eq!(h.date, Some((2007, 10, 15, 10, 49, 7)));
        assert_eq!(h.time_zone.as_deref(), Some("ET"));
        assert_eq!(h.level, Some(1));
        let h = parse("PokerStars Game #3:  Hold'em No Limit ($1/$2) - 2009/10/12 - 23:45:12 (ET)").unwrap();
        assert_eq!((h.date, h.currency.as_deref()), (Some((2009, 10, 12, 23, 45, 12)), None));
        let h = parse(
            "PokerStars Hand #6: Tournament #7, $125+$10 - Hold'em No Limit (300/600) - 2017/01/02 3:04:05",
        )
        .unwrap();
        assert_eq!(h.event.as_deref(), Some("Tournament #7, $125+$10"));
        assert_eq!(h.game, "Hold'em No Limit");
    }

    #[test]
    fn six_plus_button_blind() {
        let h = parse("PokerStars Hand #195824029639:  6+ Hold'em No Limit (Button Blind\u{a0}$0.25 - Ante\u{a0}$0.25  USD) - 2019/01/16 18:35:56 EET [2019/01/16 11:35:56 ET]").unwrap();
        assert_eq!(variant_of(&h.game), Some(Variant::NoLimitShortDeckHoldem));
        let quarter: Amount = "0.25".parse().unwrap();
        assert_eq!((h.stakes, h.button_blind_ante), (Some((quarter, quarter)), Some(quarter)));
        assert_eq!((h.currency.as_deref(), h.symbol), (Some("USD"), Some('$')));
        let h = parse("PokerStars Hand #8: Tournament #9, 250 SC 6+ Hold'em No Limit - Level I (Button Blind 100 - Ante 100) - 2019/01/16 18:35:56 ET").unwrap();
        assert_eq!((h.level, h.button_blind_ante.map(|a| a.to_string())), (Some(1), Some("100".into())));
    }

    #[test]
    fn table() {
        let t = parse_table("Table 'Pomona III' 6-max (Play Money) Seat #1 is the button").unwrap();
        assert_eq!(
            (t.name.as_str(), t.seat_count, t.play_money, t.button),
            ("Pomona III", Some(6), true, Some(1))
        );
    }
}
