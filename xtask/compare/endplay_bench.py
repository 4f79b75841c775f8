"""Time endplay reading PBN files; prints one JSON object.

usage: python endplay_bench.py FILE.pbn... [--repeat N]
"""
import io
import json
import sys
import time

from endplay.parsers import pbn


def main() -> None:
    args = [a for a in sys.argv[1:]]
    repeat = 1
    if "--repeat" in args:
        i = args.index("--repeat")
        repeat = int(args[i + 1])
        del args[i : i + 2]
    texts = []
    for path in args:
        with open(path, "rb") as f:
            texts.append(f.read().decode("utf-8", errors="replace"))
    size = sum(len(t.encode("utf-8")) for t in texts)
    best = None
    boards = 0
    for _ in range(repeat):
        start = time.perf_counter()
        boards = 0
        for text in texts:
            boards += len(pbn.load(io.StringIO(text)))
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    print(json.dumps({"tool": "endplay", "boards": boards, "bytes": size, "seconds": best}))


if __name__ == "__main__":
    main()
