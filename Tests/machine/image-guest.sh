#!/bin/sh
# Inside the booted machine, as slate-machine.service: `install` (before greetd starts) mounts what
# the host shares — this checkout, and the Swift runtime a debug build links, each read-only at the
# host's own path, named on the kernel's command line — and installs Slate: the Debian package
# itself when the command line names one (`slate.package=`, `make machine-package`), else the
# checkout's build where `make install` would put it (/usr/local). Then greetd is pointed at the
# session entry installed, as a display manager reads it (its Exec line). `run` runs guest.py.
set -eu
for word in $(cat /proc/cmdline); do
    case $word in
        slate.checkout=*) checkout=${word#*=} ;;
        slate.swift=*) swift=${word#*=} ;;
        slate.binary=*) binary=${word#*=} ;;
        slate.package=*) package=${word#*=} ;;
        slate.panel=*) panel=${word#*=} ;;
    esac
done
case ${1:-run} in
install)
    # What it says is kept (the port is the rig's), and on a failure handed to guest.py to tell.
    exec >/run/slate-install.log 2>&1
    trap 'cp /run/slate-install.log /run/slate-install-failed' EXIT
    for share in checkout:$checkout ${swift:+swift:$swift}; do
        mkdir -p "${share#*:}"
        mount -t 9p -o trans=virtio,version=9p2000.L,ro,cache=loose,msize=1048576 "${share%%:*}" "${share#*:}"
    done
    if [ -n "${package:-}" ]; then
        # As a person installs it; every package it depends on is on the disk already (image.sh).
        dpkg --install "$package"
        entry=/usr/share/wayland-sessions/slate.desktop
    else
        ln -sf "$binary" /usr/local/bin/slate
        install -m 755 "$checkout/Packaging/slate-session" /usr/local/bin/slate-session
        install -m 644 "$checkout/Packaging/slate.pam" /etc/pam.d/slate
        entry=/usr/local/share/wayland-sessions/slate.desktop
        mkdir -p "${entry%/*}"
        sed 's|@BINDIR@|/usr/local/bin|g' "$checkout/Packaging/slate.desktop.in" >"$entry"
    fi
    command=$(sed -n 's/^Exec=//p' "$entry")
    sed -i "s|^command = \"/usr/sbin/agreety .*|command = \"/usr/sbin/agreety --cmd $command\"|" /etc/greetd/config.toml
    echo "$command" >/run/slate-session-command
    trap - EXIT
    ;;
run)
    cd "$checkout"
    export MACHINE_PANEL_W="${panel%x*}" MACHINE_PANEL_H="${panel#*x}" MACHINE_BOOTED=1
    exec /usr/bin/python3 -u Tests/machine/guest.py
    ;;
esac
