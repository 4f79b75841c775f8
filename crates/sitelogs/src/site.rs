//! The site formats as one type: each one's name (the CLI's `--format` and the JSON `format`
//! field), the extensions its logs are saved with, whether PHH can be written in it, how to
//! recognise a log of it by its content, and its reader.
//!
//! ```
//! use sitelogs::{Options, Site};
//!
//! let log = "PokerStars Hand #7: Hold'em No Limit (10/20) - 2021/05/06 7:08:09 ET\n";
//! let site = Site::detect(log.as_bytes()).unwrap();
//! assert_eq!(site, Site::PokerStars);
//! assert_eq!(site.name(), "pokerstars");
//! let records = site.records(log.as_bytes(), None, Options::default()).unwrap();
//! assert_eq!(records.count(), 1);
//! ```

use std::io::BufRead;

use crate::acpc::GameDef;
use crate::relay::TextSite;
use crate::{
    Options, Record, absolute, acpc, boss, cake, enet, entraction, everest, everleaf, fulltilt, ggpoker,
    ignition, ipoker, kingsclub, merge, microgaming, ohh, pacific, party, pokernow, pokerstars, seals,
    winamax, winning,
};
use crate::{betfair, ongame, pkr, pokertracker};

/// A site's (or exchange format's) hand-history logs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Site {
    /// PokerStars hand-history text (and the sites that write its layout: BetOnline's network).
    PokerStars,
    /// ACPC dealer logs (`STATE` lines), read under a `.game` definition.
    Acpc,
    /// The Pluribus logs: ACPC `STATE` lines of the 6-player 10,000-chip no-limit game.
    Pluribus,
    /// GGPoker hand-history text.
    GgPoker,
    /// iPoker network XML.
    IPoker,
    /// PartyPoker hand-history text.
    Party,
    /// Ignition, Bovada and Bodog hand-history text.
    Ignition,
    /// PokerNow game logs (CSV).
    PokerNow,
    /// Open Hand History JSON.
    Ohh,
    /// Merge network XML.
    Merge,
    /// Microgaming XML.
    Microgaming,
    /// Boss Media XML.
    Boss,
    /// Everest Poker XML.
    Everest,
    /// Full Tilt Poker text (UTF-16 or not).
    FullTilt,
    /// Winning Poker Network text (UTF-16 or not).
    Winning,
    /// Absolute Poker / UltimateBet text.
    Absolute,
    /// Winamax text.
    Winamax,
    /// 888 / Pacific Poker (Cassava network) text.
    Pacific,
    /// Everleaf Gaming text.
    Everleaf,
    /// Cake Poker text.
    Cake,
    /// Enet text (decimal commas).
    Enet,
    /// Entraction text (columns).
    Entraction,
    /// Seals With Clubs text (millibitcoins).
    SealsWithClubs,
    /// KingsClub text (mixed games).
    KingsClub,
    /// OnGame network text (its skins: OnGame's, Betfair's from 2010, BWin's...).
    OnGame,
    /// PKR text.
    Pkr,
    /// Betfair Poker text of its own network (before 2010).
    Betfair,
    /// PokerTracker's text exports of Everest, iPoker and Merge hands (its Microgaming export
    /// detected, not read).
    PokerTracker,
}

/// How many bytes of a file [`Site::detect`] needs to look at: the first hand's header is always
/// within them (XML prologs and tracker banners included).
pub const DETECT_BYTES: usize = 8192;

impl Site {
    /// Every site, in the order [`Site::detect`] tries them: the specific signatures first,
    /// PokerStars' `<site> Hand #N:` (which other sites' headers also fit) last.
    pub const ALL: [Site; 28] = [
        Site::Acpc,
        Site::Ohh,
        Site::PokerNow,
        Site::IPoker,
        Site::Merge,
        Site::Microgaming,
        Site::Boss,
        Site::Everest,
        Site::FullTilt,
        Site::Winning,
        Site::Absolute,
        Site::Winamax,
        Site::Pacific,
        Site::Everleaf,
        Site::Cake,
        Site::Enet,
        Site::Entraction,
        Site::SealsWithClubs,
        Site::KingsClub,
        Site::OnGame,
        Site::Pkr,
        Site::Betfair,
        Site::PokerTracker,
        Site::GgPoker,
        Site::Ignition,
        Site::Party,
        Site::PokerStars,
        Site::Pluribus,
    ];

