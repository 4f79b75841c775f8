//! One hand in the PokerStars form (its lines) to a PHH [`Hand`], replayed and checked against
//! the log: its lines read ([`read`](super::read)), refused where the site's rules and PHH's
//! differ ([`rules`](super::rules)), built ([`build`](super::build)), and checked against what
//! the log says each player ends with ([`outcome`](super::outcome)).

use cards_core::{Amount, Span};
use phh::{Hand, LocalTime, Quantity, StrOrInt};

use super::build::{Built, build};
use super::header;
use super::model::{Ctx, Event, Parsed};
use super::outcome::logged_outcome;
use super::read::read_lines;
use super::rules::{betonline_omaha, short_blind_called, stud_double_bet};
use crate::text::Line;
use crate::{Options, Record, codes, consistency, money};

/// Imports one hand from its lines (`lines[0]` is the header): the lines another site's importer
/// rewrote in the PokerStars form (that importer checks its site's payout itself).
pub(crate) fn import(lines: &[Line], options: &Options) -> Record {
    import_with(lines, options, false)
}

/// Imports one hand of a log in the PokerStars layout, its summary's rake checked: a hand paid out
/// short of its pot by more than a rake (at all in a tournament) is refused with
/// [`codes::SITE_PAYOUT_SHORT`].
pub(crate) fn import_log(lines: &[Line], options: &Options) -> Record {
    import_with(lines, options, true)
}

fn import_with(lines: &[Line], options: &Options, rake_checked: bool) -> Record {
    let whole = match (lines.first(), lines.last()) {
        (Some(a), Some(b)) => a.span.join(b.span),
        _ => Span::at(0),
    };
    let mut diagnostics = Vec::new();
    let mut ctx = Ctx { diagnostics: &mut diagnostics, strict: options.strict, refused: false };
    let hand = import_hand(lines, &mut ctx, whole, rake_checked);
    Record { hand, diagnostics, span: whole }
}

fn import_hand(lines: &[Line], ctx: &mut Ctx<'_>, whole: Span, rake_checked: bool) -> Option<Hand> {
    let parsed = read_lines(lines, ctx)?;
    let span = lines.first().map_or(whole, |l| l.span);
    let variant = match header::variant_of(&parsed.header.game) {
        Some(variant) => Some(variant),
        None => betonline_omaha(&parsed, ctx, span)?,
    };
    let Some(variant) = variant else {
        ctx.error(
            codes::SITE_GAME_UNSUPPORTED,
            format!("PHH has no variant for {}", parsed.header.game),
            span,
        );
        return None;
    };
    if let Some((message, span)) = short_blind_called(&parsed, variant) {
        ctx.error(codes::SITE_SHORT_BLIND_CALLED, message, span);
        return None;
    }
    if let Some((message, span)) = stud_double_bet(&parsed, variant) {
        ctx.error(codes::SITE_STUD_DOUBLE_BET, message, span);
        return None;
    }
    let mut built = build(&parsed, variant, ctx, whole)?;
    let (finishing, collected) = logged_outcome(&parsed, &built);
    fill_fields(&mut built, &parsed);
    built.hand.finishing_stacks = Some(finishing.iter().map(|&a| Quantity::Finite(a)).collect());
    built.hand.winnings = Some(collected.iter().map(|&a| Quantity::Finite(a)).collect());
    let rake = parsed
        .rake
        .or_else(|| parsed.total_pot.map(|t| collected.iter().fold(t, |acc, c| money::minus(acc, *c))))
        .unwrap_or_else(|| {
            if parsed.no_summary {
                // What went in less what came out.
                let start =
                    built.order.iter().map(|&s| parsed.seats[s].stack).fold(Amount::ZERO, money::plus);
                finishing.iter().fold(start, |acc, f| money::minus(acc, *f))
            } else {
                Amount::ZERO
            }
        });
    cash_outs(&parsed, ctx);
    if ctx.refused {
        return None;
    }
    let names: Vec<&str> = built.order.iter().map(|&s| parsed.seats[s].name.as_str()).collect();
    let clean = built.clean.take();
    let logged = consistency::Logged { finishing: &finishing, paid: &collected, rake, names: &names };
    let declared = consistency::check(&built.hand, &built.spans, whole, &logged, clean, ctx.diagnostics)?;
    if rake_checked && let Some(message) = payout_short(&parsed, &built.order, &finishing, &collected) {
        let message = format!("{message} (the summary's rake is {rake})");
        ctx.error(codes::SITE_PAYOUT_SHORT, message, parsed.total_span.unwrap_or(whole));
        return None;
    }
    if !declared.is_empty() {
        ctx.diagnostics.report_all(declared);
        return None;
    }
    Some(built.hand)
}

