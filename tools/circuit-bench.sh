#!/usr/bin/env sh
# Circuit board (report ch. 5, Tables A.1/A.2): CM1, CM2, CM3 solve times and the ZDD count on
# seeded boards from the maker, 3x3 to 12x12.
#   tools/circuit-bench.sh [PER_SIZE] [TIME_LIMIT] [MIN] [MAX]
# Prints a Markdown table (see crates/zlink-engines/examples/circuit_bench.rs).
set -eu
cd "$(dirname "$0")/.."
cargo build --release -q -p zlink-engines --example circuit_bench
exec target/release/examples/circuit_bench "${1:-5}" "${2:-60}" "${3:-3}" "${4:-12}"
