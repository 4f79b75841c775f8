//! Every stable diagnostic code of this crate, as `&'static str` constants, and [`ALL`].

cards_core::codes! {
    /// Text that belongs to no hand (before the first hand header, or a fragment without one).
    SITE_NO_HEADER,
    /// A hand header that cannot be read (hand number, game, stakes or date).
    SITE_BAD_HEADER,
    /// The game is one PHH cannot express (5-card draw, 5/6-card Omaha, Courchevel, pot-limit
    /// hold'em, pot-limit hi/lo...); the message names it.
    SITE_GAME_UNSUPPORTED,
    /// A game labelled as another: BetOnline's network writes its pot-limit Omaha as `Hold'em Pot
    /// Limit`, read as Omaha when the hand's cards are four to a player. A warning, an error under
    /// `strict`.
    SITE_GAME_MISLABELLED,
    /// A game PHH expresses whose PokerStars text this version does not read. Every such game is
    /// read now (the draw games since they were added); the code stays so that tools matching on
    /// it keep working.
    SITE_GAME_NOT_READ,
    /// The table line (`Table '...' 6-max Seat #N is the button`) is missing or unreadable.
    SITE_BAD_TABLE,
    /// A seat line cannot be read.
    SITE_BAD_SEAT,
    /// An amount cannot be read (currency symbol, thousands separators and decimals are allowed).
    SITE_BAD_AMOUNT,
    /// Cards in brackets cannot be read.
    SITE_BAD_CARDS,
    /// A line names a player who has no seat in the hand.
    SITE_UNKNOWN_PLAYER,
    /// A line the importer does not know; it is skipped (an error under `strict`).
    SITE_UNKNOWN_LINE,
    /// The hand was run twice (or more): PHH has no notation for several boards.
    SITE_RUN_IT_TWICE,
    /// A dead post the site's importer refuses (PartyPoker's `posts big blind + dead`, GGPoker's
    /// and Ignition's dead posts). PokerStars' dead posts are read, as antes.
    SITE_DEAD_BLIND,
    /// A blind posted out of position that cannot be written: PHH's blinds also set who acts
    /// first. PokerStars' are read (dead as antes, live with the poster's first action) except a
    /// live post the poster never acts after (all in by it); other sites' importers refuse theirs.
    SITE_POST_OUT_OF_TURN,
    /// A player cashed out the hand: the log's payout is not the pot's (GGPoker's cash-out and
    /// insurance; PokerStars' Cash Out is read, see [`SITE_CASHED_OUT`]).
    SITE_CASH_OUT,
    /// The hand has no players dealt in, or only one.
    SITE_TOO_FEW_PLAYERS,
    /// The hand was cancelled or is cut short (no summary).
    SITE_INCOMPLETE,
    /// Replaying the imported hand failed (an illegal action under the engine's rules), or
    /// succeeded only by PokerKit's repair (a check or fold the log does not show, inserted).
    SITE_REPLAY,
    /// Replaying the imported hand ends with stacks the log does not state (the message names the
    /// player and both amounts).
    SITE_INCONSISTENT,
    /// The ACPC game definition cannot be read.
    ACPC_BAD_GAMEDEF,
    /// An ACPC `STATE` line cannot be read.
    ACPC_BAD_STATE,
    /// The dealer split an odd chip as fractions where the replay gives it to one player (a
    /// warning: the hand keeps the log's payoffs).
    ACPC_ODD_CHIP,
    /// The ACPC game (or the PHH hand to export) is not one ACPC logs can hold.
    ACPC_UNSUPPORTED,
    /// PHH hands to be written as one ACPC log without a game definition given are not all
    /// played under one game (players, betting, blinds, stacks or bet sizes differ), so no one
    /// `.game` file describes them.
    ACPC_MIXED_GAMES,
    /// An ACPC log whose game definition was found nowhere: not given, not beside the log, not
    /// named by the dealer's first comment (nor one of the games the dealer ships).
    ACPC_NO_GAME,
    /// A PHH hand cannot be written in the site's text (variant, missing fields, illegal replay).
    EXPORT_UNSUPPORTED,
    /// GGPoker's Cash Drop (and Run It Once's `STP added`): the house added money to the pot,
    /// which PHH cannot record.
    SITE_CASH_DROP,
    /// An iPoker file is not well-formed XML, or a `<game>` lacks what a hand needs.
    SITE_BAD_XML,
    /// A line that names a seated player (`Name:` then text that is no action, or a garbled
    /// `Dealt to` line) cannot be read: what the player did or held is unknown, so the hand is
    /// refused rather than guessed.
    SITE_UNREADABLE_ACTION,
    /// PokerStars' Cash Out (`NAME cashed out the hand for $X | Cash Out Fee $Y`): the site paid
    /// the player from outside the pot, and kept the pot when it was theirs (`pot not awarded`).
    /// The hand is read as the cards played it, without that payment: a warning, an error under
    /// `strict`.
    SITE_CASHED_OUT,
    /// A hand paid out but with no `*** SUMMARY ***` (a file cut after its last payout): read
    /// from its play, the rake being what was put in less what was paid out. A warning, an error
    /// under `strict`.
    SITE_NO_SUMMARY,
    /// A PokerNow log's `Your hand is ...` (the cards of the player who downloaded the log) names
    /// no one, and no showdown of the log so far shows those cards: they are kept in the PHH
    /// field `_unplaced_hole_cards`. A warning, an error under `strict`.
    SITE_HERO_UNKNOWN (lenient),
    /// An Open Hand History record is not JSON, or not an OHH hand (`{"ohh": {...}}` with its
    /// game, players and rounds).
    SITE_BAD_JSON,
    /// A site that writes no rake (PartyPoker, Ignition) paid the hand out short of the pot its
    /// play gives: by more than a rake (a tenth of the pot, plus a jackpot drop, as PHH reads a
    /// rake), or at all in a tournament, which takes no rake. A payout line is missing or wrong,
    /// and the hand's winnings would contradict its replay: refused. The same for a log in the
    /// PokerStars layout whose summary's rake (`Total pot $X | Rake $Y`) is more than a rake.
    SITE_PAYOUT_SHORT,
    /// A PokerStars log written in the client's language (Portuguese, Spanish, Russian; a French
    /// client's header, dates and typography), read through the English words its lines stand for
    /// (the module `pokerstars::lang`). A warning, an error under `strict`.
    SITE_CLIENT_LANGUAGE (lenient),
    /// A big blind posted all in for less than the blind, which the others then call in full (the
    /// site's rule: the full big blind is the bet to call). PHH's call matches the highest bet
    /// posted (PokerKit's rule), so those calls cannot be written: refused.
    SITE_SHORT_BLIND_CALLED,
    /// A stud bet or raise of the big bet on 4th street (PokerStars' rule when an open pair shows
    /// there). PHH's replay plays PokerKit's rules, whose 4th street is always bet in the small
    /// bet, so the hand cannot be replayed: refused.
    SITE_STUD_DOUBLE_BET,
    // Merge, Microgaming, Boss Media and PKR (helper h4).
    /// A Merge network log writes an action for a player out of the hand: one who folded earlier
    /// (a `CALL` on the river from a seat that folded preflop) or one not dealt in, with no chips
    /// (a `CHECK` from an empty seat). The action is skipped. A warning, an error under `strict`.
    SITE_STRAY_ACTION (lenient),
    // Full Tilt Poker, Winning Poker Network, Absolute/Cereus, OnGame.
    /// A player disconnected and the site declared them all in without their chips going in (WPN's
    /// `Player NAME is disconnected and ALL IN.` then `allin` with no amount): PHH has no
    /// notation for a player all in with chips behind, so the hand is refused.
    SITE_DISCONNECT_PROTECTION,
    // Winamax, 888 / Pacific Poker, Everleaf, Cake.
    /// Cards written in the client's language (888's Dutch, Swedish and Russian ranks, German
    /// suit names): read as the ranks and suits they name. A warning, an error under `strict`.
    SITE_LOCALIZED_CARDS (lenient),
    // Everleaf stud, Enet, Entraction, KingsClub, Seals With Clubs (helper h2).
    /// A stud hand whose bring-in player opened by completing (or betting) with no bring-in
    /// written anywhere in the hand (Everleaf states no bring-in in its header): PHH requires the
    /// hand's bring-in, which is unknown, so the hand is refused.
    SITE_BRING_IN_UNSTATED,
    /// A stud hand whose log does not show every up card of a street for the players still in
    /// (Everleaf's older logs show no cards at all): PHH's replay, by PokerKit's rules, finds who
    /// acts first on each street by the up cards, so the hand cannot be replayed: refused.
    SITE_STUD_UP_CARDS_UNKNOWN,
    // PokerTracker's exports (helper h4).
    /// A tracker's export layout this version does not read (PokerTracker's text of Microgaming
    /// hands, `** Game ID N starting`): its raises are written as the chips added in some versions
    /// and as the total in others, with nothing in the text to tell which. Refused per hand.
    SITE_EXPORT_NOT_READ,
    /// PokerTracker's export writes an all-in call for less than the bet as a raise of the chips
    /// added (`Raise $31.10` after a raise to $112.70): read as the call. A warning, an error under
    /// `strict`.
    SITE_EXPORT_RAISE_AS_CALL (lenient),
    // BetOnline's network (helper h1).
    /// A player still in the hand `has left the table` and the log never writes their fold
    /// (BetOnline's network): read as a fold at the player's next turn, the chips they put in
    /// staying in the pot. A warning, an error under `strict`.
    SITE_LEFT_WITHOUT_FOLD (lenient),
    /// BetOnline's network leaves a check out: a player to act with no bet to call writes nothing,
    /// and the next line is another player's action or the next street. Read as the check. A
    /// warning, an error under `strict`.
    SITE_CHECK_OMITTED (lenient),
}
