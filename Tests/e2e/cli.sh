#!/usr/bin/env bash
# The command line on hostile input: each check is named after what it guards, and prints it when it
# fails. No display is needed.
set -uo pipefail
slate=${SLATE:-.build/debug/slate}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
check() {  # check NAME CONDITION-COMMAND...
    local name=$1
    shift
    if "$@"; then echo "ok   $name"; else echo "FAIL $name"; failures=$((failures + 1)); fi
}
run() {  # run CMD...: sets rc, out, err
    "$@" >"$work/out" 2>"$work/err"
    rc=$?
    out=$(cat "$work/out")
    err=$(cat "$work/err")
}

run "$slate" run --maildir "$work/none/dir"
check a_missing_maildir_is_refused_with_exit_2 test "$rc" -eq 2
check a_missing_maildir_is_named_in_one_line test "$err" = "slate: no Maildir at $work/none/dir (a Maildir has cur, new and tmp folders)"
check a_missing_maildir_is_not_created test ! -e "$work/none"

mkdir -p "$work/empty"
SLATE_MAILDIR="$work/empty" run "$slate" run
check SLATE_MAILDIR_without_a_maildir_is_refused test "$rc" -eq 2
check no_sample_mail_is_written_into_a_users_folder test -z "$(ls -A "$work/empty")"

run "$slate" session --renderer vulkan
check an_unknown_renderer_is_refused_in_one_line test "$rc" -eq 2 -a "$err" = "slate: --renderer is auto, gles2 or pixman, not 'vulkan'"
WLR_RENDERER=vulkan run "$slate" session
check an_unknown_WLR_RENDERER_is_said_and_auto_is_used test "$(printf '%s\n' "$err" | head -1)" = "slate: WLR_RENDERER=vulkan is not auto, gles2 or pixman; the renderer is chosen as auto"

# A display manager's environment without the runtime folder (no pam_systemd): one line, and the
# session carries on in a private folder of Slate's own.
mkdir -p "$work/tmp"
env -u XDG_RUNTIME_DIR TMPDIR="$work/tmp" timeout 8 "$slate" run --backend headless >"$work/out" 2>"$work/err"
err=$(cat "$work/err")
check a_session_without_XDG_RUNTIME_DIR_says_so_in_one_line test "$(grep -c XDG_RUNTIME_DIR "$work/err")" -eq 1
check a_session_without_XDG_RUNTIME_DIR_names_its_own_folder grep -q "Slate made its own at $work/tmp/slate-runtime-$(id -u) and carries on" "$work/err"
check a_session_without_XDG_RUNTIME_DIR_carries_on grep -qx "WAYLAND_DISPLAY=wayland-[0-9]*" "$work/out"
rm -rf "$work/tmp"/*

run "$slate" render --out "$work/a.png" --maildir "$work/empty"
check render_refuses_maildir_with_a_line test "$rc" -eq 2 -a "$err" = "slate: render draws the sample mail; --maildir is for slate run"

mkdir -p "$work/tmp"
TMPDIR="$work/tmp" SLATE_MAILDIR="$work/empty" run "$slate" render --out "$work/b.png" --scale 1
check render_says_SLATE_MAILDIR_is_not_used test "$rc" -eq 0 -a -s "$work/b.png" -a "$err" = "slate: render draws the sample mail; SLATE_MAILDIR is not used"
check render_leaves_no_temporary_folder test -z "$(ls -A "$work/tmp")"

printf 'launch Mail\r\nexpect windows Mail 1\r\n' >"$work/crlf.slate"
TMPDIR="$work/tmp" run "$slate" script "$work/crlf.slate" --out "$work/script-out"
check a_script_with_crlf_line_ends_runs test "$rc" -eq 0
check script_leaves_no_temporary_folder test -z "$(ls -A "$work/tmp")"

printf 'launch Mail\nexpect windows Mail 1e19\n' >"$work/huge.slate"
TMPDIR="$work/tmp" run "$slate" script "$work/huge.slate"
check a_huge_number_is_a_parse_error_with_exit_2 test "$rc" -eq 2
check a_huge_number_error_has_line_and_column test "${err#*huge.slate:2:21: }" != "$err"

printf 'wait 99999999s\n' >"$work/long.slate"
TMPDIR="$work/tmp" run timeout 20 "$slate" script "$work/long.slate"
check an_endless_wait_is_refused_at_once test "$rc" -eq 2

printf '{"children": [{"type": "action", "title": "A"},]}' >"$work/menu.json"
TMPDIR="$work/tmp" run "$slate" lint --menu "$work/menu.json"
check a_trailing_comma_in_a_menu_file_is_exit_2 test "$rc" -eq 2
check a_menu_file_error_names_the_line test "${err#*menu.json:1:}" != "$err"

TMPDIR="$work/tmp" run "$slate" lint --menu "$work/menu.json" --json
TMPDIR="$work/tmp" run "$slate" lint Mail
check lint_leaves_no_temporary_folder test -z "$(ls -A "$work/tmp")"

# Apps as processes of their own: their desktop entries, and a start with no compositor.
TMPDIR="$work/tmp" run "$slate" install --dir "$work/apps"
check install_writes_a_desktop_entry_for_each_app test -f "$work/apps/org.slate.mail.desktop"
check a_desktop_entry_names_its_slate_app grep -qx 'X-Slate-App=org.slate.mail' "$work/apps/org.slate.mail.desktop"
check a_desktop_entry_is_only_for_slate grep -qx 'OnlyShowIn=Slate;' "$work/apps/org.slate.mail.desktop"
exec_line=$(sed -n 's/^Exec=//p' "$work/apps/org.slate.mail.desktop")
check a_desktop_entry_starts_this_build test -x "${exec_line%% *}"
check install_leaves_no_temporary_folder test -z "$(ls -A "$work/tmp")"

XDG_RUNTIME_DIR="$work" WAYLAND_DISPLAY=no-such-socket TMPDIR="$work/tmp" run "$slate" app Mail --state-dir "$work/state"
check an_app_with_no_compositor_is_exit_2 test "$rc" -eq 2
check an_app_with_no_compositor_says_so test "${err#*no Wayland compositor at no-such-socket}" != "$err"
run "$slate" app Nowhere
check an_unknown_app_is_exit_2 test "$rc" -eq 2

# Notes with a home it cannot make its folder in (a file where Documents should be): one line saying
# what, where and why, before any compositor is asked for; and $HOME is the home it reads, not the
# account's.
mkdir -p "$work/home"
touch "$work/home/Documents"
run env -u XDG_DOCUMENTS_DIR -u SLATE_NOTES_DIR HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" \
    XDG_RUNTIME_DIR="$work" WAYLAND_DISPLAY=no-such-socket "$slate" app Notes --state-dir "$work/state"
check notes_without_its_folder_is_exit_1 test "$rc" -eq 1
check notes_without_its_folder_says_what_and_where_in_one_line test "$err" = \
    "slate: Notes cannot make its folder $work/home/Documents: a file stands where a folder should be; give it another with XDG_DOCUMENTS_DIR or --notes-dir"

if [ "$failures" -ne 0 ]; then
    echo "cli: $failures checks failed"
    exit 1
fi
echo "cli: every check passed"
