#!/usr/bin/env bash
# Slitherlink generation side by side: Tatham's Loopy (`sgt-loopy --generate`, Debian package
# sgt-puzzles, MIT) and `zlink generate slitherlink` at the same sizes, seeds and levels.
# Prints, per size and level, median CPU seconds per puzzle (user + sys, from GNU time: the
# box is shared, so CPU time, not wall time), median peak memory, median hints per cell, and
# zlink / Loopy ratios from this one run; with --grade, zlink's grade of every Loopy puzzle.
#
#   tools/slitherlink-vs-loopy.sh                         # 10x10 20x20 30x30, 5 seeds
#   tools/slitherlink-vs-loopy.sh --sizes "60x60" --seeds 3
#   tools/slitherlink-vs-loopy.sh --verify --grade --csv /tmp/sl.csv
#   NO_BUILD=1 ZLINK=/path/to/zlink tools/slitherlink-vs-loopy.sh
#
# Levels: Loopy e n t h (easy normal tricky hard); zlink `-` (no --difficulty: unique, fewest
# hints), easy, medium, hard. Matching for the table: zlink easy ~ Loopy easy, medium ~ Loopy
# normal and tricky, hard and `-` ~ Loopy hard.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZES="10x10 20x20 30x30"
SEEDS=5
VERIFY=""
GRADE=0
CSV=""
LOOPY_LEVELS="e n t h"
ZLINK_LEVELS="- easy medium hard"
while [ $# -gt 0 ]; do
  case "$1" in
    --sizes) SIZES="$2"; shift 2 ;;
    --seeds) SEEDS="$2"; shift 2 ;;
    --verify) VERIFY="--verify"; shift ;;
    --grade) GRADE=1; shift ;;
    --csv) CSV="$2"; shift 2 ;;
    --loopy-levels) LOOPY_LEVELS="$2"; shift 2 ;;
    --zlink-levels) ZLINK_LEVELS="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
LOOPY=${LOOPY:-$(command -v sgt-loopy || echo /usr/games/sgt-loopy)}
if [ ! -x "$LOOPY" ]; then
  echo "sgt-loopy not found: apt-get install -y sgt-puzzles" >&2
  exit 2
fi
if [ -z "${NO_BUILD:-}" ]; then
  cargo build --release --bin zlink >&2
fi
ZLINK=${ZLINK:-target/release/zlink}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
[ -n "$CSV" ] && echo "tool,size,level,seed,cpu_s,wall_s,kb,hints,cells,grade" > "$CSV"

# one measured run: prints "cpu wall kb"; the command's stdout goes to $TMP/out
measure() {
  /usr/bin/time -f "%U %S %e %M" -o "$TMP/time" "$@" > "$TMP/out" 2> "$TMP/err" || {
    echo "FAILED: $*" >&2; cat "$TMP/err" >&2; return 1; }
  awk '{printf "%.3f %.3f %d\n", $1 + $2, $3, $4}' "$TMP/time"
}
median() { sort -g | awk '{a[NR] = $1} END {if (NR == 0) print "-"; else if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

echo "# $(date -u +%F) $(uname -m), $(nproc) cores, load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
for size in $SIZES; do
  rows=${size%x*}; cols=${size#*x}; cells=$((rows * cols))
  : > "$TMP/rows"
  for seed in $(seq 1 "$SEEDS"); do
    for lv in $LOOPY_LEVELS; do
      read -r cpu wall kb < <(measure "$LOOPY" --generate 1 "${cols}x${rows}t0d${lv}#zlink$seed")
      id=$(grep -v '^$' "$TMP/out" | tail -1)
      hints=$(echo -n "${id#*:}" | tr -cd '0-9' | wc -c)
      grade="-"
      if [ "$GRADE" = 1 ]; then
        grade=$("$ZLINK" grade --kind slitherlink "$id" --json 2>/dev/null | sed -n 's/.*"grade": "\{0,1\}\([a-z]*\).*/\1/p' | head -1)
        grade=${grade:-none}
      fi
      echo "loopy $lv $seed $cpu $wall $kb $hints $grade" >> "$TMP/rows"
    done
    for lv in $ZLINK_LEVELS; do
      diff=(); [ "$lv" != "-" ] && diff=(--difficulty "$lv")
      read -r cpu wall kb < <(measure "$ZLINK" --json generate slitherlink --size "$size" --seed "$seed" "${diff[@]}" $VERIFY)
      hints=$(sed -n 's/^  "hints": \([0-9]*\).*/\1/p' "$TMP/out")
      grade=$(sed -n 's/^  "grade": "\([a-z]*\)".*/\1/p' "$TMP/out")
      echo "zlink $lv $seed $cpu $wall $kb $hints $grade" >> "$TMP/rows"
    done
  done
  [ -n "$CSV" ] && awk -v s="$size" -v c="$cells" '{print $1","s","$2","$3","$4","$5","$6","$7","c","$8}' "$TMP/rows" >> "$CSV"
  echo
  echo "## $size ($SEEDS seeds; medians; CPU s per puzzle, peak MB, hints % of cells)"
  printf "%-6s %-7s %9s %8s %8s %7s %s\n" tool level "CPU s" "wall s" "MB" "hints%" grades
  stat() { # tool level -> cpu wall mb hints% grades
    local f="$TMP/rows"
    local cpu wall mb h g
    cpu=$(awk -v t="$1" -v l="$2" '$1==t && $2==l {print $4}' "$f" | median)
    wall=$(awk -v t="$1" -v l="$2" '$1==t && $2==l {print $5}' "$f" | median)
    mb=$(awk -v t="$1" -v l="$2" '$1==t && $2==l {print $6/1024}' "$f" | median)
    h=$(awk -v t="$1" -v l="$2" -v c="$cells" '$1==t && $2==l {print 100*$7/c}' "$f" | median)
    g=$(awk -v t="$1" -v l="$2" '$1==t && $2==l {print $8}' "$f" | sort | uniq -c | awk '{printf "%s%s:%s", (NR>1?" ":""), $2, $1}')
    echo "$cpu $wall $mb $h $g"
  }
  for lv in $LOOPY_LEVELS; do
    read -r cpu wall mb h g < <(stat loopy "$lv")
    printf "%-6s %-7s %9.3f %8.3f %8.1f %7.1f %s\n" loopy "$lv" "$cpu" "$wall" "$mb" "$h" "$g"
  done
  for lv in $ZLINK_LEVELS; do
    read -r cpu wall mb h g < <(stat zlink "$lv")
    printf "%-6s %-7s %9.3f %8.3f %8.1f %7.1f %s\n" zlink "$lv" "$cpu" "$wall" "$mb" "$h" "$g"
  done
  echo "ratios (zlink / Loopy, medians of CPU s and of hints):"
  for pair in "- h" "easy e" "medium n" "medium t" "hard h"; do
    set -- $pair
    read -r zc _ _ zh _ < <(stat zlink "$1")
    read -r lc _ _ lh _ < <(stat loopy "$2")
    case "$zc $lc" in *-*) continue ;; esac
    awk -v a="$1" -v b="$2" -v zc="$zc" -v lc="$lc" -v zh="$zh" -v lh="$lh" 'BEGIN {
      printf "  zlink %-6s / loopy %s: time %.2f, hints %.2f\n", a, b, zc / (lc > 0 ? lc : 0.001), zh / lh }'
  done
done
