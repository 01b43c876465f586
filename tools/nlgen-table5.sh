#!/usr/bin/env bash
# Numberlink generator: the number of good instances (unique, covering solution) of H×W cell
# grids — the ZDD paper's Table 5 and beyond — with time and peak memory, each count checked
# by a second method.
#
# Usage: tools/nlgen-table5.sh [GRIDS]
#   GRIDS  e.g. "4x4 4x5 4x6 5x5" (default); 5x6 takes seconds, 5x7 and 6x6 minutes
# Environment:
#   METHODS="..."    which runs, in order (default "count count-check"):
#                      count        --count: the count-only pass (sweep order, mirrors)
#                      count-check  --count --reverse-order --no-symmetry: the same pass in the
#                                   reversed edge order, no mirrors (other states throughout)
#                      diagram      --count --diagram: the diagram of all good instances
#                      diagram-rev  the same in the reversed edge order
#   THREADS=N        --threads of the count-only pass (default 1)
#   TIMEOUT=SECONDS  per-run --time-limit (default 3600; exit 3 prints "timeout")
#   MAXMEM=SIZE      per-run --max-memory (default: zlink's 80% of free memory)
#   NO_BUILD=1       skip `cargo build --release`
#   ZLINK=PATH       use this binary instead of target/release/zlink
# Peak memory ("Maximum resident set size") and CPU come from GNU `/usr/bin/time -v`.
# Prints one line per run:
#   grid  method  count  zlink_seconds  cpu_seconds  peak_MB  peak_states  peak_mates|nodes
# and, with VERBOSE=1, the counts by number of pairs below each line.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
zlink="${ZLINK:-$repo/target/release/zlink}"
grids="${1:-4x4 4x5 4x6 5x5}"
methods="${METHODS:-count count-check}"
timeout_s="${TIMEOUT:-3600}"
threads="${THREADS:-1}"
if [[ -z "${NO_BUILD:-}" ]]; then
    (cd "$repo" && cargo build --release --bin zlink >&2)
fi
mem=()
if [[ -n "${MAXMEM:-}" ]]; then mem=(--max-memory "$MAXMEM"); fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
printf '%-5s %-12s %-16s %10s %10s %8s %10s %10s\n' \
    grid method count zlink_s cpu_s peak_MB states mates/nodes
for g in $grids; do
    for m in $methods; do
        case "$m" in
            count) flag=(--threads "$threads") ;;
            count-check) flag=(--threads "$threads" --reverse-order --no-symmetry) ;;
            diagram) flag=(--diagram) ;;
            diagram-rev) flag=(--diagram --reverse-order) ;;
            *) echo "unknown method $m" >&2; exit 2 ;;
        esac
        set +e
        /usr/bin/time -v "$zlink" --json generate numberlink --grid "$g" --count \
            --time-limit "$timeout_s" "${mem[@]}" "${flag[@]}" >"$tmp/out" 2>"$tmp/err"
        rc=$?
        set -e
        if [[ $rc -ne 0 ]]; then
            printf '%-5s %-12s %s\n' "$g" "$m" "exit $rc: $(grep -v '^\s' "$tmp/err" | head -1)"
            continue
        fi
        json="$(cat "$tmp/out")"
        field() { sed -n "s/.*\"$1\":\"\{0,1\}\([0-9.]*\).*/\1/p" <<<"$json"; }
        cpu="$(awk -F': ' '/User time/{u=$2} /System time/{s=$2} END{printf "%.1f", u+s}' "$tmp/err")"
        kb="$(awk -F': ' '/Maximum resident/{print $2}' "$tmp/err")"
        size="$(field peak_mates)"
        if [[ -z "$size" ]]; then size="$(field peak_nodes)"; fi
        printf '%-5s %-12s %-16s %10.1f %10s %8d %10s %10s\n' "$g" "$m" "$(field count)" \
            "$(field seconds)" "$cpu" "$((kb / 1024))" "$(field peak_states)" "$size"
        if [[ -n "${VERBOSE:-}" ]]; then
            sed -n 's/.*"count_by_pairs":\[\([^]]*\)\].*/  by pairs: \1/p' <<<"$json" | tr -d '"'
        fi
    done
done
