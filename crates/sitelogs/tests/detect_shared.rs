//! [`sitelogs::Site::detect`] on every real log of the shared fixtures: the tracker's regression
//! logs of many sites (`<repo>/../shared/corpus/sitelogs/jejellyroll-fr__fpdb-3`, AGPL: read in
//! place, never copied), each folder a site. Every log of a site cardnote reads is told as that
//! site by its content alone, whatever its name; the tracker's sidecars (`.hands`, `.hp`, `.gt`:
//! Python literals) are no site's; a log of a site cardnote does not read yet is claimed by none.
//! Skips when the fixtures are missing, fails when `CARDNOTE_REQUIRE_SHARED=1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

use sitelogs::Site;

mod common;

/// The tracker's folder of each site cardnote reads, and that site. BetOnline's network writes
/// PokerStars' layout; Bovada is Ignition's (Bodog's skins too); UltimateBet wrote Absolute's;
/// the `PokerTracker` folder holds PokerTracker's text exports of Everest, iPoker, Merge and
/// Microgaming hands (none of them PokerStars' layout, though the Everest one looks it).
const READ: [(&str, Site); 27] = [
    ("Absolute", Site::Absolute),
    ("BetOnline", Site::PokerStars),
    ("Boss", Site::Boss),
    ("Merge", Site::Merge),
    ("Microgaming", Site::Microgaming),
    ("Bovada", Site::Ignition),
    ("Cake", Site::Cake),
    ("Everest", Site::Everest),
    ("Everleaf", Site::Everleaf),
    ("FTP", Site::FullTilt),
    ("GGPoker", Site::GgPoker),
    ("PacificPoker", Site::Pacific),
    ("PartyPoker", Site::Party),
    ("UltimateBet", Site::Absolute),
    ("Winamax", Site::Winamax),
    ("Winning", Site::Winning),
    ("iPoker", Site::IPoker),
    ("Enet", Site::Enet),
    ("Entraction", Site::Entraction),
    ("KingsClub", Site::KingsClub),
    ("SealsWithClubs", Site::SealsWithClubs),
    ("OnGame", Site::OnGame),
    ("PKR", Site::Pkr),
    ("Betfair", Site::Betfair),
    ("PokerTracker", Site::PokerTracker),
    ("TheBigGame", Site::TheBigGame),
    ("Unibet", Site::Unibet),
];

/// Folders whose files are no site's hand history even where the folder is a site's.
const NOT_LOGS: [&str; 3] = ["hands", "hp", "gt"];

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

fn head(path: &Path) -> Vec<u8> {
    let bytes = std::fs::read(path).unwrap();
    bytes[..bytes.len().min(2 * sitelogs::DETECT_BYTES)].to_vec()
}

#[test]
fn every_shared_log_is_told_by_its_content() {
    let Some(root) = common::shared("sitelogs/jejellyroll-fr__fpdb-3/regression-test-files/cash") else {
        return;
    };
    let (mut told, mut unread) = (0, 0);
    let mut wrong = Vec::new();
    for folder in std::fs::read_dir(&root).unwrap() {
        let folder = folder.unwrap().path();
        let name = folder.file_name().unwrap().to_str().unwrap().to_owned();
        let expected = READ.iter().find(|(f, _)| *f == name).map(|(_, site)| *site);
        let mut all = Vec::new();
        files(&folder, &mut all);
        for path in all {
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
            if std::fs::metadata(&path).unwrap().len() == 0 {
                continue; // an empty file is no one's
            }
            let found = Site::detect(&head(&path));
            let want = if NOT_LOGS.contains(&ext.as_str()) { None } else { expected };
            if found != want {
                wrong.push(format!("{}: {found:?}, expected {want:?}", path.display()));
            }
            told += usize::from(want.is_some());
            unread += usize::from(want.is_none() && !NOT_LOGS.contains(&ext.as_str()));
        }
    }
    eprintln!("told by content: {told} logs; of sites not read, {unread} logs claimed by none");
    assert!(wrong.is_empty(), "{wrong:#?}");
    assert!(told >= 120, "{told}");
}

/// The other shared logs: each folder's site, or none for the folders that hold other files.
#[test]
fn the_other_shared_logs_are_told_too() {
    let Some(root) = common::shared("sitelogs") else { return };
    let cases = [
        ("pokernow", Some(Site::PokerNow), "csv"),
        ("ohh", Some(Site::Ohh), "ohh"),
        ("dmorrill10__acpc_poker_types/spec/support/dealer_logs", Some(Site::Acpc), "log"),
    ];
    for (dir, want, ext) in cases {
        let mut all = Vec::new();
        files(&root.join(dir), &mut all);
        // A dealer's `.actions.log` is its transcript (`MATCHSTATE` lines), not a `STATE` log.
        let is_log = |p: &&PathBuf| {
            p.extension().is_some_and(|e| e == ext) && !p.to_string_lossy().ends_with(".actions.log")
        };
        let logs: Vec<_> = all.iter().filter(is_log).collect();
        assert!(!logs.is_empty(), "{dir}");
        for path in logs {
            assert_eq!(Site::detect(&head(path)), want, "{}", path.display());
        }
    }
}
