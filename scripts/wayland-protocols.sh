#!/usr/bin/env bash
# Regenerates the protocol code Slate's Wayland sides need, from the system's wayland-protocols and
# Slate's own scene protocol (Protocols/slate-scene-v1.xml). The output is kept in the repository so
# that a plain `swift build` works; run this after either changes.
set -euo pipefail
xdg=/usr/share/wayland-protocols/stable/xdg-shell/xdg-shell.xml
scene=Protocols/slate-scene-v1.xml
# The interface tables, once for both sides (both shims link into one program).
wayland-scanner private-code "$xdg" Sources/SlateProtocols/xdg-shell-protocol.c
wayland-scanner private-code "$scene" Sources/SlateProtocols/slate-scene-v1-protocol.c
# The compositor's side (wlroots' headers include xdg-shell-protocol.h).
out=Sources/SlateCompositorShim/protocol
mkdir -p "$out"
wayland-scanner server-header "$xdg" "$out/xdg-shell-protocol.h"
wayland-scanner server-header "$scene" "$out/slate-scene-v1-protocol.h"
# An app's side.
out=Sources/SlateClientShim/protocol
mkdir -p "$out"
wayland-scanner client-header "$xdg" "$out/xdg-shell-client-protocol.h"
wayland-scanner client-header "$scene" "$out/slate-scene-v1-client-protocol.h"
