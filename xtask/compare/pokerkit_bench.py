"""Time PokerKit 0.7.7 reading (and replaying) a PHH file; prints one JSON object.

usage: python pokerkit_bench.py FILE.phhs [--replay] [--repeat N]
"""
import json
import sys
import time

from pokerkit import HandHistory


def main() -> None:
    path = sys.argv[1]
    replay = "--replay" in sys.argv
    repeat = 1
    if "--repeat" in sys.argv:
        repeat = int(sys.argv[sys.argv.index("--repeat") + 1])
    with open(path, "rb") as f:
        data = f.read()
    best = None
    hands = 0
    for _ in range(repeat):
        start = time.perf_counter()
        import io

        histories = list(HandHistory.load_all(io.BytesIO(data)))
        if replay:
            for history in histories:
                for _state in history:
                    pass
        elapsed = time.perf_counter() - start
        hands = len(histories)
        best = elapsed if best is None else min(best, elapsed)
    print(json.dumps({"tool": "pokerkit", "replay": replay, "hands": hands, "bytes": len(data), "seconds": best}))


if __name__ == "__main__":
    main()
