#!/usr/bin/env bash
# make tsan / make asan: the tests under ThreadSanitizer or AddressSanitizer, each in a build folder of
# its own (.build/tsan, .build/asan), in the three runs `make unit` and `make compositor` make — the
# monkey and the compositor's tests each on their own, as they starve each other otherwise (the
# monkey holds the main actor for its whole run; the compositor's tests wait on real programs).
# Every sanitized process writes its reports under .build/SANITIZER-reports: the test runner, and
# the app processes the compositor's tests start (`slate app Mail`, built with the same sanitizer).
# Any report, or any failing run, fails the whole; all three runs go first.
#
#   scripts/sanitizer-tests.sh thread|address
set -uo pipefail
cd "$(dirname "$0")/.."
kind=${1:?thread or address}
case $kind in
thread) build=.build/tsan; var=TSAN_OPTIONS; opts="suppressions=$PWD/scripts/tsan.supp"
    # Every process several times slower: the compositor tests' waits and time limits stretch so much.
    export SLATE_TEST_SLOWDOWN=4 ;;
# ASan keeps up to 256 MB of freed memory aside (its quarantine) to catch late uses; the tests that
# bound resident memory (HugeMessageTests) would count it as Slate's. 32 MB still covers a frame's.
# ASAN_EXTRA adds options: fast_unwind_on_malloc=0 gives a leak whose allocation ran in the
# toolchain's libraries (no frame pointers) its whole stack, at several times the cost.
address) build=.build/asan; var=ASAN_OPTIONS
    export SLATE_TEST_SLOWDOWN=2
    opts="detect_leaks=1 quarantine_size_mb=32 suppressions=$PWD/scripts/asan.supp ${ASAN_EXTRA:-}"
    export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp" ;;
*) echo "sanitizer-tests: thread or address, not $kind"; exit 2 ;;
esac
reports=$PWD/.build/$kind-reports
rm -rf "$reports" && mkdir -p "$reports"
export "$var=$opts log_path=$reports/report"
swift=${SWIFT:-swift}

$swift build --build-tests --sanitize="$kind" --build-path "$build" || exit 1
status=0
run() {
    echo "sanitizer-tests: $kind: swift test $*"
    $swift test --skip-build --sanitize="$kind" --build-path "$build" "$@" || status=1
}
run --skip MonkeyTests --skip CompositorTests
run --filter MonkeyTests
run --filter CompositorTests ${SANITIZER_SKIP:-}

# (A report file with no ERROR holds only the statistics of suppressions that matched.)
found=$(grep -l "ERROR: " "$reports"/report* 2>/dev/null)
if [ -n "$found" ]; then
    cat $found
    echo "sanitizer-tests: $kind: $(echo "$found" | wc -l) process(es) reported (above; files in $reports)"
    exit 1
fi
[ $status -eq 0 ] && echo "sanitizer-tests: $kind: clean"
exit $status
