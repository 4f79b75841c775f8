#!/usr/bin/env python3
"""The minimum Rust version, checked as well as it can be without installing old toolchains.

1. Every dependency a published crate builds with (normal and build dependencies, transitively,
   as Cargo.lock resolves them) declares a `rust-version` no newer than the crate's own; a
   dependency that declares none is listed, not failed.
2. clippy's `incompatible_msrv` lint over every target: no standard-library item stabilised after
   the crate's `rust-version` is used.
3. No let chains (`&& let`, Rust 1.88) in the sources of a crate that declares an older version.

What this does NOT prove: that the code compiles on that version. Other language features, Cargo
features, lints and standard-library items without a stability version are not checked; only
building with that toolchain would show them.
"""
import json
import pathlib
import re
import subprocess
import sys

LET_CHAIN = re.compile(r"&&\s*let\s")


def version(text):
    parts = [int(p) for p in text.split(".")]
    return tuple(parts + [0] * (3 - len(parts)))


def main():
    meta = json.loads(
        subprocess.run(
            ["cargo", "metadata", "--format-version", "1", "--locked"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )
    packages = {p["id"]: p for p in meta["packages"]}
    nodes = {n["id"]: n for n in meta["resolve"]["nodes"]}
    members = set(meta["workspace_members"])
    problems, undeclared = [], set()
    checked = 0
    for member in sorted(members, key=lambda i: packages[i]["name"]):
        package = packages[member]
        if package.get("publish") == []:  # publish = false: tools and tests, not for users
            continue
        msrv = package.get("rust_version")
        if not msrv:
            problems.append(f"{package['name']}: no rust-version")
            continue
        seen, stack = set(), [member]
        while stack:
            for dep in nodes[stack.pop()]["deps"]:
                kinds = {k["kind"] for k in dep["dep_kinds"]}
                if kinds <= {"dev"} or dep["pkg"] in seen:
                    continue
                seen.add(dep["pkg"])
                stack.append(dep["pkg"])
        for dep in sorted(seen, key=lambda i: packages[i]["name"]):
            other = packages[dep]
            needs = other.get("rust_version")
            if needs is None:
                undeclared.add(f"{other['name']} {other['version']}")
            elif version(needs) > version(msrv):
                problems.append(
                    f"{package['name']} (rust-version {msrv}) depends on {other['name']} "
                    f"{other['version']}, which needs Rust {needs}"
                )
        if version(msrv) < (1, 88, 0):
            src = pathlib.Path(package["manifest_path"]).parent / "src"
            for path in sorted(src.rglob("*.rs")):
                for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                    if LET_CHAIN.search(line):
                        problems.append(f"{package['name']} (rust-version {msrv}) uses a let chain (Rust 1.88) at {path}:{number}")
        checked += 1
        print(f"{package['name']}: rust-version {msrv}, {len(seen)} dependencies")
    if undeclared:
        print(f"dependencies that declare no rust-version (not checked): {', '.join(sorted(undeclared))}")
    for problem in problems:
        print(f"msrv: {problem}", file=sys.stderr)
    if problems:
        sys.exit(1)
    subprocess.run(
        [
            "cargo", "clippy", "--workspace", "--all-targets", "--all-features", "--quiet", "--",
            "-A", "clippy::all", "-D", "clippy::incompatible_msrv",
        ],
        check=True,
    )
    print(f"msrv: {checked} published crates, their dependencies' rust-version and clippy's incompatible_msrv agree")


if __name__ == "__main__":
    main()
