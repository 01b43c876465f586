#!/usr/bin/env sh
# Hashi and Slitherlink integer-program benchmarks against the seeds' published figures.
#   tools/ip-bench.sh [HASHI_PER_SIZE] [HASHI_MODELS] [SLITHER_COUNT] [HASHI_TIME_LIMIT]
# Prints two Markdown tables (see crates/zlink-ip-puzzles/examples/ip_bench.rs).
set -eu
cd "$(dirname "$0")/.."
cargo build --release -q -p zlink-ip-puzzles --example ip_bench
bin=target/release/examples/ip_bench
echo "## Hashiwokakero, CLLV instances (mean solve seconds per size class)"
"$bin" hashi "${1:-10}" "${2:-lazy,bfs}" "${4:-120}"
echo
echo "## Slitherlink IP, Janko 10x10"
"$bin" slitherlink "${3:-10}"
