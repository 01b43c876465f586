#!/usr/bin/env python3
"""Compare zlink with Graphillion on n x n vertex grids (issue 3).

Two modes:

  peer.py compare [options]      run every case, check counts agree, print one table
  peer.py graphillion KIND N     one Graphillion case in this process; prints JSON
                                 {"count": "...", "seconds": ...} (used by `compare`)

Every case runs in its own fresh process so peak RSS is that case's alone. Peak RSS comes from
`/usr/bin/time -v` ("Maximum resident set size") when it exists; otherwise from
resource.getrusage(RUSAGE_CHILDREN) in a fresh wrapper process per case. Wall time is the
parent's clock around the whole child process (interpreter start-up and import included for
Graphillion; both tools also report their own in-process seconds, kept in the --csv output).

Cases: "paths N" is the number of simple paths between opposite corners of the N x N vertex grid
(OEIS A007764); "cycles N" is the number of simple cycles in it (OEIS A140517).
"""

import argparse
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))


def grid_edges(n):
    """Edges of the n x n vertex grid, vertices r*n+c+1, in zlink's row-major order.

    For each vertex (r, c) in row-major order: first the edge to (r, c+1), then to (r+1, c).
    """
    edges = []
    for r in range(n):
        for c in range(n):
            v = r * n + c + 1
            if c + 1 < n:
                edges.append((v, v + 1))
            if r + 1 < n:
                edges.append((v, v + n))
    return edges


def graphillion_case(kind, n, traversal):
    """Build Graphillion's ZDD for one case and count it; returns (count, seconds)."""
    from graphillion import GraphSet

    start = time.perf_counter()
    GraphSet.set_universe(grid_edges(n), traversal=traversal)
    if kind == "paths":
        gs = GraphSet.paths(1, n * n)
    elif kind == "cycles":
        gs = GraphSet.cycles()
    else:
        raise ValueError(f"unknown kind {kind!r}")
    count = gs.len()  # gs.len() never overflows, unlike len(gs)
    return count, time.perf_counter() - start


def measure(cmd, timeout, env=None):
    """Run cmd in a fresh process group; return dict(rc, wall, rss_mb, stdout, stderr, timeout)."""
    gnu_time = shutil.which("time", path="/usr/bin")
    if gnu_time:
        full = [gnu_time, "-v"] + cmd
    else:
        # Fresh wrapper process: its RUSAGE_CHILDREN covers exactly this one child.
        wrapper = (
            "import resource,subprocess,sys;"
            "p=subprocess.run(sys.argv[1:]);"
            "sys.stderr.write('Maximum resident set size (kbytes): %d\\n'"
            "%resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss);"
            "sys.exit(p.returncode)"
        )
        full = [sys.executable, "-c", wrapper] + cmd
    start = time.monotonic()
    proc = subprocess.Popen(
        full,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,
    )
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return {"timeout": True, "wall": time.monotonic() - start}
    wall = time.monotonic() - start
    rss_kb = None
    for line in err.splitlines():
        if "Maximum resident set size (kbytes):" in line:
            rss_kb = int(line.rsplit(":", 1)[1])
    return {
        "timeout": False,
        "rc": proc.returncode,
        "wall": wall,
        "rss_mb": None if rss_kb is None else rss_kb / 1024.0,
        "stdout": out,
        "stderr": err,
    }


def measure_direct(cmd, timeout, env=None, mem_bytes=None):
    """Run cmd as a direct child (no /usr/bin/time or shell in between), its address space
    limited to mem_bytes; return dict(rc, wall, cpu, stdout, stderr, timeout).

    For runs of a few milliseconds: `cpu` is the child's own user + system time from wait4
    (microseconds, where /usr/bin/time prints hundredths), and `wall` spans only the spawn
    and the wait, not a wrapper's start-up, so ratios of two tools are not pulled towards 1.
    No peak RSS: a child forked from Python starts with Python's resident pages, which the
    kernel's high-water mark keeps across exec (see `measure_rss`).
    """
    # The limit is set in this process around the spawn and inherited: a `preexec_fn` would
    # make Python fork (not vfork), and the child's copy-on-write faults before exec, counted
    # in its CPU time, doubled /bin/true's (1.4 against 0.65 ms).
    saved = resource.getrlimit(resource.RLIMIT_AS)
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.monotonic()
        if mem_bytes:
            hard = saved[1]
            soft = mem_bytes if hard == resource.RLIM_INFINITY else min(mem_bytes, hard)
            resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
        try:
            proc = subprocess.Popen(cmd, stdout=out, stderr=err, env=env, start_new_session=True)
        finally:
            resource.setrlimit(resource.RLIMIT_AS, saved)
        timer = threading.Timer(timeout, lambda: os.killpg(proc.pid, signal.SIGKILL))
        timer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            timer.cancel()
        wall = time.monotonic() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        if wall >= timeout and proc.returncode < 0:
            return {"timeout": True, "wall": wall}
        out.seek(0)
        err.seek(0)
        return {
            "timeout": False,
            "rc": proc.returncode,
            "wall": wall,
            "cpu": usage.ru_utime + usage.ru_stime,
            "stdout": out.read().decode(errors="replace"),
            "stderr": err.read().decode(errors="replace"),
        }


