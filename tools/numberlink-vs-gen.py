#!/usr/bin/env python3
"""Side by side: thomasahle/numberlink's gen/gen.py and `zlink generate numberlink --size`.

thomasahle's generator is AGPL-3.0: nothing of it enters this repository. This script clones it
into scratch space (default /work/scratch/numberlink-gen, or $SCRATCH) and runs it there.

For each size (rows x columns) it makes N puzzles with zlink under each rule set asked for
(seeds 1..N) and N with gen.py, one process per puzzle, and measures wall seconds, CPU seconds
(user + system) and peak RSS (GNU time), the number of pairs, the grade (zlink), and
uniqueness under Janko's rules (every cell covered, no U-bend), cover alone and plain rules.
gen.py's puzzles are checked by zlink's solver (`zlink solve --kind numberlink [--cover]
[--no-u-bends] --json`, its `unique` field; a solve over the time limit counts as not known);
zlink's by its generator's own report (`unique` in its JSON), and with --verify by the solver
too.

Usage:
  tools/numberlink-vs-gen.py                          # 10x10 20x20 20x40 50x50, 10 puzzles
  tools/numberlink-vs-gen.py --sizes 10x10,15x15 --n 5 --rules cover,plain --no-gen
  ZLINK=/path/zlink NO_BUILD=1 NUMBERLINK_REPO=/path/to/mirror tools/numberlink-vs-gen.py --csv out.csv

Output: one row per size and generator (puzzles made out of runs, median and max wall seconds,
median CPU seconds, median and max MB, median pairs, grades, puzzles unique under
janko/cover/plain, not known in brackets), then the ratios of gen.py's medians to zlink's from
this one run. Times on a loaded machine: compare CPU seconds and ratios, and say the load
(printed at the start and the end).
"""

import argparse
import csv
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ZLINK = os.environ.get("ZLINK", os.path.join(ROOT, "target", "release", "zlink"))
REPO = os.environ.get("NUMBERLINK_REPO", "https://github.com/thomasahle/numberlink")
RULES = {
    "janko": ["--cover", "--no-u-bends"],
    "cover": ["--cover"],
    "plain": [],
}


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def timed(cmd, timeout, cwd=None):
    """Runs cmd under GNU time: (exit code, stdout, stderr, wall seconds of the process, CPU
    seconds (user + system), peak MB). Wall seconds are taken here (GNU time's are in
    hundredths, a 10x10 takes less)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as t:
        full = ["/usr/bin/time", "-f", "%U %S %M", "-o", t.name] + cmd
        start = time.perf_counter()
        try:
            p = subprocess.run(full, capture_output=True, text=True, timeout=timeout, cwd=cwd)
        except subprocess.TimeoutExpired:
            return None, "", "timeout", float(timeout), float("nan"), 0.0
        secs = time.perf_counter() - start
        fields = (t.read().split() or ["0", "0", "0"])[-3:]
        cpu = float(fields[0]) + float(fields[1])
        return p.returncode, p.stdout, p.stderr, secs, cpu, float(fields[2]) / 1024


def fetch(scratch):
    """gen/gen.py of thomasahle/numberlink in scratch space (cloned once)."""
    repo = os.path.join(scratch, "numberlink")
    gen = os.path.join(repo, "gen", "gen.py")
    if not os.path.exists(gen):
        os.makedirs(scratch, exist_ok=True)
        shutil.rmtree(repo, ignore_errors=True)
        subprocess.run(["git", "clone", "--depth", "1", REPO, repo], check=True)
    return gen


def gen_py(gen, rows, cols, timeout):
    """One gen.py puzzle: (compact text or None, wall seconds, CPU seconds, MB)."""
    cmd = [sys.executable, gen, str(cols), str(rows), "1", "--no-colors", "--terminal-only"]
    code, out, err, secs, cpu, mb = timed(cmd, timeout, cwd=os.path.dirname(gen))
    lines = [l for l in out.splitlines() if l.strip()]
    if code != 0 or len(lines) < rows + 1:
        return None, secs, cpu, mb
    grid = lines[1 : rows + 1]
    return "\n".join(grid) + "\n", secs, cpu, mb


def unique_by_solver(text, rules, timeout):
    """zlink's solver on a puzzle: True, False or None (not known in time)."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(text)
        path = f.name
    try:
        cmd = [ZLINK, "solve", "--kind", "numberlink", "--json", "--time-limit", str(timeout),
               "--max-memory", "1G", *RULES[rules], path]
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout + 30)
        if p.returncode == 3:
            return None
        d = json.loads(p.stdout)
        return d.get("unique") if d.get("status") == "solved" else False
    except (subprocess.TimeoutExpired, json.JSONDecodeError):
        return None
    finally:
        os.unlink(path)


def pairs_of(text):
    return len({ch for ch in text if ch not in ".\n"})


def zlink_one(rows, cols, seed, rules, timeout, verify):
    """One zlink puzzle: (JSON report or None, wall seconds, CPU seconds, MB, error tail)."""
    cmd = [ZLINK, "generate", "numberlink", "--size", f"{rows}x{cols}", "--seed", str(seed),
           "--rules", rules, "--json", "--time-limit", str(timeout), "--max-memory", "1G"]
    if rows * cols > 61 * 3:
        cmd += ["--format", "janko"]  # up to 1.5 sqrt(cells) pairs: past the compact grid's 61
    if verify:
        cmd.append("--verify")
    code, out, err, secs, cpu, mb = timed(cmd, timeout + 30)
    if code != 0:
        return None, secs, cpu, mb, f"exit {code}: " + err.strip()[-200:]
    return json.loads(out), secs, cpu, mb, ""


