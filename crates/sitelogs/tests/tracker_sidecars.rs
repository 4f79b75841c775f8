//! What cardnote reads from a site log, compared with what a tracker read from the same hand: the
//! tracker's regression logs (`<repo>/../shared/corpus/sitelogs/jejellyroll-fr__fpdb-3`, AGPL:
//! read in place, never copied) carry, beside some logs, the tracker's expected output for one of
//! the log's hands: `LOG.hands` (the hand: its site number) and `LOG.hp` (each player: seat,
//! starting stack, hole cards, position, profit, winnings), both Python literals, amounts in cents.
//!
//! For every such pair whose site cardnote reads (told by content), the hand the sidecar names is
//! found among the log's records and each player is compared where both state the same thing.
//! Where they differ, the test names the difference and why: the list below is asserted whole, so
//! a new agreement or a new disagreement fails it. Skips when the fixtures are missing, fails when
//! `CARDNOTE_REQUIRE_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use cards_core::{Amount, MaybeCard};
use phh::{ActionKind, Hand, Shown};
use sitelogs::{Options, Site};

mod common;

/// One player as the tracker's `.hp` sidecar states it.
#[derive(Debug, Default)]
struct TrackerPlayer {
    seat: Option<i64>,
    start_cents: Option<i64>,
    profit_cents: Option<i64>,
    /// What the player collected (`winnings`).
    winnings_cents: Option<i64>,
    /// The tracker's card numbers (`card1`, `card2`, ...), 0 for none.
    cards: BTreeMap<u32, i64>,
    /// `'S'`, `'B'`, or the number of seats after the button (0 the button).
    position: Option<String>,
    sitout: bool,
}

/// The players of a `.hp` sidecar: lines `u'NAME': {   'key': value,` open a player, lines
/// `'key': value,` are its fields (the layout Python's pretty printer writes).
fn read_players(text: &str) -> BTreeMap<String, TrackerPlayer> {
    let mut players = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        let mut rest = line.trim_start_matches(['{', ' ']);
        if let Some((name, after)) = player_key(rest) {
            players.insert(name.clone(), TrackerPlayer::default());
            current = Some(name);
            rest = after.trim_start_matches(['{', ' ']);
        }
        let (Some(name), Some((key, value))) = (&current, field(rest)) else { continue };
        let player = players.get_mut(name).unwrap();
        let number = value.parse::<i64>().ok();
        match key {
            "seatNo" => player.seat = number,
            "startCash" => player.start_cents = number,
            "totalProfit" => player.profit_cents = number,
            "winnings" => player.winnings_cents = number,
            "position" => player.position = Some(value.trim_matches(['\'', '"']).to_owned()),
            "sitout" => player.sitout = value == "True",
            _ => {
                if let Some(n) = key.strip_prefix("card").and_then(|n| n.parse::<u32>().ok()) {
                    player.cards.insert(n, number.unwrap_or(0));
                }
            }
        }
    }
    players
}

/// `u'NAME': {` (or `'NAME': {`) at the start of `line`: the player's name and what follows.
fn player_key(line: &str) -> Option<(String, &str)> {
    let line = line.strip_prefix('u').unwrap_or(line);
    let quote = line.chars().next().filter(|c| *c == '\'' || *c == '"')?;
    let end = line[1..].find(quote)? + 1;
    let after = line[end + 1..].strip_prefix(": {")?;
    Some((line[1..end].to_owned(), after))
}

/// `'key': value,` at the start of `line`.
fn field(line: &str) -> Option<(&str, &str)> {
    let line = line.strip_prefix('\'')?;
    let (key, rest) = line.split_once("': ")?;
    let value = rest.trim_end().trim_end_matches(['}', ',']).trim();
    Some((key, value))
}

/// The site hand number a `.hands` sidecar names.
fn site_hand_number(text: &str) -> Option<String> {
    let line = text.lines().find(|l| l.contains("'siteHandNo':"))?;
    let value = line.split_once("'siteHandNo':")?.1.trim().trim_end_matches(',');
    Some(value.trim_start_matches('u').trim_matches('\'').to_owned())
}

