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
# text-input-v3's content purposes and hints, for the keyboard on the glass (wlroots implements the
# protocol itself: no interface tables are needed).
wayland-scanner server-header /usr/share/wayland-protocols/unstable/text-input/text-input-unstable-v3.xml \
    "$out/text-input-unstable-v3-protocol.h"
# An app's side.
out=Sources/SlateClientShim/protocol
mkdir -p "$out"
wayland-scanner client-header "$xdg" "$out/xdg-shell-client-protocol.h"
wayland-scanner client-header "$scene" "$out/slate-scene-v1-client-protocol.h"

# Headers wlroots' own helpers include for their enums (their interface tables are in libwlroots).
out=Sources/SlateCompositorShim/protocol
wp=/usr/share/wayland-protocols
wayland-scanner server-header Protocols/wlr/wlr-layer-shell-unstable-v1.xml "$out/wlr-layer-shell-unstable-v1-protocol.h"
wayland-scanner server-header Protocols/wlr/wlr-output-power-management-unstable-v1.xml \
    "$out/wlr-output-power-management-unstable-v1-protocol.h"
wayland-scanner server-header "$wp/unstable/pointer-constraints/pointer-constraints-unstable-v1.xml" \
    "$out/pointer-constraints-unstable-v1-protocol.h"
wayland-scanner server-header "$wp/unstable/tablet/tablet-unstable-v2.xml" "$out/tablet-unstable-v2-protocol.h"
# Single-pixel buffers: wlroots 0.15 has no helper; Slate serves the protocol itself.
spb=$wp/staging/single-pixel-buffer/single-pixel-buffer-v1.xml
wayland-scanner server-header "$spb" "$out/single-pixel-buffer-v1-protocol.h"
wayland-scanner private-code "$spb" Sources/SlateProtocols/single-pixel-buffer-v1-protocol.c

# The scene protocol's enums alone (placements, roles, animations), for Swift on both sides: the
# blocks wayland-scanner guards with *_ENUM, cut from the client header.
awk '/^#ifndef [A-Z0-9_]*_ENUM$/{on=1} on{print} /^#endif \/\* [A-Z0-9_]*_ENUM \*\/$/{on=0; print ""}' \
    Sources/SlateClientShim/protocol/slate-scene-v1-client-protocol.h \
    | { printf '%s\n' "// The scene protocol's enums (made by scripts/wayland-protocols.sh from Protocols/slate-scene-v1.xml)." \
        "#ifndef SLATE_SCENE_V1_ENUMS_H" "#define SLATE_SCENE_V1_ENUMS_H" ""; cat; echo "#endif"; } \
    > Sources/SlateProtocols/include/slate-scene-v1-enums.h

# The privileged protocols' interfaces, for the refusing globals a program the person has not
# allowed sees in their place (privacy.c): wlroots keeps its own tables hidden.
for p in wlr-data-control-unstable-v1 wlr-screencopy-unstable-v1 wlr-foreign-toplevel-management-unstable-v1 \
    wlr-virtual-pointer-unstable-v1; do
    wayland-scanner server-header "Protocols/wlr/$p.xml" "$out/$p-protocol.h"
    wayland-scanner private-code "Protocols/wlr/$p.xml" "Sources/SlateProtocols/$p-protocol.c"
done

# ext-session-lock-v1 (swaylock): wlroots 0.15 has no helper; Slate serves the protocol itself
# (session_lock.c).
sl=$wp/staging/ext-session-lock/ext-session-lock-v1.xml
wayland-scanner server-header "$sl" "$out/ext-session-lock-v1-protocol.h"
wayland-scanner private-code "$sl" Sources/SlateProtocols/ext-session-lock-v1-protocol.c
