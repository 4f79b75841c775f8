"""cardnote: card-game notation (PHH, PBN, PPN) read, checked, replayed and tabled in Rust.

>>> import cardnote
>>> hand = "variant = 'NT'\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n" \\
...        "starting_stacks = [100, 100]\\nactions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'p2 f']\\n"
>>> cardnote.replay(hand)["payoffs"]
['1', '-1']
"""

from ._cardnote import (
    ArrowStream,
    CardnoteError,
    Record,
    Records,
    __version__,
    check,
    read,
    replay,
    stats,
    to_arrow,
)

__all__ = [
    "ArrowStream",
    "CardnoteError",
    "Record",
    "Records",
    "__version__",
    "check",
    "read",
    "replay",
    "stats",
    "to_arrow",
]
