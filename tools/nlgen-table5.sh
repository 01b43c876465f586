#!/usr/bin/env bash
# Numberlink generator: the number of good instances (unique, covering solution) of H×W cell
# grids — the ZDD paper's Table 5 and beyond — with time and peak memory, each count checked
# by a second run in the reversed edge order (same family, other diagram).
#
# Usage: tools/nlgen-table5.sh [GRIDS]
#   GRIDS  e.g. "4x4 4x5 4x6 5x5" (default); 5x6, 5x7, 6x6 take much longer
# Environment:
#   TIMEOUT=SECONDS  per-run --time-limit (default 3600; exit 3 prints "timeout")
#   MAXMEM=SIZE      per-run --max-memory (default: zlink's 80% of free memory)
#   NO_CHECK=1       skip the reversed-order run
#   NO_BUILD=1       skip `cargo build --release`
#   ZLINK=PATH       use this binary instead of target/release/zlink
# Peak memory ("Maximum resident set size") comes from GNU `/usr/bin/time -v`.
# Prints one line per run:
#   grid  order  count  zlink_seconds  cpu_seconds  peak_MB  peak_states  peak_nodes
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
zlink="${ZLINK:-$repo/target/release/zlink}"
grids="${1:-4x4 4x5 4x6 5x5}"
timeout_s="${TIMEOUT:-3600}"
if [[ -z "${NO_BUILD:-}" ]]; then
    (cd "$repo" && cargo build --release --bin zlink >&2)
fi
mem=()
if [[ -n "${MAXMEM:-}" ]]; then mem=(--max-memory "$MAXMEM"); fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
printf '%-5s %-8s %-16s %10s %10s %8s %10s %10s\n' grid order count zlink_s cpu_s peak_MB states nodes
for g in $grids; do
    orders=(sweep)
    if [[ -z "${NO_CHECK:-}" ]]; then orders+=(reversed); fi
    for o in "${orders[@]}"; do
        flag=()
        if [[ "$o" == reversed ]]; then flag=(--reverse-order); fi
        set +e
        /usr/bin/time -v "$zlink" --json generate numberlink --grid "$g" --count \
            --time-limit "$timeout_s" "${mem[@]}" "${flag[@]}" >"$tmp/out" 2>"$tmp/err"
        rc=$?
        set -e
        if [[ $rc -ne 0 ]]; then
            printf '%-5s %-8s %s\n' "$g" "$o" "exit $rc: $(grep -v '^\s' "$tmp/err" | head -1)"
            continue
        fi
        json="$(cat "$tmp/out")"
        field() { sed -n "s/.*\"$1\":\"\{0,1\}\([0-9.]*\).*/\1/p" <<<"$json"; }
        cpu="$(awk -F': ' '/User time/{u=$2} /System time/{s=$2} END{printf "%.1f", u+s}' "$tmp/err")"
        kb="$(awk -F': ' '/Maximum resident/{print $2}' "$tmp/err")"
        printf '%-5s %-8s %-16s %10.1f %10s %8d %10s %10s\n' "$g" "$o" "$(field count)" \
            "$(field seconds)" "$cpu" "$((kb / 1024))" "$(field peak_states)" "$(field peak_nodes)"
    done
done
