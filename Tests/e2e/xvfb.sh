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