def measure_rss(cmd, timeout, env=None, mem_bytes=None):
    """Peak RSS in MB of one run of cmd (None on a timeout): under /usr/bin/time, whose fork
    starts from its own few pages rather than Python's, as `measure_direct` would."""
    res = measure_direct(["/usr/bin/time", "-f", "%M"] + cmd, timeout, env, mem_bytes)
    if res["timeout"]:
        return None
    lines = res["stderr"].strip().splitlines()
    try:
        return int(lines[-1]) / 1024.0
    except (IndexError, ValueError):
        return None


def parse_count(value):
    """zlink and Graphillion counts as Python ints (zlink may print a decimal string)."""
    return int(str(value).strip())


THREADS = 1


def tool_env():
    """Environment for both tools: the same thread count for Graphillion's OpenMP and zlink's rayon.

    Graphillion's graphs() runs OpenMP loops; left at its default (all cores) on a shared machine
    its spinning threads made a 0.01 s case take up to 3.6 s, so the count is always explicit.
    """
    env = dict(os.environ)
    env["OMP_NUM_THREADS"] = str(THREADS)
    env["RAYON_NUM_THREADS"] = str(THREADS)
    return env


def run_tool(name, cmd, timeout):
    """One measured case; returns (result dict or None on timeout, count or None)."""
    res = measure(cmd, timeout, env=tool_env())
    if res["timeout"]:
        return res, None
    if res["rc"] != 0:
        sys.exit(
            f"FAIL: {name} exited with {res['rc']}: {' '.join(cmd)}\n"
            f"stdout:\n{res['stdout']}\nstderr:\n{res['stderr']}"
        )
    try:
        data = json.loads(res["stdout"])
    except json.JSONDecodeError as e:
        sys.exit(f"FAIL: {name} did not print JSON ({e}): {' '.join(cmd)}\n{res['stdout']}")
    res["inner_seconds"] = data.get("seconds")
    return res, parse_count(data["count"])


def fmt(x, spec):
    return "-" if x is None else format(x, spec)


def compare(args):
    zlink = args.zlink or os.path.join(REPO, "target", "release", "zlink")
    if args.graphillion_only:
        zlink = None
    elif not os.access(zlink, os.X_OK):
        sys.exit(f"FAIL: {zlink} not found; build it with `cargo build --release`")

    zlink_threads = []
    if zlink is not None:
        help_text = subprocess.run([zlink, "count", "paths", "--help"], capture_output=True,
                                   text=True).stdout
        if "--threads" in help_text:
            zlink_threads = ["--threads", str(args.threads)]
    cases = [("paths", n) for n in args.paths] + [("cycles", n) for n in args.cycles]
    timed_out = {}  # (tool, kind) -> n that timed out; larger n of that kind are skipped
    rows = []
    failures = []
    header = (
        f"{'case':<12} {'count':>30} {'graphillion s':>13} {'graphillion MB':>14} "
        f"{'zlink s':>9} {'zlink MB':>9} {'time ratio':>10} {'mem ratio':>9}"
    )
    global THREADS
    THREADS = args.threads
    print(f"# graphillion traversal={args.traversal}, threads={THREADS} "
          f"(OMP_NUM_THREADS / RAYON_NUM_THREADS), timeout={args.timeout}s, "
          f"zlink extra args: {' '.join(args.zlink_arg) or 'none'}", flush=True)
    print(header, flush=True)
    for kind, n in cases:
        results = {}
        for tool in ("graphillion", "zlink"):
            if tool == "zlink" and zlink is None:
                results[tool] = (None, None, "n/a")
                continue
            if (tool, kind) in timed_out:
                results[tool] = (None, None, "skipped")
                continue
            if tool == "graphillion":
                cmd = [sys.executable, os.path.abspath(__file__), "graphillion", kind, str(n),
                       "--traversal", args.traversal]
            else:
                cmd = ([zlink, "count", kind, "--grid", f"{n}x{n}", "--json"] + zlink_threads
                       + args.zlink_arg)
            res, count = run_tool(tool, cmd, args.timeout)
            if res["timeout"]:
                timed_out[(tool, kind)] = n
                results[tool] = (None, None, "timeout")
            else:
                results[tool] = (res, count, None)
        g, z = results["graphillion"], results["zlink"]
        counts = [c for c in (g[1], z[1]) if c is not None]
        if len(set(counts)) > 1:
            failures.append(f"{kind} {n}: graphillion {g[1]} != zlink {z[1]}")
        gs = g[0]["wall"] if g[0] else None
        gm = g[0]["rss_mb"] if g[0] else None
        zs = z[0]["wall"] if z[0] else None
        zm = z[0]["rss_mb"] if z[0] else None
        tr = gs / zs if gs is not None and zs else None
        mr = gm / zm if gm is not None and zm else None
        count = str(counts[0]) if counts else "-"
        if len(set(counts)) > 1:
            count = "MISMATCH"
        cell = lambda r, v, spec, w: (r[2] or fmt(v, spec)).rjust(w)  # noqa: E731
        print(
            f"{kind + ' ' + str(n):<12} {count:>30} {cell(g, gs, '.2f', 13)} "
            f"{cell(g, gm, '.1f', 14)} {cell(z, zs, '.2f', 9)} {cell(z, zm, '.1f', 9)} "
            f"{fmt(tr, '.2f'):>10} {fmt(mr, '.2f'):>9}",
            flush=True,
        )
        rows.append({
            "case": f"{kind} {n}", "count": count,
            "graphillion_s": gs, "graphillion_mb": gm,
            "graphillion_inner_s": g[0].get("inner_seconds") if g[0] else None,
            "zlink_s": zs, "zlink_mb": zm,
            "zlink_inner_s": z[0].get("inner_seconds") if z[0] else None,
            "status_graphillion": g[2] or "ok", "status_zlink": z[2] or "ok",
        })
    finish(args.csv, rows, failures, "# all counts that both tools finished agree")


