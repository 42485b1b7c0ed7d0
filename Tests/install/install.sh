#!/usr/bin/env bash
# install.sh [MAKE-VARIABLE=VALUE…]: Slate installed (`make install-test`, in make test, with the
# variables that install the debug build): `make install DESTDIR=…` puts down exactly the
# files of Packaging/install-manifest.txt, with their modes, and `make uninstall` takes them all away;
# the installed `slate help` and the manual page name the same verbs, and the page is clean roff; the
# session entry passes desktop-file-validate and the portal file reads as xdg-desktop-portal reads it,
# naming the backends Debian 12's portal picks for XDG_CURRENT_DESKTOP=Slate:wlroots, and Slate's own
# backend (slate.portal) lies, with PREFIX /usr/local, where that portal reads backends; the apps' entries
# start the installed slate, their icons are at every size; bash and zsh complete the verbs, options
# and values; Tests/install/session.sh: slate-session starting Slate on a D-Bus session.
# Each check is named after what it guards, and prints it when it fails.
set -uo pipefail
cd "$(dirname "$0")/../.."
here=Tests/install
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
check() {  # check NAME CONDITION-COMMAND...
    local name=$1
    shift
    if "$@"; then echo "ok   $name"; else echo "FAIL $name"; failures=$((failures + 1)); fi
}
same() {  # same NAME EXPECTED ACTUAL: a check that prints both when they differ
    if [ "$2" = "$3" ]; then echo "ok   $1"; else
        echo "FAIL $1"
        diff <(echo "$2") <(echo "$3") | sed 's/^/     /'
        failures=$((failures + 1))
    fi
}

root=$work/root
prefix=/usr/local
# Where xdg-desktop-portal reads its backends: the one folder compiled into the installed portal
# (1.16 reads no other; XDG_DESKTOP_PORTAL_DIR, its tests' switch, replaces it rather than adds one).
portal_dir=$(grep -ao '/[a-z/]*/xdg-desktop-portal/portals' /usr/libexec/xdg-desktop-portal | head -1)
make -s install DESTDIR="$root" "$@" >"$work/install.log" 2>&1 || { cat "$work/install.log"; echo "install: make install failed"; exit 1; }

# The manifest's paths for the default layout.
expected=$(sed -e '/^#/d' -e "s|^BINDIR/|$prefix/bin/|" -e "s|^DATADIR/|$prefix/share/|" \
    -e "s|^MANDIR/|$prefix/share/man/|" -e "s|^BASHCOMPDIR/|$prefix/share/bash-completion/completions/|" \
    -e "s|^ZSHCOMPDIR/|$prefix/share/zsh/site-functions/|" -e "s|^PAMDIR/|/etc/pam.d/|" \
    -e "s|^PORTALDIR/|/usr/share/xdg-desktop-portal/portals/|" Packaging/install-manifest.txt | sort)
actual=$(cd "$root" && find . \( -type f -o -type l \) | sed 's|^\.||' | sort)
same install_puts_down_exactly_the_manifest "$expected" "$actual"
bad_modes=$(cd "$root" && find . -type f ! -path "./${prefix#/}/bin/*" ! -perm 644; find "./${prefix#/}/bin" -type f ! -perm 755)
same installed_files_have_their_modes "" "$bad_modes"
check no_folder_but_the_files_folders test -z "$(cd "$root" && find . -type d -empty)"

bin=$root$prefix/bin
share=$root$prefix/share
slate=$bin/slate