/// The tracker's number of a card: suits in the order hearts, diamonds, clubs, spades, 13 each,
/// ranks from the deuce (`2h` = 1, `As` = 52).
fn tracker_card(card: MaybeCard) -> i64 {
    let MaybeCard::Known(card) = card else { return 0 };
    let text = poker_engine::card_text::spell(card).to_string();
    let mut chars = text.chars();
    let (rank, suit) = (chars.next().unwrap(), chars.next().unwrap());
    let rank = "23456789TJQKA".find(rank.to_ascii_uppercase()).unwrap() as i64;
    let suit = "hdcs".find(suit).unwrap() as i64;
    suit * 13 + rank + 1
}

/// The tracker's cents as an exact amount.
fn from_cents(cents: i64) -> Amount {
    let sign = if cents < 0 { "-" } else { "" };
    let abs = cents.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100).parse::<Amount>().unwrap().normalize()
}

/// The distinct known cards a player held or showed (the tracker lists a draw hand's cards once
/// per round and a stud hand's in the order dealt: compared as sets).
fn card_set(cards: impl IntoIterator<Item = i64>) -> Vec<i64> {
    let mut cards: Vec<i64> = cards.into_iter().filter(|c| *c != 0).collect();
    cards.sort_unstable();
    cards.dedup();
    cards
}

/// The cards cardnote read for player `index`: dealt, and shown at the end.
fn cardnote_cards(hand: &Hand, index: usize) -> Vec<i64> {
    let mut cards = Vec::new();
    for action in &hand.actions {
        let run = match &action.kind {
            ActionKind::DealHole { player, cards } if player.index() == Some(index) => cards,
            ActionKind::ShowMuck { player, shown: Shown::Cards(cards) } if player.index() == Some(index) => {
                cards
            }
            _ => continue,
        };
        cards.extend(run.iter().map(tracker_card));
    }
    card_set(cards)
}

/// The tracker's position of player `index` of `n`: PHH lists the players from the small blind
/// round to the button; heads up the button is the small blind and PHH lists the big blind first.
fn tracker_position(index: usize, n: usize) -> String {
    match (n, index) {
        (2, 0) => "B".to_owned(),
        (2, _) => "S".to_owned(),
        (_, 0) => "S".to_owned(),
        (_, 1) => "B".to_owned(),
        _ => (n - 1 - index).to_string(),
    }
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|e| e == "hp") {
            out.push(p);
        }
    }
}

