#!/usr/bin/env python3
"""Numberlink outside Janko's rules, one process per puzzle and rule variant (issue 12).

    tools/numberlink-sets.py [--time-limit 10] [--max-memory 4G] [--give-up 3] [--zlink PATH]
                             [--solve] [--set NAME]

For every puzzle of
  * the Flow Free levels of ../shared/data/flow-solver-puzzles/puzzles/ (29),
  * the thomasahle/numberlink 40×20 (`inputs9.txt`, 101) and 50×50 (`inputs10.txt`, 11) sets,
    split into one file per puzzle,
  * the Janko puzzles whose published solution leaves cells empty (six) and `341_11x10`, whose
    header says 11 rows for its 10 (as stored, then with the header its rows give),
it runs `zlink count --kind numberlink --threads 1 [FLAGS] FILE` under three variants:
`--cover --no-u-bends` (Janko's rules, ddnumlin's `-k 0`), `--cover` (every cell on a line,
any bends: Flow Free's rule) and plain (cells may stay empty), with a time limit and a memory
budget, and prints per puzzle the count (or why there is none), CPU seconds and peak RSS,
then a summary per set and variant. With `--solve` it runs `zlink solve` instead and says per
puzzle whether a solution came and what is known of the others: `unique`, `several` (a second
solution was found: the puzzle is not unique), `found` (a solution; whether there are others is
not known: the run's build stopped at its budget or time limit), `none` (exit 1). A variant that fails `--give-up` puzzles in a row on a set
(time limit or budget) is not tried on the rest of that set (marked `-`; not on the Janko
set, whose puzzles have nothing in common), so the script ends in minutes. Build the binary first (`cargo zlink-static`, or `cargo build --release`).
"""

import argparse
import json
import os
import re
import statistics
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "peer-graphillion"))
from peer import measure_direct  # noqa: E402  (shared with the peer scripts)

DATA = os.path.join(REPO, "..", "shared", "data")
VARIANTS = [("cover, no U-bends", ["--cover", "--no-u-bends"]), ("cover", ["--cover"]),
            ("plain", [])]
JANKO_ODD = ["181_8x8", "266_10x10", "425_12x12", "430_20x20", "437_15x15", "455_15x15",
             "341_11x10"]


def blocks(path):
    """The `W H` blocks of a thomasahle file, each as its own text."""
    lines = [ln for ln in open(path).read().splitlines() if not ln.startswith("#")]
    out, i = [], 0
    while i < len(lines):
        m = re.fullmatch(r"(\d+) (\d+)", lines[i].strip())
        if m:
            h = int(m.group(2))
            out.append("\n".join(lines[i:i + 1 + h]) + "\n")
            i += 1 + h
        else:
            i += 1
    return out


def puzzle_sets(tmp):
    """[(set name, [(puzzle name, file)])]."""
    sets = []
    flow = os.path.join(DATA, "flow-solver-puzzles", "puzzles")
    sets.append(("Flow Free levels", [(f[:-4], os.path.join(flow, f))
                                      for f in sorted(os.listdir(flow)) if f.endswith(".txt")]))
    for name, fname in (("thomasahle 40×20", "inputs9.txt"), ("thomasahle 50×50", "inputs10.txt")):
        files = []
        for i, text in enumerate(blocks(os.path.join(DATA, "thomasahle-numberlink", fname))):
            path = os.path.join(tmp, f"{fname[:-4]}_{i + 1:03}.txt")
            with open(path, "w") as f:
                f.write(text)
            files.append((f"{fname[:-4]} #{i + 1}", path))
        sets.append((name, files))
    with open(os.path.join(DATA, "puzzlekit-janko", "NumberLink_dataset.json")) as f:
        janko = json.load(f)["data"]
    files = []
    for key in JANKO_ODD:
        text = janko[key]["problem"].strip() + "\n"
        path = os.path.join(tmp, key + ".txt")
        with open(path, "w") as f:
            f.write(text)
        files.append((key, path))
        rows = text.splitlines()[1:]
        header = f"{len(rows)} {len(rows[0].split())}"
        if header != text.splitlines()[0].strip():
            fixed = os.path.join(tmp, key + "-fixed.txt")
            with open(fixed, "w") as f:
                f.write(header + "\n" + "\n".join(rows) + "\n")
            files.append((f"{key} (header {header})", fixed))
    sets.append(("Janko, solution leaves cells empty / bad header", files))
    return sets


