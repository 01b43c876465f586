#!/usr/bin/env bash
# Strips Janko's Slitherlinks (puzzlekit-janko, ../shared/data: not in the repo, no licence) to
# minimal subsets of their hints with `zlink generate slitherlink --from FILE --verify --json`,
# and grades each (given and stripped) with `zlink grade`. One line per puzzle: size, given and
# kept hints (% of cells), grades, CPU seconds of the strip (verification included), peak MB,
# and from `--json` the wall seconds of the removal pass and of the verification's uniqueness
# re-solve and minimality check, with the hints shown needed by the pass's witness loops.
#
#   tools/slitherlink-strip-janko.sh                 # the 20 puzzles of 30x40
#   tools/slitherlink-strip-janko.sh --size 10x10 --limit 20
#   DATA=/path/to/Slitherlink_dataset.json NO_BUILD=1 tools/slitherlink-strip-janko.sh
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE="30x40"
LIMIT=1000
while [ $# -gt 0 ]; do
  case "$1" in
    --size) SIZE="$2"; shift 2 ;;
    --limit) LIMIT="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
DATA=${DATA:-../shared/data/puzzlekit-janko/Slitherlink_dataset.json}
[ -f "$DATA" ] || DATA=/work/shared/data/puzzlekit-janko/Slitherlink_dataset.json
if [ -z "${NO_BUILD:-}" ]; then
  cargo build --release --bin zlink >&2
fi
ZLINK=${ZLINK:-target/release/zlink}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
python3 - "$DATA" "$SIZE" "$LIMIT" "$TMP" <<'PY'
import json, sys
data, size, limit, tmp = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
rows, cols = size.split("x")
n = 0
for key, p in sorted(json.load(open(data))["data"].items()):
    head = p["problem"].split("\n", 1)[0].split()
    if head == [rows, cols] and n < limit:
        open(f"{tmp}/{key}.txt", "w").write(p["problem"])
        n += 1
PY
echo "# $(date -u +%F), $(nproc) cores, load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-14s %6s %6s %6s %6s %-8s %-8s %7s %6s %7s %7s %7s %5s\n" puzzle given "%" kept "%" grade \
  stripped "CPU s" MB "pass s" "uniq s" "min s" "witn"
for f in "$TMP"/*.txt; do
  name=$(basename "$f" .txt)
  given_grade=$("$ZLINK" --json grade --kind slitherlink "$f" | sed -n 's/^  "grade": "\{0,1\}\([a-z]*\).*/\1/p')
  /usr/bin/time -f "%U %S %M" -o "$TMP/time" "$ZLINK" --json generate slitherlink --from "$f" --verify > "$TMP/out"
  given=$(sed -n 's/^  "given_hints": \([0-9]*\).*/\1/p' "$TMP/out")
  kept=$(sed -n 's/^  "hints": \([0-9]*\).*/\1/p' "$TMP/out")
  grade=$(sed -n 's/^  "grade": "\([a-z]*\)".*/\1/p' "$TMP/out")
  cells=$(sed -n 's/^  "rows": \([0-9]*\).*/\1/p' "$TMP/out")
  cells=$((cells * $(sed -n 's/^  "cols": \([0-9]*\).*/\1/p' "$TMP/out")))
  read -r u s kb < "$TMP/time"
  num() { sed -n "s/^ *\"$1\": \([0-9.e-]*\).*/\1/p" "$TMP/out" | head -1; }
  pass=$(num pass_seconds); uniq=$(num verify_unique_seconds); mins=$(num verify_minimal_seconds)
  witn=$(num verify_hints_by_witness)
  awk -v n="$name" -v g="$given" -v k="$kept" -v c="$cells" -v gg="$given_grade" -v sg="$grade" \
      -v u="$u" -v s="$s" -v kb="$kb" -v p="$pass" -v q="$uniq" -v m="$mins" -v w="$witn" 'BEGIN {
    printf "%-14s %6d %6.1f %6d %6.1f %-8s %-8s %7.2f %6.1f %7.2f %7.2f %7.3f %5d\n", n, g, 100*g/c,
      k, 100*k/c, gg, sg, u+s, kb/1024, p, q, m, w }'
done
