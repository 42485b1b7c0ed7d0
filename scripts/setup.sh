#!/usr/bin/env bash
# Installs what Slate needs on Debian 12 (or a relative) when it is missing; a quick no-op otherwise.
# Called by `make run` and `make test`.
set -euo pipefail

packages=(
    pkg-config
    libcairo2-dev libpango1.0-dev librsvg2-dev   # drawing, text, icons
    fonts-inter fonts-dejavu-core adwaita-icon-theme          # the system font and icon theme
    xvfb xdotool x11-utils                                    # the end-to-end window test
    libdbus-1-dev                                             # AT-SPI, for screen readers
    dbus-daemon dbus-bin at-spi2-core python3-pyatspi gir1.2-atspi-2.0  # its test: bus, registry, pyatspi
    libwlroots-dev libwayland-dev wayland-protocols           # the Wayland compositor (wlroots 0.15)
    libxkbcommon-dev libpixman-1-dev
    libhunspell-dev hunspell-en-us hunspell-ru                # the keyboard's suggestions (hunspell, en_US and ru_RU)
    weston foot libgtk-4-dev wl-clipboard wayland-utils       # real clients for the compositor tests
    firefox-esr mpv                                           # programs that draw in subsurfaces, on GL
    grim sway                                                 # a screenshot tool; the compositor's peer
    swaylock                                                  # a screen locker (ext-session-lock) for the lock's tests
    qml-qt6 qml6-module-qtquick qml6-module-qtquick-window qml6-module-qtqml-workerscript qt6-wayland  # Qt Quick
    debhelper lintian desktop-file-utils zsh                  # the package and what installs: building, checking
    xdg-desktop-portal-gtk xdg-desktop-portal-wlr             # the portal backends the session names
    xdg-desktop-portal libglib2.0-bin                         # Slate's Settings portal and its test (gdbus, gsettings)
    libpulse-dev xdg-user-dirs                                # the sound's volume; the pictures folder
    python3-dbusmock pulseaudio-utils                         # the session services' tests (dbusmock, pactl)
    libnotify-bin python3-gi                                  # notify-send, GNotification: the notification server's tests
    wlcs gcc python3                                          # the Wayland conformance suite (make wlcs)
    xwayland libxcb1-dev                                      # X11 programs (Xwayland; the XWM's own checks)
    xterm x11-apps xclip                                      # real X11 programs for the X11 tests
    libpam0g-dev libpam-wrapper                               # the lock screen's password (PAM); PAM in its tests
    qemu-system-x86 linux-image-amd64 seatd python3-evdev     # slate session on a real kernel (make machine):
    busybox-static udev kmod                                  # virtme-ng's initramfs; udevd and modprobe inside
    mmdebstrap e2fsprogs                                      # the login machine's disk (Tests/machine/image.sh)
    python3-pip                                               # virtme-ng, which Debian 12 lacks
)
# The services' test runs a PulseAudio server of its own with a null sink. On a desktop that plays
# through PipeWire's pipewire-pulse, PulseAudio is not installed beside it (its socket-activated
# user service would compete for the sound server's socket).
if ! dpkg-query -W -f='${Status}' pipewire-pulse 2>/dev/null | grep -q "install ok installed"; then
    packages+=(pulseaudio)
fi

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done

if ((${#missing[@]})); then
    echo "setup: installing ${missing[*]}"
    sudo=""
    if [ "$(id -u)" != 0 ]; then
        command -v sudo >/dev/null || { echo "setup: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
        sudo="sudo"
    fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# virtme-ng boots Debian's kernel over this machine's own files (make machine); Debian 12 has no
# package of it.
if ! command -v vng >/dev/null && [ ! -x "$HOME/.local/bin/vng" ]; then
    echo "setup: installing virtme-ng (pip)"
    where=()
    [ "$(id -u)" != 0 ] && where=(--user)   # then in ~/.local/bin, where Tests/machine looks too
    pip3 install --quiet "${where[@]}" virtme-ng 2>/dev/null ||
        pip3 install --quiet "${where[@]}" --break-system-packages virtme-ng
fi

if ! command -v swift >/dev/null; then
    echo "setup: no Swift toolchain on PATH; Slate needs Swift 6 (swift.org's Linux toolchain)" >&2
    exit 1
fi