/// Cash-outs (paid by the site from outside the pot): a warning each, an error under `strict`.
fn cash_outs(parsed: &Parsed, ctx: &mut Ctx<'_>) {
    for (event, span) in &parsed.events {
        if let Event::CashOut { seat, amount } = event {
            let message = format!(
                "{} cashed out the hand for {amount}, paid by the site from outside the pot: the \
                 PHH hand is the hand as the cards played it, without that payment",
                parsed.seats[*seat].name
            );
            ctx.convention(codes::SITE_CASHED_OUT, message, *span);
        }
    }
}

/// Why the log's payout contradicts its pot, if it does: what went in (each player's stack less
/// what they end with, plus what they were paid) against what was paid out, the difference being
/// the rake the log takes ([`consistency::payout_contradiction`]).
fn payout_short(
    parsed: &Parsed,
    order: &[usize],
    finishing: &[Amount],
    collected: &[Amount],
) -> Option<String> {
    let paid = collected.iter().fold(Amount::ZERO, |a, c| money::plus(a, *c));
    let pot = order
        .iter()
        .zip(finishing)
        .fold(paid, |a, (&s, f)| money::plus(a, money::minus(parsed.seats[s].stack, *f)));
    let tournament =
        parsed.header.event.as_deref().is_some_and(|e| e.contains("Tournament") || e.contains("Torneio"));
    consistency::payout_contradiction(pot, paid, tournament)
}

fn fill_fields(built: &mut Built, p: &Parsed) {
    let hand = &mut built.hand;
    let h = &p.header;
    hand.venue = Some(h.site.clone());
    hand.hand = Some(match h.id.parse::<i64>() {
        Ok(id) => StrOrInt::Int(id),
        Err(_) => StrOrInt::Str(h.id.clone()),
    });
    hand.table = Some(StrOrInt::Str(p.table.name.clone()));
    hand.seat_count = p.table.seat_count;
    hand.seats = Some(built.order.iter().map(|&s| p.seats[s].number).collect());
    hand.players = Some(built.order.iter().map(|&s| p.seats[s].name.clone()).collect());
    hand.event = h.event.clone();
    hand.level = h.level;
    hand.currency = h.currency.clone();
    hand.currency_symbol = h.symbol.map(String::from);
    if let Some((y, m, d, hh, mm, ss)) = h.date {
        hand.year = Some(y);
        hand.month = Some(m);
        hand.day = Some(d);
        hand.time = Some(LocalTime { hour: hh, minute: mm, second: ss, nanosecond: 0 });
    }
    hand.time_zone_abbreviation = h.time_zone.clone();
    let mut user = vec![field_int("_button_seat", p.table.button)];
    if h.noun == "Game" {
        user.push(Some(phh::Field {
            key: "_header_noun".into(),
            value: phh::TomlValue::String(h.noun.clone()),
        }));
    }
    if !h.site.starts_with("PokerStars") {
        // Another producer writing the site's layout (a converter, a club app): its name stays
        // the header's when written back, which the venue alone does not decide.
        user.push(Some(phh::Field {
            key: "_header_site".into(),
            value: phh::TomlValue::String(h.site.clone()),
        }));
    }
    if let Some(round) = &h.match_round {
        user.push(Some(phh::Field {
            key: "_match_round".into(),
            value: phh::TomlValue::String(round.clone()),
        }));
    }
    if p.table.play_money {
        user.push(Some(phh::Field { key: "_play_money".into(), value: phh::TomlValue::Boolean(true) }));
    }
    hand.user_fields = user.into_iter().flatten().collect();
}

