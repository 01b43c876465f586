#!/usr/bin/env bash
# Minimum-clue proofs (`zlink solve --kind minclue`, default engine `hitting`) on the grids of
# Royle 17-clue puzzles (every 2,450th line of royle_17clue_49151.txt, so spread over the file;
# `--step 490 --grids 100` takes every 490th): wall and CPU seconds per grid, the proven
# minimum, candidates checked, sets used, search nodes, and the median; then
# a few pseudo-random grids (filled by a seeded random backtracking, below) under a time limit,
# reporting the lower bound proven when the limit stops the proof.
#
# A grid that takes longer than --grid-limit is reported with the bounds proven by then and
# counted at the limit in the median (so the median is an upper bound on the true one).
#
# After the grids, a Markdown table of them (line, minimum, wall s, CPU s, nodes).
#
# usage: tools/minclue-bench.sh [--grids N (20)] [--first I (0)] [--step L (2450)]
#                               [--grid-limit S (900)]
#                               [--random R (2)] [--random-limit S (600)]
#                               [--threads T (2)] [--data DIR]
# ZLINK=path: run that zlink binary (no build).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
data="$root/../shared/data"
grids=20 first=0 step=2450 glimit=900 random=2 limit=600 threads=2
while [ $# -gt 0 ]; do
  case "$1" in
    --grids) shift; grids="$1" ;;
    --first) shift; first="$1" ;;
    --step) shift; step="$1" ;;
    --grid-limit) shift; glimit="$1" ;;
    --random) shift; random="$1" ;;
    --random-limit) shift; limit="$1" ;;
    --threads) shift; threads="$1" ;;
    --data) shift; data="$1" ;;
    *) echo "usage: $0 [--grids N] [--first I] [--step L] [--grid-limit S] [--random R] [--random-limit S] [--threads T] [--data DIR]" >&2; exit 2 ;;
  esac
  shift
done
# ZLINK=path runs that binary instead of building this tree's
if [ -n "${ZLINK:-}" ]; then
  zlink="$ZLINK"
else
  cargo build --release --quiet --manifest-path "$root/Cargo.toml" --bin zlink
  zlink="$root/target/release/zlink"
fi
file="$data/sudoku-sets/royle_17clue_49151.txt"
times=()
table=()
err="$(mktemp)"
cpu="$(mktemp)"
trap 'rm -f "$err" "$cpu"' EXIT
for i in $(seq "$first" $((first + grids - 1))); do
  l=$((2 + i * step)) # line 1 is a citation header
  line="$(sed -n "${l}p" "$file")"
  start=$(date +%s.%N)
  json="$(echo "$line" | /usr/bin/time -f '%U %S' -o "$cpu" "$zlink" --json solve --kind minclue --threads "$threads" --time-limit "$glimit" - 2>"$err" || true)"
  end=$(date +%s.%N)
  cpus="$(python3 -c 'import sys; u, s = sys.stdin.read().split()[-2:]; print(f"{float(u) + float(s):.1f}")' <"$cpu" 2>/dev/null || echo '?')"
  read -r secs row report <<<"$(echo "$json" | python3 -c '
import json, sys
p = json.load(sys.stdin)
p = p[0] if isinstance(p, list) else p
if "stats" not in p:
    print(sys.argv[1], "?|?", "stopped by the", sys.argv[1], "s time limit, minimum")
    sys.exit()
c = p["stats"]["counters"]
if "lower_bound" in c:
    print(sys.argv[1], str(c["lower_bound"]) + "..=" + str(c["upper_bound"]) + "|" + str(c.get("nodes", "?")),
          "stopped by the", sys.argv[1], "s time limit, minimum in",
          str(c["lower_bound"]) + "..=" + str(c["upper_bound"]))
    sys.exit()
print(p["stats"]["seconds"], str(c["minimum"]) + "|" + str(c["nodes"]), "minimum", c["minimum"], "in",
      round(p["stats"]["seconds"], 1), "s (candidates", c["candidates"], "sets", str(c["sets_used"]) + ",",
      "nodes", str(c["nodes"]) + ")")' "$glimit")"
  case "$report" in *minimum) report="$report $(grep -o '[0-9]*\.\.=[0-9]*' "$err" | head -1)" ;; esac
  wall="$(python3 -c "print(f'{$end - $start:.1f}')")"
  echo "royle line $l: $report (wall $wall s, CPU $cpus s)"
  times+=("$secs")
  table+=("| $l | ${row%%|*} | $wall | $cpus | ${row##*|} |")
done
echo "| Royle line | minimum | wall s | CPU s | nodes |"
echo "|---|---|---|---|---|"
printf '%s\n' "${table[@]}"
printf '%s\n' "${times[@]}" | python3 -c '
import sys, statistics
xs = [float(x) for x in sys.stdin if x.strip()]
print(f"royle grids: n={len(xs)} median={statistics.median(xs):.1f} s max={max(xs):.1f} s")'
for seed in $(seq 1 "$random"); do
  grid="$(python3 -c '
import random, sys
random.seed(int(sys.argv[1]))
g = [0] * 81
def ok(i, v):
    r, c = divmod(i, 9)
    b = (r // 3) * 3, (c // 3) * 3
    return all(g[r * 9 + k] != v and g[k * 9 + c] != v for k in range(9)) and all(
        g[(b[0] + x) * 9 + b[1] + y] != v for x in range(3) for y in range(3))
def fill(i):
    if i == 81:
        return True
    for v in random.sample(range(1, 10), 9):
        if ok(i, v):
            g[i] = v
            if fill(i + 1):
                return True
            g[i] = 0
    return False
fill(0)
print("".join(map(str, g)))' "$seed")"
  start=$(date +%s.%N)
  out="$(echo "$grid" | "$zlink" solve --kind minclue --threads "$threads" --time-limit "$limit" - 2>&1 || true)"
  end=$(date +%s.%N)
  echo "random grid (seed $seed) $grid: $(echo "$out" | grep -o 'proven in [0-9.=]*\|[0-9]* clues (proven minimum)' | head -1) after $(python3 -c "print(f'{$end - $start:.0f}')") s"
done
