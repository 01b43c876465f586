#!/usr/bin/env bash
# Peer comparison: zlink vs TdZdd on n x n grid paths and cycles, building and counting (issue 3).
#
# Usage: tools/peer-tdzdd/run.sh [options of peer_tdzdd.py]
#   --paths "8..13"   grid sizes for corner-to-corner paths (default 8..13)
#   --cycles "8..12"  grid sizes for cycles (default 8..12)
#   --modes "build count"  build: both build the reduced ZDD; count: both count only
#   --timeout 600     per-case seconds; a timed-out (or failed) case stops larger sizes of that
#                     kind and mode for that tool
#   --threads 1       threads for both tools (>1: TdZdd's OpenMP build, OMP_NUM_THREADS)
#   --order row-major zlink edge order (row-major = the order the TdZdd driver uses)
#   --max-mem-gb 8    ulimit -v per process
#   --repeat 1        runs per case and tool; the table shows medians
#   --csv FILE        also write every figure (wall and CPU seconds) to FILE
#   --zlink PATH      zlink binary (default target/release/zlink; or ZLINK=path)
# Environment: NO_BUILD=1 skips building zlink (by default `cargo zlink-static`: the lean static
#   binary the README recommends for counting, whose start-up holds 3.7 MB resident against the
#   dynamic build's 10 MB, which the 14x14 count-only memory figures would otherwise carry);
#   ZLINK=path; CXX (default g++);
#   TDZDD_INCLUDE=dir uses that TdZdd header dir (the one holding DdStructure.hpp);
#   TDZDD_COMMIT=sha clones github.com/kunisura/TdZdd at that commit instead of the default
#   source, TdZdd's headers as vendored in Graphillion 2.1's sdist on PyPI (src/subsetting).
#
# Fetches and builds into tools/peer-tdzdd/.cache (gitignored).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cache="$here/.cache"
mkdir -p "$cache"

if [[ -n "${TDZDD_INCLUDE:-}" ]]; then
    inc="$TDZDD_INCLUDE"
elif [[ -n "${TDZDD_COMMIT:-}" ]]; then
    src="$cache/TdZdd-$TDZDD_COMMIT"
    if [[ ! -f "$src/include/tdzdd/DdStructure.hpp" ]]; then
        echo "# cloning TdZdd at $TDZDD_COMMIT" >&2
        rm -rf "$src"
        git clone --quiet https://github.com/kunisura/TdZdd "$src"
        git -C "$src" checkout --quiet "$TDZDD_COMMIT"
    fi
    inc="$src/include/tdzdd"
else
    # Graphillion 2.1 ships TdZdd's headers (namespace tdzdd, same layout as TdZdd's
    # include/tdzdd) in its source distribution; pinned by version, fetched with pip.
    src="$cache/graphillion-2.1"
    if [[ ! -f "$src/src/subsetting/DdStructure.hpp" ]]; then
        echo "# fetching TdZdd headers from the graphillion==2.1 sdist (PyPI)" >&2
        "${PYTHON:-python3}" -m pip download --quiet --disable-pip-version-check --no-deps \
            --no-binary :all: --dest "$cache" graphillion==2.1
        tar -xzf "$cache/graphillion-2.1.tar.gz" -C "$cache"
    fi
    inc="$src/src/subsetting"
fi
[[ -f "$inc/DdStructure.hpp" ]] || { echo "FAIL: no DdStructure.hpp in $inc" >&2; exit 1; }

# Rebuild the driver when it, or the header dir, changed.
bin="$cache/bin"
stamp="$(cat "$here/tdzdd_grid.cpp" <(echo "$inc ${CXX:-g++}") | sha256sum | cut -c1-16)"
if [[ "$(cat "$bin/stamp" 2>/dev/null)" != "$stamp" ]]; then
    echo "# building tdzdd_grid (-O3 -march=native -DNDEBUG; and an OpenMP build)" >&2
    mkdir -p "$bin"
    flags=(-std=c++11 -O3 -march=native -DNDEBUG -I"$inc")
    "${CXX:-g++}" "${flags[@]}" -o "$bin/tdzdd_grid" "$here/tdzdd_grid.cpp"
    "${CXX:-g++}" "${flags[@]}" -fopenmp -o "$bin/tdzdd_grid_omp" "$here/tdzdd_grid.cpp"
    echo "$stamp" > "$bin/stamp"
fi

if [[ ! -x /usr/bin/time ]]; then
    echo "FAIL: /usr/bin/time missing (apt-get install time)" >&2
    exit 1
fi
if [[ "${NO_BUILD:-0}" != 1 ]]; then
    echo "# cargo zlink-static (target/release/zlink, static, without the MIP solver)" >&2
    (cd "$repo" && cargo --quiet zlink-static)
fi
zlink_args=()
[[ -n "${ZLINK:-}" ]] && zlink_args=(--zlink "$ZLINK")
exec "${PYTHON:-python3}" "$here/peer_tdzdd.py" --bin-dir "$bin" "${zlink_args[@]}" "$@"