fn field_int(key: &str, value: Option<i64>) -> Option<phh::Field> {
    value.map(|v| phh::Field { key: key.into(), value: phh::TomlValue::Integer(v) })
}

#[cfg(test)]
mod tests {
    use cards_core::Diagnostic;
    use phh::{ActionKind, Variant};

    use super::*;

    /// A hand of BetOnline's network: its own words for antes, chat, shows and payouts.
    const BETONLINE: &str = "BetOnline Poker Game #1593704164: Hold'em No Limit ($0.01/0.02) - 2016/04/05 08:08:59 Eastern Daylight Time
Table 'Guardians' 10-Max, Seat #2 is the button
Seat 3: Ann (3.93 in chips) - Small Blind
Seat 5: Bob (1.97 in chips) - Big Blind
Seat 2: Cy (2.06 in chips) - The button
Ann: ante processed 0.00
Bob: ante processed 0.00
Cy: ante processed 0.00
Ann: posts small blind 0.01
Bob: posts big blind 0.02
*** HOLE CARDS ***
Dealt to Bob [Jd 10s]
Cy: folds
Cy said \"nh\"
Ann: calls 0.01
Bob: checks
*** FLOP *** [Kc 8d Ad]
Ann: checks
Bob: bets 0.03
Ann: folds
Uncalled bet (0.03) returned to Bob
Bob shows Jd 10s
*** SUMMARY ***
Total pot 0.04 | Rake 0.00
Board [Kc 8d Ad]
Seat 3: Ann folded on the Flop
Seat 5: Bob showed [Jd 10s] and won (0.04)
Seat 2: Cy collected (0.00)
";

    /// A summary's `mucked [..]`: the cards are the player's hole cards (dealt), the player
    /// still mucks; the PokerStars writer writes them back so, and they read back the same.
    #[test]
    fn cards_mucked_in_the_summary_are_the_players_hole_cards() {
        let log = "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2021/03/04 5:06:07 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: Ann ($2 in chips)
Seat 2: Bob ($2 in chips)
Ann: posts small blind $0.01
Bob: posts big blind $0.02
*** HOLE CARDS ***
Dealt to Bob [Jd Ts]
Ann: calls $0.01
Bob: checks
*** FLOP *** [Kc 8d Ad]
Bob: checks
Ann: checks
*** TURN *** [Kc 8d Ad] [2s]
Bob: checks
Ann: checks
*** RIVER *** [Kc 8d Ad 2s] [3h]
Bob: checks
Ann: checks
*** SHOW DOWN ***
Bob: shows [Jd Ts] (high card Ace)
Ann: mucks hand
Bob collected $0.04 from pot
*** SUMMARY ***
Total pot $0.04 | Rake $0
Board [Kc 8d Ad 2s 3h]
Seat 1: Ann (button) (small blind) mucked [7c 4h]
Seat 2: Bob (big blind) showed [Jd Ts] and won ($0.04)
";
        let phh = mucked_round_trip(log, "Ann (button) (small blind) mucked [7c 4h]");
        // Heads up, PHH lists the big blind first: Ann is p2.
        assert!(phh.contains("'d dh p2 7c4h'"), "{phh}");
        assert!(phh.contains("'p2 sm'"), "{phh}");
    }

    /// The one hand of `log`, imported without an error.
    fn read_one(log: &str) -> Hand {
        let record = crate::pokerstars::Reader::from_str(log, Options::default()).next().unwrap();
        assert!(!record.has_error(), "{:?}", record.diagnostics);
        record.hand.unwrap()
    }

