//! Prints each hand's outcome (imported, or refused with its codes) for the logs named on the
//! command line: `sites_scan ggpoker|ipoker|party|ignition FILE...`; with `--count` before the
//! site, only the totals (a program to time with `/usr/bin/time -v`: CPU time and peak memory).
#![allow(clippy::unwrap_used)]
use std::io::BufReader;

use sitelogs::{Options, Record};

fn main() {
    let mut args = std::env::args().skip(1).peekable();
    let count_only = args.next_if(|a| a == "--count").is_some();
    let site = args.next().unwrap_or_default();
    let (mut imported, mut refused) = (0u64, 0u64);
    for path in args {
        let input = BufReader::with_capacity(1 << 16, std::fs::File::open(&path).unwrap());
        let options = Options::default();
        let records: Box<dyn Iterator<Item = Record>> = match site.as_str() {
            "ggpoker" => Box::new(sitelogs::ggpoker::Reader::new(input, options)),
            "ipoker" => Box::new(sitelogs::ipoker::Reader::new(input, options)),
            "ignition" => Box::new(sitelogs::ignition::Reader::new(input, options)),
            "party" => Box::new(sitelogs::party::Reader::new(input, options)),

            _ => {
                eprintln!("the first argument names the site: ggpoker, ipoker, party or ignition");
                std::process::exit(2);
            }
        };
        for r in records {
            if count_only {
                if r.hand.is_some() {
                    imported += 1
                } else {
                    refused += 1
                }
                continue;
            }
            let codes: Vec<String> =
                r.diagnostics.iter().map(|d| format!("{}: {}", d.code(), d.message())).collect();
            let name = path.rsplit('/').take(2).collect::<Vec<_>>();
            println!(
                "{}/{} {}-{} {} {codes:?}",
                name[1],
                name[0],
                r.span.start,
                r.span.end,
                if r.hand.is_some() { "OK" } else { "REFUSED" },
            );
        }
    }
    if count_only {
        println!("{imported} hands imported, {refused} refused");
    }
}
