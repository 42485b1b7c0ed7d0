#!/usr/bin/env bash
# End to end: the example package's own executable opens Slate in a real window (the compositor's, under
# Xvfb when no display is set) with its app installed — a process of its own, started from the same
# executable — from fresh data and state folders, and keeps running.
set -uo pipefail
recipes=${RECIPES:-Examples/.build/debug/recipes}
work=$(mktemp -d)
cleanup() {
    [ -n "${app:-}" ] && kill "$app" 2>/dev/null
    [ -n "${xvfb:-}" ] && kill "$xvfb" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

name="example run"
source "$(dirname "$0")/xvfb.sh"

mkdir -m 700 "$work/runtime"
XDG_RUNTIME_DIR="$work/runtime" XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" XDG_STATE_HOME="$work/state" \
    "$recipes" run >"$work/out.log" 2>&1 &
app=$!
passed=0
failed=0
wid=$(named_window Slate)
if [ -n "$wid" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "example run: no window: $(cat "$work/out.log")"; fi
sleep 1
if kill -0 "$app" 2>/dev/null; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "example run: it exited: $(cat "$work/out.log")"; fi
# Recipes runs as a process of its own, started by the shell from the same executable.
recipes_pid=""
for _ in $(seq 100); do recipes_pid=$(pgrep -P "$app" -f " app Recipes" | head -1); [ -n "$recipes_pid" ] && break; sleep 0.1; done
if [ -n "$recipes_pid" ]; then passed=$((passed + 1)); else
    failed=$((failed + 1)); echo "example run: Recipes is not a process of its own: $(cat "$work/out.log")"; fi
# The app's window came back from nothing: its session was saved where the state home says.
for _ in $(seq 30); do [ -e "$work/state/slate/org.example.recipes/manifest.json" ] && break; sleep 0.1; done
if [ -e "$work/state/slate/org.example.recipes/manifest.json" ]; then passed=$((passed + 1)); else
    failed=$((failed + 1)); echo "example run: Recipes saved no windows: $(ls -R "$work/state" 2>&1)"; fi
# The benchmarks are the slate program's alone: an app's own program (linking SlateSystem) has none,
# and says so in one line.
said=$("$recipes" bench 2>&1)
status=$?
if [ "$status" -eq 2 ] && [ "$said" = "slate: bench is the slate program's; this program has no benchmarks" ]; then
    passed=$((passed + 1))
else
    failed=$((failed + 1)); echo "example run: bench in an app's own program said ($status): $said"
fi
echo "example run: $passed passed, $failed failed"
[ $failed -eq 0 ]
