#!/usr/bin/env bash
# End to end: a program reads Slate's appearance through the Settings portal, as GTK 4, libadwaita,
# Qt 6 and Firefox do. In a D-Bus session of its own: Slate's session (`XDG_CURRENT_DESKTOP=Slate`),
# headless, with Dark Mode on in its settings file; Debian's xdg-desktop-portal finds Slate's
# backend by Packaging/slate.portal (UseIn=Slate) and answers `org.freedesktop.appearance
# color-scheme` 1 (prefer dark); Settings (another process) turns Dark Mode off in the file, and the
# portal says 0 and signals SettingChanged. GNOME's color-scheme and text-scaling-factor (Settings ›
# Text Size, which GTK follows) go to a keyfile GSettings backend in the test's own folder, never the
# person's dconf.
set -uo pipefail
slate=${SLATE:-.build/debug/slate}
portal=/usr/libexec/xdg-desktop-portal
if [ ! -x "$portal" ] || ! command -v gdbus >/dev/null || ! command -v dbus-run-session >/dev/null; then
    echo "settings-portal: FAIL xdg-desktop-portal, gdbus and dbus-run-session are needed (scripts/setup.sh)"
    exit 1
fi
if [ -z "${SETTINGS_PORTAL_INNER:-}" ]; then
    # The bus daemon's own lines (services it activates) are not this test's.
    SETTINGS_PORTAL_INNER=1 exec dbus-run-session -- "$0" "$@" 2>/dev/null
fi
work=$(mktemp -d)
cleanup() {
    [ -n "${monitor:-}" ] && kill "$monitor" 2>/dev/null
    [ -n "${portal_pid:-}" ] && kill "$portal_pid" 2>/dev/null
    [ -n "${shell_pid:-}" ] && kill "$shell_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
passed=0
failed=0
check() {  # check NAME CONDITION-COMMAND...
    local what=$1
    shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "settings-portal: FAIL $what"; fi
}
wait_for() {  # wait_for SECONDS 'CONDITION' (evaluated anew each time)
    local end=$((SECONDS + $1))
    while [ $SECONDS -lt $end ]; do eval "$2" && return 0; sleep 0.2; done
    return 1
}
settings() {  # settings JSON: the settings file written whole and renamed over, as Slate saves it
    printf '%s\n' "$1" >"$work/config/slate/settings.json.new" && mv "$work/config/slate/settings.json.new" "$work/config/slate/settings.json"
}
scheme() {  # the portal's answer for color-scheme: 0 or 1
    gdbus call --session --dest org.freedesktop.portal.Desktop --object-path /org/freedesktop/portal/desktop \
        --method org.freedesktop.portal.Settings.Read org.freedesktop.appearance color-scheme 2>/dev/null \
        | sed -n 's/.*uint32 \([0-9]*\).*/\1/p'
}

mkdir -p "$work/runtime" "$work/data" "$work/config/slate" "$work/portals" && chmod 700 "$work/runtime"
cp "$(dirname "$0")/../../Packaging/slate.portal" "$work/portals/"
settings '{"darkMode": true}'
export XDG_CURRENT_DESKTOP=Slate:wlroots XDG_RUNTIME_DIR="$work/runtime" XDG_DATA_HOME="$work/data" \
    XDG_CONFIG_HOME="$work/config" GSETTINGS_BACKEND=keyfile
"$slate" run --backend headless --state-dir "$work/state" >"$work/shell.log" 2>&1 &
shell_pid=$!
check slate_serves_the_settings_portal wait_for 20 \
    'gdbus introspect --session --dest org.freedesktop.impl.portal.desktop.slate --object-path /org/freedesktop/portal/desktop 2>/dev/null | grep -q impl.portal.Settings'
XDG_DESKTOP_PORTAL_DIR="$work/portals" "$portal" >"$work/portal.log" 2>&1 &
portal_pid=$!
check the_portal_says_prefer_dark wait_for 10 '[ "$(scheme)" = 1 ]'
gdbus monitor --session --dest org.freedesktop.portal.Desktop >"$work/signals" 2>&1 &
monitor=$!
sleep 0.5
settings '{"darkMode": false}'
check the_portal_says_no_preference_once_dark_mode_is_off wait_for 10 '[ "$(scheme)" = 0 ]'
check programs_hear_setting_changed wait_for 5 "grep -q \"SettingChanged ('org.freedesktop.appearance', 'color-scheme', <uint32 0>)\" '$work/signals'"
gnome() {  # gnome KEY: GNOME's interface setting as the keyfile backend keeps it
    sed -n "s/^$1=//p" "$work/config/glib-2.0/settings/keyfile" 2>/dev/null
}
check gtk_hears_the_light_appearance wait_for 5 '[ "$(gnome color-scheme)" = "'"'"'default'"'"'" ]'
near() {  # near VALUE WANTED: the keyfile writes a double in full (1.3500000000000001)
    awk -v v="$1" -v w="$2" 'BEGIN { exit !(v != "" && v - w < 0.001 && w - v < 0.001) }'
}
check gtk_hears_the_standard_text_size wait_for 5 'near "$(gnome text-scaling-factor)" 1'
settings '{"darkMode": false, "textSize": 23}'
check gtk_hears_the_largest_text_size wait_for 10 'near "$(gnome text-scaling-factor)" 1.35'
check slate_runs_on kill -0 "$shell_pid"
echo "settings-portal: $passed passed, $failed failed"
[ "$failed" -eq 0 ] || { echo "--- slate:"; tail -20 "$work/shell.log"; echo "--- portal:"; tail -20 "$work/portal.log"; }
[ "$failed" -eq 0 ]
