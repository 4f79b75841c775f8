//! Builds `corpus/ppn-pref/invalid/<CODE>.ppn` for the per-deal codes by a deterministic mutation
//! search over generated legal deals: for each code the first single-record mutation whose only
//! error (or, for a lint, only warning) is that code. `cargo run -p cardnote-ppn-pref --example gen_invalid
//! -- <dir>`. File-level and game-level cases are written by hand.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::collections::BTreeMap;

use ppn_pref::PrefPlayer;
use ppn_pref::generate::{DealOptions, Rng, random_deal};
use ppn_pref::model::DealOrder;
use ppn_pref::write;

/// Every diagnostic of `src`, sorted by position.
fn check_all(src: &str) -> Vec<cards_core::Diagnostic> {
    let options = ppn_pref::Options::default();
    let records = cards_core::notation::read_checked::<ppn_pref::Pref, _>(src.as_bytes(), options);
    let mut all: Vec<_> = records.flat_map(|r| r.map(|r| r.diagnostics).unwrap_or_default()).collect();
    all.sort_by_key(|d| d.span().start);
    all
}

const HEADER: &str = "[Bula 60]\n[Refe 2]\n[Player1 ana]\n[Player2 bo]\n[Player3 cy]\n[Result1 0]\n[Result2 0]\n[Result3 0]\n\n";
const CODES: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVW";

fn pick<'a>(rng: &mut Rng, xs: &[&'a str]) -> &'a str {
    xs[rng.below(xs.len())]
}

fn rand_code(rng: &mut Rng) -> char {
    CODES.as_bytes()[rng.below(32)] as char
}

fn mutate(rng: &mut Rng, record: &str) -> String {
    let inner = &record[1..record.len() - 1];
    let mut f: Vec<String> = inner.split(' ').map(str::to_owned).collect();
    let n = f.len();
    let played = n == 14;
    let field = if played { rng.below(14) } else { rng.below(4) };
    if field >= n || n < 4 {
        return record.to_owned();
    }
    let s = f[field].clone();
    let new = match field {
        0 => pick(rng, &["0", "1x", "x"]).to_owned(),
        1 => pick(rng, &["112", "12", "124", "abc"]).to_owned(),
        2 => {
            let mut c: Vec<char> = s.chars().collect();
            if c.is_empty() {
                return record.to_owned();
            }
            match rng.below(3) {
                0 => {
                    let i = rng.below(c.len());
                    c[i] = 'Y';
                }
                1 => {
                    let i = rng.below(c.len());
                    let j = rng.below(c.len());
                    c[i] = c[j];
                }
                _ => {
                    c.pop();
                }
            }
            c.into_iter().collect()
        }
        3 => {
            let toks = ["P", "2", "3", "4", "5", "M3", "M4", "G", "G2", "G4", "G7", "M2", "9", "X"];
            format!("{},{},{}", pick(rng, &toks), pick(rng, &toks), pick(rng, &toks))
        }
        4 => pick(rng, &["1", "2", "3", "4"]).to_owned(),
        5 => match rng.below(4) {
            0 => "XX".to_owned(),
            1 => {
                let c = rand_code(rng);
                format!("{c}{c}")
            }
            2 => format!("{}{}", rand_code(rng), rand_code(rng)),
            _ => "X".to_owned(),
        },
        6 => pick(rng, &["2", "3", "4", "5", "6", "7", "8", "G2", "G5", "G8", "9", "G"]).to_owned(),
        7 => pick(rng, &["0", "1", "2", "3", "8", "X"]).to_owned(),
        8 => pick(rng, &["0", "I1", "I2", "I3", "K1", "K2", "K3", "R2", "S3", "M1", "X1"]).to_owned(),
        9 => pick(rng, &["0", "1", "2"]).to_owned(),
        10 => {
            let v: i64 = s.parse().unwrap_or(0);
            match rng.below(3) {
                0 => (v * 2).to_string(),
                1 => (v + 2).to_string(),
                _ => "-1".to_owned(),
            }
        }
        11 => pick(rng, &["0", "1", "2", "3", "4"]).to_owned(),
        12 => {
            let mut tricks: Vec<String> = s.split(',').map(str::to_owned).collect();
            if s == "0" {
                "123".to_owned()
            } else {
                match rng.below(6) {
                    0 => {
                        tricks.pop();
                    }
                    1 => {
                        let k = rng.below(tricks.len());
                        let t = &mut tricks[k];
                        let w = if t.ends_with('1') { "2" } else { "1" };
                        t.pop();
                        t.push_str(w);
                    }
                    2 => {
                        let k = rng.below(tricks.len());
                        let t = &mut tricks[k];
                        let j = rng.below(t.len().saturating_sub(1));
                        let mut c: Vec<char> = t.chars().collect();
                        c[j] = rand_code(rng);
                        *t = c.into_iter().collect();
                    }
                    3 => tricks.push(tricks[0].clone()),
                    4 => {
                        let k = rng.below(tricks.len());
                        tricks[k].remove(0);
                    }
                    _ => {
                        let k = rng.below(tricks.len());
                        tricks[k].push('4');
                    }
                }
                tricks.join(",")
            }
        }
        _ => {
            let mut e: Vec<String> = s.split(',').map(str::to_owned).collect();
            let k = rng.below(3);
            e[k] = match (rng.below(7), e[k].as_str()) {
                (0, _) => "0".to_owned(),
                (1, x) => {
                    x.replacen(":L", ":R", 1).replacen(":R", ":L", if x.contains(":L") { 0 } else { 1 })
                }
                (2, x) if x.starts_with('F') => {
                    let v: u64 = f.get(10).and_then(|v| v.parse().ok()).unwrap_or(0);
                    let extra = if rng.chance(50) { v } else { v + 1 };
                    if x.matches(':').count() == 2 {
                        x.rsplit_once(':').unwrap().0.to_owned()
                    } else {
                        format!("{x}:{extra}")
                    }
                }
                (3, x) => {
                    let mut c: Vec<char> = x.chars().collect();
                    if c.len() > 1 {
                        c[1] = if c[1] == '1' { '2' } else { '1' };
                    }
                    c.into_iter().collect()
                }
                (4, x) => format!("{x}0"),
                (5, _) => "F1:L8".to_owned(),
                (_, x) => x.replace('M', "Q"),
            };
            e.join(",")
        }
    };
    if rng.chance(4) {
        f.remove(rng.below(n));
    } else {
        f[field] = new;
    }
    format!("[{}]", f.join(" "))
}