    /// The name in `--format`, `--to` and the JSON `format` field.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Site::PokerStars => "pokerstars",
            Site::Acpc => "acpc",
            Site::Pluribus => "pluribus",
            Site::GgPoker => "ggpoker",
            Site::IPoker => "ipoker",
            Site::Party => "party",
            Site::Ignition => "ignition",
            Site::PokerNow => "pokernow",
            Site::Ohh => "ohh",
            Site::Merge => "merge",
            Site::Microgaming => "microgaming",
            Site::Boss => "boss",
            Site::Everest => "everest",
            Site::FullTilt => "fulltilt",
            Site::Winning => "winning",
            Site::Absolute => "absolute",
            Site::Winamax => "winamax",
            Site::Pacific => "pacific",
            Site::Everleaf => "everleaf",
            Site::Cake => "cake",
            Site::Enet => "enet",
            Site::Entraction => "entraction",
            Site::SealsWithClubs => "sealswithclubs",
            Site::KingsClub => "kingsclub",
            Site::OnGame => "ongame",
            Site::Pkr => "pkr",
            Site::Betfair => "betfair",
            Site::PokerTracker => "pokertracker",
        }
    }

    /// The site a `--format` or `--to` value names.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Site> {
        Site::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Whether PHH hands can be written in the site's form.
    #[must_use]
    pub const fn writes(self) -> bool {
        matches!(self, Site::PokerStars | Site::Acpc | Site::Pluribus | Site::Ohh)
    }

    /// Whether its logs are read under a game definition (ACPC's `.game`).
    #[must_use]
    pub const fn needs_game(self) -> bool {
        matches!(self, Site::Acpc | Site::Pluribus)
    }

    /// The extensions (lower case) the site saves its logs with: the files a directory walk takes
    /// for it when the format is given. PokerStars, GGPoker, PartyPoker and Ignition write
    /// `.txt`; iPoker `.xml` (and `.txt` where a tracker saved it); the ACPC dealer `.log` (its
    /// `.game` file is not a log); the Pluribus logs are `.log` or `.txt`; PokerNow logs are
    /// `.csv` (and `.txt` where a converter saved one); Open Hand History files are `.ohh` (or
    /// `.json`).
    #[must_use]
    pub const fn extensions(self) -> &'static [&'static str] {
        match self {
            Site::PokerStars
            | Site::GgPoker
            | Site::Party
            | Site::Ignition
            | Site::FullTilt
            | Site::Winning
            | Site::Absolute
            | Site::Winamax
            | Site::Pacific
            | Site::Everleaf
            | Site::Cake
            | Site::Enet
            | Site::Entraction
            | Site::SealsWithClubs
            | Site::KingsClub
            | Site::OnGame
            | Site::Pkr
            | Site::Betfair
            | Site::PokerTracker => &["txt"],
            Site::IPoker => &["xml", "txt"],
            Site::Acpc => &["log"],
            Site::Pluribus => &["log", "txt"],
            Site::PokerNow => &["csv", "txt"],
            Site::Ohh => &["ohh", "json"],
            // Merge's logs are XML whatever their name; Microgaming's and Boss Media's are saved as
            // `.txt` or `.xml`.
            // Everest's are saved as `.txt`.
            Site::Merge | Site::Microgaming | Site::Boss | Site::Everest => &["xml", "txt"],
        }
    }

    /// The site whose log `start` (a file's first [`DETECT_BYTES`] or more) is, by its content,
    /// as trackers tell them apart: whatever the extension. `None` when no site's signature is
    /// there (a notation file, a tracker's sidecar, anything else). ACPC `STATE` lines are
    /// [`Site::Acpc`]: which game they were played under is the caller's to find
    /// ([`acpc::named_game`] reads the dealer's own comment, [`acpc::GameDef::standard`] the games
    /// the dealer ships).
    #[must_use]
    pub fn detect(start: &[u8]) -> Option<Site> {
        let head = decode_head(start);
        Site::ALL.into_iter().find(|site| site.is_log(&head))
    }

    /// Whether `head` (a file's decoded start) is one of this site's logs.
    fn is_log(self, head: &str) -> bool {
        match self {
            Site::PokerStars => pokerstars::PokerStars::detect(head),
            Site::Acpc => acpc::detect(head),
            // Pluribus logs are ACPC lines: told apart by their game, not their content.
            Site::Pluribus => false,
            Site::GgPoker => ggpoker::GgPoker::detect(head),
            Site::IPoker => ipoker::detect(head),
            Site::Party => party::PartyPoker::detect(head),
            Site::Ignition => ignition::Ignition::detect(head),
            Site::PokerNow => pokernow::detect(head),
            Site::Ohh => ohh::detect(head),
            Site::Merge => merge::detect(head),
            Site::Microgaming => microgaming::detect(head),
            Site::Boss => boss::detect(head),
            Site::Everest => everest::detect(head),
            Site::FullTilt => fulltilt::FullTilt::detect(head),
            Site::Winning => winning::Winning::detect(head),
            Site::Absolute => absolute::Absolute::detect(head),
            Site::Winamax => winamax::Winamax::detect(head),
            Site::Pacific => pacific::Pacific::detect(head),
            Site::Everleaf => everleaf::Everleaf::detect(head),
            Site::Cake => cake::Cake::detect(head),
            Site::Enet => enet::Enet::detect(head),
            Site::Entraction => entraction::Entraction::detect(head),
            Site::SealsWithClubs => seals::Seals::detect(head),
            Site::KingsClub => kingsclub::KingsClub::detect(head),
            Site::OnGame => ongame::OnGame::detect(head),
            Site::Pkr => pkr::detect(head),
            Site::Betfair => betfair::Betfair::detect(head),
            Site::PokerTracker => pokertracker::PokerTracker::detect(head),
        }
    }

    /// The records of a log of this site, streamed. ACPC logs need their game (Pluribus's is
    /// built in): `None` when it is missing.
    #[must_use]
    pub fn records<'a, R: BufRead + 'a>(
        self,
        input: R,
        game: Option<&'a GameDef>,
        options: Options,
    ) -> Option<Box<dyn Iterator<Item = Record> + 'a>> {
        Some(match self {
            Site::PokerStars => Box::new(pokerstars::Reader::new(input, options)),
            Site::GgPoker => Box::new(ggpoker::Reader::new(input, options)),
            Site::IPoker => Box::new(ipoker::Reader::new(input, options)),
            Site::Party => Box::new(party::Reader::new(input, options)),
            Site::Ignition => Box::new(ignition::Reader::new(input, options)),
            Site::PokerNow => Box::new(pokernow::Reader::new(input, options)),
            Site::Ohh => Box::new(ohh::Reader::new(input, options)),
            Site::Merge => Box::new(merge::Reader::new(input, options)),
            Site::Microgaming => Box::new(microgaming::Reader::new(input, options)),
            Site::Boss => Box::new(boss::Reader::new(input, options)),
            Site::Everest => Box::new(everest::Reader::new(input, options)),
            Site::FullTilt => Box::new(fulltilt::Reader::new(input, options)),
            Site::Winning => Box::new(winning::Reader::new(input, options)),
            Site::Absolute => Box::new(absolute::Reader::new(input, options)),
            Site::Winamax => Box::new(winamax::Reader::new(input, options)),
            Site::Pacific => Box::new(pacific::Reader::new(input, options)),
            Site::Everleaf => Box::new(everleaf::Reader::new(input, options)),
            Site::Cake => Box::new(cake::Reader::new(input, options)),
            Site::Enet => Box::new(enet::Reader::new(input, options)),
            Site::Entraction => Box::new(entraction::Reader::new(input, options)),
            Site::SealsWithClubs => Box::new(seals::Reader::new(input, options)),
            Site::KingsClub => Box::new(kingsclub::Reader::new(input, options)),
            Site::OnGame => Box::new(ongame::Reader::new(input, options)),
            Site::Pkr => Box::new(pkr::Reader::new(input, options)),
            Site::Betfair => Box::new(betfair::Reader::new(input, options)),
            Site::PokerTracker => Box::new(pokertracker::Reader::new(input, options)),
            Site::Acpc | Site::Pluribus => Box::new(acpc::Reader::new(input, game?, options)),
        })
    }
}

