//! PokerStars hand histories: [`Reader`] imports the site's text to PHH hands, one [`Record`] per
//! hand, each replayed and checked against the stacks the log states; [`Writer`] writes PHH hands
//! back in the site's layout.
//!
//! Hands are found by their header line (`PokerStars [Zoom |Home Game ]Hand|Game #N:`), so blank
//! lines between hands are optional; `\n`, `\r\n` and `\r` line endings, a BOM, trailing
//! whitespace and Windows-1252 text are all read, and so are the numbered separators of a
//! requested hand-history transcript (`*********** # 1 **************`).
//!
//! # Lines not understood
//! A line that names a seated player (`Name:`, or the name as a word) but cannot be read, garbled
//! or unknown, refuses the hand with
//! [`SITE_UNREADABLE_ACTION`](crate::codes::SITE_UNREADABLE_ACTION): skipping it would guess what
//! the player did or held (the replay would fold them, for one). A line about nobody is skipped
//! with [`SITE_UNKNOWN_LINE`](crate::codes::SITE_UNKNOWN_LINE), a warning (an error under
//! `strict`).
//! Nor is play guessed in the replay: a hand that replays only by PokerKit's repair (a check or
//! fold inserted) is refused with [`SITE_REPLAY`](crate::codes::SITE_REPLAY).
//!
//! # Headers
//! Every form PokerStars wrote from 2007 to 2025 is read: `Game #` and `Hand #`, the 2007–2010
//! date with one time zone (`- 2009/10/12 - 23:45:12 (ET)`), tournaments (`Level IV (40/80)`,
//! `Match Round I, Level V`, Zoom tournaments), home games (`PokerStars Home Game Hand #N: {Club}
//! Tournament #N, 100+9 ...`), mixed games that name each hand's game (`8-Game (Razz Limit)` in
//! tournaments, `HORSE (Razz Limit, $1/$2 USD)` at cash tables), 6+ hold'em's `(Button Blind $2 -
//! Ante $2 USD)` (PHH's `NS`, the button's one blind, with no-break spaces) and the currencies
//! (`$`, `€`, `£`, `¥`, `₹`, play money, tournament chips).
//!
//! # Logs in the client's language
//! Portuguese, Spanish and Russian logs, and a French client's header, dates and typography, are read
//! through the English words their lines stand for ([`lang`]), with a
//! [`SITE_CLIENT_LANGUAGE`](crate::codes::SITE_CLIENT_LANGUAGE) warning per hand (an error under
//! `strict`); written back, they are English. Other languages are not read.
//!
//! # Posts out of position
//! A player sitting in or returning posts wherever they sit. PHH's blinds also set who acts first,
//! so only the blinds in position (p1's small blind, the big blind of p2, or of p1 with no small
//! blind; the button blind) go in `blinds_or_straddles`. A `small blind` posted out of position is
//! dead money: an ante of that player. A `big blind` posted out of position is live: it goes in
//! with the poster's first action (a check becomes PHH's `cc` for the same chips, a call or raise
//! adds the same total), or becomes dead money (an ante) when that action is a fold.
//! `small & big blinds` is both: the small blind dead, the big blind live. A live post that puts
//! the poster all in (so they never act) is refused with
//! [`SITE_POST_OUT_OF_TURN`](crate::codes::SITE_POST_OUT_OF_TURN), saying so.
//!
//! # Cash Out
//! `NAME cashed out the hand for $X | Cash Out Fee $Y` (2019 on): the site paid the player from
//! outside the pot, and kept the pot when the cards gave it to them (`pot not awarded as player
//! cashed out`, with what they won in the summary). The hand is read as the cards played it, with
//! a [`SITE_CASHED_OUT`](crate::codes::SITE_CASHED_OUT) warning; the payment is not in PHH.
//!
//! # A refused hand costs that hand only
//! Each hand is read and checked on its own: a hand refused (a game PHH cannot express, a line
//! that cannot be read, a log that contradicts itself) is a record with errors and no hand, and
//! the hands around it import (`cardnote convert` writes them and reports the refusal). A file cut
//! after its last hand's payout, without the summary, reads that hand with a
//! [`SITE_NO_SUMMARY`](crate::codes::SITE_NO_SUMMARY) warning.
//!
//! # Draw games
//! 2-7 single draw, 2-7 triple draw and badugi are read and written. Each draw becomes PHH's
//! stand-pat/discard actions (`pN sd`, the cards when the log names them, else `??` per card),
//! then the replacements (`d dh pN`), known for the observer (`Dealt to NAME [kept] [new]`).
//! Single-draw logs write no marker before the draw, and neither does the writer.
//!
//! # BetOnline's network
//! BetOnline (and Gear Poker, ActionPoker) write this layout with words of their own, read as
//! PokerStars' (`ante processed`, `post now`, `post dead`, `NAME shows 7s 9h`, tens as `10`,
//! payouts in the summary only). Its pot-limit Omaha, labelled `Hold'em Pot Limit`, is read as
//! Omaha with [`SITE_GAME_MISLABELLED`](crate::codes::SITE_GAME_MISLABELLED). Two turns its logs
//! leave out are put in where the hand's play finds them: a player still in the hand who `has
//! left the table` folds at their next turn
//! ([`SITE_LEFT_WITHOUT_FOLD`](crate::codes::SITE_LEFT_WITHOUT_FOLD)), and a player to act with
//! no bet to call whom the next line skips checks
//! ([`SITE_CHECK_OMITTED`](crate::codes::SITE_CHECK_OMITTED)). Each is a warning, an error under
//! `strict`.
//!
//! # Run it twice
//! A hand run twice (or three times) is refused with
//! [`SITE_RUN_IT_TWICE`](crate::codes::SITE_RUN_IT_TWICE). The PHH specification's actions deal
//! one board, one `d db` per street, and its replay pays one showdown: a second board would read
//! as the next street, and importing only the first run would pay the whole pot to the first
//! run's winners, not the split the log states.

