#!/usr/bin/env bash
# session.sh PREFIX: the installed slate-session (PREFIX/bin) as a login screen starts it, with the
# headless backend (no screen here). With no session bus it makes one (dbus-run-session); Slate comes
# up with XDG_CURRENT_DESKTOP=Slate:wlroots, XDG_SESSION_DESKTOP=slate and XDG_SESSION_TYPE=wayland —
# read back from the buses: the accessibility bus that slate-session started has Slate on it, and the
# environment of Slate's process there (org.freedesktop.DBus.GetConnectionUnixProcessID, then
# /proc/PID/environ) is checked; a service D-Bus starts afterwards gets that environment and Slate's
# WAYLAND_DISPLAY (dbus-update-activation-environment). When Slate ends (SIGTERM to it), the session
# ends, exit 0, every process of it gone. Then on a bus already there (a desktop's): slate-session
# uses it, and a logout (SIGTERM to slate-session) ends Slate and the session.
set -uo pipefail
prefix=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
session=
cleanup() {
    [ -n "$session" ] && kill "$session" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
failures=0
check() {  # check NAME CONDITION-COMMAND...
    local name=$1
    shift
    if "$@"; then echo "ok   $name"; else echo "FAIL $name"; failures=$((failures + 1)); fi
}

# Every process under `pid`, deepest last.
descendants() {
    local pid=$1 child
    for child in $(ps -o pid= --ppid "$pid"); do
        echo "$child"
        descendants "$child"
    done
}
# The process under `pid` that runs the installed slate (not its apps: their arguments say `app`).
slate_under() {
    local p
    for p in $(descendants "$1"); do
        if [ "$(readlink "/proc/$p/exe" 2>/dev/null)" = "$prefix/bin/slate" ] &&
            tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null | grep -q " run "; then
            echo "$p"
            return
        fi
    done
}
# waitfor SECONDS COMMAND...: until the command succeeds; fails after SECONDS.
waitfor() {
    local limit=$(($1 * 10))
    shift
    for _ in $(seq "$limit"); do "$@" && return 0; sleep 0.1; done
    return 1
}
gone() { for p in "$@"; do kill -0 "$p" 2>/dev/null && return 1; done; return 0; }
# The processes of a session, by its bus: every process whose environment names that bus (what D-Bus
# starts for it, at-spi2-core's launcher and registry among them, leaves the session's process tree).
on_bus() {
    local e
    for e in /proc/[0-9]*/environ; do
        tr '\0' '\n' <"$e" 2>/dev/null | grep -qxF "DBUS_SESSION_BUS_ADDRESS=$1" && { e=${e#/proc/}; echo "${e%/environ}"; }
    done
}

# A service for D-Bus to start on demand: it writes the environment it was started with.
mkdir -p "$work/data/dbus-1/services" "$work/run"
chmod 700 "$work/run"
printf '#!/bin/sh\nenv >"%s/activated.tmp" && mv "%s/activated.tmp" "%s/activated.env"\n' "$work" "$work" "$work" \
    >"$work/probe"
chmod +x "$work/probe"
printf '[D-BUS Service]\nName=org.slate.test.Environment\nExec=%s/probe\n' "$work" \
    >"$work/data/dbus-1/services/org.slate.test.Environment.service"

# As from a login screen with no session bus: only the user's folders.
start=$(date +%s.%N)
env -u DBUS_SESSION_BUS_ADDRESS -u AT_SPI_BUS_ADDRESS -u WAYLAND_DISPLAY -u DISPLAY -u XDG_CURRENT_DESKTOP \
    -u XDG_SESSION_DESKTOP -u XDG_SESSION_TYPE \
    XDG_RUNTIME_DIR="$work/run" XDG_DATA_HOME="$work/data" XDG_STATE_HOME="$work/state" \
    XDG_CONFIG_HOME="$work/config" \
    "$prefix/bin/slate-session" --backend headless >"$work/session.out" 2>"$work/session.err" &
session=$!
waitfor 30 grep -q '^WAYLAND_DISPLAY=' "$work/session.out"
check session_starts_slate grep -q '^WAYLAND_DISPLAY=' "$work/session.out"
display=$(sed -n 's/^WAYLAND_DISPLAY=//p' "$work/session.out")
slate=$(slate_under "$session")
check slate_runs_under_the_session test -n "$slate"
check slate_session_made_a_bus_of_its_own test "$(readlink "/proc/$session/exe")" = "$(command -v dbus-run-session)"

# Read back from the buses: Slate's process on the accessibility bus, and its environment.
waitfor 15 /usr/bin/python3 "$here/session-bus.py" "$slate" check >/dev/null 2>&1
/usr/bin/python3 "$here/session-bus.py" "$slate" check >"$work/bus.out" 2>&1
check slate_is_on_the_accessibility_bus_slate_session_started grep -qx "on the accessibility bus: yes" "$work/bus.out"
for setting in XDG_CURRENT_DESKTOP=Slate:wlroots XDG_SESSION_DESKTOP=slate XDG_SESSION_TYPE=wayland; do
    check "slate_on_the_bus_has_${setting%%=*}" grep -qx "environ: $setting" "$work/bus.out"
done
/usr/bin/python3 "$here/session-bus.py" "$slate" activate >>"$work/bus.out" 2>&1
waitfor 10 test -s "$work/activated.env"
for setting in XDG_CURRENT_DESKTOP=Slate:wlroots XDG_SESSION_DESKTOP=slate XDG_SESSION_TYPE=wayland \
    "WAYLAND_DISPLAY=$display"; do
    check "a_service_dbus_starts_gets_${setting%%=*}" grep -qx "$setting" "$work/activated.env"
done

# Slate ends: the session ends with it, cleanly, and nothing of it is left.
bus=$(tr '\0' '\n' <"/proc/$slate/environ" | sed -n 's/^DBUS_SESSION_BUS_ADDRESS=//p')
processes="$(descendants "$session") $(on_bus "$bus")"
check the_session_has_processes_on_its_bus test -n "$(on_bus "$bus")"
kill -TERM "$slate"
waitfor 20 gone "$session"
check the_session_ends_when_slate_ends gone "$session"
wait "$session"
check the_session_ends_with_exit_0 test $? -eq 0
session=
# shellcheck disable=SC2086
waitfor 10 gone $processes
check nothing_of_the_session_is_left gone $processes
elapsed=$(echo "$(date +%s.%N) - $start" | bc)

# On a desktop's bus: slate-session keeps to it, and a logout (SIGTERM to it) ends Slate.
rm -f "$work/session.out"
mkdir -m 700 "$work/run2"
env -u AT_SPI_BUS_ADDRESS -u WAYLAND_DISPLAY -u DISPLAY XDG_RUNTIME_DIR="$work/run2" XDG_DATA_HOME="$work/data" \
    XDG_STATE_HOME="$work/state" XDG_CONFIG_HOME="$work/config" dbus-run-session -- bash -c '
    "$1/bin/slate-session" --backend headless >"$2/session.out" 2>>"$2/session.err" &
    echo "$DBUS_SESSION_BUS_ADDRESS" >"$2/bus-address"
    wait' _ "$prefix" "$work" &
outer=$!
session=$outer
waitfor 30 grep -q '^WAYLAND_DISPLAY=' "$work/session.out"
slate=$(slate_under "$outer")
launcher=$(ps -o ppid= -p "$slate" | tr -d ' ')
check slate_session_keeps_to_the_bus_it_is_given \
    grep -qx "DBUS_SESSION_BUS_ADDRESS=$(cat "$work/bus-address")" <(tr '\0' '\n' <"/proc/$slate/environ")
check slate_runs_under_slate_session grep -q slate-session "/proc/$launcher/cmdline"
kill -TERM "$launcher"
waitfor 20 gone "$slate" "$launcher"
check a_logout_ends_slate_and_slate_session gone "$slate" "$launcher"
waitfor 10 gone "$outer"
check a_logout_ends_the_session gone "$outer"
session=

echo "session: the first session, from slate-session's start to its end, took $elapsed s"
if [ "$failures" -ne 0 ]; then
    echo "session: $failures checks failed; slate-session said:"
    sed 's/^/     /' "$work/session.err" "$work/bus.out"
    exit 1
fi
