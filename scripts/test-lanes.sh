#!/usr/bin/env bash
# `make test`'s stages in two lanes at once, one a core, once the product is built: the virtual
# machine's cases (QEMU's TCG, about one core, much of it waiting on the guest), the headless
# scripts, the command-line checks, wlcs, the example package and the screen reader, which need only
# the product, beside the lint, the tests' build, the Swift tests, the compositor's real programs and
# the install. The machine starts while the tests are built: a clean checkout's build of the tests
# took 174 s of its 305 s (8 December 2026, this 2-core machine), and building them relinks nothing
# the machine's lane runs. (From a clean checkout the lanes took 945 s and 1,410 s with wlcs, the
# example package and the screen reader in the Swift lane; hence they are in the machine's.) No stage builds again (BUILT=1: SwiftPM holds its lock for a whole `swift test`, and a
# build in the other lane would wait out the run). Each line is said with its lane's name as it
# comes, and each stage's time as it ends; every stage runs, and the exit status is the first failing
# stage's.
set -uo pipefail
MAKE=${MAKE:-make}
out=.build/lanes
mkdir -p "$out"

lane() {
    local name=$1
    shift
    local started=$SECONDS status=0 stage stage_started stage_status
    for stage in "$@"; do
        stage_started=$SECONDS
        $MAKE --no-print-directory BUILT=1 "$stage" 2>&1 | sed -u "s/^/[$name] /"
        stage_status=${PIPESTATUS[0]}
        echo "[$name] stage $stage ended with status $stage_status after $((SECONDS - stage_started)) s"
        [ "$stage_status" != 0 ] && [ "$status" = 0 ] && status=$stage_status
    done
    echo "[$name] lane ended with status $status after $((SECONDS - started)) s"
    echo "$status" >"$out/$name.status"
}

rm -f "$out"/*.status
lane machine machine scripts guidelines cli e2e wlcs examples a11y &
machine_lane=$!
lane swift lint build-tests unit compositor install-test
wait "$machine_lane"

status=0
for name in swift machine; do
    lane_status=$(cat "$out/$name.status" 2>/dev/null || echo 1)
    if [ "$lane_status" != 0 ]; then
        echo "make test: the $name lane failed (status $lane_status)"
        [ "$status" = 0 ] && status=$lane_status
    fi
done
exit "$status"