    /// Imports `log`, writes it back (the summary holding `mucked`), reads that again to the
    /// same PHH; returns the PHH.
    fn mucked_round_trip(log: &str, mucked: &str) -> String {
        let hand = read_one(log);
        let phh = phh::write_hand(&hand);
        let text = crate::pokerstars::write_hand(&hand).unwrap();
        assert!(text.contains(mucked), "{text}");
        assert_eq!(phh::write_hand(&read_one(&text)), phh);
        phh
    }

    /// A stud hand's mucked cards (all seven, in the order dealt) fill the cards the log dealt
    /// face down; they agree with the up cards, and the player still mucks.
    #[test]
    fn stud_cards_mucked_in_the_summary_are_the_cards_dealt() {
        let log = "PokerStars Hand #2: 7 Card Stud Limit ($0.04/$0.08 USD) - 2021/03/04 5:06:07 ET
Table 'Studly' 8-max
Seat 1: Ann ($2 in chips)
Seat 3: Bob ($2 in chips)
Seat 6: Cy ($2 in chips)
Ann: posts the ante $0.01
Bob: posts the ante $0.01
Cy: posts the ante $0.01
*** 3rd STREET ***
Dealt to Ann [Ah Kd 9s]
Dealt to Bob [2c]
Dealt to Cy [Qh]
Bob: brings in for $0.02
Cy: calls $0.02
Ann: completes it to $0.04
Bob: folds
Cy: calls $0.02
*** 4th STREET ***
Dealt to Ann [Ah Kd 9s] [9h]
Dealt to Cy [Qh] [3d]
Ann: bets $0.04
Cy: calls $0.04
*** 5th STREET ***
Dealt to Ann [Ah Kd 9s 9h] [2s]
Dealt to Cy [Qh 3d] [Qs]
Cy: bets $0.08
Ann: calls $0.08
*** 6th STREET ***
Dealt to Ann [Ah Kd 9s 9h 2s] [Jd]
Dealt to Cy [Qh 3d Qs] [4c]
Cy: checks
Ann: checks
*** RIVER ***
Dealt to Ann [Ah Kd 9s 9h 2s Jd] [9c]
Cy: bets $0.08
Ann: calls $0.08
*** SHOW DOWN ***
Cy: mucks hand
Ann: shows [Ah Kd 9s 9h 2s Jd 9c] (three of a kind, Nines)
Ann collected $0.50 from pot
*** SUMMARY ***
Total pot $0.53 | Rake $0.03
Seat 1: Ann showed [Ah Kd 9s 9h 2s Jd 9c] and won ($0.50) with three of a kind, Nines
Seat 3: Bob folded on the 3rd Street
Seat 6: Cy mucked [5h 6h Qh 3d Qs 4c 8d]
";
        let phh = mucked_round_trip(log, "Seat 6: Cy mucked [5h 6h Qh 3d Qs 4c 8d]");
        for dealt in
            ["'d dh p3 5h6hQh'", "'d dh p3 3d'", "'d dh p3 Qs'", "'d dh p3 4c'", "'d dh p3 8d'", "'p3 sm'"]
        {
            assert!(phh.contains(dealt), "{dealt} in {phh}");
        }
        // Mucked cards that contradict an up card the log dealt are not the cards dealt.
        let hand = read_one(&log.replace("mucked [5h 6h Qh", "mucked [5h 6h Kh"));
        assert!(phh::write_hand(&hand).contains("'d dh p3 ????Qh'"));
    }

