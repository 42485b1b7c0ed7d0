#!/usr/bin/env bash
# package.sh DIR (`make package`, after `make deb`): the Debian package in DIR as a person gets it —
# lintian reports no error; `dpkg -i` installs it (timed); /usr/bin/slate runs, with no Swift library
# linked dynamically and no $ORIGIN runpath (the runtime is inside it); man finds slate(1); the
# session entry is where login screens look; `apt purge` takes away every file the package put down
# and leaves nothing of it in dpkg's database. Installs on this machine: root, and kept out of make test.
set -uo pipefail
dir=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
check() {  # check NAME CONDITION-COMMAND...
    local name=$1
    shift
    if "$@"; then echo "ok   $name"; else echo "FAIL $name"; failures=$((failures + 1)); fi
}
deb=$(ls "$dir"/slate_*.deb)
[ -f "$deb" ] || { echo "package: no slate_*.deb in $dir (make deb)"; exit 1; }

lintian --fail-on error --tag-display-limit 0 --display-info "$deb" >"$work/lintian" 2>&1
check lintian_finds_no_error test $? -eq 0
sed 's/^/     /' "$work/lintian"

# The package's files (and symlinks), without the folders.
dpkg-deb -c "$deb" | awk '$1 !~ /^d/ {print $6}' | sed 's|^\./|/|' >"$work/files"
check the_package_has_files test -s "$work/files"

start=$(date +%s.%N)
dpkg -i "$deb" >"$work/dpkg" 2>&1
check dpkg_installs_it test $? -eq 0
install_seconds=$(echo "$(date +%s.%N) - $start" | bc)
check it_is_installed bash -c "dpkg-query -W -f='\${Status}' slate | grep -qx 'install ok installed'"
check slate_help_runs_from_usr_bin bash -c "/usr/bin/slate help | grep -q '^verbs:'"
check slate_links_no_swift_runtime bash -c "! ldd /usr/bin/slate | grep -q -e libswift -e libFoundation -e /opt/swift"
check slate_has_no_origin_runpath bash -c "! readelf -d /usr/bin/slate | grep -q ORIGIN"
check man_finds_slate_1 test "$(man -w slate 2>/dev/null)" = /usr/share/man/man1/slate.1.gz
check man_finds_slate_session_1 test -n "$(man -w slate-session 2>/dev/null)"
check the_login_screen_finds_slate grep -qx 'Exec=/usr/bin/slate-session' /usr/share/wayland-sessions/slate.desktop
check zsh_finds_its_completion test -f /usr/share/zsh/vendor-completions/_slate
check every_file_of_the_package_is_there bash -c 'while read -r f; do [ -e "$f" ] || [ -L "$f" ] || exit 1; done <"$1"' _ "$work/files"

DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq slate >"$work/purge" 2>&1
check apt_purges_it test $? -eq 0
check nothing_of_it_is_left bash -c 'while read -r f; do [ -e "$f" ] || [ -L "$f" ] && { echo "     left: $f"; exit 1; }; done <"$1"; exit 0' _ "$work/files"
check dpkg_knows_it_no_more bash -c "! dpkg-query -W -f='\${Status}' slate 2>/dev/null | grep -q installed"

size=$(stat -c %s "$deb")
installed_kb=$(dpkg-deb -f "$deb" Installed-Size)
echo "package: $(basename "$deb"), $size bytes ($((size / 1048576)) MB), $installed_kb KB installed; dpkg -i took $install_seconds s"
if [ "$failures" -ne 0 ]; then
    echo "package: $failures checks failed"
    sed 's/^/     /' "$work/dpkg" "$work/purge"
    exit 1
fi