def med(xs):
    xs = [x for x in xs if x == x]
    return statistics.median(xs) if xs else float("nan")


def summary(recs):
    """Medians and counts of one size, generator and rule set (times over every run, stopped
    ones at their limit; pairs, memory and grades over the puzzles made)."""
    made = [r for r in recs if r["ok"]]
    out = {
        "made": f"{len(made)}/{len(recs)}",
        "median_s": med([r["seconds"] for r in recs]),
        "max_s": max((r["seconds"] for r in recs), default=float("nan")),
        "median_cpu": med([r["cpu"] for r in recs]),
        "median_mb": med([r["mb"] for r in made]),
        "max_mb": max((r["mb"] for r in made), default=float("nan")),
        "pairs": med([r["pairs"] for r in made]),
        "grades": " ".join(f"{g}:{sum(1 for r in made if r['grade'] == g)}"
                           for g in ("easy", "medium", "hard")
                           if any(r["grade"] == g for r in made)) or "-",
    }
    for rules in RULES:
        yes = sum(1 for r in made if r[rules] is True)
        unknown = sum(1 for r in made if r[rules] is None)
        out[rules] = f"{yes}/{len(made)}" + (f" ({unknown}?)" if unknown else "")
    return out


def run_zlink(size, rows, cols, rules, args):
    recs = []
    for seed in range(1, args.n + 1):
        d, secs, cpu, mb, err = zlink_one(rows, cols, seed, rules, args.timeout, args.verify)
        rec = {"size": size, "tool": f"zlink {rules}", "seed": seed, "ok": d is not None,
               "seconds": secs, "cpu": cpu, "mb": mb, "pairs": d["pairs"] if d else None,
               "grade": d["grade"] if d else None}
        for r in RULES:
            rec[r] = d["unique"][r] if d else None
        if err:
            print(f"# zlink {rules} {size} seed {seed}: {err}", file=sys.stderr)
        recs.append(rec)
    return recs


def run_gen(gen, size, rows, cols, args):
    recs = []
    for seed in range(1, args.n + 1):
        text, secs, cpu, mb = gen_py(gen, rows, cols, args.timeout)
        rec = {"size": size, "tool": "gen.py", "seed": seed, "ok": text is not None,
               "seconds": secs, "cpu": cpu, "mb": mb,
               "pairs": pairs_of(text) if text else None, "grade": None}
        for r in RULES:
            rec[r] = unique_by_solver(text, r, args.check_timeout) if text else None
        recs.append(rec)
    return recs


COLUMNS = ["size", "tool", "made", "median_s", "max_s", "median_cpu", "median_mb", "max_mb",
           "pairs", "grades", "janko", "cover", "plain"]


def cell(t, c):
    v = t[c]
    if isinstance(v, float):
        return "-" if v != v else f"{v:.3f}" if c.endswith(("_s", "_cpu")) else f"{v:.1f}"
    return str(v)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="10x10,20x20,20x40,50x50", help="rows x columns, comma-separated")
    ap.add_argument("--n", type=int, default=10, help="puzzles per size, generator and rule set")
    ap.add_argument("--rules", default="janko", help="zlink's --rules, comma-separated")
    ap.add_argument("--timeout", type=float, default=120, help="seconds per process")
    ap.add_argument("--check-timeout", type=float, default=60, help="seconds per uniqueness check")
    ap.add_argument("--verify", action="store_true", help="zlink --verify (re-solve by the engine)")
    ap.add_argument("--no-gen", action="store_true", help="zlink only")
    ap.add_argument("--scratch", default=os.environ.get("SCRATCH", "/work/scratch/numberlink-gen"))
    ap.add_argument("--csv", help="also write every puzzle's figures here")
    args = ap.parse_args()
    rule_sets = args.rules.split(",")
    for r in rule_sets:
        if r not in RULES:
            ap.error(f"--rules: {r} is not one of {', '.join(RULES)}")
    if not os.environ.get("NO_BUILD"):
        subprocess.run(["cargo", "build", "--release", "--bin", "zlink"], cwd=ROOT, check=True)
    gen = None if args.no_gen else fetch(args.scratch)
    print(f"# load average at start: {load()} ({os.cpu_count()} cores)")
    table, every = [], []
    for size in args.sizes.split(","):
        rows, cols = map(int, re.split("[xX]", size))
        for rules in rule_sets:
            recs = run_zlink(size, rows, cols, rules, args)
            every += recs
            table.append({"size": size, "tool": f"zlink {rules}", **summary(recs)})
        if gen:
            recs = run_gen(gen, size, rows, cols, args)
            every += recs
            table.append({"size": size, "tool": "gen.py", **summary(recs)})
        print(f"# {size} done, load {load()}", file=sys.stderr)
    print("| " + " | ".join(COLUMNS) + " |")
    print("|" + "---|" * len(COLUMNS))
    for t in table:
        print("| " + " | ".join(cell(t, c) for c in COLUMNS) + " |")
    for size in args.sizes.split(","):
        g = next((t for t in table if t["size"] == size and t["tool"] == "gen.py"), None)
        for z in (t for t in table if t["size"] == size and t["tool"].startswith("zlink")):
            if g and z["median_s"] > 0:
                print(f"# {size}: gen.py / {z['tool']} median wall time "
                      f"{g['median_s'] / z['median_s']:.1f}x, CPU "
                      f"{g['median_cpu'] / max(z['median_cpu'], 1e-3):.1f}x, memory "
                      f"{g['median_mb'] / z['median_mb']:.1f}x, pairs {g['pairs']} vs {z['pairs']}")
    print(f"# load average at end: {load()}")
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(every[0].keys()))
            w.writeheader()
            w.writerows(every)


if __name__ == "__main__":
    main()