    /// A draw hand's mucked cards are the hand after the last draw: the deal where the player
    /// stood pat at every draw; where the player discarded, which cards were dealt and which
    /// drawn is not said, and the deals stay unknown.
    #[test]
    fn draw_cards_mucked_in_the_summary_are_the_deal_when_stood_pat() {
        let log =
            "PokerStars Hand #3:  Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD) - 2021/03/04 18:34:02 ET
Table 'Aleph III' 6-max Seat #1 is the button
Seat 1: Ann ($4 in chips)
Seat 2: Hero ($3.40 in chips)
Seat 3: Cid ($3 in chips)
Seat 4: Dee ($5 in chips)
Hero: posts small blind $0.05
Cid: posts big blind $0.10
*** DEALING HANDS ***
Dealt to Hero [8s Td Kd 3s 2c]
Dee: calls $0.10
Ann: folds
Hero: calls $0.05
Cid: checks
*** FIRST DRAW ***
Hero: discards 2 cards [Td Kd]
Dealt to Hero [8s 3s 2c] [7h 4d]
Cid: discards 3 cards
Dee: stands pat
Hero: checks
Cid: bets $0.10
Dee: calls $0.10
Hero: calls $0.10
*** SECOND DRAW ***
Hero: stands pat on [8s 3s 2c 7h 4d]
Cid: discards 1 card
Dee: stands pat
Hero: bets $0.20
Cid: folds
Dee: raises $0.20 to $0.40
Hero: calls $0.20
*** THIRD DRAW ***
Hero: stands pat on [8s 3s 2c 7h 4d]
Dee: stands pat
Hero: checks
Dee: bets $0.20
Hero: calls $0.20
*** SHOW DOWN ***
Dee: mucks hand
Hero: shows [8s 3s 2c 7h 4d] (Lo: 8,7,4,3,2)
Hero collected $1.71 from pot
*** SUMMARY ***
Total pot $1.80 | Rake $0.09
Seat 1: Ann (button) folded before the Draw (didn't bet)
Seat 2: Hero (small blind) showed [8s 3s 2c 7h 4d] and won ($1.71) with Lo: 8,7,4,3,2
Seat 3: Cid (big blind) folded after the 2nd Draw
Seat 4: Dee mucked [9c 8d 6s 5h 3h]
";
        let phh = mucked_round_trip(log, "Seat 4: Dee mucked [9c 8d 6s 5h 3h]");
        assert!(phh.contains("'d dh p3 9c8d6s5h3h'"), "{phh}");
        assert!(phh.contains("'p3 sm'"), "{phh}");
        let drew = read_one(&log.replacen("Dee: stands pat", "Dee: discards 2 cards", 1));
        let phh = phh::write_hand(&drew);
        assert!(phh.contains("'d dh p3 ??????????'"), "{phh}");
        assert!(!phh.contains("9c"), "{phh}");
    }

    /// BetOnline's pot-limit Omaha, labelled `Hold'em Pot Limit`: four hole cards make it Omaha
    /// (a warning; refused under `strict`); two leave it the pot-limit hold'em PHH cannot write.
    #[test]
    fn betonline_omaha_labelled_holdem() {
        let plo = BETONLINE
            .replace("Hold'em No Limit", "Hold'em Pot Limit")
            .replace("[Jd 10s]", "[Jd 10s 2c 3c]")
            .replace("Bob shows Jd 10s", "Bob shows Jd 10s 2c 3c")
            .replace("showed [Jd 10s]", "showed [Jd 10s 2c 3c]");
        let record = crate::pokerstars::Reader::from_str(&plo, Options::default()).next().unwrap();
        let hand = record.hand.unwrap();
        assert_eq!(hand.variant, Variant::PotLimitOmahaHoldem);
        let codes: Vec<_> = record.diagnostics.iter().map(|d| (d.code(), d.is_error())).collect();
        assert_eq!(codes, [(codes::SITE_GAME_MISLABELLED, false)]);
        let strict = crate::pokerstars::Reader::from_str(&plo, Options { strict: true }).next().unwrap();
        assert!(strict.hand.is_none());
        assert_eq!(error_codes_of(&strict), [codes::SITE_GAME_MISLABELLED]);
        let plh = BETONLINE.replace("Hold'em No Limit", "Hold'em Pot Limit");
        assert_eq!(error_codes(&plh), [codes::SITE_GAME_UNSUPPORTED]);
    }

    /// BetOnline's network writes no street line after an all in: the board is dealt from the
    /// summary's `Board [..]`, street by street, before the showdown.
    #[test]
    fn betonline_board_in_the_summary_only() {
        let log = "BetOnline Poker Game #900203618: Hold'em No Limit ($0.25/0.50) - 2011/08/07 15:06 Eastern Daylight Time
Table 'John Wayne (50bb)' 10-Max, Seat #1 is the button
Seat 1: Ann (10.00 in chips) - Small Blind
Seat 2: Bob (10.00 in chips) - Big Blind
Ann: posts small blind 0.25
Bob: posts big blind 0.50
*** HOLE CARDS ***
Ann: raises 9.50 to 10.00 and is all in
Bob: calls 9.50
*** SHOW DOWN ***
Bob shows Js As
Ann shows Ks Ah
*** SUMMARY ***
Total pot 20.00 | Rake 0.00
Board [Qh 7c Qc 4h Ac]
Seat 1: Ann showed [Ks Ah] and won (20.00)
Seat 2: Bob showed [Js As] but did not win
";
        let record = crate::pokerstars::Reader::from_str(log, Options::default()).next().unwrap();
        let hand = record.hand.unwrap_or_else(|| panic!("{:?}", record.diagnostics));
        let deals: Vec<String> = hand
            .actions
            .iter()
            .filter(|a| matches!(a.kind, ActionKind::DealBoard { .. }))
            .map(|a| a.to_string())
            .collect();
        assert_eq!(deals, ["d db Qh7cQc", "d db 4h", "d db Ac"].map(str::to_owned).to_vec(), "{deals:?}");
        // Bob (p1, the big blind) loses to Ann's king kicker on the summary's board.
        let finishing = hand.finishing_stacks.unwrap();
        assert_eq!(finishing, [Quantity::Finite(Amount::ZERO), Quantity::Finite(Amount::from_int(20))]);
        // A summary board that contradicts the streets' cards is not dealt.
        let wrong = log.replace("*** SHOW DOWN ***", "*** FLOP *** [2c 3c 4c]\n*** SHOW DOWN ***");
        let record = crate::pokerstars::Reader::from_str(&wrong, Options::default()).next().unwrap();
        assert!(record.hand.is_none());
    }

    /// BetOnline's network: `Dealt to NAME []` says the seat was not dealt in.
    #[test]
    fn betonline_empty_deal_is_no_player() {
        let log =
            BETONLINE.replace("Dealt to Bob [Jd 10s]", "Dealt to Bob [Jd 10s]\nDealt to Dan []").replace(
                "Seat 2: Cy (2.06 in chips) - The button",
                "Seat 2: Cy (2.06 in chips) - The button\nSeat 4: Dan (1.00 in chips)",
            );
        let record = crate::pokerstars::Reader::from_str(&log, Options::default()).next().unwrap();
        let hand = record.hand.unwrap_or_else(|| panic!("{:?}", record.diagnostics));
        assert_eq!(hand.players.unwrap(), ["Ann", "Bob", "Cy"]);
    }

    fn error_codes_of(record: &Record) -> Vec<&'static str> {
        record.diagnostics.iter().filter(|d| d.is_error()).map(Diagnostic::code).collect()
    }

