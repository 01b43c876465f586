#!/usr/bin/env bash
# Stable-Rust fuzzing campaign (issue 19): runs the property tests that feed arbitrary bytes
# and mutated real inputs to every reader, with many more cases than `cargo test` does.
#
#   tools/fuzz.sh              # 20000 cases per property
#   CASES=200000 tools/fuzz.sh # longer
#   tools/fuzz.sh --campaign 600   # every parser alone for 600 CPU-seconds (2 threads)
#   FUZZ_TARGETS=sudoku,zebra tools/fuzz.sh --campaign 600   # only these parsers
#
# Prints, per test binary, the cases tried and the CPU time; a failure is a crash: proptest
# prints the minimal input and records it in the crate's `tests/*.proptest-regressions`; copy
# it into that test file's `regressions()` list as well.
set -euo pipefail
cd "$(dirname "$0")/.."
CASES=${CASES:-20000}
export PROPTEST_CASES=$CASES
export PROPTEST_MAX_SHRINK_ITERS=${PROPTEST_MAX_SHRINK_ITERS:-2000}
status=0
harnesses=("zlink-puzzle fuzz_parsers" "zlink-engines fuzz_parsers" "zlink-frontier fuzz_graph")
if [ "${1:-}" = "--campaign" ]; then
    # One line per parser: inputs, thread CPU seconds, crashes (inputs saved in fuzz-crashes/).
    export FUZZ_CPU_SECONDS=${2:-600}
    for spec in "${harnesses[@]}"; do
        set -- $spec
        cargo test --release -q -p "$1" --test "$2" -- --ignored --exact campaign --nocapture \
            | { grep --line-buffered '^fuzz ' || true; } || status=1
    done
    exit $status
fi
for spec in "${harnesses[@]}"; do
    set -- $spec
    cargo test --release -q -p "$1" --test "$2" --no-run
    start=$(date +%s)
    if ! /usr/bin/time -f "$1/$2: %U s user, %S s system, %e s wall" \
        cargo test --release -q -p "$1" --test "$2"; then
        status=1
    fi
    props=$(grep -c '^    fn ' "crates/$1/tests/$2.rs" || true)
    echo "$1/$2: $props properties x $CASES cases in $(( $(date +%s) - start )) s"
done
exit $status