# The verbs: `slate help` and the manual page say the same, in the same order.
help_verbs=$("$slate" help | sed -n '/^verbs:/,/^$/p' | sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p; s/^  \([a-z][a-z-]*\)$/\1/p')
man_verbs=$(MANWIDTH=120 man -l "$share/man/man1/slate.1" 2>/dev/null | sed -n '/^VERBS/,/^[A-Z]/p' |
    sed -n 's/^       \([a-z][a-z-]*\)\( .*\)\{0,1\}$/\1/p')
check help_names_verbs test "$(echo "$help_verbs" | wc -l)" -ge 10
same the_manual_page_names_the_verbs_of_help "$help_verbs" "$man_verbs"
check help_and_its_manual_page_name_session bash -c "grep -qx session <<<'$help_verbs'"
roff_warnings=$(groff -man -ww -z "$share/man/man1/slate.1" 2>&1)
same the_manual_page_is_clean_roff "" "$roff_warnings"
check slate_session_1_is_the_same_page test "$(readlink "$share/man/man1/slate-session.1")" = slate.1

# The session entry: valid, and it starts the installed slate-session.
check the_session_entry_is_valid desktop-file-validate "$share/wayland-sessions/slate.desktop"
check the_session_entry_runs_slate_session grep -qx "Exec=$prefix/bin/slate-session" "$share/wayland-sessions/slate.desktop"
check the_session_entry_is_in_russian_too grep -q '^Comment\[ru\]=' "$share/wayland-sessions/slate.desktop"
check slate_session_is_a_program test -x "$bin/slate-session"

# The portal file, as xdg-desktop-portal reads it (GKeyFile), against the backends installed, for
# the desktops slate-session names (session.sh checks that Slate gets them).
desktops=$(sed -n 's/^export XDG_CURRENT_DESKTOP=//p' "$bin/slate-session")
check slate_session_names_slate_and_wlroots test "$desktops" = Slate:wlroots
check the_portal_file_names_installed_backends_debian_12_picks_alike \
    /usr/bin/python3 "$here/portals.py" "$share/xdg-desktop-portal/slate-portals.conf" "$desktops"
check xdg_desktop_portal_is_installed test -n "$portal_dir"
check slates_portal_backend_is_where_xdg_desktop_portal_reads_backends \
    cmp -s Packaging/slate.portal "$root$portal_dir/slate.portal"

# The apps' entries start the installed slate and name their icons, which are there at each size.
for id in org.slate.mail org.slate.notes org.slate.settings; do
    entry=$share/applications/$id.desktop
    check "${id}_entry_starts_the_installed_slate" grep -q "^Exec=$prefix/bin/slate app " "$entry"
    check "${id}_entry_names_its_icon" grep -qx "Icon=$id" "$entry"
    check "${id}_icons_have_their_sizes" /usr/bin/python3 "$here/icons.py" "$share/icons/hicolor" "$id"
done

# bash: the completion function, run as bash-completion runs it.
bash_complete() {  # bash_complete WORDS...: the candidates for the last word
    bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _slate
        printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " " | sed "s/ $//"' _ "$share/bash-completion/completions/slate" "$@"
}
same bash_completes_verbs "render run" "$(bash_complete slate r)"
same bash_completes_options "--appearance" "$(bash_complete slate run --app)"
same bash_completes_choices "dark light" "$(bash_complete slate run --appearance "")"
same bash_completes_apps "Mail Notes Settings" "$(bash_complete slate lint "")"
same bash_completes_the_apps_options "--maildir" "$(bash_complete slate session --mai)"
same bash_completes_completion_shells "bash zsh" "$(bash_complete slate help --completion "")"

# zsh: its own completion system on a terminal, as a person pressing Tab.
zsh_out=$(timeout 30 "$here/zsh-complete.zsh" "$share/zsh/site-functions" \
    "slate r" "slate run --app" "slate run --appearance " "slate lint " "slate help --completion ")
same zsh_completes_verbs_options_choices_and_apps "render run
--appearance
dark light
Mail Notes Settings
bash zsh" "$zsh_out"

# The session: slate-session as the login screen starts it.
"$here/session.sh" "$root$prefix" || failures=$((failures + 1))

# Uninstall takes away every file install put down.
make -s uninstall DESTDIR="$root" "$@" >"$work/uninstall.log" 2>&1 || cat "$work/uninstall.log"
same uninstall_removes_what_install_put_down "" "$(cd "$root" && find . \( -type f -o -type l \))"

if [ "$failures" -ne 0 ]; then
    echo "install: $failures checks failed"
    exit 1
fi
