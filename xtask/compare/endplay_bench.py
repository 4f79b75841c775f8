"""Time endplay 0.5.12 reading PBN files; prints one JSON object.

usage: python endplay_bench.py FILE.pbn... [--repeat N] [--min-bytes N]

Each file is read on its own (endplay stops at the first thing it cannot parse, so a file it
refuses is left out of the timing and counted in `files_refused`). With --min-bytes, the files it
reads are read again, in order, until that many bytes are read (a prefix of the same repeated
input cardnote checks). The best of --repeat passes is reported.
"""
import io
import json
import sys
import time

from endplay.parsers import pbn


def decode(data: bytes) -> str:
    data = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def main() -> None:
    args = list(sys.argv[1:])
    repeat = 1
    min_bytes = 0
    for flag in ("--repeat", "--min-bytes"):
        if flag in args:
            i = args.index(flag)
            value = int(args[i + 1])
            del args[i : i + 2]
            if flag == "--repeat":
                repeat = value
            else:
                min_bytes = value
    texts = []
    refused = 0
    for path in args:
        with open(path, "rb") as f:
            data = f.read()
        text = decode(data)
        try:
            pbn.load(io.StringIO(text))
        except Exception:  # noqa: BLE001 - any refusal leaves the file out
            refused += 1
            continue
        texts.append((text, len(data)))
    if not texts:
        print(json.dumps({"tool": "endplay", "boards": 0, "bytes": 0, "seconds": None,
                          "files_read": 0, "files_refused": refused}))
        return
    passes = []
    size = 0
    while True:
        for item in texts:
            passes.append(item)
            size += item[1]
        if size >= min_bytes:
            break
    best = None
    boards = 0
    for _ in range(repeat):
        start = time.perf_counter()
        boards = 0
        for text, _ in passes:
            boards += len(pbn.load(io.StringIO(text)))
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    print(json.dumps({"tool": "endplay", "boards": boards, "bytes": size, "seconds": best,
                      "files_read": len(texts), "files_refused": refused}))


if __name__ == "__main__":
    main()
