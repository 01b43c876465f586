#!/usr/bin/env python3
"""Every Janko corpus puzzle (puzzlekit, ../shared/data/puzzlekit-janko) converted by
`zlink render --format F` into every format its kind writes, and back to Janko (issue 36).

For each kind, all problems go into one file (blank lines between puzzles, the multi-puzzle
form every reader takes); `render --format janko` of that file is the reference; then for each
format F the file is written as F and that output converted back to Janko. A puzzle is
identical when its block equals the reference block. Prints kind, format, identical/total;
corpus puzzles zlink rejects as input (a header that does not match the grid) are named and
left out.

    tools/formats-janko.py [ZLINK (default target/release/zlink)]

Exit 1 when any puzzle differs or a conversion fails.
"""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "..", "shared", "data", "puzzlekit-janko")
KINDS = [
    ("numberlink", "NumberLink_dataset.json"),
    ("slitherlink", "Slitherlink_dataset.json"),
    ("hashi", "Hashi_dataset.json"),
    ("sudoku", "Sudoku_dataset.json"),
    ("battleship", "Battleship_dataset.json"),
]


def zlink(binary, kind, fmt, path):
    r = subprocess.run(
        [binary, "render", "--kind", kind, "--format", fmt, path],
        capture_output=True,
        text=True,
    )
    if r.returncode != 0:
        raise RuntimeError(f"{kind} --format {fmt}: exit {r.returncode}: {r.stderr.strip()}")
    return r.stdout


def blocks(text):
    """The blank-line-separated blocks of `render` output, each ending in one newline."""
    return [b.rstrip("\n") + "\n" for b in text.split("\n\n")]


def one_by_one(binary, kind, fmt, problems, tmp):
    """Each puzzle written as `fmt` and read back on its own: the Janko blocks (`None` where
    zlink refuses to write it, saying why) and how many it refused."""
    src, out = os.path.join(tmp, "one.txt"), os.path.join(tmp, f"one.{fmt}")
    back, cannot = [], 0
    for p in problems:
        with open(src, "w") as f:
            f.write(p)
        try:
            written = zlink(binary, kind, fmt, src)
        except RuntimeError as e:
            if "cannot be written as" not in str(e):
                raise
            back.append(None)
            cannot += 1
            continue
        with open(out, "w") as f:
            f.write(written)
        back.append(zlink(binary, kind, "janko", out).rstrip("\n") + "\n")
    return back, cannot


def formats_of(binary, kind):
    r = subprocess.run([binary, "render", "--help"], capture_output=True, text=True)
    lines = r.stdout.splitlines()
    at = next(i for i, l in enumerate(lines) if l.split()[:1] == [kind])
    for l in lines[at + 1 :]:
        if "writes (render --format):" in l:
            return [f.strip() for f in l.split(":", 1)[1].split(",") if f.strip() != "svg"]
    raise RuntimeError(f"no formats listed for {kind}")


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target/release/zlink")
    bad = 0
    tmp = tempfile.mkdtemp(prefix="zlink-formats-")
    print("kind         format   identical/total")
    for kind, name in KINDS:
        data = json.load(open(os.path.join(DATA, name)))["data"]
        problems = [p["problem"].strip() + "\n" for p in data.values()]
        src = os.path.join(tmp, f"{kind}.txt")
        readable = []
        for i, p in enumerate(problems):
            with open(src, "w") as f:
                f.write(p)
            try:
                zlink(binary, kind, "janko", src)
                readable.append(p)
            except RuntimeError as e:
                print(f"{kind}: puzzle {i + 1} rejected as input: {e}")
        print(f"{kind}: {len(readable)} of {len(problems)} puzzles read")
        problems = readable
        with open(src, "w") as f:
            f.write("\n".join(problems))
        ref = blocks(zlink(binary, kind, "janko", src))
        if len(ref) != len(problems):
            print(f"{kind}: read {len(ref)} puzzles from {len(problems)}")
            bad += 1
            continue
        for fmt in formats_of(binary, kind):
            out = os.path.join(tmp, f"{kind}.{fmt}")
            try:
                with open(out, "w") as f:
                    f.write(zlink(binary, kind, fmt, src))
                back = blocks(zlink(binary, kind, "janko", out))
                cannot = 0
            except RuntimeError:
                back, cannot = one_by_one(binary, kind, fmt, problems, tmp)
            same = sum(1 for a, b in zip(ref, back) if a == b) if len(back) == len(ref) else 0
            bad += same + cannot != len(ref)
            note = f" ({cannot} cannot be written as {fmt})" if cannot else ""
            print(f"{kind:<12} {fmt:<8} {same}/{len(ref)}{note}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
