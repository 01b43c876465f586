#!/usr/bin/env bash
# Peer comparison: zlink vs Graphillion on n x n grid path and cycle counts (issue 3).
#
# Usage: tools/peer-graphillion/run.sh [peer.py compare options]
#   --paths "6..12"   grid sizes for corner-to-corner path counts (default 6..12)
#   --cycles "6..10"  grid sizes for cycle counts (default 6..10)
#   --timeout 300     per-case timeout in seconds; a timed-out case prints "timeout" and
#                     larger sizes of the same kind are skipped for that tool
#   --traversal as-is Graphillion edge order (as-is = zlink's row-major order; greedy = its default)
#   --threads 1       threads for both tools (OMP_NUM_THREADS, RAYON_NUM_THREADS; default 1)
#   --graphillion-only  skip zlink (and the cargo build)
#   --csv FILE        also write every figure to FILE
#   --zlink PATH      zlink binary to use (default target/release/zlink; set NO_BUILD=1 too)
# Environment: NO_BUILD=1 skips `cargo build --release`; PYTHON picks the interpreter for the venv.
#
# Creates tools/peer-graphillion/.venv (gitignored) with graphillion from PyPI on first use.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
venv="$here/.venv"

if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c 'import graphillion' 2>/dev/null; then
    echo "# creating $venv with graphillion" >&2
    "${PYTHON:-python3}" -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check graphillion
fi

if [[ ! -x /usr/bin/time ]]; then
    echo "# /usr/bin/time missing (apt-get install time); measuring peak RSS with getrusage" >&2
fi

skip_build="${NO_BUILD:-0}"
for arg in "$@"; do
    [[ "$arg" == "--graphillion-only" ]] && skip_build=1
done
if [[ "$skip_build" != 1 ]]; then
    echo "# cargo build --release" >&2
    (cd "$repo" && cargo build --release --quiet)
fi

exec "$venv/bin/python" "$here/peer.py" compare "$@"
