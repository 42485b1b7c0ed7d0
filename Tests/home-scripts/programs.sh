#!/bin/sh
# Installs COUNT (at most 150) made-up programs for the Home screen's scripts under DIR (used as
# $XDG_DATA_HOME): DIR/applications/*.desktop, named in English and Russian, each in one of five
# main categories, their icons those of real programs the tests already install (foot, mpv, xterm,
# qemu), copied into DIR/icons. The same files every run.
set -eu
dir=$1
count=${2:-150}
mkdir -p "$dir/applications" "$dir/icons/hicolor/scalable/apps"
for icon in foot mpv xterm qemu; do
    src=/usr/share/icons/hicolor/scalable/apps/$icon.svg
    [ -f "$src" ] && cp "$src" "$dir/icons/hicolor/scalable/apps/$icon.svg"
done
n=0
for first in Atlas Aurora Basalt Beacon Cedar Comet Delta Dune Ember Fjord Glide Harbor Iris Juniper Kestrel \
    Lumen Maple Nimbus Orbit Pixel Quartz Raven Summit Tide Umbra Vertex Willow Xenon Yarrow Zephyr; do
    for kind in "Browser:Браузер:Network:foot" "Writer:Текст:Office:mpv" "Paint:Рисунок:Graphics:xterm" \
        "Studio:Студия:Development:qemu" "Player:Плеер:AudioVideo:"; do
        [ "$n" -lt "$count" ] || exit 0
        n=$((n + 1))
        en=${kind%%:*}
        rest=${kind#*:}
        ru=${rest%%:*}
        rest=${rest#*:}
        category=${rest%%:*}
        icon=${rest#*:}
        id=$(echo "$first-$en" | tr 'A-Z' 'a-z')
        {
            echo "[Desktop Entry]"
            echo "Type=Application"
            echo "Name=$first $en"
            echo "Name[ru]=$first $ru"
            echo "Exec=true"
            echo "Categories=$category;"
            if [ -n "$icon" ]; then echo "Icon=$icon"; fi
        } >"$dir/applications/$id.desktop"
    done
done
