#!/usr/bin/env python3
"""Compare zlink with TdZdd on n x n vertex grids, building and counting (issue 3).

Cases: "paths N" = simple paths between opposite corners of the N x N vertex grid (OEIS A007764),
"cycles N" = simple cycles of it (OEIS A140517). Each in two modes:

  build  TdZdd: DdStructure(spec) + zddReduce() + zddCardinality()
         zlink: count KIND --grid NxN --build --json --threads T --order O
  count  TdZdd: countPaths(spec, fast=true), its count-only PathCounter::countFast
         zlink: count KIND --grid NxN --json --threads T --order O

Every run is a fresh process under `/usr/bin/time -v` (the `measure` of
tools/peer-graphillion/peer.py, shared here): wall time, CPU time (user + sys) and peak RSS; with --repeat K each figure is the median of K runs.
Counts of both tools are checked equal to each other and to the OEIS terms listed below.
"""

import argparse
import json
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(HERE, "..", "peer-graphillion"))
from peer import finish, fmt, int_list, measure, parse_count  # noqa: E402  (shared with peer-graphillion)

# OEIS terms, index = n (vertices per side). A007764: corner-to-corner paths; A140517: cycles.
A007764 = [None, 1, 2, 12, 184, 8512, 1262816, 575780564, 789360053252, 3266598486981642,
           41044208702632496804, 1568758030464750013214100, 182413291514248049241470885236,
           64528039343270018963357185158482118, 69450664761521361664274701548907358996488,
           227449714676812739631826459327989863387613323440]
A140517 = [None, 0, 1, 13, 213, 9349, 1222363, 487150371, 603841648931, 2318527339461265,
           27359264067916806101, 988808811046283595068099, 109331355810135629946698361371,
           36954917962039884953387868334644457]
MIN_RATIO_S = 0.05
OEIS = {"paths": A007764, "cycles": A140517}


def cpu_seconds(stderr):
    """User + system seconds from `/usr/bin/time -v` output, or None."""
    total, found = 0.0, 0
    for line in stderr.splitlines():
        line = line.strip()
        if line.startswith("User time (seconds):") or line.startswith("System time (seconds):"):
            total += float(line.rsplit(":", 1)[1])
            found += 1
    return total if found == 2 else None


def run_case(cmd, timeout, env, mem_kb):
    """One measured case: (status, res, json). status is None when it ran to completion."""
    limited = ["bash", "-c", 'ulimit -v "$0" && exec "$@"', str(mem_kb)] + cmd
    res = measure(limited, timeout, env=env)
    if res["timeout"]:
        return "timeout", res, None
    res["cpu"] = cpu_seconds(res["stderr"])
    if res["rc"] != 0:
        tail = (res["stderr"].split("\tCommand being timed")[0].strip().splitlines() or [""])[-1]
        status = "budget" if res["rc"] == 3 else f"rc{res['rc']}"
        print(f"# {status}: {' '.join(cmd)}: {tail[:200]}", file=sys.stderr, flush=True)
        return status, res, None
    try:
        return None, res, json.loads(res["stdout"])
    except json.JSONDecodeError as e:
        sys.exit(f"FAIL: no JSON ({e}) from {' '.join(cmd)}:\n{res['stdout']}")