fn main() {
    let dir = std::env::args().nth(1).unwrap_or_else(|| "corpus/ppn-pref/invalid".to_owned());
    let mut found: BTreeMap<String, String> = BTreeMap::new();
    let mut rng = Rng::new(2026);
    let p = |n| PrefPlayer::new(n).unwrap();
    let order = DealOrder([p(1), p(2), p(3)]);
    for round in 0..60_000u32 {
        let deal = random_deal(
            &mut rng,
            1,
            order,
            DealOptions { all_pass: 5, refa: Some(false), ..DealOptions::default() },
        );
        let mut rec = String::new();
        write::write_deal(&deal, &mut rec);
        let mut m = mutate(&mut rng, &rec);
        if round % 5 == 0 {
            m = mutate(&mut rng, &m);
        }
        let src = format!("{HEADER}{m}\n");
        let all = check_all(&src);
        let errs: Vec<_> = all.iter().filter(|d| d.is_error()).collect();
        let code = match errs.as_slice() {
            [one] => one.code(),
            [] => match all.as_slice() {
                [one] => one.code(),
                _ => continue,
            },
            _ => continue,
        };
        found.entry(code.to_owned()).or_insert(m);
    }
    for (code, rec) in &found {
        let path = format!("{dir}/{code}.ppn");
        std::fs::write(&path, format!("{HEADER}{rec}\n")).unwrap();
        println!("{path}");
    }
    for (code, text) in by_hand(&mut rng) {
        let path = format!("{dir}/{code}.ppn");
        std::fs::write(&path, text).unwrap();
        println!("{path}");
        found.insert(code.to_owned(), String::new());
    }
    let missing: Vec<_> = ppn_pref::codes::ALL.iter().filter(|c| !found.contains_key(**c)).collect();
    eprintln!("not found by the search: {missing:?}");
}