/// Each difference between the tracker's sidecar and what cardnote read, one line each.
fn compare(root: &Path, hp: &Path, found: &mut Vec<String>, compared: &mut usize) {
    let log = hp.with_extension("");
    let rel = log.strip_prefix(root).unwrap().display().to_string();
    let bytes = std::fs::read(&log).unwrap();
    let Some(site) = Site::detect(&bytes) else {
        found.push(format!("{rel}: a site cardnote does not read"));
        return;
    };
    let hands = std::fs::read_to_string(
        log.with_extension(format!("{}.hands", log.extension().unwrap().to_str().unwrap())),
    )
    .ok();
    let records: Vec<_> = site.records(&bytes[..], None, Options::default()).unwrap().collect();
    let number = hands.as_deref().and_then(site_hand_number);
    // The tracker's number is the site's, or (Winamax: `2334898-436-1326450000`) its last digits.
    let names_hand = |record: &&sitelogs::Record| {
        let id = record.hand.as_ref().and_then(|h| h.hand.as_ref()).map(ToString::to_string);
        let digits: String = id.unwrap_or_default().chars().filter(char::is_ascii_digit).collect();
        number.as_ref().is_some_and(|n| digits.ends_with(n.as_str()))
    };
    let record = match &number {
        Some(_) => records.iter().find(names_hand),
        // Without a `.hands` sidecar, the sidecar is the log's only hand's.
        None if records.len() == 1 => records.first(),
        None => {
            found.push(format!("{rel}: no .hands sidecar naming which of {} hands", records.len()));
            return;
        }
    };
    let number = number.unwrap_or_default();
    let Some(hand) = record.and_then(|r| r.hand.as_ref()) else {
        let refused = records
            .iter()
            .filter(|r| r.hand.is_none())
            .filter_map(|r| r.diagnostics.iter().find(|d| d.is_error()).map(|d| d.code()))
            .collect::<Vec<_>>();
        found.push(format!("{rel}: hand {number} not imported (refusals in the log: {refused:?})"));
        return;
    };
    let tracker = read_players(&std::fs::read_to_string(hp).unwrap());
    let names = hand.players.clone().unwrap_or_default();
    let n = hand.starting_stacks.len();
    let stud = matches!(hand.variant.code(), "F7S" | "F7S/8" | "FR");
    let mut matched = vec![false; n];
    for (name, theirs) in &tracker {
        // Players are matched by seat where both state it (a log may name a player two ways),
        // else by name.
        let index = match (&hand.seats, theirs.seat) {
            (Some(seats), Some(seat)) => seats.iter().position(|s| *s == seat),
            _ => names.iter().position(|n| n == name),
        };
        let Some(index) = index else {
            if !theirs.sitout {
                found.push(format!("{rel}: {name}: in the tracker's hand, not in cardnote's"));
            }
            continue;
        };
        matched[index] = true;
        *compared += 1;
        let mut differ = |what: &str, a: String, b: String| {
            if a != b {
                found.push(format!("{rel}: {name}: {what}: tracker {a}, cardnote {b}"));
            }
        };
        differ("name", name.clone(), names.get(index).cloned().unwrap_or_default());
        let start = hand.starting_stacks[index].finite().map(Amount::normalize);
        differ("starting stack", format!("{:?}", theirs.start_cents.map(from_cents)), format!("{start:?}"));
        let finish = hand.finishing_stacks.as_ref().and_then(|s| s[index].finite());
        let profit = start.zip(finish).and_then(|(s, f)| f.checked_sub(s).ok()).map(Amount::normalize);
        differ("profit", format!("{:?}", theirs.profit_cents.map(from_cents)), format!("{profit:?}"));
        let won = hand.winnings.as_ref().and_then(|w| w[index].finite()).map(Amount::normalize);
        differ("winnings", format!("{:?}", theirs.winnings_cents.map(from_cents)), format!("{won:?}"));
        let known = card_set(theirs.cards.values().copied());
        differ("cards", format!("{known:?}"), format!("{:?}", cardnote_cards(hand, index)));
        if !stud {
            differ(
                "position",
                format!("{:?}", theirs.position),
                format!("{:?}", Some(tracker_position(index, n))),
            );
        }
    }
    for (index, name) in names.iter().enumerate() {
        if !matched[index] {
            found.push(format!("{rel}: {name}: in cardnote's hand, not in the tracker's"));
        }
    }
}

