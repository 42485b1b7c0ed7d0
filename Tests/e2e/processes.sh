#!/usr/bin/env bash
# End to end: the shell as a Wayland compositor in a window on X (Xvfb when no display is set), with
# Slate's Mail as a process of its own, driven by xdotool as a person would: a click on a message
# opens it in a second window (Mail saves two sessions); SIGKILL to Mail leaves the shell running;
# a click on Mail's dimmed window starts Mail again, and it brings back both windows. On this
# backend (wlroots' X11 one, whose screen may be drawn with a GPU elsewhere) programs are offered
# shared memory only, and a program drawing with OpenGL gets Mesa's software path into it.
set -uo pipefail
slate=${SLATE:-.build/debug/slate}
work=$(mktemp -d)
cleanup() {
    [ -n "${shell_pid:-}" ] && kill "$shell_pid" 2>/dev/null
    pkill -KILL -f -- "--state-dir $work/state" 2>/dev/null
    [ -n "${xvfb:-}" ] && kill "$xvfb" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
name="processes"
source "$(dirname "$0")/xvfb.sh"

passed=0
failed=0
check() {  # check NAME CONDITION-COMMAND...
    local what=$1
    shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "processes: FAIL $what"; fi
}
mail_pid() { pgrep -f -- "app Mail --state-dir $work/state" | head -1; }
wait_for() {  # wait_for SECONDS 'CONDITION' (evaluated anew each time)
    local end=$((SECONDS + $1))
    while [ $SECONDS -lt $end ]; do eval "$2" && return 0; sleep 0.2; done
    return 1
}
sessions() { ls "$work/state/slate/org.slate.mail/sessions" 2>/dev/null | grep -c '\.json$'; }

mkdir -p "$work/runtime" "$work/data" && chmod 700 "$work/runtime"
XDG_RUNTIME_DIR="$work/runtime" XDG_DATA_HOME="$work/data" XDG_CONFIG_HOME="$work/config" \
    "$slate" run --state-dir "$work/state" >"$work/shell.log" 2>&1 &
shell_pid=$!
wid=$(named_window Slate) || { echo "processes: the shell's window did not appear: $(cat "$work/shell.log")"; exit 1; }
eval "$(xdotool getwindowgeometry --shell "$wid")"
check mail_starts_as_a_process_of_its_own wait_for 20 '[ -n "$(mail_pid)" ]'
first=$(mail_pid)
check mail_saves_its_first_window wait_for 10 '[ "$(sessions)" -eq 1 ]'
sleep 1

# The second message of the list (Mail full screen, 1366 points wide at scale 1).
xdotool mousemove $((X + 700)) $((Y + 210)) click 1
check a_click_opens_the_message_in_a_second_window wait_for 10 '[ "$(sessions)" -eq 2 ]'

kill -KILL "$first"
sleep 1
check the_shell_runs_on_after_mail_is_killed kill -0 "$shell_pid"
check mail_is_gone wait_for 5 '[ -z "$(mail_pid)" ]'

# A click on the dimmed window starts Mail again.
xdotool mousemove $((X + WIDTH / 4)) $((Y + HEIGHT / 2)) click 1
check a_click_on_the_dimmed_window_starts_mail_again wait_for 20 '[ -n "$(mail_pid)" ]'
check the_new_mail_is_another_process test "$(mail_pid)" != "$first"
check both_sessions_are_kept test "$(sessions)" -eq 2
check the_shell_still_runs kill -0 "$shell_pid"

# The renderer decision, seen by programs: wl_shm with its formats, and no dmabuf nor wl_drm.
socket=$(basename "$(ls "$work"/runtime/wayland-[0-9] | head -1)")
XDG_RUNTIME_DIR="$work/runtime" WAYLAND_DISPLAY=$socket timeout 10 wayland-info >"$work/info.txt" 2>&1
check programs_are_offered_shared_memory grep -q "'wl_shm'" "$work/info.txt"
check the_10_bit_formats_are_offered grep -q "'XR30'" "$work/info.txt"
check no_dmabuf_is_offered bash -c "! grep -q 'zwp_linux_dmabuf_v1' '$work/info.txt'"
check no_wl_drm_is_offered bash -c "! grep -q \"'wl_drm'\" '$work/info.txt'"
# OpenGL through EGL (weston-simple-egl): Mesa finds no GPU buffer to share and draws into wl_shm; it
# stays up, drawing, where a failed EGL set-up would end it at once.
XDG_RUNTIME_DIR="$work/runtime" WAYLAND_DISPLAY=$socket weston-simple-egl >"$work/egl.log" 2>&1 &
egl=$!
sleep 3
check an_opengl_program_draws kill -0 "$egl"
kill "$egl" 2>/dev/null

echo "e2e processes: $passed passed, $failed failed"
if [ $failed -ne 0 ]; then
    echo "--- shell log"
    cat "$work/shell.log"
fi
[ $failed -eq 0 ]
