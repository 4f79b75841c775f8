//! Imports a PokerStars or ACPC log from disk, streaming, and prints what it read: a program to
//! time with `/usr/bin/time -v` (user CPU time and peak memory):
//! `speed pokerstars FILE` or `speed acpc FILE.log FILE.game`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let file = std::io::BufReader::with_capacity(1 << 16, std::fs::File::open(&args[1]).unwrap());
    let options = sitelogs::Options::default();
    let (mut hands, mut refused) = (0u64, 0u64);
    let mut count = |r: sitelogs::Record| if r.hand.is_some() { hands += 1 } else { refused += 1 };
    if args[0] == "acpc" {
        let game = sitelogs::acpc::GameDef::parse(&std::fs::read_to_string(&args[2]).unwrap()).unwrap();
        sitelogs::acpc::Reader::new(file, &game, options).for_each(&mut count);
    } else {
        sitelogs::pokerstars::Reader::new(file, options).for_each(&mut count);
    }
    println!("{hands} hands imported, {refused} refused");
}
