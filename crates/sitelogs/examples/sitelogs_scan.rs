//! Prints each hand's outcome for the PokerStars logs named on the command line, and whether it
//! survives PokerStars -> PHH -> PokerStars -> PHH.
#![allow(clippy::unwrap_used)]
fn main() {
    for path in std::env::args().skip(1) {
        let file = std::fs::File::open(&path).unwrap();
        for r in
            sitelogs::pokerstars::Reader::new(std::io::BufReader::new(file), sitelogs::Options::default())
        {
            let codes: Vec<String> =
                r.diagnostics.iter().map(|d| format!("{}:{}", d.code(), d.message())).collect();
            let round = r
                .hand
                .as_ref()
                .map(|h| match sitelogs::pokerstars::write_hand(h) {
                    Err(e) => format!("WRITE {}", e.message()),
                    Ok(text) => {
                        let again =
                            sitelogs::pokerstars::Reader::from_str(&text, sitelogs::Options::default())
                                .next()
                                .unwrap();
                        if again.hand.as_ref() == Some(h) {
                            "SAME".to_owned()
                        } else {
                            format!(
                                "DIFF {:?}\n{text}\n{}\n{}",
                                again.diagnostics,
                                phh::write_hand(h),
                                again.hand.as_ref().map(phh::write_hand).unwrap_or_default()
                            )
                        }
                    }
                })
                .unwrap_or_default();
            println!(
                "{} {}-{} {} {:?} {round}",
                path.rsplit('/').next().unwrap(),
                r.span.start,
                r.span.end,
                if r.hand.is_some() { "OK" } else { "REFUSED" },
                codes
            );
        }
    }
}
