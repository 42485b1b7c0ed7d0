#!/usr/bin/env bash
# Screen readers: Slate on the AT-SPI bus. In a D-Bus session of its own, with the accessibility bus
# (at-spi2-core's launcher) and Xvfb, `slate run` shows Mail (a process of its own, on the bus as its
# own application; the shell's chrome is "Slate"), and Tests/a11y/walk.py reads and drives it with
# pyatspi — the library Orca and Accerciser use — in English, then in Russian. Also measures the idle
# CPU of the shell and of Mail's process with the bus and without it.
set -uo pipefail
slate=$(realpath "${SLATE:-.build/debug/slate}")
here=$(cd "$(dirname "$0")" && pwd)
python=/usr/bin/python3   # Debian's, which has pyatspi (python3-pyatspi)

# A session bus of our own, so that nothing of the desktop's (or another test's) is seen.
if [ -z "${SLATE_A11Y_SESSION:-}" ]; then
    SLATE_A11Y_SESSION=1 exec timeout 300 dbus-run-session -- "$0" "$@" 2> >(grep -v "Failed to set fd limit" >&2)
fi

unset AT_SPI_BUS_ADDRESS   # the desktop's accessibility bus, if any, is not ours
work=$(mktemp -d)
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
    [ -n "${xvfb:-}" ] && kill "$xvfb" 2>/dev/null
    # The launcher's own bus daemon outlives a TERM to the launcher: it goes first (left behind, each
    # run's held an inotify instance until the user's 128 were taken).
    [ -n "${bus:-}" ] && { pkill -P "$bus" 2>/dev/null; kill "$bus" 2>/dev/null; }
    rm -rf "$work"
}
trap cleanup EXIT

# Xvfb picks a free display itself and tells which (other tests may be starting theirs).
Xvfb -displayfd 3 -screen 0 1600x1200x24 -nolisten tcp 3>"$work/display" >"$work/xvfb.log" 2>&1 &
xvfb=$!
for _ in $(seq 50); do [ -s "$work/display" ] && break; sleep 0.1; done
export DISPLAY=":$(head -1 "$work/display")"
for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
xdpyinfo >/dev/null 2>&1 || { echo "a11y: Xvfb did not start: $(cat "$work/xvfb.log")"; exit 1; }

# The CPU seconds a process used over `secs` seconds of idling, as a percentage.
idle_cpu() {
    local pid=$1 secs=$2 t0 t1
    t0=$(awk '{print $14 + $15}' "/proc/$pid/stat")
    sleep "$secs"
    t1=$(awk '{print $14 + $15}' "/proc/$pid/stat")
    awk -v a="$t0" -v b="$t1" -v s="$secs" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.1f", (b - a) / hz / s * 100 }'
}

# Slate with a fresh sample Maildir and fresh window state, in `locale`; its pid in $app.
start_slate() {
    local locale=$1
    rm -rf "$work/data" "$work/state" "$work/runtime"
    mkdir -m 700 "$work/runtime"
    XDG_RUNTIME_DIR="$work/runtime" XDG_DATA_HOME="$work/data" XDG_STATE_HOME="$work/state" \
        XDG_CONFIG_HOME="$work/config" "$slate" run --locale "$locale" >"$work/slate-$locale.log" 2>&1 &
    app=$!
    pids+=("$app")
    for _ in $(seq 400); do xwininfo -root -children 2>/dev/null | grep -q '"Slate"' && break; sleep 0.1; done
    xwininfo -root -children 2>/dev/null | grep -q '"Slate"' ||
        { echo "a11y: the window did not appear: $(cat "$work/slate-$locale.log")"; exit 1; }
}

# Mail's process, started by the shell.
mail_pid() {
    for _ in $(seq 100); do
        local p
        p=$(pgrep -P "$app" -f " app Mail" | head -1)
        [ -n "$p" ] && { echo "$p"; return; }
        sleep 0.1
    done
}

# Without the accessibility bus: neither the shell nor Mail connects, and both idle at ~0 CPU.
start_slate en
mail=$(mail_pid)
[ -n "$mail" ] || { echo "a11y: Mail's process did not start: $(cat "$work/slate-en.log")"; exit 1; }
sleep 2
cpu_without=$(idle_cpu "$app" 3)
mail_cpu_without=$(idle_cpu "$mail" 3)
kill "$app"; wait "$app" 2>/dev/null

/usr/libexec/at-spi-bus-launcher --launch-immediately >"$work/bus.log" 2>&1 &
bus=$!
for _ in $(seq 50); do
    dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus org.a11y.Bus.GetAddress >/dev/null 2>&1 && break
    sleep 0.1
done
dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus org.a11y.Bus.GetAddress >/dev/null 2>&1 ||
    { echo "a11y: the accessibility bus did not start: $(cat "$work/bus.log")"; exit 1; }

failed=0
for locale in en ru; do
    start_slate "$locale"
    full=()
    [ "$locale" = en ] && full=(--full)
    timeout 120 "$python" "$here/walk.py" --locale "$locale" "${full[@]}" || failed=1
    if [ "$locale" = en ]; then
        sleep 1
        cpu_with=$(idle_cpu "$app" 3)
        mail=$(mail_pid)
        mail_cpu_with=$(idle_cpu "$mail" 3)
    fi
    kill "$app"; wait "$app" 2>/dev/null
    if [ $failed -ne 0 ]; then
        echo "a11y: slate's output:"; sed 's/^/  /' "$work/slate-$locale.log"
        break
    fi
done

echo "a11y: idle CPU of slate run: ${cpu_without}% without the accessibility bus, ${cpu_with:-?}% with it;" \
    "of Mail's process: ${mail_cpu_without}% and ${mail_cpu_with:-?}%"
# Idle means asleep: a busy loop would show tens of percent.
for c in "$cpu_without" "${cpu_with:-0}" "$mail_cpu_without" "${mail_cpu_with:-0}"; do
    if awk -v c="$c" 'BEGIN { exit !(c > 5) }'; then echo "a11y: FAIL slate run is not idle (${c}% CPU)"; failed=1; fi
done
[ $failed -eq 0 ] && echo "a11y: passed" || echo "a11y: FAILED"
exit $failed
