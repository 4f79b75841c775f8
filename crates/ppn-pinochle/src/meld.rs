//! The meld chart (digest §6) as data, and the value of a set of cards under a trump.
//!
//! ```
//! use cards_core::Suit;
//! use ppn_pinochle::card_text as pinochle;
//! use ppn_pinochle::meld::{STANDARD, meld_value};
//! // Spec Melds example, North under C,D,S,H with hearts trump: double queens around + a common marriage.
//! let north = pinochle::parse_hand("QQ.KQQ.QQ.QQJJ").unwrap();
//! assert_eq!(meld_value(&north, Some(Suit::Hearts), &STANDARD), 62);
//! ```

use cards_core::{Card, CardCounts, Rank, Suit};

/// A meld chart: values for single, double, triple and quadruple melds (index 1..=4; index 0 is 0).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chart {
    /// The `[Scoring]` name.
    pub name: &'static str,
    /// Aces around.
    pub aces: [u32; 5],
    /// Kings around.
    pub kings: [u32; 5],
    /// Queens around.
    pub queens: [u32; 5],
    /// Jacks around.
    pub jacks: [u32; 5],
    /// Pinochle (Q♠ J♦).
    pub pinochle: [u32; 5],
    /// Run in trump (A T K Q J).
    pub run: [u32; 5],
    /// Each royal marriage (K Q of trump outside a run).
    pub royal: u32,
    /// Each common marriage (K Q of another suit).
    pub common: u32,
}

/// The digest's default "Standard" chart.
pub const STANDARD: Chart = Chart {
    name: "Standard",
    aces: [0, 10, 100, 150, 200],
    kings: [0, 8, 80, 120, 160],
    queens: [0, 6, 60, 90, 120],
    jacks: [0, 4, 40, 60, 80],
    pinochle: [0, 4, 30, 60, 90],
    run: [0, 15, 150, 225, 300],
    royal: 4,
    common: 2,
};

/// The chart a `[Scoring]` value selects (`None` for names without a known chart).
#[must_use]
pub fn chart_for(scoring: &str) -> Option<&'static Chart> {
    (scoring == "Standard").then_some(&STANDARD)
}

fn copies(cards: &CardCounts, rank: Rank, suit: Suit) -> usize {
    usize::from(cards.count(Card::new(rank, suit))).min(4)
}

fn table(values: &[u32; 5], k: usize) -> u32 {
    values.get(k.min(4)).copied().unwrap_or(0)
}

/// Whether `cards` hold a K+Q marriage in `suit`.
#[must_use]
pub fn has_marriage(cards: &CardCounts, suit: Suit) -> bool {
    copies(cards, Rank::King, suit) > 0 && copies(cards, Rank::Queen, suit) > 0
}

/// The chart value of `cards` with `trump` (`None`: no trump, every marriage common).
#[must_use]
pub fn meld_value(cards: &CardCounts, trump: Option<Suit>, chart: &Chart) -> u32 {
    let around = |rank: Rank| Suit::ALL.iter().map(|&s| copies(cards, rank, s)).min().unwrap_or(0);
    let mut total = table(&chart.aces, around(Rank::Ace))
        + table(&chart.kings, around(Rank::King))
        + table(&chart.queens, around(Rank::Queen))
        + table(&chart.jacks, around(Rank::Jack));
    let pinochle = copies(cards, Rank::Queen, Suit::Spades).min(copies(cards, Rank::Jack, Suit::Diamonds));
    total += table(&chart.pinochle, pinochle);
    for suit in Suit::ALL {
        let marriages = copies(cards, Rank::King, suit).min(copies(cards, Rank::Queen, suit));
        if Some(suit) == trump {
            let run = [Rank::Ace, Rank::Ten, Rank::King, Rank::Queen, Rank::Jack]
                .iter()
                .map(|&r| copies(cards, r, suit))
                .min()
                .unwrap_or(0);
            total += table(&chart.run, run);
            total += chart.royal * (marriages.saturating_sub(run)) as u32;
        } else {
            total += chart.common * marriages as u32;
        }
    }
    total
}

