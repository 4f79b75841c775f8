"""Time DDS (as endplay 0.5.12 bundles it) solving the double-dummy table of every deal of a PBN
file; prints one JSON object.

usage: python endplay_dd_bench.py FILE.pbn [--repeat N]

Each deal's table (20 cells) is solved with `calc_dd_table`; `cargo xtask compare` pins the
process to one core (`taskset -c 0`), as it pins `cardnote dd` for its one-core row. The best of
--repeat passes is reported.
"""
import json
import re
import sys
import time

from endplay.dds import calc_dd_table
from endplay.types import Deal


def main() -> None:
    args = list(sys.argv[1:])
    repeat = 1
    if "--repeat" in args:
        i = args.index("--repeat")
        repeat = int(args[i + 1])
        del args[i : i + 2]
    (path,) = args
    with open(path, encoding="utf-8") as f:
        text = f.read()
    deals = [Deal(d) for d in re.findall(r'\[Deal "([^"]+)"\]', text)]
    best = None
    for _ in range(max(repeat, 1)):
        start = time.perf_counter()
        for deal in deals:
            calc_dd_table(deal)
        seconds = time.perf_counter() - start
        best = seconds if best is None else min(best, seconds)
    print(json.dumps({"seconds": best, "tables": len(deals), "bytes": len(text.encode("utf-8"))}))


if __name__ == "__main__":
    main()
