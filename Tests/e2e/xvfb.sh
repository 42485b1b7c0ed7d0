# Sourced by the end-to-end tests: when no display is set, starts Xvfb on a free display (Xvfb picks
# it and tells which) and exports DISPLAY; sets $xvfb to its process for the caller's cleanup. Needs
# $work (a scratch folder) and $name (for messages).
if [ -z "${DISPLAY:-}" ]; then
    Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp 3>"$work/display" >"$work/xvfb.log" 2>&1 &
    xvfb=$!
    for _ in $(seq 50); do [ -s "$work/display" ] && break; sleep 0.1; done
    export DISPLAY=":$(cat "$work/display")"
    for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
    xdpyinfo >/dev/null 2>&1 || { echo "$name: Xvfb did not start: $(cat "$work/xvfb.log")"; exit 1; }
fi

# The X window named exactly $1 among the root's children, waiting up to 20 s; empty when none came.
# (wlroots names its window with _NET_WM_NAME only, which `xdotool search --name` does not read.)
named_window() {
    local id
    for _ in $(seq 200); do
        id=$(xwininfo -root -children 2>/dev/null | grep -F " \"$1\": " | awk '{ print $1; exit }')
        [ -n "$id" ] && { echo "$id"; return 0; }
        sleep 0.1
    done
    return 1
}
