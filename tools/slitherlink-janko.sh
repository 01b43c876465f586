#!/usr/bin/env sh
# Every Janko Slitherlink (puzzlekit, 1,176 puzzles) counted exactly by the ZDD engine with
# deduction (issue 13), each unique puzzle's loop compared with the file's solution.
#   tools/slitherlink-janko.sh [MAX_MEMORY_BYTES (default 1e9)] [DEDUCE: sat|probe|rules|off (default sat)] [ATTEMPT]
# ATTEMPT: states of the count tried before the SAT completion (default: the engine's; 0: the
# completion first).
# Prints one table per run: per size class the puzzles, counted, unique, published solutions
# and equal ones, puzzles deduction alone decided, seconds median / mean / max; every puzzle
# that is not unique, differs or fails is listed under its class. The whole corpus runs in one
# process, then the big classes one process each, so each "peak RSS" is that run's.
set -eu
cd "$(dirname "$0")/.."
cargo build --release -q -p zlink-link --example janko_corpus
bin=target/release/examples/janko_corpus
mem=${1:-1000000000}
deduce=${2:-sat}
attempt=${3:+--attempt $3}
run() {
  # shellcheck disable=SC2086
  /usr/bin/time -f "peak RSS %M KB, %e s wall, %U s user" \
    "$bin" "$1" --quiet --deduce "$deduce" --max-memory "$mem" $attempt
}
run all
for size in 20x36 30x40 30x45 60x60; do
  echo "== $size"
  run "$size" 2>&1 | grep -v '^size'
done