def finish(csv_path, rows, failures, ok_message):
    """Writes the rows to `csv_path` (if given), then reports count mismatches (exit 1) or ok."""
    if csv_path and rows:
        import csv
        with open(csv_path, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
            w.writeheader()
            w.writerows(rows)
    if failures:
        print("\nFAIL: counts differ:", file=sys.stderr)
        for f in failures:
            print("  " + f, file=sys.stderr)
        sys.exit(1)
    print(ok_message)


def int_list(text):
    """'6..12' or '6 7 8' or '6,7,8' -> [6, 7, ...]."""
    text = text.strip()
    if not text:
        return []
    if ".." in text:
        lo, hi = text.split("..")
        return list(range(int(lo), int(hi) + 1))
    return [int(x) for x in text.replace(",", " ").split()]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    sub = ap.add_subparsers(dest="mode", required=True)
    c = sub.add_parser("compare", help="run all cases and print the table")
    c.add_argument("--paths", type=int_list, default=int_list("6..12"),
                   help="grid sizes for corner-to-corner paths (default 6..12)")
    c.add_argument("--cycles", type=int_list, default=int_list("6..10"),
                   help="grid sizes for cycles (default 6..10)")
    c.add_argument("--timeout", type=float, default=300.0, help="per-case seconds (default 300)")
    c.add_argument("--traversal", default="as-is",
                   help="Graphillion edge order: as-is (zlink's row-major order, default), "
                        "greedy (Graphillion's default), bfs, dfs")
    c.add_argument("--threads", type=int, default=1,
                   help="threads for both tools: OMP_NUM_THREADS for Graphillion; "
                        "RAYON_NUM_THREADS and --threads (when offered) for zlink (default 1)")
    c.add_argument("--graphillion-only", action="store_true",
                   help="skip zlink (no binary needed); Graphillion counts only")
    c.add_argument("--zlink", help="zlink binary (default: target/release/zlink of this repo)")
    c.add_argument("--zlink-arg", action="append", default=[], metavar="ARG",
                   help="extra argument for zlink count, repeatable; e.g. --zlink-arg=--build to "
                        "build the reduced ZDD as Graphillion does instead of counting only")
    c.add_argument("--csv", help="also write all figures (incl. in-process seconds) to this file")
    g = sub.add_parser("graphillion", help="one Graphillion case in this process (JSON out)")
    g.add_argument("kind", choices=["paths", "cycles"])
    g.add_argument("n", type=int)
    g.add_argument("--traversal", default="as-is")
    args = ap.parse_args()
    if args.mode == "graphillion":
        count, seconds = graphillion_case(args.kind, args.n, args.traversal)
        print(json.dumps({"count": str(count), "seconds": seconds}))
    else:
        compare(args)


if __name__ == "__main__":
    main()
