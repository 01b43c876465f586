#!/usr/bin/env sh
# Battleship grid-based vs cell-based IP (report ch. 4, Table 4.3) on CSPLib and Janko instances.
#   tools/battleship-bench.sh [PER_CLASS] [MODELS] [TIME_LIMIT] [COUNT=yes|no]
# Prints a Markdown table (see crates/zlink-engines/examples/battleship_bench.rs).
set -eu
cd "$(dirname "$0")/.."
cargo build --release -q -p zlink-engines --example battleship_bench
exec target/release/examples/battleship_bench "${1:-1000000}" "${2:-grid,cell}" "${3:-60}" "${4:-no}"
