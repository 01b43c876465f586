#!/usr/bin/env python3
"""Janko Slitherlinks counted one process each, as a user (and cspuz, PEERS.md) runs them
(issue 13).

    tools/slitherlink-processes.py [--size 10x10 | --size all] [--repeat 5] [--zlink PATH] [--top 10]

`tools/slitherlink-janko.sh` counts the corpus in one process; this runs
`zlink count --kind slitherlink --threads 1 FILE` once per puzzle of a size class, `--repeat`
times each (interleaved rounds over the class; per puzzle the median run), and prints the wall
seconds (spawn to exit) and the process's own CPU seconds (user + system, from wait4): median,
mean and maximum over the class, how many puzzles take longer than a limit (default: 5 ms, the
largest wall time cspuz's 10×10 median, printed 0.00 s in PEERS.md, can stand for), and the
slowest puzzles. `--size all` runs the whole corpus and compares each of PEERS.md's classes
(10×10, 10×18, 14×24, 20×36, 30×40, 60×60, other) with cspuz's median there. Every count must
be 1 (`random_15x15` 28); exit 1 otherwise.
Build the binary first (`cargo zlink-static`: the lean static build users get for speed).
"""

import argparse
import json
import os
import statistics
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "peer-graphillion"))
from peer import measure_direct  # noqa: E402  (shared with the peer scripts)

CORPUS = os.path.join(REPO, "..", "shared", "data", "puzzlekit-janko", "Slitherlink_dataset.json")
EXPECTED = {"random_15x15": 28}
# cspuz_core's median wall seconds per class (PEERS.md: 0.00 printed for 10×10, i.e. < 0.005)
CSPUZ_MEDIAN = {"10x10": 0.005, "10x18": 0.01, "14x24": 0.03, "20x36": 0.27, "30x40": 1.02,
                "60x60": 14.4, "other": 0.01}


def size_class(size):
    return size if size in CSPUZ_MEDIAN else "other"


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", default="10x10",
                    help="size class: ROWSxCOLS of the puzzle's header (default 10x10)")
    ap.add_argument("--repeat", type=int, default=5, help="runs per puzzle (default 5)")
    ap.add_argument("--zlink", default=os.path.join(REPO, "target", "release", "zlink"))
    ap.add_argument("--corpus", default=CORPUS)
    ap.add_argument("--limit-ms", type=float, default=5.0,
                    help="wall milliseconds a puzzle should stay under (default 5)")
    ap.add_argument("--top", type=int, default=10, help="slowest puzzles listed (default 10)")
    ap.add_argument("--timeout", type=float, default=60.0)
    args = ap.parse_args()
    with open(args.corpus) as f:
        data = json.load(f)["data"]
    size_of = {k: "x".join(data[k]["problem"].split()[:2]) for k in data}
    keys = sorted(k for k in data if args.size in ("all", size_of[k]))
    if not keys:
        sys.exit(f"no puzzle of size {args.size} in {args.corpus}")
    env = dict(os.environ, RAYON_NUM_THREADS="1")
    walls = {k: [] for k in keys}
    cpus = {k: [] for k in keys}
    failures = []
    with tempfile.TemporaryDirectory(prefix="sl-processes-") as tmp:
        files = {}
        for k in keys:
            files[k] = os.path.join(tmp, k + ".txt")
            with open(files[k], "w") as f:
                f.write(data[k]["problem"].strip() + "\n")
        for _ in range(args.repeat):
            for k in keys:
                cmd = [args.zlink, "count", "--kind", "slitherlink", "--threads", "1", files[k]]
                res = measure_direct(cmd, args.timeout, env=env)
                if res["timeout"] or res["rc"] != 0:
                    failures.append(f"{k}: {'timeout' if res['timeout'] else res['rc']}")
                    continue
                count = int(res["stdout"].strip().splitlines()[-1])
                if count != EXPECTED.get(k, 1):
                    failures.append(f"{k}: counts {count}, expected {EXPECTED.get(k, 1)}")
                walls[k].append(res["wall"])
                cpus[k].append(res["cpu"])
    per_wall = {k: statistics.median(v) for k, v in walls.items() if v}
    per_cpu = {k: statistics.median(v) for k, v in cpus.items() if v}

    def line(name, vals):
        v = sorted(vals)
        return (f"{name:<5} median {1000 * statistics.median(v):6.2f} ms   mean "
                f"{1000 * statistics.mean(v):6.2f} ms   max {1000 * v[-1]:7.2f} ms")

    print(f"# {len(keys)} puzzles of {args.size}, {args.repeat} runs each (per puzzle the median), "
          f"{args.zlink}")
    print(line("wall", per_wall.values()))
    print(line("cpu", per_cpu.values()))
    over = [k for k, w in per_wall.items() if w * 1000 > args.limit_ms]
    print(f"over {args.limit_ms:g} ms wall: {len(over)} of {len(per_wall)}")
    if args.size == "all":
        print("class      n   wall ms median / mean / max   cpu ms max   cspuz median ms   over it")
        for c in CSPUZ_MEDIAN:
            ks = [k for k in per_wall if size_class(size_of[k]) == c]
            if not ks:
                continue
            w = sorted(per_wall[k] for k in ks)
            limit = CSPUZ_MEDIAN[c]
            print(f"{c:<8} {len(ks):>4}   {1000 * statistics.median(w):7.2f} / "
                  f"{1000 * statistics.mean(w):7.2f} / {1000 * w[-1]:8.2f}   "
                  f"{1000 * max(per_cpu[k] for k in ks):8.2f}   {1000 * limit:12.0f}   "
                  f"{sum(x > limit for x in w):>5}")
    print(f"slowest {args.top} (wall ms, cpu ms; every run's wall ms):")
    for k in sorted(per_wall, key=per_wall.get, reverse=True)[:args.top]:
        runs = " ".join(f"{1000 * w:.2f}" for w in walls[k])
        print(f"  {k:<14} {1000 * per_wall[k]:6.2f} {1000 * per_cpu[k]:6.2f}   [{runs}]")
    for f in failures:
        print(f"FAIL {f}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
