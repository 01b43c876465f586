#!/usr/bin/env sh
# Zebra puzzle: the IP against constraint propagation with the report's heuristics (report
# ch. 7, Table 7.5) on the 1962 Life puzzle and seeded random unique puzzles.
#   tools/zebra-bench.sh [PER_SIZE] [REPEATS] [SIZES]
# Prints a Markdown table (see crates/zlink-engines/examples/zebra_bench.rs).
set -eu
cd "$(dirname "$0")/.."
cargo build --release -q -p zlink-engines --example zebra_bench
exec target/release/examples/zebra_bench "${1:-10}" "${2:-5}" "${3:-4x4,5x5,6x6,8x6}"