    fn error_codes(log: &str) -> Vec<&'static str> {
        let record = crate::pokerstars::Reader::from_str(log, Options::default()).next().unwrap();
        record.diagnostics.iter().filter(|d| d.is_error()).map(Diagnostic::code).collect()
    }

    /// A log in the client's language is read with a warning, refused under `strict`.
    #[test]
    fn client_language_is_a_leniency() {
        let log = include_str!("../../../../corpus/sitelogs/pokerstars/cases/client_language.txt");
        let read = |strict| crate::pokerstars::Reader::from_str(log, Options { strict }).collect::<Vec<_>>();
        let lenient = read(false);
        assert_eq!(lenient.iter().filter(|r| r.hand.is_some()).count(), 6);
        let strict = read(true);
        assert!(strict.iter().all(|r| r.hand.is_none()));
        for record in &strict {
            assert!(
                record.diagnostics.iter().any(|d| d.is_error() && d.code() == codes::SITE_CLIENT_LANGUAGE)
            );
        }
        assert!(codes::LENIENCIES.contains(&codes::SITE_CLIENT_LANGUAGE));
    }

    /// The rake comes from the players paid: a loser the log makes put in more than the replay
    /// does (a call over the bet) is no rake, even when the summary's rake covers it (F32).
    #[test]
    fn rake_is_taken_from_the_players_paid() {
        let log = "PokerStars Hand #1: Hold'em No Limit ($1/$2 USD) - 2021/03/04 5:06:07 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bob ($100 in chips)
Seat 3: Cy ($100 in chips)
Bob: posts small blind $1
Cy: posts big blind $2
*** HOLE CARDS ***
Ann: raises $2 to $4
Bob: folds
Cy: calls $3
*** FLOP *** [2c 7d Th]
Cy: checks
Ann: bets $6
Cy: folds
Uncalled bet ($6) returned to Ann
Ann collected $8.50 from pot
*** SUMMARY ***
Total pot $10 | Rake $1.50
";
        // The differences add up to the rake ($0.50 off Ann, $1 off Cy), but Cy is paid nothing.
        assert_eq!(error_codes(log), [codes::SITE_INCONSISTENT]);
        // As played (a call of $2), a rake of $0.50 off Ann imports.
        let played = log
            .replace("calls $3", "calls $2")
            .replace("Total pot $10 | Rake $1.50", "Total pot $9 | Rake $0.50");
        assert!(error_codes(&played).is_empty());
    }

    /// A hand whose stacks agree with the log but whose `collected` the play does not give (the
    /// button's small blind, read as a dead post, which the log's uncalled bet counts as live) is
    /// refused as a replay refuses it: every hand imported is one the writers can write (a fuzz
    /// finding of `sitelogs_read`).
    #[test]
    fn collected_the_play_does_not_give_is_refused() {
        let log = "PokerStars Hand #1: Tournament #2, Freeroll  Hold'em No Limit - Level I (10/20) - 2014/05/20 8:42:32 ET
Table '2 1' 9-max Seat #3 is the button
Seat 1: Ann (1500 in chips)
Seat 2: Bob (1500 in chips)
Seat 3: Cy (1500 in chips)
Cy: posts small blind 10
Ann: posts big blind 20
*** HOLE CARDS ***
Bob: folds
Cy: folds
Uncalled bet (10) returned to Ann
Ann collected 20 from pot
*** SUMMARY ***
Total pot 20 | Rake 0
";
        assert_eq!(error_codes(log), [phh::replay::WINNINGS_MISMATCH]);
        for record in crate::pokerstars::Reader::from_str(log, Options::default()) {
            if let Some(hand) = &record.hand {
                crate::pokerstars::write_hand(hand).expect("an imported hand is written");
            }
        }
    }

    #[test]
    fn betonline_words() {
        let lines: Vec<Line> = BETONLINE
            .lines()
            .enumerate()
            .map(|(i, text)| Line { text: text.to_owned(), span: Span::at(i) })
            .collect();
        let record = import(&lines, &Options::default());
        let hand = record.hand.unwrap_or_else(|| panic!("{:?}", record.diagnostics));
        let stacks: Vec<String> = hand.finishing_stacks.unwrap().iter().map(ToString::to_string).collect();
        assert_eq!(stacks, ["3.91", "1.99", "2.06"]);
        assert!(hand.actions.iter().any(|a| a.to_string() == "d dh p2 JdTs"));
    }

    /// The codes of a record's warnings.
    fn warning_codes(record: &Record) -> Vec<&'static str> {
        record.diagnostics.iter().filter(|d| !d.is_error()).map(|d| d.code()).collect()
    }

    /// BetOnline's network writes `NAME has left the table` for a player still in the hand and
    /// never their fold: the fold goes in at the player's turn (after the button's fold, before
    /// the big blind's check), their small blind staying in the pot.
    #[test]
    fn betonline_player_who_left_folds_at_their_turn() {
        let log = "BetOnline Poker Game #1605730318: Hold'em No Limit ($0.01/0.02) - 2016/05/03 10:17:31 Eastern Daylight Time
Table 'Dark Blue' 10-Max, Seat #9 is the button
Seat 9: Ann (1.99 in chips) - The button
Seat 8: Bob (2.00 in chips)
Seat 1: Cy (2.09 in chips) - Big Blind
Seat 0: Di (2.54 in chips) - Small Blind
Di: posts small blind 0.01
Cy: posts big blind 0.02
Di has left the table
*** HOLE CARDS ***
Bob: calls 0.02
Ann: folds
Cy: checks
*** FLOP *** [As 3s 6d]
Cy: bets 0.04
Bob: folds
Uncalled bet (0.04) returned to Cy
*** SUMMARY ***
Total pot 0.05 | Rake 0.00
Board [As 3s 6d]
Seat 9: Ann folded before Flop
Seat 8: Bob folded on the Flop
Seat 1: Cy collected (0.05)
";
        let record = crate::pokerstars::Reader::from_str(log, Options::default()).next().unwrap();
        let hand = record.hand.as_ref().unwrap_or_else(|| panic!("{:?}", record.diagnostics));
        assert_eq!(warning_codes(&record), [codes::SITE_LEFT_WITHOUT_FOLD]);
        let actions: Vec<String> = hand.actions.iter().map(ToString::to_string).collect();
        assert_eq!(actions[4..8], ["p3 cc", "p4 f", "p1 f", "p2 cc"]);
        let stacks: Vec<String> =
            hand.finishing_stacks.as_ref().unwrap().iter().map(ToString::to_string).collect();
        assert_eq!(stacks, ["2.53", "2.12", "1.98", "1.99"]);
        let strict = crate::pokerstars::Reader::from_str(log, Options { strict: true }).next().unwrap();
        assert_eq!(error_codes_of(&strict), [codes::SITE_LEFT_WITHOUT_FOLD]);
        assert!(strict.hand.is_none());
    }

    /// BetOnline's network leaves a check out: the first to act on the flop writes nothing before
    /// the next player's bet. Read as the check; not in another site's log, whose hand the replay
    /// refuses.
    #[test]
    fn betonline_check_left_out() {
        let log = "BetOnline Poker Game #2: Hold'em No Limit ($0.05/0.10) - 2012/09/01 10:00:00 Eastern Daylight Time
Table 'T' 10-Max, Seat #3 is the button
Seat 1: Ann (10.00 in chips) - Small Blind
Seat 2: Bob (10.00 in chips) - Big Blind
Seat 3: Cy (10.00 in chips) - The button
Ann: posts small blind 0.05
Bob: posts big blind 0.10
*** HOLE CARDS ***
Cy: calls 0.10
Ann: calls 0.05
Bob: checks
*** FLOP *** [As 3s 6d]
Bob: bets 0.30
Cy: folds
Ann: folds
Uncalled bet (0.30) returned to Bob
*** SUMMARY ***
Total pot 0.30 | Rake 0.00
Board [As 3s 6d]
Seat 1: Ann folded on the Flop
Seat 2: Bob collected (0.30)
Seat 3: Cy folded on the Flop
";
        let record = crate::pokerstars::Reader::from_str(log, Options::default()).next().unwrap();
        let hand = record.hand.as_ref().unwrap_or_else(|| panic!("{:?}", record.diagnostics));
        assert_eq!(warning_codes(&record), [codes::SITE_CHECK_OMITTED]);
        let actions: Vec<String> = hand.actions.iter().map(ToString::to_string).collect();
        assert_eq!(actions[7..9], ["p1 cc", "p2 cbr 0.30"]);
        let strict = crate::pokerstars::Reader::from_str(log, Options { strict: true }).next().unwrap();
        assert_eq!(error_codes_of(&strict), [codes::SITE_CHECK_OMITTED]);
        let stars = log.replace("BetOnline Poker Game #2", "PokerStars Hand #2");
        let record = crate::pokerstars::Reader::from_str(&stars, Options::default()).next().unwrap();
        assert_eq!(error_codes_of(&record), [codes::SITE_REPLAY]);
    }
}
