"""portals.py CONF DESKTOPS: the portal file as xdg-desktop-portal reads it (GLib's key file), each
backend it names installed (share/xdg-desktop-portal/portals/NAME.portal) and serving the portals it
is named for; and with XDG_CURRENT_DESKTOP=DESKTOPS, Debian 12's xdg-desktop-portal 1.16 — which
reads no such file, and picks for each portal the first backend whose UseIn names one of the
desktops, else any backend that serves it — picks the backends the file names, those it names for
a portal by UseIn."""
import glob
import os
import sys

from gi.repository import GLib

PORTALS = "/usr/share/xdg-desktop-portal/portals"
conf, desktops = sys.argv[1], sys.argv[2].split(":")
problems = []

keys = GLib.KeyFile()
keys.load_from_file(conf, GLib.KeyFileFlags.NONE)
groups, _ = keys.get_groups()
if groups != ["preferred"]:
    problems.append(f"groups {groups}, not [preferred]")

backends = {}
for path in sorted(glob.glob(PORTALS + "/*.portal")):
    portal = GLib.KeyFile()
    portal.load_from_file(path, GLib.KeyFileFlags.NONE)
    interfaces = portal.get_string_list("portal", "Interfaces")
    try:
        use_in = portal.get_string_list("portal", "UseIn")
    except GLib.Error:  # no UseIn: a backend for any desktop
        use_in = []
    backends[os.path.basename(path)[: -len(".portal")]] = (interfaces, [u.lower() for u in use_in])
if not backends:
    problems.append(f"no portal backends in {PORTALS}")


def debian_12_pick(interface):
    """The backend xdg-desktop-portal 1.16 uses for `interface` (its find_portal_implementation), and
    whether a desktop in its UseIn chose it (rather than its being the first that serves it)."""
    for desktop in desktops:
        for name, (interfaces, use_in) in backends.items():
            if interface in interfaces and desktop.lower() in use_in:
                return name, True
    for name, (interfaces, _) in backends.items():
        if interface in interfaces:
            return name, False
    return None, False


prefix = "org.freedesktop.impl.portal."
named, _ = keys.get_keys("preferred")
for key in named:
    chosen = [b for b in keys.get_string("preferred", key).split(";") if b]
    if key != "default" and not key.startswith(prefix):
        problems.append(f"{key}: neither default nor a portal ({prefix}…)")
        continue
    if len(chosen) != 1:
        problems.append(f"{key}: names {chosen}, not one backend")
        continue
    backend = chosen[0]
    if backend not in backends:
        problems.append(f"{key}: backend {backend} is not installed ({PORTALS}/{backend}.portal)")
        continue
    # `default` is checked on the file chooser, the portal sandboxed programs use most.
    interface = key if key != "default" else prefix + "FileChooser"
    if interface not in backends[backend][0]:
        problems.append(f"{key}: {backend} does not serve {interface}")
    picked, by_desktop = debian_12_pick(interface)
    if picked != backend:
        problems.append(f"{interface}: the file says {backend}, Debian 12's portal picks {picked}")
    elif key != "default" and not by_desktop:
        # A portal the file names on purpose must be chosen by the session's desktops, not by chance.
        problems.append(f"{interface}: {backend} is Debian 12's pick only as the first to serve it, not by UseIn")

for p in problems:
    print(f"     {conf}: {p}")
sys.exit(1 if problems else 0)