impl std::fmt::Display for Site {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A file's start as text for the signatures: UTF-16 (by its byte order mark) or UTF-8, else
/// Windows-1252, cut at its last whole line so a character split by the cut cannot change the
/// decoding of the rest.
fn decode_head(start: &[u8]) -> String {
    let start = &start[..start.len().min(DETECT_BYTES * 2)];
    let utf16 = match start {
        [0xFF, 0xFE, rest @ ..] => Some((rest, u16::from_le_bytes as fn([u8; 2]) -> u16)),
        [0xFE, 0xFF, rest @ ..] => Some((rest, u16::from_be_bytes as fn([u8; 2]) -> u16)),
        _ => None,
    };
    if let Some((rest, unit)) = utf16 {
        let units = rest.chunks_exact(2).map(|pair| unit([pair[0], pair[1]]));
        return char::decode_utf16(units).map(|c| c.unwrap_or('\u{FFFD}')).collect();
    }
    let whole_lines = match start.iter().rposition(|&b| b == b'\n') {
        Some(end) if start.len() >= DETECT_BYTES => &start[..=end],
        _ => start,
    };
    crate::text::decode(whole_lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn detect(text: &str) -> Option<Site> {
        Site::detect(text.as_bytes())
    }

    #[test]
    fn each_site_is_told_by_its_first_lines() {
        let cases = [
            ("PokerStars Hand #7: Hold'em No Limit (10/20) - 2021/05/06 7:08:09 ET\n", Site::PokerStars),
            (
                "\u{feff}PokerStars Zoom Hand #1:  Omaha Pot Limit ($0.25/$0.50) - 2014/01/06 8:50:08 ET\n",
                Site::PokerStars,
            ),
            ("Poker Hand #HD123: Hold'em No Limit ($0.01/$0.02) - 2023/11/01 17:53:18\n", Site::GgPoker),
            (
                "Poker Hand #1171217378123557259: ShortDeck No Limit ($100) - 2021/04/01 11:44:46\n",
                Site::GgPoker,
            ),
            ("Ignition Hand #4012 TBL#1 HOLDEM No Limit - 2020-01-01 10:00:00\n", Site::Ignition),
            ("Bovada Hand #4012: HOLDEM No Limit - 2020-01-01 10:00:00\n", Site::Ignition),
            (
                "EverestPoker Game #1: Table T - $0.50/$1 - No Limit Hold'em - 22:33:12 - 2011/01/02\n",
                Site::PokerTracker,
            ),
            ("MERGE_GAME #1: Texas Hold'em NL $0.50/$1 01/01/2011 12:01:23\n", Site::PokerTracker),
            ("#Game No : 1\n***** Hand History for Game 1 *****\n", Site::Party),
            ("<session sessioncode=\"0\"><general><gametype>Holdem NL $0.05/$0.10</gametype>", Site::IPoker),
            ("entry,at,order\n\"-- starting hand #1 --\",2021-01-01T00:00:00.000Z,1\n", Site::PokerNow),
            ("{\"ohh\": {\"spec_version\": \"1.2.2\"}}\n", Site::Ohh),
            (
                "# name/game/hands/seed x y 1000 0\nSTATE:0:cc/cc/cc/cc:Ah2c|3d4d/5s6s7s/8s/9s:0|0:a|b\n",
                Site::Acpc,
            ),
        ];
        for (text, site) in cases {
            assert_eq!(detect(text), Some(site), "{text}");
        }
    }

    #[test]
    fn notations_and_other_files_are_no_site() {
        for text in [
            "variant = 'NT'\nantes = [0, 0]\n",
            "[Event \"x\"]\n[Deal \"N:...\"]\n",
            "pn|a,b,c,d|st||md|1S...|\n",
            "{'hands': 3}\n",
            "",
            "Hand #1 played somewhere\n",
        ] {
            assert_eq!(detect(text), None, "{text}");
        }
    }

    #[test]
    fn utf16_logs_are_decoded_before_the_signatures() {
        let text = "PokerStars Hand #7: Hold'em No Limit (10/20) - 2021/05/06 7:08:09 ET\r\n";
        let mut le = vec![0xFF, 0xFE];
        le.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
        assert_eq!(Site::detect(&le), Some(Site::PokerStars));
        let mut be = vec![0xFE, 0xFF];
        be.extend(text.encode_utf16().flat_map(u16::to_be_bytes));
        assert_eq!(Site::detect(&be), Some(Site::PokerStars));
    }

    #[test]
    fn an_acpc_log_names_the_dealers_game() {
        let head = "# name/game/hands/seed 3p.limit.h1000.r0 /home/x/project_acpc_server/holdem.limit.3p.game 1000 0\n";
        let named = acpc::named_game(head).unwrap();
        assert!(named.ends_with("holdem.limit.3p.game"));
        let game = GameDef::standard(named).unwrap();
        assert_eq!(game.players, 3);
        assert_eq!(game.betting, acpc::Betting::Limit);
        assert!(GameDef::standard("C:\\acpc\\holdem.nolimit.2p.reverse_blinds.game").is_some());
        assert!(GameDef::standard("/x/mine.game").is_none());
        assert!(acpc::named_game("STATE:0:cc/cc/cc/cc:Ah2c|3d4d/5s6s7s/8s/9s:0|0:a|b\n").is_none());
    }

    #[test]
    fn names_round_trip() {
        for site in Site::ALL {
            assert_eq!(Site::from_name(site.name()), Some(site));
            assert!(!site.extensions().is_empty());
        }
        assert_eq!(Site::from_name("phh"), None);
    }
}
