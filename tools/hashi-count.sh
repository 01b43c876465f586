#!/usr/bin/env sh
# Exact Hashi counts with the ZDD engine (issue 17) on every CLLV instance (100-400 islands)
# and every Janko Hashi (puzzlekit), one process per set so each "peak RSS" is that set's.
#   tools/hashi-count.sh [TIME_LIMIT_S (default 10)] [MAX_MEMORY_BYTES (default 4e9)] [IP_EVERY (default 30)]
# Per set it prints: counted / failed (budget or time limit, exit-3 cases), unique, wall and CPU seconds
# median / mean / max, widest level median / max, peak RSS; every instance whose count is not
# 1 is listed (for Janko: the non-unique puzzles). On the 100-island class every IP_EVERY-th
# instance with at most 100 solutions is re-counted by the IP engine's no-good enumeration
# (a mismatch makes the script fail).
set -eu
cd "$(dirname "$0")/.."
cargo build --release -q -p zlink-engines --example hashi_zdd
bin=target/release/examples/hashi_zdd
data=${ZLINK_SHARED_DATA:-../shared/data}
tl=${1:-10}
mem=${2:-4000000000}
ip=${3:-30}
for size in 100 200 300 400; do
  extra=""
  [ "$size" = 100 ] && extra="--ip-check $ip"
  # shellcheck disable=SC2086
  "$bin" --time-limit "$tl" --max-memory "$mem" $extra "$data/cllv-hashi/dataset/$size"
done
"$bin" --time-limit "$tl" --max-memory "$mem" "$data/puzzlekit-janko/Hashi_dataset.json"