mod write;

use cards_core::Span;

pub use crate::export::WriteError;
pub use crate::layout::{MAX_HAND_BYTES, header, lang};
pub use write::{Writer, write_hand};

use crate::relay::{Draft, Relay, TextReader, TextSite};
use crate::text::Line;
use crate::{Options, Record};

/// Streams the hands of a PokerStars log.
///
/// ```
/// let log = "\
/// PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/02 3:04:05 ET
/// Table 'Alpha' 6-max Seat #1 is the button
/// Seat 1: Ann ($2 in chips)
/// Seat 2: Bob ($2.50 in chips)
/// Ann: posts small blind $0.01
/// Bob: posts big blind $0.02
/// *** HOLE CARDS ***
/// Ann: raises $0.04 to $0.06
/// Bob: folds
/// Uncalled bet ($0.04) returned to Ann
/// Ann collected $0.04 from pot
/// *** SUMMARY ***
/// Total pot $0.04 | Rake $0
/// ";
/// let records: Vec<_> = sitelogs::pokerstars::Reader::from_str(log, sitelogs::Options::default()).collect();
/// let hand = records[0].hand.as_ref().unwrap();
/// assert_eq!(hand.players.as_ref().unwrap(), &["Bob", "Ann"]);
/// let actions: Vec<String> = hand.actions.iter().map(ToString::to_string).collect();
/// assert_eq!(actions, ["d dh p1 ????", "d dh p2 ????", "p2 cbr 0.06", "p1 f"]);
/// ```
pub type Reader<R> = TextReader<R, PokerStars>;

/// Whether `line` is a transcript's numbered separator: stars, a number, stars.
fn is_transcript_separator(line: &str) -> bool {
    let line = line.trim();
    let Some(inner) = line.strip_prefix("**********").and_then(|l| l.strip_suffix("**********")) else {
        return false;
    };
    let inner = inner.trim_matches('*').trim();
    inner.chars().any(|c| c.is_ascii_digit()) && inner.chars().count() <= 12 && !inner.contains("***")
}

/// PokerStars text, for [`TextReader`]: the importer every other text site relays its hands to.
///
/// Its log is recognised by a hand header (`<site words> Hand #N:`, in any of the client's
/// languages) among its first lines ([`TextSite::detect`]). Other sites' headers fit the same
/// pattern: [`crate::Site::detect`] tries them first.
#[derive(Debug)]
pub struct PokerStars;

impl TextSite for PokerStars {
    const VENUE: &'static str = "PokerStars";

    fn is_header(line: &str) -> bool {
        header::is_header(line)
    }

    /// The numbered separator PokerStars writes between the hands of a hand-history transcript
    /// (`*********** # 1 **************`, `*********** n. 1 **************` in Spanish,
    /// `*********** №1 **************` in Russian).
    fn is_noise(line: &str) -> bool {
        is_transcript_separator(line)
    }

    fn no_header_message() -> String {
        "text outside any hand: no `PokerStars Hand #<number>:` header before it".to_owned()
    }

    /// The hand read directly, not relayed: the venue is the header's site (another producer
    /// writing the layout keeps its name), and the summary's rake is checked. The record spans the
    /// hand's lines, blank lines after it included.
    fn import(lines: &[Line], _whole: Span, options: &Options) -> Record {
        crate::layout::import_log(lines, options)
    }
}

impl Relay for PokerStars {
    /// The lines are the PokerStars form already: each goes into the draft as it is (the hand
    /// relayed, as any other site's; [`PokerStars::import`] reads them directly).
    fn read(lines: &[Line], draft: &mut Draft, _options: &Options) {
        for line in lines {
            draft.push(line.text.clone(), line.span);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A transcript's separators say nothing: before the first hand they are no fragment, and
    /// between hands they are skipped.
    #[test]
    fn transcript_separators() {
        for line in [
            "*********** # 1 **************",
            "*********** n. 12 **************",
            "*********** №3 **************",
        ] {
            assert!(is_transcript_separator(line), "{line}");
        }
        assert!(!is_transcript_separator("*** SUMMARY ***"));
        assert!(!is_transcript_separator("*********** a note **************"));
        let hand = "PokerStars Hand #1: Hold'em No Limit ($1/$2 USD) - 2021/03/04 5:06:07 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bob ($100 in chips)
Ann: posts small blind $1
Bob: posts big blind $2
*** HOLE CARDS ***
Ann: folds
Uncalled bet ($1) returned to Bob
Bob collected $2 from pot
*** SUMMARY ***
Total pot $2 | Rake $0
";
        let log = format!("*********** # 1 **************\n{hand}\n*********** # 2 **************\n{hand}");
        let records: Vec<Record> = Reader::from_str(&log, Options::default()).collect();
        assert_eq!(records.len(), 2);
        assert!(records.iter().all(|r| r.hand.is_some() && r.diagnostics.is_empty()), "{records:?}");
    }
}