def compare(args):
    zlink = args.zlink or os.path.join(REPO, "target", "release", "zlink")
    if not os.access(zlink, os.X_OK):
        sys.exit(f"FAIL: {zlink} not found; build it with `cargo zlink-static`")
    tdzdd = os.path.join(args.bin_dir, "tdzdd_grid_omp" if args.threads > 1 else "tdzdd_grid")
    if not os.access(tdzdd, os.X_OK):
        sys.exit(f"FAIL: {tdzdd} not found (run.sh builds it)")
    env = dict(os.environ)
    env["OMP_NUM_THREADS"] = str(args.threads)
    env["RAYON_NUM_THREADS"] = str(args.threads)
    mem_kb = int(args.max_mem_gb * 1024 * 1024)
    cases = [(k, n, m) for m in args.modes for k, lst in (("paths", args.paths),
                                                            ("cycles", args.cycles)) for n in lst]
    print(f"# threads={args.threads}, zlink --order {args.order} (TdZdd: row-major edges), "
          f"timeout={args.timeout:g}s, median of {args.repeat} run(s), address-space limit {args.max_mem_gb:g} GB per process; "
          f"time = CPU seconds (user+sys), wall in --csv", flush=True)
    print(f"{'case':<10} {'mode':<5} {'count':>48} {'tdzdd s':>8} {'tdzdd MB':>8} "
          f"{'zlink s':>8} {'zlink MB':>8} {'t ratio':>7} {'m ratio':>7}", flush=True)
    stopped, rows, failures = set(), [], []
    for kind, n, mode in cases:
        out = {}
        for tool in ("tdzdd", "zlink"):
            if (tool, kind, mode) in stopped:
                out[tool] = ("skipped", None, None)
                continue
            if tool == "tdzdd":
                cmd = [tdzdd, kind, str(n), mode] + (["mp"] if args.threads > 1 else [])
            else:
                cmd = [zlink, "count", kind, "--grid", f"{n}x{n}", "--json", "--threads",
                       str(args.threads), "--order", args.order]
                cmd += ["--build"] if mode == "build" else []
            runs = []
            for _ in range(args.repeat):
                status, res, data = run_case(cmd, args.timeout, env, mem_kb)
                if status is not None:
                    break
                runs.append((res, parse_count(data["count"])))
            if status is not None:
                stopped.add((tool, kind, mode))
                out[tool] = (status, None, None)
                continue
            if len({c for _, c in runs}) > 1:
                failures.append(f"{kind} {n} {mode}: {tool} counts differ between repeats")
            med = {key: statistics.median(r[key] for r, _ in runs)
                   for key in ("cpu", "wall", "rss_mb")}
            out[tool] = (None, med, runs[0][1])
        counts = {t: out[t][2] for t in out if out[t][2] is not None}
        known = OEIS[kind][n] if n < len(OEIS[kind]) else None
        if len(set(counts.values())) > 1:
            failures.append(f"{kind} {n} {mode}: tdzdd {counts.get('tdzdd')} != "
                            f"zlink {counts.get('zlink')}")
        for t, c in counts.items():
            if known is not None and c != known:
                failures.append(f"{kind} {n} {mode}: {t} {c} != OEIS {known}")
        count = "MISMATCH" if len(set(counts.values())) > 1 else (
            str(next(iter(counts.values()))) if counts else "-")

        def fig(tool, key):
            s, r, _ = out[tool]
            return None if s is not None or r is None else r.get(key)

        ts, tm, zs, zm = fig("tdzdd", "cpu"), fig("tdzdd", "rss_mb"), fig("zlink", "cpu"), \
            fig("zlink", "rss_mb")
        # CPU seconds have 0.01 s resolution: no time ratio below MIN_RATIO_S on either side.
        tr = ts / zs if ts is not None and zs is not None and min(ts, zs) >= MIN_RATIO_S else None
        mr = tm / zm if tm is not None and zm else None

        def cell(tool, v, spec, w):
            return (out[tool][0] or fmt(v, spec)).rjust(w)

        print(f"{kind + ' ' + str(n):<10} {mode:<5} {count:>48} {cell('tdzdd', ts, '.2f', 8)} "
              f"{cell('tdzdd', tm, '.0f', 8)} {cell('zlink', zs, '.2f', 8)} "
              f"{cell('zlink', zm, '.0f', 8)} {fmt(tr, '.2f'):>7} {fmt(mr, '.2f'):>7}", flush=True)
        rows.append({"case": f"{kind} {n}", "mode": mode, "count": count,
                     "tdzdd_cpu_s": ts, "tdzdd_wall_s": fig("tdzdd", "wall"), "tdzdd_mb": tm,
                     "zlink_cpu_s": zs, "zlink_wall_s": fig("zlink", "wall"), "zlink_mb": zm,
                     "time_ratio": tr, "mem_ratio": mr,
                     "status_tdzdd": out["tdzdd"][0] or "ok",
                     "status_zlink": out["zlink"][0] or "ok"})
    finish(args.csv, rows, failures,
           "# all finished counts agree with each other and with OEIS where listed")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--paths", type=int_list, default=int_list("8..13"),
                    help="grid sizes for corner-to-corner paths (default 8..13)")
    ap.add_argument("--cycles", type=int_list, default=int_list("8..12"),
                    help="grid sizes for cycles (default 8..12)")
    ap.add_argument("--modes", type=lambda s: s.replace(",", " ").split(),
                    default=["build", "count"], help='"build count" (default), "build" or "count"')
    ap.add_argument("--timeout", type=float, default=600.0, help="per-case seconds (default 600)")
    ap.add_argument("--threads", type=int, default=1,
                    help="threads for both: >1 runs TdZdd's OpenMP build with OMP_NUM_THREADS; "
                         "zlink --threads and RAYON_NUM_THREADS (default 1)")
    ap.add_argument("--order", default="row-major",
                    help="zlink --order (default row-major, the order the TdZdd driver uses)")
    ap.add_argument("--max-mem-gb", type=float, default=8.0,
                    help="ulimit -v per process in GB (default 8)")
    ap.add_argument("--bin-dir", required=True, help="directory of tdzdd_grid[_omp]")
    ap.add_argument("--zlink", help="zlink binary (default: target/release/zlink of this repo)")
    ap.add_argument("--repeat", type=int, default=1,
                    help="runs per case and tool; the table shows medians (default 1)")
    ap.add_argument("--csv", help="also write all figures (wall and CPU seconds) to this file")
    compare(ap.parse_args())


if __name__ == "__main__":
    main()