#[test]
fn the_trackers_sidecars_agree_with_what_cardnote_reads() {
    let Some(root) = common::shared("sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash") else {
        return;
    };
    let mut sidecars = Vec::new();
    files(&root, &mut sidecars);
    let mut found = Vec::new();
    let mut compared = 0;
    for hp in &sidecars {
        compare(&root, hp, &mut found, &mut compared);
    }
    for line in &found {
        eprintln!("{line}");
    }
    eprintln!("{} sidecars, {compared} players compared, {} differences", sidecars.len(), found.len());
    let expected: Vec<&str> = vec![
        // Boss Media 2010: a call's VALUE is the player's street total (the flop's POT says so:
        // 2.30 = four 0.55 calls and a 0.10 blind); the tracker adds it as chips.
        "Boss/Flop/NLHE-GBP-0.05-0.10-Date-unknown.Sample.txt: Player1: profit: tracker Some(-0.65), cardnote Some(-0.55)",
        "Boss/Flop/NLHE-GBP-0.05-0.10-Date-unknown.Sample.txt: Player2: profit: tracker Some(6.81), cardnote Some(6.86)",
        "Boss/Flop/NLHE-GBP-0.05-0.10-Date-unknown.Sample.txt: Player3: profit: tracker Some(-0.65), cardnote Some(-0.55)",
        "Boss/Flop/NLHE-GBP-0.05-0.10-Date-unknown.Sample.txt: Player6: profit: tracker Some(-6.4), cardnote Some(-6.35)",
        "Boss/Flop/PLO-EUR-0.05-0.10-Date-unknown.Sample.txt: Player3: profit: tracker Some(-0.15), cardnote Some(-0.1)",
        // Cards the log shows (the winner's in Boss's RESULT, the observer's in Everest's HOLE
        // lines) that the tracker's sidecar leaves out.
        "Boss/Flop/PLO-EUR-0.05-0.10-Date-unknown.Sample.txt: Villain: cards: tracker [], cardnote [2, 4, 33, 49]",
        // Everest: the sidecar's `startCash` is 100 times cardnote's stack (its profit and
        // winnings agree). Everest writes balances in cents (`balance="200"` at 0,01 €/0,02 €
        // blinds, a 100-big-blind stack of 2 €, as the play shows; `100000` at 5/10); the sidecar
        // reads them as euros (20000 cents), where its stack would be 10,000 big blinds.
        "Everest/Flop/NLHE-EUR-0.01-0.02-201104.Sample.emailed.txt: Hero: starting stack: tracker Some(200), cardnote Some(2)",
        // Cards the log shows (the observer's, one `<HOLE position="0">8h</HOLE>` each) that
        // the tracker's sidecar leaves out.
        "Everest/Flop/NLHE-EUR-0.01-0.02-201104.Sample.emailed.txt: Hero: cards: tracker [], cardnote [4, 31]",
        "Everest/Flop/NLHE-EUR-0.01-0.02-201104.Sample.emailed.txt: Player1: starting stack: tracker Some(78), cardnote Some(0.78)",
        "Everest/Flop/NLHE-EUR-0.01-0.02-201104.Sample.emailed.txt: Player2: starting stack: tracker Some(67), cardnote Some(0.67)",
        // A seat sitting out (`XBLIND`, dealt no cards): the tracker lists it, PHH holds the
        // players dealt in.
        "Everest/Flop/NLHE-EUR-0.01-0.02-201104.Sample.emailed.txt: Player4: in the tracker's hand, not in cardnote's",
        "Everest/Flop/NLHE-EUR-0.01-0.02-201104.Sample.emailed.txt: Player5: starting stack: tracker Some(131), cardnote Some(1.31)",
        "Everest/Flop/NLHE-EUR-0.01-0.02-201104.Sample.emailed.txt: Player6: starting stack: tracker Some(654), cardnote Some(6.54)",
        "Everest/Flop/PLO-EUR-5-10-Unknown-Sample.txt: Hero: starting stack: tracker Some(100000), cardnote Some(1000)",
        "Everest/Flop/PLO-EUR-5-10-Unknown-Sample.txt: Hero: cards: tracker [], cardnote [7, 13, 27, 37]",
        "Everest/Flop/PLO-EUR-5-10-Unknown-Sample.txt: Villain: starting stack: tracker Some(50000), cardnote Some(500)",
        // A player the log says is sitting out: the tracker lists them, PHH holds the players dealt in.
        "FTP/Draw/3-Draw-Limit-USD-0.10-0.20-201011.txt: Player2: in the tracker's hand, not in cardnote's",
        // A draw game's mucked hand (`mucked [..]` in a Full Tilt summary) is the hand after the
        // last draw: the player discarded, and which of its cards were dealt and which drawn is
        // not said, so they are not kept as hole cards (a hand stood pat is kept as dealt).
        "FTP/Draw/3-Draw-Limit-USD-0.10-0.20-201011.txt: Player3: cards: tracker [6, 7, 21, 30, 40], cardnote []",
        // A player the log says is sitting out: the tracker lists them, PHH holds the players dealt in.
        "FTP/Draw/3-Draw-Limit-USD-0.10-0.20-201011.txt: Player4: in the tracker's hand, not in cardnote's",
        "FTP/Draw/3-Draw-Limit-USD-0.10-0.20-201011.txt: Player5: in the tracker's hand, not in cardnote's",
        // A draw game's mucked hand (`mucked [..]` in a Full Tilt summary) is the hand after the
        // last draw: the player discarded, and which of its cards were dealt and which drawn is
        // not said, so they are not kept as hole cards (a hand stood pat is kept as dealt).
        "FTP/Draw/3-Draw-Limit-USD-150-300-201012.txt: Player5: cards: tracker [6, 15, 17, 32, 33], cardnote []",
        // A game PHH cannot express (5-card draw, capped Omaha, 5-card stud, Omaha hi-lo no-limit,
        // A-5 triple draw, Spanish iPoker's fixed-limit hold'em ...): refused with its code.
        "FTP/Draw/5-Carddraw-Limit-USD-0.10-0.20-201011.Sample.Not.UTF16.txt: hand 25319060000 not imported (refusals in the log: [\"SITE_GAME_UNSUPPORTED\"])",
        "FTP/Draw/5-Carddraw-NL-USD-0.10-0.20-201011.Saw.Showdown.Not.UTF16.txt: hand 25340557279 not imported (refusals in the log: [\"SITE_GAME_UNSUPPORTED\"])",
        "FTP/Draw/5-Carddraw-PL-0.10-0.25-201011.Sample.Not.UTF16.txt: hand 25340539000 not imported (refusals in the log: [\"SITE_GAME_UNSUPPORTED\"])",
        // A draw game's mucked hand (`mucked [..]` in a Full Tilt summary) is the hand after the
        // last draw: the player discarded, and which of its cards were dealt and which drawn is
        // not said, so they are not kept as hole cards (a hand stood pat is kept as dealt).
        "FTP/Draw/Badugi-USD-0.05-0.10-201011.Sample.Not.UTF16.txt: Player5: cards: tracker [3, 26, 43, 49], cardnote []",
        "FTP/Draw/Badugi-USD-0.05-0.10-201011.Sample.Not.UTF16.txt: Player7: cards: tracker [15, 18, 29, 40], cardnote []",
        // A game PHH cannot express (5-card draw, capped Omaha, 5-card stud, Omaha hi-lo no-limit,
        // A-5 triple draw, Spanish iPoker's fixed-limit hold'em ...): refused with its code.
        "FTP/Flop/PLO-6max-USD-25-50.201102.Archive.Cap.BB.walk.txt: hand 28014530000 not imported (refusals in the log: [\"SITE_GAME_UNSUPPORTED\"])",
        // A player the log says is sitting out: the tracker lists them, PHH holds the players dealt in.
        "FTP/Stud/Razz-USD-0.10-0.20-201012.Player6.listed.but.doesnt.act.txt: Player6: in the tracker's hand, not in cardnote's",
        // Refused: see merge_shared.rs.
        "Merge/Draw/3-Draw-Limit-USD-5-10-201105.All-in.on.second.draw.txt: hand 312418256 not imported (refusals in the log: [\"REPLAY_HAND_OVER\"])",
        // A game PHH cannot express (5-card draw, capped Omaha, 5-card stud, Omaha hi-lo no-limit,
        // A-5 triple draw, Spanish iPoker's fixed-limit hold'em ...): refused with its code.
        "Merge/Draw/A5-3-Draw-Limit-USD-0.50-1-201105.Sample.txt: hand 3399761133 not imported (refusals in the log: [\"SITE_GAME_UNSUPPORTED\"])",
        "Merge/Flop/NLO-USD-0.10-0.25-201001.Sample.txt: hand 312263771375 not imported (refusals in the log: [\"SITE_GAME_UNSUPPORTED\"])",
        // Microgaming writes each player's `alias` (anonymised in these files) and `unicodealias`
        // (the name the client shows, base64 UTF-16): cardnote takes the second.
        "Microgaming/Flop/NLHE-0.10-0.20-201111.Walk.in.second.bb.txt: Hero: name: tracker Hero, cardnote starving",
        "Microgaming/Flop/NLHE-0.10-0.20-201111.Walk.in.second.bb.txt: Player1: name: tracker Player1, cardnote 000Penina",
        "Microgaming/Flop/NLHE-0.10-0.20-201111.Walk.in.second.bb.txt: Player2: name: tracker Player2, cardnote Khemikal",
        "Microgaming/Flop/NLHE-0.10-0.20-201111.Walk.in.second.bb.txt: Player3: name: tracker Player3, cardnote InzaghiJKL",
        "Microgaming/Flop/NLHE-0.10-0.20-201111.Walk.in.second.bb.txt: Player4: name: tracker Player4, cardnote Raitzz",
        "Microgaming/Flop/NLHE-0.10-0.20-201111.Walk.in.second.bb.txt: Player5: name: tracker Player5, cardnote MetaProfit",
        // A game PHH cannot express (5-card draw): refused with its code.
        "OnGame/Draw/5-Carddraw-PL-USD-1.00-1.00-201111.No.Street.Delimiter.txt: hand 5192626403203 not imported (refusals in the log: [\"SITE_GAME_UNSUPPORTED\"])",
        // PKR: the tracker leaves out the hero's `Hero posts $0.04` (a new player's big blind
        // out of position); the log's end stack ($3.08 of $4) counts it, as cardnote does.
        "PKR/Flop/NLHE-2max-USD-0.02-0.04-200903.All-in.on.turn.txt: Hero: profit: tracker Some(-0.88), cardnote Some(-0.92)",
        // PKR: the tracker numbers this 6-handed table's positions two above cardnote's (the
        // button at seat 1 is its 2, the first to act its 5); both put the button where the log
        // moves it (`Moving Button to seat 1`).
        "PKR/Flop/NLHE-2max-USD-0.02-0.04-200903.All-in.on.turn.txt: Hero: position: tracker Some(\"3\"), cardnote Some(\"1\")",
        "PKR/Flop/NLHE-2max-USD-0.02-0.04-200903.All-in.on.turn.txt: Player1: position: tracker Some(\"2\"), cardnote Some(\"0\")",
        // PKR: a call's amount is the street's total (`bets $0.08` then `calls $0.16`); the
        // tracker adds it to the bet. The log's end stack ($5.08 of $5.28) is cardnote's.
        "PKR/Flop/NLHE-2max-USD-0.02-0.04-200903.All-in.on.turn.txt: Player2: profit: tracker Some(-0.28), cardnote Some(-0.2)",
        // PKR: the tracker's sidecar has every player's `winnings` 0; its profit (2.19) counts
        // the $3.66 won, as cardnote's does.
        "PKR/Flop/NLHE-2max-USD-0.02-0.04-200903.All-in.on.turn.txt: Player3: winnings: tracker Some(0), cardnote Some(3.66)",
        "PKR/Flop/NLHE-2max-USD-0.02-0.04-200903.All-in.on.turn.txt: Player4: position: tracker Some(\"4\"), cardnote Some(\"2\")",
        "PKR/Flop/NLHE-2max-USD-0.02-0.04-200903.All-in.on.turn.txt: allout96: position: tracker Some(\"5\"), cardnote Some(\"3\")",
        // A sidecar without `.hands` beside a log of two hands: which hand it describes is not said.
        "PartyPoker/Flop/NLHE-USD-0.01-0.02-201008.Sample.txt: no .hands sidecar naming which of 2 hands",
        // A seat with a stack of 0: not dealt in, so not in PHH's players.
        "Winamax/Flop/PLO-FR-EUR-0.02-0.05-201009.Real.side.pot.with.bad.collected.txt: Player17: in the tracker's hand, not in cardnote's",
        // A game PHH cannot express (5-card draw, capped Omaha, 5-card stud, Omaha hi-lo no-limit,
        // A-5 triple draw, Spanish iPoker's fixed-limit hold'em ...): refused with its code.
        "iPoker/Flop/NLHE-6max-USD-0.01-0.02-201111.Spanish.sample.xml: hand 3013573623 not imported (refusals in the log: [\"SITE_GAME_UNSUPPORTED\"])",
        "iPoker/Stud/5-StudL-USD-0.05-0.10-201111.Sample.with.showdown.xml: hand 3013529647 not imported (refusals in the log: [\"SITE_GAME_UNSUPPORTED\"])",
    ];
    assert_eq!(found, expected);
}
