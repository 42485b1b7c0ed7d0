#!/usr/bin/env bash
# End to end: a real window under X (Xvfb when no display is set) — the compositor's, on wlroots' X11
# backend, as `slate run` opens it — driven by xdotool as a person would drive it — a click, a 0.6 s
# press-and-hold, a drag — and Slate must report a tap, a long press and a pan, in that order. Then
# Settings › Display Scale: `slate run` at the scale settings.json chose (twice the pixels at 2), and
# --scale winning over it.
set -uo pipefail
slate=${SLATE:-.build/debug/slate}
work=$(mktemp -d)
cleanup() {
    [ -n "${app:-}" ] && kill "$app" 2>/dev/null
    [ -n "${run:-}" ] && kill "$run" 2>/dev/null
    [ -n "${xvfb:-}" ] && kill "$xvfb" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

name="e2e"
source "$(dirname "$0")/xvfb.sh"

mkdir -m 700 "$work/runtime"
XDG_RUNTIME_DIR="$work/runtime" "$slate" probe --log "$work/gestures.log" >"$work/out.log" 2>&1 &
app=$!
wid=$(named_window "Slate probe")
[ -n "$wid" ] || { echo "e2e: the window did not appear: $(cat "$work/out.log")"; exit 1; }
eval "$(xdotool getwindowgeometry --shell "$wid")"
cx=$((X + WIDTH / 2))
cy=$((Y + HEIGHT / 2))
sleep 0.5

xdotool mousemove "$cx" "$cy" click 1
sleep 0.4
xdotool mousemove "$cx" "$cy" mousedown 1
sleep 0.6
xdotool mouseup 1
sleep 0.4
xdotool mousemove "$cx" "$cy" mousedown 1
for i in $(seq 1 12); do xdotool mousemove "$((cx + i * 12))" "$((cy + i * 3))"; sleep 0.02; done
xdotool mouseup 1
sleep 0.5

seen=$(tr '\n' ' ' <"$work/gestures.log")
expected="tap long-press pan "
passed=0
failed=0
for g in tap long-press pan; do
    if grep -qx "$g" "$work/gestures.log"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "e2e: no $g seen"; fi
done
if [ "$seen" != "$expected" ]; then
    echo "e2e: expected the gestures '$expected', saw '$seen'"
    [ $failed -eq 0 ] && failed=1 && passed=$((passed - 1))
fi

# The shell's window at each display scale: its width in X pixels.
window_width() {  # window_width SETTINGS-JSON [ARGS...]
    local json=$1
    shift
    mkdir -p "$work/config/slate" "$work/state"
    printf '%s\n' "$json" >"$work/config/slate/settings.json"
    XDG_CONFIG_HOME="$work/config" XDG_RUNTIME_DIR="$work/runtime" SLATE_ACCESSIBILITY=0 \
        "$slate" run --in-process --state-dir "$work/state" "$@" >"$work/run.log" 2>&1 &
    run=$!
    local id
    id=$(named_window "Slate") || { echo ""; kill "$run"; wait "$run" 2>/dev/null; run=; return; }
    eval "$(xdotool getwindowgeometry --shell "$id")"
    echo "$WIDTH"
    kill "$run"
    wait "$run" 2>/dev/null
    run=
}
one=$(window_width '{"displayScale": 1}')
two=$(window_width '{"displayScale": 2}')
forced=$(window_width '{"displayScale": 2}' --scale 1)
if [ -n "$one" ] && [ "$two" = "$((one * 2))" ]; then passed=$((passed + 1)); else
    failed=$((failed + 1))
    echo "e2e: Display Scale 2 should double the window's pixels: 1× $one, 2× $two; $(tail -3 "$work/run.log")"
fi
if [ -n "$one" ] && [ "$forced" = "$one" ]; then passed=$((passed + 1)); else
    failed=$((failed + 1))
    echo "e2e: --scale 1 should win over Display Scale 2: $forced, not $one"
fi
echo "e2e window: $passed passed, $failed failed"
[ $failed -eq 0 ]
