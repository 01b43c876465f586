#!/usr/bin/env bash
# IP puzzle timings through the CLI: median / p90 / max Sudoku solve time over top95 (one HiGHS
# model per puzzle, `--engine ip`, verified by the independent checker); the minimum-clue proofs
# for the grids of three Royle 17-clue puzzles (optional: --minclue; a few CPU minutes per grid),
# CPU seconds per grid and their median; and the exact solution counts of the tdoku test file
# (optional: --tdoku) by the default exact engine (milliseconds), or by no-good cuts in HiGHS
# with --tdoku-ip (~5,000 HiGHS solves, tens of minutes), compared with the counts the file lists.
#
# usage: tools/ip-bench.sh [--minclue] [--tdoku] [--tdoku-ip] [--data DIR]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
data="$root/../shared/data"
minclue=0
tdoku=0
tdoku_engine=exact
while [ $# -gt 0 ]; do
  case "$1" in
    --minclue) minclue=1 ;;
    --tdoku) tdoku=1 ;;
    --tdoku-ip) tdoku=1; tdoku_engine=ip ;;
    --data) shift; data="$1" ;;
    *) echo "usage: $0 [--minclue] [--tdoku] [--tdoku-ip] [--data DIR]" >&2; exit 2 ;;
  esac
  shift
done
cargo build --release --quiet --manifest-path "$root/Cargo.toml"
zlink="$root/target/release/zlink"

summarise() { # reads seconds, one per line
  python3 -c '
import sys, statistics
xs = sorted(float(x) for x in sys.stdin if x.strip())
p90 = xs[int(0.9 * (len(xs) - 1))]
print(f"n={len(xs)} median={statistics.median(xs)*1000:.1f} ms p90={p90*1000:.1f} ms max={xs[-1]*1000:.1f} ms total={sum(xs):.2f} s")'
}

# forum_hardest puzzles take ~1-3 s each in the IP (weak LP relaxation): the first 30 only
for set in top95.txt forum_hardest_375.txt; do
  printf 'sudoku %-22s ' "$set"
  head -n 95 "$data/sudoku-sets/$set" | head -n "$([ "$set" = top95.txt ] && echo 95 || echo 30)" \
    | "$zlink" solve --kind sudoku --engine ip - --json \
    | python3 -c 'import json,sys; [print(p["stats"]["seconds"]) for p in json.load(sys.stdin)]' \
    | summarise
done

if [ "$minclue" = 1 ]; then
  # lines 2, 5001, 10000 of the file (line 1 is a citation header), as tests/minclue.rs
  secs=()
  for l in 2 5001 10000; do
    line="$(sed -n "${l}p" "$data/sudoku-sets/royle_17clue_49151.txt")"
    out="$(echo "$line" | /usr/bin/time -f 'cpu %U %S' "$zlink" solve --kind minclue - --stats 2>&1)"
    cpu="$(echo "$out" | awk '/^cpu /{print $2 + $3}')"
    echo "minclue royle line $l: $(echo "$out" | grep -o '[0-9]* clues ([a-z ]*)') in $cpu CPU s"
    echo "$out" | grep -E 'seconds|rounds=' | head -3
    secs+=("$cpu")
  done
  printf '%s\n' "${secs[@]}" | python3 -c '
import sys, statistics
xs = [float(x) for x in sys.stdin if x.strip()]
print(f"minclue: median {statistics.median(xs):.1f} CPU s over {len(xs)} grids")'
fi

if [ "$tdoku" = 1 ]; then
  f="$data/sudoku-sets/tdoku_test_puzzles_with_counts.txt"
  start=$(date +%s)
  got="$("$zlink" count --kind sudoku --engine "$tdoku_engine" "$f" --limit 1000)"
  want="$(cut -d: -f2 "$f")"
  if [ "$got" = "$want" ]; then
    echo "tdoku counts ($tdoku_engine): all $(echo "$want" | wc -l) match ($(( $(date +%s) - start )) s)"
  else
    echo "tdoku counts DIFFER:"; diff <(echo "$want") <(echo "$got") || true; exit 1
  fi
fi
