#!/usr/bin/env python3
"""Compare zlink with TdZdd's ddnumlin on the Janko Numberlink corpus (issue 12).

Both tools count the solutions of each puzzle under Janko's rules, every cell on a line and no
U-bend:

  ddnumlin  ddnumlin -k 0 -m 0 FILE.dat   (ERATO format: `cols rows`, then the rows; -k 0 = no
                                          blank cell; its ConstraintZdd, always on, forbids
                                          U-bends; -m 0 = print no solution)
  zlink     zlink count --kind numberlink --cover --no-u-bends --threads T FILE.txt
                                          (Janko text as in the corpus: `rows cols`, then the rows)

Every run is a fresh process, a direct child of this script (`measure_direct` of
tools/peer-graphillion/peer.py, address space limited by setrlimit): wall seconds from spawn to
exit, the process's own CPU seconds (user + system, from wait4, in microseconds) and peak RSS.
Most runs take a few milliseconds, so no wrapper (/usr/bin/time, a shell) sits in between: its
start-up, the same for both tools, would pull the ratios towards 1. The peak RSS comes from a
first run of the same command under /usr/bin/time (which also warms the file cache). The table groups the
puzzles by size class (the classes of PEERS.md's Numberlink table) and lists the big single
puzzles on their own rows as well; each cell is the median and max over the class.
Both counts must agree; Janko's puzzles are unique under these rules (count 1), except six known
ones that leave cells empty (count 0 here). Exit status 1 on any disagreement or unexpected count.
"""

import argparse
import os
import statistics
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(HERE, "..", "peer-graphillion"))
from peer import finish, fmt, measure_direct, measure_rss  # noqa: E402  (shared with peer-graphillion)

DEFAULT_CORPUS = os.path.join(REPO, "..", "shared", "data", "puzzlekit-janko",
                              "NumberLink_dataset.json")
# Janko's solutions leave cells empty on these six: 0 solutions under cover-all (PEERS.md).
KNOWN_ZERO = {"181_8x8", "266_10x10", "425_12x12", "430_20x20", "437_15x15", "455_15x15"}
BIG_SINGLES = [(30, 30), (25, 40), (25, 42), (35, 48)]
CLASSES = ["9×9 to 14×14", "15×15", "20×20", "other"]
BIG_CELLS = 1000  # --skip-big skips puzzles with more cells than this


def size_class(rows, cols):
    if rows == cols and 9 <= rows <= 14:
        return "9×9 to 14×14"
    if rows == cols and rows in (15, 20):
        return f"{rows}×{rows}"
    return "other"


def parse_janko(text):
    """(rows, cols, grid rows as token lists) of a Janko problem, or raise ValueError."""
    lines = [ln.split() for ln in text.strip().splitlines() if ln.strip()]
    rows, cols = (int(x) for x in lines[0])
    grid = lines[1:]
    if len(grid) != rows or any(len(r) != cols for r in grid):
        raise ValueError(f"header says {rows}x{cols}, body has {len(grid)} rows of "
                         f"{sorted({len(r) for r in grid})} cells")
    for r in grid:
        for t in r:
            if t != "-" and not t.isdigit():
                raise ValueError(f"unexpected cell {t!r}")
    return rows, cols, grid


def to_erato(rows, cols, grid):
    """The ERATO / ddnumlin text: `cols rows`, then the rows (`-` blank, numbers)."""
    return f"{cols} {rows}\n" + "".join(" ".join(r) + "\n" for r in grid)


def run_tool(name, cmd, timeout, env, mem_kb, parse):
    """One run for the peak RSS (it also warms the file cache), then one measured run:
    dict(status, wall, cpu, rss_mb, count)."""
    rss = measure_rss(cmd, timeout, env=env, mem_bytes=mem_kb * 1024)
    if rss is None:
        return {"status": "timeout", "wall": timeout, "cpu": None, "rss_mb": None,
                "count": None}
    res = measure_direct(cmd, timeout, env=env, mem_bytes=mem_kb * 1024)
    if res["timeout"]:
        return {"status": "timeout", "wall": res["wall"], "cpu": None, "rss_mb": None,
                "count": None}
    out = {"status": "ok", "wall": res["wall"], "cpu": res["cpu"], "rss_mb": rss,
           "count": None}
    if res["rc"] != 0:
        out["status"] = "budget" if res["rc"] == 3 and name == "zlink" else f"rc{res['rc']}"
        tail = (res["stderr"].strip().splitlines() or [""])[-1]
        print(f"# {out['status']}: {' '.join(cmd)}: {tail[:200]}", file=sys.stderr, flush=True)
        return out
    out["count"] = parse(res)
    if out["count"] is None:
        out["status"] = "nocount"
        print(f"# no count from {' '.join(cmd)}", file=sys.stderr, flush=True)
    return out


