#!/usr/bin/env bash
# IP puzzle timings through the CLI: median / p90 / max Sudoku solve time over top95 (one HiGHS
# model per puzzle, verified by the independent checker), and the minimum-clue proof for the
# grid of one Royle 17-clue puzzle (optional: pass --minclue; it takes many minutes), and the
# exact solution counts of the tdoku test file by no-good cuts (optional: --tdoku; ~5,000
# HiGHS solves, tens of minutes), compared with the counts the file lists.
#
# usage: tools/ip-bench.sh [--minclue] [--tdoku] [--data DIR]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
data="$root/../shared/data"
minclue=0
tdoku=0
while [ $# -gt 0 ]; do
  case "$1" in
    --minclue) minclue=1 ;;
    --tdoku) tdoku=1 ;;
    --data) shift; data="$1" ;;
    *) echo "usage: $0 [--minclue] [--tdoku] [--data DIR]" >&2; exit 2 ;;
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
    | "$zlink" solve --kind sudoku - --json \
    | python3 -c 'import json,sys; [print(p["stats"]["seconds"]) for p in json.load(sys.stdin)]' \
    | summarise
done

if [ "$minclue" = 1 ]; then
  line="$(sed -n 2p "$data/sudoku-sets/royle_17clue_49151.txt")"
  echo "minclue on the grid of royle line 2 ($line):"
  start=$(date +%s.%N)
  echo "$line" | "$zlink" solve --kind minclue - --stats
  echo "minclue wall seconds: $(echo "$(date +%s.%N) - $start" | bc)"
fi

if [ "$tdoku" = 1 ]; then
  f="$data/sudoku-sets/tdoku_test_puzzles_with_counts.txt"
  start=$(date +%s)
  got="$("$zlink" count --kind sudoku "$f" --limit 1000)"
  want="$(cut -d: -f2 "$f")"
  if [ "$got" = "$want" ]; then
    echo "tdoku counts: all $(echo "$want" | wc -l) match ($(( $(date +%s) - start )) s)"
  else
    echo "tdoku counts DIFFER:"; diff <(echo "$want") <(echo "$got") || true; exit 1
  fi
fi
