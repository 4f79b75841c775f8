"""cardnote vs PokerKit 0.7.7 in one Python process, on the same PHH text.

    python crates/python/bench/bench_python.py FILE.phhs [POKERKIT_HANDS]

cardnote: `cardnote.read` (parse, check and replay every hand) and `cardnote.to_arrow(..,
"actions")`; PokerKit: `HandHistory.loads_all` plus iterating every state of every hand (on the
first POKERKIT_HANDS hands, default 2000, to keep the run short; rates are per hand).
"""

import sys
import time

import cardnote


def best_of(runs, fn):
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main():
    path = sys.argv[1]
    limit = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    text = open(path, encoding="utf-8").read()
    hands = len(list(cardnote.read(text, "phh")))
    ours = best_of(3, lambda: sum(1 for r in cardnote.read(text, "phh") if r.ok))
    arrow = best_of(3, lambda: cardnote.to_arrow(path, "actions"))

    from pokerkit import HandHistory

    # The same text cut at the first `limit` table headers.
    parts = text.split("\n[")
    head = "\n[".join(parts[: limit + 1]) if len(parts) > limit + 1 else text

    def pokerkit():
        for history in HandHistory.loads_all(head):
            for _state in history:
                pass

    theirs_hands = len(list(cardnote.read(head, "phh")))
    theirs = best_of(1, pokerkit)
    ours_rate = hands / ours
    theirs_rate = theirs_hands / theirs
    print(f"file: {path}, {hands} hands")
    print(f"cardnote.read (parse+check+replay): {ours_rate:,.0f} hands/s")
    print(f"PokerKit loads_all + every state:   {theirs_rate:,.0f} hands/s ({theirs_hands} hands)")
    print(f"ratio: {ours_rate / theirs_rate:,.0f}x")
    print(f"cardnote.to_arrow(actions): {hands / arrow:,.0f} hands/s")


if __name__ == "__main__":
    main()
