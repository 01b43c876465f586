#!/usr/bin/env bash
# Peer comparison: zlink vs TdZdd's ddnumlin on the Janko Numberlink corpus (issue 12).
#
# Usage: tools/peer-ddnumlin/run.sh [options of peer_ddnumlin.py]
#   --filter SUBSTRING  only puzzle keys containing it, e.g. 35x48 (repeatable: any of them)
#   --timeout 60        per-run wall seconds; a timed-out run counts as a failure of that tool
#   --skip-big          skip puzzles with more than 1000 cells (25x42 and 35x48)
#   --csv FILE          also write every puzzle's figures (wall, CPU, RSS, counts) to FILE
#   --threads 1         zlink --threads, RAYON_NUM_THREADS, OMP_NUM_THREADS
#   --max-mem-gb 8      ulimit -v per process (zlink also gets --max-memory 0.9 of it)
#   --corpus FILE       default ../shared/data/puzzlekit-janko/NumberLink_dataset.json
#   --verbose           one line per puzzle (default: failures and the big single puzzles)
# Environment: NO_BUILD=1 skips the build; LINK=dynamic builds with `cargo build --release -p zlink-cli`
#   instead of the default `cargo zlink-static` (the statically linked binary, see
#   .cargo/config.toml: ddnumlin's runs are milliseconds, so start-up matters); ZLINK=path;
#   DDNUMLIN=path is the ddnumlin binary (default tools/peer-ddnumlin/.cache/bin/ddnumlin,
#   then ddnumlin on PATH): TdZdd's apps/numberlink program, built outside this repo.
#
# Nothing of TdZdd is in this repo, and this script neither fetches nor builds it; keep the
# binary in tools/peer-ddnumlin/.cache/ (gitignored).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cache="$here/.cache"

if [[ -n "${DDNUMLIN:-}" ]]; then
    ddnumlin="$DDNUMLIN"
elif [[ -x "$cache/bin/ddnumlin" ]]; then
    ddnumlin="$cache/bin/ddnumlin"
elif command -v ddnumlin >/dev/null; then
    ddnumlin="$(command -v ddnumlin)"
else
    echo "FAIL: no ddnumlin: set DDNUMLIN=path or put it at $cache/bin/ddnumlin" >&2
    exit 1
fi
[[ -x "$ddnumlin" ]] || { echo "FAIL: $ddnumlin is not executable" >&2; exit 1; }

if [[ ! -x /usr/bin/time ]]; then
    echo "FAIL: /usr/bin/time missing (apt-get install time)" >&2
    exit 1
fi
if [[ "${NO_BUILD:-0}" != 1 ]]; then
    if [[ "${LINK:-static}" == dynamic ]]; then
        echo "# cargo build --release -p zlink-cli" >&2
        (cd "$repo" && cargo build --release --quiet -p zlink-cli)
    else
        echo "# cargo zlink-static (target/release/zlink linked statically)" >&2
        (cd "$repo" && cargo --quiet zlink-static)
    fi
fi
zlink_args=()
[[ -n "${ZLINK:-}" ]] && zlink_args=(--zlink "$ZLINK")
exec "${PYTHON:-python3}" "$here/peer_ddnumlin.py" --ddnumlin "$ddnumlin" "${zlink_args[@]}" "$@"
