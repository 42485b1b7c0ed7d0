#!/bin/sh
# Inside the booted machine: mounts what the host shares (this checkout and the Swift runtime, each
# read-only at the host's own path, named on the kernel's command line), puts Slate where
# `make install` would (/usr/local/bin, and its PAM service in /etc/pam.d), and runs guest.py.
set -eu
for word in $(cat /proc/cmdline); do
    case $word in
        slate.checkout=*) checkout=${word#*=} ;;
        slate.swift=*) swift=${word#*=} ;;
        slate.binary=*) binary=${word#*=} ;;
        slate.panel=*) panel=${word#*=} ;;
    esac
done
for share in checkout:$checkout swift:$swift; do
    mkdir -p "${share#*:}"
    mount -t 9p -o trans=virtio,version=9p2000.L,ro,cache=loose,msize=1048576 "${share%%:*}" "${share#*:}"
done
ln -sf "$binary" /usr/local/bin/slate
install -m 755 "$checkout/Packaging/slate-session" /usr/local/bin/slate-session
install -m 644 "$checkout/Packaging/slate.pam" /etc/pam.d/slate
cd "$checkout"
export MACHINE_PANEL_W="${panel%x*}" MACHINE_PANEL_H="${panel#*x}" MACHINE_BOOTED=1
exec /usr/bin/python3 -u Tests/machine/guest.py
