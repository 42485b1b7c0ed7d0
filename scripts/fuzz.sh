#!/usr/bin/env bash
# make fuzz: builds the libFuzzer targets (swiftc -sanitize=fuzzer,address) and runs each for
# FUZZ_SECONDS (default 60) from its seed corpus in Fuzz/Corpus/TARGET. A crashing input is copied to
# Fuzz/Crashes/TARGET/, where the regression tests of `make test` replay it.
#
#   scripts/fuzz.sh [TARGET...]        targets: mime headers script menu restoration desktop scene
#   FUZZ_SECONDS=600 FUZZ_RUNS=1000000 scripts/fuzz.sh mime
#
# scene drives the compositor (scene.c and the rest of SlateCompositorShim, instrumented here as the
# Swift is) with a hostile client on the real socket; its driver lives with the compositor's tests
# (Tests/CompositorTests/SceneWire*.swift), which replay its seeds and crashes. Its seeds are written
# by Fuzz/scene-seeds.py.
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
runs=${FUZZ_RUNS:--1}
# Optimised and instrumented for coverage; Swift's own checks (bounds, overflow, force unwraps) trap,
# which libFuzzer reports as crashes. FUZZ_SANITIZE=fuzzer,address adds AddressSanitizer (3-4x slower),
# built in folders of its own (.build/fuzz-spm-fuzzer-address, .build/fuzz/fuzzer-address/).
sanitize=${FUZZ_SANITIZE:-fuzzer}
build=.build/fuzz-spm
out=.build/fuzz
if [ "$sanitize" != fuzzer ]; then
    build=.build/fuzz-spm-${sanitize//,/-}
    out=.build/fuzz/${sanitize//,/-}
fi
mkdir -p "$out"
flags=(-c release -Xswiftc -enable-testing)
for s in ${sanitize//,/ }; do flags+=(-Xswiftc "-sanitize=$s"); done
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(mime headers script menu restoration desktop scene)

# The libraries, instrumented, built once by SwiftPM (objects only: libFuzzer brings main).
swift build --build-path "$build" --target Guidelines "${flags[@]}" >/dev/null || exit 1
swift build --build-path "$build" --target MailStore "${flags[@]}" >/dev/null || exit 1
swift build --build-path "$build" --target Shell "${flags[@]}" >/dev/null || exit 1
bin=$(swift build --build-path "$build" -c release --show-bin-path)
objects() { for m in "$@"; do find "$bin/$m.build" -name '*.o'; done; }
# Shell and the modules below it that it stands on.
shell_modules="Graphics SlateLog UI Menus Scenes Windowing OnScreenKeyboard ShellPorts SystemUI Search Shell"

# The scene target: the compositor and an app's client side, with their C. The compositor's C is
# compiled here with the same sanitizers (SwiftPM passes -sanitize only to Swift), so libFuzzer sees
# the coverage of scene.c; the C modules' maps and the libraries' flags are what SwiftPM would pass.
scene_parts() {
    swift build --build-path "$build" --target Compositor "${flags[@]}" >/dev/null || exit 1
    swift build --build-path "$build" --target SlateClientShim "${flags[@]}" >/dev/null || exit 1
    swift build --build-path "$build" --target SlateProtocols "${flags[@]}" >/dev/null || exit 1
    local dir="$out/compositor-c-${sanitize//,/-}"
    mkdir -p "$dir"
    for c in Sources/SlateCompositorShim/*.c; do
        clang -c -O1 -g -fsanitize="${sanitize/fuzzer/fuzzer-no-link}" -DWLR_USE_UNSTABLE \
            -I Sources/SlateCompositorShim/include -I Sources/SlateCompositorShim/protocol \
            $(pkg-config --cflags wlroots wayland-server xkbcommon pixman-1) "$c" -o "$dir/$(basename "$c" .c).o" || exit 1
    done
    echo "$dir"/*.o $(objects $shell_modules SlatePixels Rendering Host Compositor SlateProtocols SlateClientShim)
    for m in SlateCompositorShim SlatePixels SlateProtocols SlateClientShim; do echo "-Xcc -fmodule-map-file=$bin/$m.build/module.modulemap"; done
    for m in CCairo CPango CRsvg; do echo "-Xcc -fmodule-map-file=Sources/$m/module.modulemap"; done
    for f in $(pkg-config --cflags cairo pangocairo librsvg-2.0); do echo "-Xcc $f"; done
    pkg-config --libs cairo pangocairo librsvg-2.0 wlroots wayland-server wayland-client xkbcommon pixman-1 xcb egl libinput
}
link() {  # link NAME SOURCES...
    local name=$1
    shift
    rm -f "$out/$name"  # never run an old binary when this one does not build
    swiftc -sanitize="$sanitize" -O -parse-as-library -enable-testing -g -I "$bin/Modules" -I "$bin" \
        -module-name "Fuzz_$name" "$@" -o "$out/$name" 2>&1 | grep -v "Cannot export local symbol" || true
    [ -x "$out/$name" ] || { echo "fuzz: could not build $name"; exit 1; }
}

status=0
for t in "${targets[@]}"; do
    case $t in
    mime) link mime Fuzz/FuzzMIMEParser.swift $(objects MailStore) ;;
    headers) link headers Fuzz/FuzzHeaderDecoders.swift $(objects MailStore) ;;
    script) link script Fuzz/FuzzScriptParser.swift Sources/SlateScripts/Script.swift Sources/SlateScripts/ScriptParser.swift \
        Sources/SlateScripts/ScriptLexer.swift Sources/SlateScripts/ScriptLimits.swift $(objects $shell_modules) ;;
    menu) link menu Fuzz/FuzzMenuFile.swift $(objects Graphics SlateLog UI Menus Scenes Guidelines) ;;
    restoration) link restoration Fuzz/FuzzRestoration.swift $(objects Graphics SlateLog UI Menus Scenes) ;;
    desktop) link desktop Fuzz/FuzzDesktopEntry.swift $(objects $shell_modules) ;;
    scene)
        parts=$(scene_parts) || exit 1
        # shellcheck disable=SC2086
        link scene Fuzz/FuzzSceneProtocol.swift Tests/CompositorTests/SceneWireClient.swift \
            Tests/CompositorTests/SceneWireWorld.swift Tests/CompositorTests/SceneWireSession.swift \
            Tests/CompositorTests/SceneWireSession+Requests.swift $parts
        ;;
    *) echo "fuzz: unknown target $t (mime headers script menu restoration desktop scene)"; exit 2 ;;
    esac
    corpus=.build/fuzz/corpus-$t
    crashes="Fuzz/Crashes/$t"
    mkdir -p "$corpus" "$crashes"
    echo "fuzz: $t for ${seconds}s (runs: $runs)"
    # Swift's own backtracer would catch a trap first, and libFuzzer would keep no input.
    SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=$PWD/scripts/lsan.supp "$out/$t" "$corpus" "Fuzz/Corpus/$t" -max_total_time="$seconds" -runs="$runs" -max_len=65536 -timeout=10 \
        -rss_limit_mb=4096 -artifact_prefix="$crashes/" -print_final_stats=1 2>"$out/$t.log"
    rc=$?
    grep -E "^stat::number_of_executed_units|^stat::average_exec_per_sec" "$out/$t.log" | sed "s/^/fuzz: $t /"
    if [ $rc -ne 0 ]; then
        echo "fuzz: $t found a crash (kept in $crashes/; see $out/$t.log)"
        status=1
    fi
done
exit $status