def ddnumlin_count(res):
    """ddnumlin prints `#solution = N` on stderr (TdZdd's MessageHandler)."""
    for line in res["stderr"].splitlines():
        line = line.strip()
        if line.startswith("#solution ="):
            return int(line.split("=", 1)[1])
    return None


def zlink_count(res):
    """zlink count prints the exact count as the last stdout line."""
    lines = res["stdout"].strip().splitlines()
    try:
        return int(lines[-1].strip())
    except (IndexError, ValueError):
        return None


def median_max(values):
    vals = [v for v in values if v is not None]
    if not vals:
        return None, None
    return statistics.median(vals), max(vals)


def compare(args):
    zlink = args.zlink or os.path.join(REPO, "target", "release", "zlink")
    if not os.access(zlink, os.X_OK):
        sys.exit(f"FAIL: {zlink} not found; build it with `cargo build --release -p zlink-cli`")
    if not os.access(args.ddnumlin, os.X_OK):
        sys.exit(f"FAIL: {args.ddnumlin} not found or not executable")
    import json
    with open(args.corpus) as f:
        data = json.load(f)["data"]
    env = dict(os.environ)
    env["OMP_NUM_THREADS"] = str(args.threads)
    env["RAYON_NUM_THREADS"] = str(args.threads)
    mem_kb = int(args.max_mem_gb * 1024 * 1024)

    def key_order(k):
        head = k.split("_", 1)[0]
        return (int(head) if head.isdigit() else 1 << 30, k)

    puzzles, skipped = [], []
    for key in sorted(data, key=key_order):
        if args.filter and not any(s in key for s in args.filter):
            continue
        try:
            rows, cols, grid = parse_janko(data[key]["problem"])
        except ValueError as e:
            skipped.append(f"{key} (malformed: {e})")
            continue
        if args.skip_big and rows * cols > BIG_CELLS:
            skipped.append(f"{key} (--skip-big: {rows * cols} cells)")
            continue
        puzzles.append((key, rows, cols, grid))
    for s in skipped:
        print(f"# skipped {s}", flush=True)
    print(f"# {len(puzzles)} puzzles; timeout {args.timeout:g} s, threads {args.threads}, "
          f"address-space limit {args.max_mem_gb:g} GB per process; wall seconds (spawn to exit), "
          f"CPU ms (the process's own), peak RSS MB",
          flush=True)

    rows_out, failures = [], []
    with tempfile.TemporaryDirectory(prefix="peer-ddnumlin-") as tmp:
        for i, (key, rows, cols, grid) in enumerate(puzzles):
            janko = os.path.join(tmp, key + ".txt")
            erato = os.path.join(tmp, key + ".dat")
            with open(janko, "w") as f:
                f.write(data[key]["problem"].strip() + "\n")
            with open(erato, "w") as f:
                f.write(to_erato(rows, cols, grid))
            dd = run_tool("ddnumlin", [args.ddnumlin, "-k", "0", "-m", "0", erato],
                          args.timeout, env, mem_kb, ddnumlin_count)
            zl_cmd = [zlink, "count", "--kind", "numberlink", "--cover", "--no-u-bends",
                      "--threads", str(args.threads), "--max-memory",
                      f"{max(1, int(args.max_mem_gb * 0.9))}G", janko]
            zl = run_tool("zlink", zl_cmd, args.timeout, env, mem_kb, zlink_count)
            expected = 0 if key in KNOWN_ZERO else 1
            if dd["count"] is not None and zl["count"] is not None \
                    and dd["count"] != zl["count"]:
                failures.append(f"{key}: ddnumlin {dd['count']} != zlink {zl['count']}")
            for name, r in (("ddnumlin", dd), ("zlink", zl)):
                if r["count"] is not None and r["count"] != expected:
                    failures.append(f"{key}: {name} counts {r['count']}, expected {expected}")
            row = {"key": key, "rows": rows, "cols": cols, "class": size_class(rows, cols),
                   "expected": expected}
            for name, r in (("ddnumlin", dd), ("zlink", zl)):
                row.update({f"{name}_status": r["status"], f"{name}_count": r["count"],
                            f"{name}_wall_s": r["wall"], f"{name}_cpu_s": r["cpu"],
                            f"{name}_mb": r["rss_mb"]})
            rows_out.append(row)
            if args.verbose or dd["status"] != "ok" or zl["status"] != "ok" \
                    or (rows, cols) in BIG_SINGLES:
                print(f"{key:<12} ddnumlin {dd['status']:<7} {fmt(dd['count'], 'd'):>3} "
                      f"{fmt(dd['wall'], '.3f'):>8} s {fmt(dd['rss_mb'], '.0f'):>6} MB   "
                      f"zlink {zl['status']:<7} {fmt(zl['count'], 'd'):>3} "
                      f"{fmt(zl['wall'], '.3f'):>8} s {fmt(zl['rss_mb'], '.0f'):>6} MB",
                      flush=True)
            elif (i + 1) % 50 == 0:
                print(f"# {i + 1} of {len(puzzles)} done", file=sys.stderr, flush=True)

    groups = [(c, [r for r in rows_out if r["class"] == c]) for c in CLASSES]
    groups += [(f"{r}×{c} ({row['key']})", [row]) for r, c in BIG_SINGLES
               for row in rows_out if (row["rows"], row["cols"]) == (r, c)]
    print(f"\n{'class':<22} {'n':>4} {'ddnumlin s med/max':>19} {'MB med/max':>11} "
          f"{'zlink s med/max':>19} {'MB med/max':>11} {'ratio':>6} {'cpu ms dd/zl':>13} "
          f"{'cpu ratio':>9} {'agree':>8} {'dd fail':>7} {'zl fail':>7}")
    for name, grp in groups:
        if not grp:
            continue
        cells, med, cpu = [], {}, {}
        for tool in ("ddnumlin", "zlink"):
            ok = [r for r in grp if r[f"{tool}_status"] == "ok"]
            tm, tx = median_max(r[f"{tool}_wall_s"] for r in ok)
            mm, mx = median_max(r[f"{tool}_mb"] for r in ok)
            med[tool] = tm
            cpu[tool] = median_max(r[f"{tool}_cpu_s"] for r in ok)[0]
            cells.append(f"{fmt(tm, '.3f')} / {fmt(tx, '.3f')}".rjust(19))
            cells.append(f"{fmt(mm, '.0f')} / {fmt(mx, '.0f')}".rjust(11))
        ratio = med["ddnumlin"] / med["zlink"] if med["ddnumlin"] is not None \
            and med["zlink"] else None
        cpu_ratio = cpu["ddnumlin"] / cpu["zlink"] if cpu["ddnumlin"] is not None \
            and cpu["zlink"] else None
        cpu_ms = "/".join(fmt(None if c is None else c * 1000, ".2f")
                          for c in (cpu["ddnumlin"], cpu["zlink"]))
        both = [r for r in grp if r["ddnumlin_count"] is not None
                and r["zlink_count"] is not None]
        agree = sum(r["ddnumlin_count"] == r["zlink_count"] for r in both)
        nfail = {t: sum(r[f"{t}_status"] != "ok" for r in grp) for t in ("ddnumlin", "zlink")}
        print(f"{name:<22} {len(grp):>4} {cells[0]} {cells[1]} {cells[2]} {cells[3]} "
              f"{fmt(ratio, '.2f'):>6} {cpu_ms:>13} {fmt(cpu_ratio, '.2f'):>9} "
              f"{f'{agree}/{len(both)}':>8} "
              f"{nfail['ddnumlin']:>7} {nfail['zlink']:>7}", flush=True)
    print("# ratio = median ddnumlin wall / median zlink wall (above 1: zlink faster); cpu = "
          "each process's own user + system time (medians), cpu ratio likewise; agree = equal counts among puzzles both finished; fail = timeout or error")
    csv_rows = [{k: round(v, 4) if isinstance(v, float) else v for k, v in r.items()}
                for r in rows_out]
    finish(args.csv, csv_rows, failures,
           "# all finished counts agree with each other and with the expected 1 (0 for the "
           "six known cover-violating puzzles)")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--ddnumlin", required=True, help="ddnumlin binary (run.sh passes it)")
    ap.add_argument("--zlink", help="zlink binary (default: target/release/zlink of this repo)")
    ap.add_argument("--corpus", default=DEFAULT_CORPUS,
                    help="NumberLink_dataset.json (default: ../shared/data/puzzlekit-janko/)")
    ap.add_argument("--filter", action="append", default=[],
                    help="only keys containing this substring (repeatable: any of them)")
    ap.add_argument("--timeout", type=float, default=60.0,
                    help="per-run wall seconds (default 60)")
    ap.add_argument("--skip-big", action="store_true",
                    help=f"skip puzzles with more than {BIG_CELLS} cells")
    ap.add_argument("--threads", type=int, default=1,
                    help="zlink --threads, RAYON_NUM_THREADS and OMP_NUM_THREADS (default 1)")
    ap.add_argument("--max-mem-gb", type=float, default=8.0,
                    help="ulimit -v per process in GB; zlink --max-memory 0.9 of it (default 8)")
    ap.add_argument("--verbose", action="store_true", help="print a line for every puzzle")
    ap.add_argument("--csv", help="also write every puzzle's figures to this file")
    compare(ap.parse_args())


if __name__ == "__main__":
    main()
