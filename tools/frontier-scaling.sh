#!/usr/bin/env bash
# Frontier builder scaling: time and peak memory of `zlink count paths --grid NxN --json`
# (corner-to-corner path count, count only) for large grids, with 1 and with 2 threads.
#
# Usage: tools/frontier-scaling.sh [SIZES] [THREADS]
#   SIZES    grid sizes, e.g. "14 15 16 17" or "14..17" (default 14..17)
#   THREADS  thread counts to try, e.g. "1 2" (default "1 2")
# Environment:
#   TIMEOUT=SECONDS  per-case limit (default 3600); a case over it prints "timeout"
#   NO_BUILD=1       skip `cargo build --release`
#   ZLINK=PATH       use this binary instead of target/release/zlink
#
# Threads are set with RAYON_NUM_THREADS, and also with `--threads N` when
# `zlink count paths --help` lists that option. CPU seconds (user + system), wall seconds and
# peak memory ("Maximum resident set size") come from GNU `/usr/bin/time -v` (install it with
# `apt-get install time`). On a shared box compare CPU seconds: wall time counts the waits for
# other processes; with N threads on an idle box, wall ≈ CPU / N is perfect scaling.
# Prints one line per case:
#   case  threads  count  zlink_seconds  cpu_seconds  wall_seconds  peak_MB
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
zlink="${ZLINK:-$repo/target/release/zlink}"

sizes="${1:-14..17}"
threads="${2:-1 2}"
timeout_s="${TIMEOUT:-3600}"
if [[ "$sizes" == *..* ]]; then
    sizes="$(seq "${sizes%..*}" "${sizes#*..}" | tr '\n' ' ')"
fi

if [[ ! -x /usr/bin/time ]]; then
    echo "frontier-scaling: /usr/bin/time (GNU time) is missing; installing it with apt-get" >&2
    if ! { apt-get update -qq && apt-get install -y -qq time; } >&2; then
        echo "frontier-scaling: could not install GNU time; run 'apt-get install time'" >&2
        exit 2
    fi
fi

if [[ "${NO_BUILD:-0}" != 1 ]]; then
    (cd "$repo" && cargo build --release --quiet)
fi
[[ -x "$zlink" ]] || { echo "frontier-scaling: $zlink missing" >&2; exit 2; }

thread_flag=0
if "$zlink" count paths --help 2>/dev/null | grep -q -- '--threads'; then
    thread_flag=1
fi

# The JSON field `name` from zlink's output (a number or a string), without jq.
json_field() {
    python3 -c 'import json,sys; v=json.load(sys.stdin).get(sys.argv[1]); print("-" if v is None else v)' "$1"
}

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
printf '%-8s %7s %60s %13s %11s %12s %10s\n' case threads count zlink_seconds cpu_seconds \
    wall_seconds peak_MB
for n in $sizes; do
    for t in $threads; do
        args=(count paths --grid "${n}x${n}" --json)
        [[ "$thread_flag" == 1 ]] && args+=(--threads "$t")
        status=0
        RAYON_NUM_THREADS="$t" timeout --kill-after=10 "$timeout_s" \
            /usr/bin/time -v -o "$tmp/time" "$zlink" "${args[@]}" >"$tmp/out" 2>"$tmp/err" ||
            status=$?
        if [[ "$status" == 124 || "$status" == 137 ]]; then
            printf '%-8s %7s %60s\n' "${n}x${n}" "$t" timeout
            continue
        elif [[ "$status" != 0 ]]; then
            echo "frontier-scaling: zlink failed (exit $status) on ${n}x${n}, $t threads:" >&2
            cat "$tmp/err" >&2
            exit 1
        fi
        count="$(json_field count <"$tmp/out")"
        secs="$(json_field seconds <"$tmp/out")"
        cpu="$(awk -F': ' '/User time|System time/ { s += $2 } END { printf "%.2f", s }' \
            "$tmp/time")"
        rss_kb="$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$tmp/time")"
        wall="$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$tmp/time" |
            awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; printf "%.2f", s }')"
        printf '%-8s %7s %60s %13s %11s %12s %10.1f\n' "${n}x${n}" "$t" "$count" "$secs" "$cpu" "$wall" \
            "$(awk -v k="$rss_kb" 'BEGIN { print k / 1024 }')"
    done
done