/// The cards that make up the meld of `cards` (each card as many times as the class that needs it
/// most), so that `meld_value(&meld_cards(h, t, c), t, c) == meld_value(h, t, c)`.
#[must_use]
pub fn meld_cards(cards: &CardCounts, trump: Option<Suit>, chart: &Chart) -> CardCounts {
    let mut need = [[0usize; 6]; 4];
    let ranks = [Rank::Ace, Rank::Ten, Rank::King, Rank::Queen, Rank::Jack];
    let mut want = |suit: Suit, rank: Rank, k: usize| {
        let (Some(row), Some(ri)) =
            (need.get_mut(suit.index() as usize), ranks.iter().position(|&r| r == rank))
        else {
            return;
        };
        if let Some(slot) = row.get_mut(ri) {
            *slot = (*slot).max(k);
        }
    };
    for (rank, values) in [
        (Rank::Ace, &chart.aces),
        (Rank::King, &chart.kings),
        (Rank::Queen, &chart.queens),
        (Rank::Jack, &chart.jacks),
    ] {
        let k = Suit::ALL.iter().map(|&s| copies(cards, rank, s)).min().unwrap_or(0);
        if table(values, k) > 0 {
            for suit in Suit::ALL {
                want(suit, rank, k);
            }
        }
    }
    let p = copies(cards, Rank::Queen, Suit::Spades).min(copies(cards, Rank::Jack, Suit::Diamonds));
    if table(&chart.pinochle, p) > 0 {
        want(Suit::Spades, Rank::Queen, p);
        want(Suit::Diamonds, Rank::Jack, p);
    }
    for suit in Suit::ALL {
        let m = copies(cards, Rank::King, suit).min(copies(cards, Rank::Queen, suit));
        want(suit, Rank::King, m);
        want(suit, Rank::Queen, m);
        if Some(suit) == trump {
            let run = ranks.iter().map(|&r| copies(cards, r, suit)).min().unwrap_or(0);
            for rank in ranks {
                want(suit, rank, run);
            }
        }
    }
    let mut out = CardCounts::new();
    for suit in Suit::ALL {
        for (ri, rank) in ranks.iter().enumerate() {
            let k = need.get(suit.index() as usize).and_then(|r| r.get(ri)).copied().unwrap_or(0);
            for _ in 0..k {
                let _ = out.insert(Card::new(*rank, suit));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card_text::parse_hand;

    fn value(hand: &str, trump: Option<Suit>) -> u32 {
        meld_value(&parse_hand(hand).unwrap_or_default(), trump, &STANDARD)
    }

    #[test]
    fn chart_items() {
        // Runs, royal marriages, arounds, pinochle, round house.
        assert_eq!(value("...ATKQJ", Some(Suit::Hearts)), 15);
        assert_eq!(value("...ATKKQQJ", Some(Suit::Hearts)), 19);
        assert_eq!(value("...AATTKKQQJJ", Some(Suit::Hearts)), 150);
        assert_eq!(value("...KQ", Some(Suit::Hearts)), 4);
        assert_eq!(value("KQ...", Some(Suit::Hearts)), 2);
        assert_eq!(value("A.A.A.A", None), 10);
        assert_eq!(value("AA.AA.AA.AA", None), 100);
        assert_eq!(value("AAA.AAA.AAA.AAA", None), 150);
        assert_eq!(value("AAAA.AAAA.AAAA.AAAA", None), 200);
        assert_eq!(value("K.K.K.K", None), 8);
        assert_eq!(value("QQ.QQ.QQ.QQ", None), 60);
        assert_eq!(value("J.J.J.J", None), 4);
        assert_eq!(value(".J.Q.", None), 4);
        assert_eq!(value(".JJ.QQ.", None), 30);
        assert_eq!(value(".JJJJ.QQQQ.", None), 90);
        // Round house: kings and queens around plus a royal and three common marriages.
        assert_eq!(value("KQ.KQ.KQ.KQ", Some(Suit::Clubs)), 8 + 6 + 4 + 3 * 2);
    }

    #[test]
    fn meld_cards_keep_the_value() {
        for (hand, trump) in [
            ("TTTKK.TKJJ.ATKKJ.ATQQJJ", Suit::Spades),
            ("AQQQJ.TQJ.AATQJJ.ATTTKK", Suit::Spades),
            ("ATQJJ.TKKQQJ.ATTKQQQJ.Q", Suit::Spades),
            ("AAKKJ.AAAATKQ.K.AAKKQJJ", Suit::Hearts),
        ] {
            let cards = parse_hand(hand).unwrap_or_default();
            let shown = meld_cards(&cards, Some(trump), &STANDARD);
            assert!(shown.is_sub_multiset(&cards));
            assert_eq!(
                meld_value(&shown, Some(trump), &STANDARD),
                meld_value(&cards, Some(trump), &STANDARD),
                "{hand}"
            );
        }
    }

    #[test]
    fn digest_melds_example_values() {
        // §11.4: values of the printed Melds under C,D,S,H for each trump (W with its 4th group added).
        let hands = ["QQ.KQQ.QQ.QQJJ", "K.ATKQJ.KQ.KQ", "J.J.J.J", "KQ.ATKQJ.."];
        let expect = [
            (Suit::Clubs, [62, 18, 4, 6]),
            (Suit::Diamonds, [64, 31, 4, 17]),
            (Suit::Spades, [62, 20, 4, 4]),
            (Suit::Hearts, [62, 20, 4, 4]),
        ];
        for (trump, values) in expect {
            let got: Vec<u32> = hands.iter().map(|h| value(h, Some(trump))).collect();
            assert_eq!(got, values, "{trump:?}");
        }
    }
}
