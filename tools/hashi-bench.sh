#!/usr/bin/env sh
# Hashi and Slitherlink integer-program benchmarks against the seeds' published figures.
#   tools/hashi-bench.sh [HASHI_PER_SIZE] [HASHI_MODELS] [SLITHER_COUNT] [HASHI_TIME_LIMIT]
# Prints two Markdown tables (see crates/zlink-engines/examples/hashi_bench.rs).
set -eu
cd "$(dirname "$0")/.."
cargo build --release -q -p zlink-engines --example hashi_bench
bin=target/release/examples/hashi_bench
echo "## Hashiwokakero, CLLV instances (mean solve seconds per size class)"
"$bin" hashi "${1:-10}" "${2:-lazy,bfs}" "${4:-120}"
echo
echo "## Slitherlink IP, Janko 10x10"
"$bin" slitherlink "${3:-10}"
