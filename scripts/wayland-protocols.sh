#!/usr/bin/env bash
# Regenerates the protocol headers the compositor shim needs from the system's wayland-protocols
# (wlroots' headers include xdg-shell-protocol.h). The output is kept in the repository so that a
# plain `swift build` works; run this after wayland-protocols changes.
set -euo pipefail
out=Sources/SlateCompositorShim/protocol
mkdir -p "$out"
wayland-scanner server-header /usr/share/wayland-protocols/stable/xdg-shell/xdg-shell.xml "$out/xdg-shell-protocol.h"
