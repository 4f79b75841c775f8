"""cardnote: card-game notation (PHH, PBN, LIN, PPN) read, checked, replayed and tabled in Rust.

>>> import cardnote
>>> hand = "variant = 'NT'\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n" \\
...        "starting_stacks = [100, 100]\\nactions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'p2 f']\\n"
>>> cardnote.replay(hand)["payoffs"]
['1', '-1']

Objects on the Rust models: `load_hands` gives PHH `Hand`s (amounts as `decimal.Decimal`,
`Hand.replay()` the engine's `State`s), `load_boards` gives PBN and LIN `Board`s, `dd_table` and
`dd_tables` solve deals double dummy (`DdTable.par`, `DdTable.contract`), and
`cardnote.spark.register` adds the `phh`, `pbn` and `lin` PySpark data sources.

>>> [a.notation for a in cardnote.load_hands(hand)[0].actions]
['d dh p1 AcAd', 'd dh p2 KcKd', 'p2 f']
"""

from ._cardnote import (
    Action,
    ArrowStream,
    Board,
    Call,
    CardnoteError,
    Contract,
    DdResult,
    DdTable,
    Deal,
    Hand,
    LegalAction,
    Par,
    PlayedCard,
    Pot,
    Record,
    Records,
    State,
    __version__,
    check,
    dd_table,
    dd_tables,
    load_boards,
    load_hands,
    read,
    replay,
    stats,
    to_arrow,
    write_boards,
    write_hands,
)

#: A three-handed no-limit hold'em hand in PHH (the examples of the docstrings use it).
EXAMPLE_HAND = (
    "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
    "starting_stacks = [100, 100, 100]\nplayers = ['Ann', 'Bob', 'Cy']\n"
    "actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 7h2s', 'p3 f', 'p1 cbr 6', 'p2 cc', "
    "'d db 2c3c4d', 'p1 cbr 10', 'p2 f']\n"
)

#: A PBN board (deal 1 of DDS's list100.txt, West declares 2S and makes it; the first trick
#: played), used by the examples of the docstrings.
EXAMPLE_BOARD = """[Event "Example"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"]
[Declarer "W"]
[Contract "2S"]
[Result "8"]
[Auction "N"]
Pass Pass Pass 1S
Pass 2S Pass Pass
Pass
[Play "N"]
HK H7 H3 HA
*
"""

__all__ = [
    "Action",
    "ArrowStream",
    "Board",
    "Call",
    "CardnoteError",
    "Contract",
    "DdResult",
    "DdTable",
    "Deal",
    "EXAMPLE_BOARD",
    "EXAMPLE_HAND",
    "Hand",
    "LegalAction",
    "Par",
    "PlayedCard",
    "Pot",
    "Record",
    "Records",
    "State",
    "__version__",
    "check",
    "dd_table",
    "dd_tables",
    "load_boards",
    "load_hands",
    "read",
    "replay",
    "stats",
    "to_arrow",
    "write_boards",
    "write_hands",
]