def run(zlink, flags, path, args):
    what = "solve" if args.solve else "count"
    cmd = ["/usr/bin/time", "-f", "%M", zlink, what, "--kind", "numberlink", "--threads", "1",
           "--time-limit", str(args.time_limit), "--max-memory", args.max_memory] + flags + [path]
    res = measure_direct(cmd, args.time_limit * 3 + 30)
    if res["timeout"]:
        return {"status": "killed", "cpu": None, "mb": None}
    err = res["stderr"].strip().splitlines()
    try:
        mb = int(err[-1]) / 1024.0
        err = err[:-1]
    except (IndexError, ValueError):
        mb = None
    # /usr/bin/time's own line on a failure
    err = [ln for ln in err if not ln.startswith("Command exited with non-zero status")]
    rc = res["rc"]
    out = {"cpu": res["cpu"], "mb": mb}
    if rc == 0 and args.solve:
        text = "\n".join(err)
        out["status"] = "ok"
        out["answer"] = ("several" if "more than one solution" in text
                         else "found" if "is not known" in text else "unique")
    elif rc == 1 and args.solve:
        out["status"] = "ok"
        out["answer"] = "none"
    elif rc == 0:
        out["status"] = "ok"
        out["count"] = int(res["stdout"].strip().splitlines()[-1])
    elif rc == 1:
        out["status"] = "ok"
        out["count"] = 0
    elif rc == 3:
        last = err[-1] if err else ""
        out["status"] = "time limit" if "time limit" in last else "budget"
        out["why"] = last
    elif rc == 2:
        last = err[-1] if err else ""
        out["status"] = "input error: " + last.split(": ", 2)[-1][:90]
    else:
        out["status"] = f"exit {rc}"
    return out


def cell(r):
    if r is None:
        return "-"
    if r["status"] != "ok":
        where = f" ({r['cpu']:.1f} s, {r['mb']:.0f} MB)" if r.get("mb") else ""
        if r["status"] == "budget":
            print(f"# budget: {r['why']}", file=sys.stderr)
        return r["status"] + where
    answer = r["answer"] if "answer" in r else f"{r['count']:,}"
    return f"{answer} ({r['cpu']:.3f} s, {r['mb']:.0f} MB)"


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--time-limit", type=float, default=10.0, help="per run, seconds (default 10)")
    ap.add_argument("--max-memory", default="4G", help="per run (default 4G)")
    ap.add_argument("--give-up", type=int, default=3,
                    help="failures in a row after which a variant stops on a set (default 3)")
    ap.add_argument("--zlink", default=os.path.join(REPO, "target", "release", "zlink"))
    ap.add_argument("--solve", action="store_true",
                    help="run `zlink solve` (a solution, and whether it is unique) instead of count")
    ap.add_argument("--set", action="append", default=[],
                    help="only sets whose name contains this (repeatable)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="nl-sets-") as tmp:
        sets = puzzle_sets(tmp)
        summary = []
        for name, files in sets:
            if args.set and not any(x in name for x in args.set):
                continue
            print(f"\n### {name} ({len(files)})\n")
            print("| puzzle | " + " | ".join(v for v, _ in VARIANTS) + " |")
            print("|---|" + "---|" * len(VARIANTS))
            results = {v: [] for v, _ in VARIANTS}
            streak = {v: 0 for v, _ in VARIANTS}
            for pname, path in files:
                row = []
                for v, flags in VARIANTS:
                    if streak[v] >= args.give_up and not name.startswith("Janko"):
                        r = None
                    else:
                        r = run(args.zlink, flags, path, args)
                        ok = r["status"] == "ok" or r["status"].startswith("input error")
                        streak[v] = 0 if ok else streak[v] + 1
                    results[v].append(r)
                    row.append(cell(r))
                print(f"| {pname} | " + " | ".join(row) + " |", flush=True)
            for v, _ in VARIANTS:
                ok = [r for r in results[v] if r and r["status"] == "ok"]
                tried = [r for r in results[v] if r]
                cpus = [r["cpu"] for r in ok]
                mbs = [r["mb"] for r in ok if r["mb"]]
                if args.solve:
                    answers = [r["answer"] for r in ok]
                    known = ", ".join(f"{a} {answers.count(a)}" for a in
                                      ("unique", "several", "found", "none") if a in answers)
                else:
                    known = str(sum(r["count"] == 1 for r in ok))
                summary.append(
                    f"| {name} | {v} | {len(ok)} of {len(files)} ({len(tried)} tried) | "
                    f"{known} | "
                    + (f"{statistics.median(cpus):.3f} / {max(cpus):.3f} | "
                       f"{max(mbs):.0f} |" if ok else "- | - |"))
        print("\n| set | variant | " + ("answered | answers" if args.solve else "counted | unique")
              + " | CPU s median / max | peak MB |")
        print("|---|---|---|---|---|---|")
        print("\n".join(summary))


if __name__ == "__main__":
    main()
