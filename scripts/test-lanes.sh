#!/usr/bin/env bash
# `make test`'s stages in two lanes at once, one a core: the virtual machine's cases (QEMU's TCG,
# about one core, much of it waiting on the guest) with the headless scripts and command-line
# checks, beside the Swift tests, the compositor's real programs, wlcs, the example package and the
# screen reader (7 December 2026, this 2-core machine: about 21 and 20 minutes). The build is made first;
# neither lane builds again (SwiftPM holds its lock for a whole `swift test`: a build in the other lane
# would wait out the run). Each line is said with its lane's name as it comes; the exit status is the
# first failing lane's, and both lanes run to their end.
set -uo pipefail
MAKE=${MAKE:-make}
out=.build/lanes
mkdir -p "$out"

lane() {
    local name=$1
    shift
    local started=$SECONDS
    $MAKE --no-print-directory BUILT=1 "$@" 2>&1 | sed -u "s/^/[$name] /"
    local status=${PIPESTATUS[0]}
    echo "[$name] lane ended with status $status after $((SECONDS - started)) s"
    echo "$status" >"$out/$name.status"
}

rm -f "$out"/*.status
lane machine machine scripts guidelines cli e2e &
machine_lane=$!
lane swift unit compositor install-test wlcs examples a11y
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
