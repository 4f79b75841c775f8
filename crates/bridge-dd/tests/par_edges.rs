//! Par's edge cases, by hand: passed out, sacrifices at the sacrificer's vulnerability, hot deals
//! by dealer, single-seat contracts, and the PBN forms of each.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use bridge_core::Vulnerability;
use bridge_dd::{DdTable, Declarers, Par, ParRule, Side};
use cards_core::Compass;

/// A table from rows per strain (C D H S NT), each `[N, E, S, W]`.
fn table(rows: [[u8; 4]; 5]) -> DdTable {
    let mut tricks = [[0; 5]; 4];
    for (strain, row) in rows.iter().enumerate() {
        for (seat, &t) in row.iter().enumerate() {
            tricks[seat][strain] = t;
        }
    }
    DdTable::new(tricks).unwrap()
}

fn dealer_par(t: &DdTable, vul: Vulnerability, dealer: Compass) -> (String, String) {
    let par = Par::compute(t, vul, ParRule::Dealer(dealer));
    (par.to_pbn_contracts(), par.to_pbn_score())
}

#[test]
fn passed_out_deal_has_par_zero_and_no_contract() {
    let t = table([[6, 5, 6, 5]; 5]);
    for dealer in Compass::ALL {
        let par = Par::compute(&t, Vulnerability::Both, ParRule::Dealer(dealer));
        assert_eq!(par.score_ns, 0);
        assert!(par.contracts.is_empty());
        assert_eq!(par.to_pbn_contracts(), "Pass");
        assert_eq!(par.to_pbn_score(), "NS 0");
        assert_eq!(par.declaring_side(), None);
    }
}

#[test]
fn game_by_either_partner_is_written_for_the_side() {
    let t = table([[6, 3, 6, 3], [6, 3, 6, 3], [10, 3, 10, 3], [6, 3, 6, 3], [6, 3, 6, 3]]);
    assert_eq!(dealer_par(&t, Vulnerability::None, Compass::North), ("NS 4H=".into(), "NS 420".into()));
    assert_eq!(dealer_par(&t, Vulnerability::NorthSouth, Compass::West), ("NS 4H=".into(), "NS 620".into()));
}

#[test]
fn a_contract_only_one_seat_makes_names_the_seat() {
    // Only South takes 9 tricks in notrump (North's lead kills it).
    let t = table([[6, 3, 6, 3], [6, 3, 6, 3], [6, 3, 6, 3], [6, 3, 6, 3], [8, 4, 9, 4]]);
    let par = Par::compute(&t, Vulnerability::None, ParRule::Dealer(Compass::North));
    assert_eq!(par.contracts.len(), 1);
    assert_eq!(par.contracts[0].declarers, Declarers::Seat(Compass::South));
    assert_eq!(par.to_pbn_contracts(), "S 3N=");
    assert_eq!(par.to_pbn_score(), "NS 400");
}

#[test]
fn sacrifice_is_scored_at_the_sacrificers_vulnerability() {
    // NS make exactly 4S; EW take 9 tricks in clubs, so 5C doubled goes two down.
    let t = table([[3, 9, 3, 9], [6, 5, 6, 5], [6, 5, 6, 5], [10, 3, 10, 3], [6, 5, 6, 5]]);
    // EW not vulnerable: -300 beats -420 (or -620): they save.
    assert_eq!(dealer_par(&t, Vulnerability::None, Compass::North), ("EW 5CX-2".into(), "EW -300".into()));
    assert_eq!(
        dealer_par(&t, Vulnerability::NorthSouth, Compass::North),
        ("EW 5CX-2".into(), "EW -300".into())
    );
    // EW vulnerable: -500 is dearer than -420, so NS play their game...
    assert_eq!(dealer_par(&t, Vulnerability::EastWest, Compass::North), ("NS 4S=".into(), "NS 420".into()));
    // ...but against a vulnerable game (-620) the vulnerable save (-500) pays again.
    assert_eq!(dealer_par(&t, Vulnerability::Both, Compass::North), ("EW 5CX-2".into(), "EW -500".into()));
}

#[test]
fn hot_deal_par_goes_to_the_dealers_side() {
    // Every seat takes 7 tricks in notrump: whoever opens 1NT gets it.
    let t = table([[6, 6, 6, 6], [6, 6, 6, 6], [6, 6, 6, 6], [6, 6, 6, 6], [7, 7, 7, 7]]);
    for vul in [Vulnerability::None, Vulnerability::NorthSouth, Vulnerability::EastWest, Vulnerability::Both]
    {
        for dealer in Compass::ALL {
            let (contract, score) = dealer_par(&t, vul, dealer);
            if dealer.is_north_south() {
                assert_eq!((contract.as_str(), score.as_str()), ("NS 1N=", "NS 90"));
            } else {
                assert_eq!((contract.as_str(), score.as_str()), ("EW 1N=", "EW 90"));
            }
        }
        let ns = Par::compute(&t, vul, ParRule::SideFirst(Side::NorthSouth));
        let ew = Par::compute(&t, vul, ParRule::SideFirst(Side::EastWest));
        assert_eq!((ns.score_ns, ew.score_ns), (90, -90));
    }
}

/// DDS's `DealerParBin` reads a single seat's save written without `*` (`5H-E-2`) as a made
/// contract, so pons-dds (a faithful port) reports East making 5H. The table says East takes 9
/// hearts: it is 5H doubled two down, and that is what this crate writes.
#[test]
fn single_seat_save_is_a_doubled_sacrifice_not_a_make() {
    let t = table([[6, 5, 6, 5], [6, 5, 6, 5], [10, 9, 10, 5], [6, 5, 6, 5], [6, 5, 6, 5]]);
    let par = Par::compute(&t, Vulnerability::None, ParRule::Dealer(Compass::North));
    assert_eq!(par.score_ns, 300);
    assert_eq!(par.to_pbn_contracts(), "E 5HX-2");
    assert_eq!(par.to_pbn_score(), "EW -300");
    // With East dealing, East bids hearts first and the save is one level cheaper.
    assert_eq!(dealer_par(&t, Vulnerability::None, Compass::East), ("E 4HX-1".into(), "EW -100".into()));
}

#[test]
fn grand_slam_and_overtricks() {
    let t = table([[0, 13, 0, 13], [13, 0, 13, 0], [0, 13, 0, 13], [13, 0, 13, 0], [0, 0, 0, 0]]);
    assert_eq!(dealer_par(&t, Vulnerability::Both, Compass::East), ("NS 7S=".into(), "NS 2210".into()));
    let t = table([[6, 3, 6, 3], [6, 3, 6, 3], [6, 3, 6, 3], [11, 2, 11, 2], [6, 3, 6, 3]]);
    assert_eq!(dealer_par(&t, Vulnerability::None, Compass::North), ("NS 4S+1".into(), "NS 450".into()));
}
