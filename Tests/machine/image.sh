#!/bin/sh
# The disk of the machine that boots as a tablet does: Debian 12 with systemd, logind, D-Bus and
# greetd's login screen (agreety on virtual terminal 7, Debian's own setting), a person with a
# password (pam_unix), and the libraries Slate runs on. Debian's kernel and its modules are this
# machine's own (the boot's -kernel and -initrd). Slate itself is not in it: the rig shares this
# checkout and the Swift runtime into the machine at boot (9p, read-only), so one disk serves every
# build.
#
#   image.sh            prints the disk's path, making it first when it is missing or out of date
#
# Made with mmdebstrap from Debian's mirror (about 35 s here, 1 GiB sparse), kept in
# ${XDG_CACHE_HOME:-~/.cache}/slate/machine under a name from this script's and the kernel's
# checksum; older disks there are removed.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
kernel=$(ls /boot/vmlinuz-* 2>/dev/null | sort | tail -n 1)
[ -n "$kernel" ] || { echo "image.sh: no kernel in /boot (apt install linux-image-amd64)" >&2; exit 1; }
release=${kernel#/boot/vmlinuz-}
cache=${XDG_CACHE_HOME:-$HOME/.cache}/slate/machine
sum=$( (cat "$0" "$here/image-guest.sh" "$here/image-guest.service"; echo "$release") | sha256sum | cut -c1-16)
disk=$cache/debian12-greetd-$sum.img
if [ -s "$disk" ]; then
    echo "$disk"
    exit 0
fi
mkdir -p "$cache"
rm -f "$cache"/debian12-greetd-*.img
work=$(mktemp -d "$cache/making-XXXXXX")
trap 'rm -rf "$work"' EXIT

# The person's name and password; run.py logs in with them.
person=person
password=slate2026

# The rig's own: Python with evdev (uinput devices) and dbusmock (iio-sensor-proxy's accelerometer
# on the system bus, under the bus policy its Debian package installs). What Slate's package depends on (debian/control: polkitd, for logind to hand a session its seat;
# the icon theme; D-Bus) and recommends (the user's D-Bus, dictionaries); what its binaries link (ldd, mapped to Debian's packages), what they read at run time (fonts,
# key maps, dictionaries, Mesa's GL for the renderer's choice) and what a Debian tablet's session
# has around it: systemd's logind and user manager, D-Bus, greetd.
packages="systemd-sysv dbus dbus-user-session libpam-systemd udev kmod greetd procps polkitd
adwaita-icon-theme dbus-bin dbus-daemon libpam-runtime
python3 python3-evdev python3-dbusmock
libwlroots10 libseat1 libinput10 libwacom9 libxkbcommon0 xkb-data libcairo2 libcairo-gobject2
libpango-1.0-0 libpangocairo-1.0-0 librsvg2-2 librsvg2-common libgdk-pixbuf-2.0-0 libhunspell-1.7-0
hunspell-en-us hunspell-ru libpulse0 libsndfile1 libicu72 libxml2 libstdc++6 libgudev-1.0-0 libgbm1
libegl1 libgles2 libgl1-mesa-dri libegl-mesa0 fonts-inter shared-mime-info libx11-xcb1
libxcb-composite0 libxcb-dri3-0 libxcb-icccm4 libxcb-present0 libxcb-render-util0 libxcb-res0
libxcb-xinput0"

mmdebstrap --quiet --variant=apt --include="$(echo $packages | tr ' ' ',')" \
    --customize-hook='echo slate-machine > "$1/etc/hostname"' \
    --customize-hook="chroot \"\$1\" useradd --create-home --shell /bin/bash --groups video,input,render $person" \
    --customize-hook="echo $person:$password | chroot \"\$1\" chpasswd" \
    --customize-hook="chroot \"\$1\" chage --lastday 2020-01-01 $person" \
    --customize-hook="mkdir -p \"\$1/lib/modules\" && cp -a /lib/modules/$release \"\$1/lib/modules/\"" \
    --customize-hook="install -m 755 \"$here/image-guest.sh\" \"\$1/usr/local/sbin/slate-machine-guest\"" \
    --customize-hook="install -m 644 \"$here/image-guest.service\" \"\$1/etc/systemd/system/slate-machine.service\"" \
    --customize-hook='cat > "$1/etc/greetd/config.toml" <<EOF
# As Debian ships it, with Slate as the session a person starts (as they would put sway there);
# the rig puts in the Exec line of the session entry installed.
[terminal]
vt = 7

[default_session]
command = "/usr/sbin/agreety --cmd slate-session"
user = "_greetd"
EOF' \
    --customize-hook='echo "KERNEL==\"vport*\", ATTR{name}==\"slate.machine\", TAG+=\"systemd\"" > "$1/etc/udev/rules.d/90-slate-machine.rules"' \
    --customize-hook='cat > "$1/etc/dbus-1/system.d/net.hadess.SensorProxy.conf" <<EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <policy user="root"><allow own="net.hadess.SensorProxy"/></policy>
  <policy context="default"><allow send_destination="net.hadess.SensorProxy"/></policy>
</busconfig>
EOF' \
    --customize-hook='chroot "$1" systemctl enable slate-machine.service greetd.service' \
    --customize-hook='chroot "$1" systemctl set-default graphical.target' \
    --customize-hook='chroot "$1" systemctl mask serial-getty@ttyS0.service getty@tty1.service apt-daily.timer apt-daily-upgrade.timer e2scrub_all.timer fstrim.timer' \
    --customize-hook='rm -rf "$1/var/cache/apt/archives"/*.deb "$1/var/lib/apt/lists"/*_Packages' \
    bookworm "$work/root" >&2

mke2fs -q -t ext4 -L slate-machine -d "$work/root" "$work/disk.img" 3G >&2
mv "$work/disk.img" "$disk"
echo "$disk"