fn played(rng: &mut Rng, id: u32, order: DealOrder, refa: bool) -> String {
    loop {
        let deal = random_deal(
            rng,
            id,
            order,
            DealOptions { all_pass: 0, refa: Some(refa), ..DealOptions::default() },
        );
        let mut rec = String::new();
        write::write_deal(&deal, &mut rec);
        if rec.len() < 150 {
            return rec;
        }
    }
}

fn by_hand(rng: &mut Rng) -> Vec<(&'static str, String)> {
    let p = |n| PrefPlayer::new(n).unwrap();
    let o123 = DealOrder([p(1), p(2), p(3)]);
    let o231 = DealOrder([p(2), p(3), p(1)]);
    let pass1 = "[1 123 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]";
    let pass2 = "[2 231 1BDHM27WQK4CEIN3FVRJS5LP8GU6AOT9 P,P,P]";
    let mut out = vec![
        ("STRAY_LINE", format!("{HEADER}{pass1}\n...\n")),
        ("BRACKET_UNCLOSED", format!("{HEADER}[1 123 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P\n")),
        ("TAG_SYNTAX", format!("{HEADER}[Date]\n{pass1}\n").replacen("\n\n[Date]", "\n[Date]", 1)),
        (
            "ALLPASS_HAS_PLAY",
            format!("{HEADER}[1 123 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P 1 XX G2 0 0 0 6 0 0 M0:-6,0,0]\n"),
        ),
        ("TAG_MISSING", format!("{}{pass1}\n", HEADER.replace("[Refe 2]\n", ""))),
        ("TAG_DUPLICATE", format!("{}{pass1}\n", HEADER.replace("[Refe 2]\n", "[Refe 2]\n[Bula 80]\n"))),
        ("TAG_VALUE", format!("{}{pass1}\n", HEADER.replace("[Bula 60]", "[Bula 61]"))),
        ("ID_SEQUENCE", format!("{HEADER}{pass1}\n{}\n", pass2.replace("[2 ", "[3 "))),
        ("DEAL_ORDER_NOT_ROTATION", format!("{HEADER}{}\n", pass1.replace(" 123 ", " 132 "))),
        ("DEALER_ROTATION", format!("{HEADER}{pass1}\n{}\n", pass2.replace(" 231 ", " 312 "))),
        ("RESULT_SUM_NONZERO", format!("{}{pass1}\n", HEADER.replace("[Result1 0]", "[Result1 30]"))),
        (
            "PLACE_RESULT_ORDER",
            format!(
                "{}{pass1}\n",
                HEADER
                    .replace(
                        "[Result1 0]\n[Result2 0]\n[Result3 0]",
                        "[Result1 10]\n[Result2 0]\n[Result3 -10]"
                    )
                    .replace("\n\n", "\n[Place1 2]\n[Place2 1]\n[Place3 3]\n\n")
            ),
        ),
    ];
    out.push(("REFA_FLAG", format!("{HEADER}{pass1}\n{}\n", played(rng, 2, o231, false))));
    out.push((
        "REFE_EXCEEDED",
        format!("{}{pass1}\n{}\n", HEADER.replace("[Refe 2]", "[Refe 0]"), played(rng, 2, o231, true)),
    ));
    // an invitation on plain spade: search the generator with the lint allowed
    loop {
        let deal = random_deal(
            rng,
            1,
            o123,
            DealOptions { all_pass: 0, refa: Some(false), spade_invite: true, ..DealOptions::default() },
        );
        let Some(play) = &deal.play else { continue };
        let invite = play.kontra.is_some_and(|k| k.level == ppn_pref::model::KontraLevel::Invite);
        if invite && !play.contract.game && play.contract.level == 2 {
            let mut rec = String::new();
            write::write_deal(&deal, &mut rec);
            out.push(("INVITE_ON_PLAIN_SPADE", format!("{HEADER}{rec}\n")));
            break;
        }
    }
    out
}
