"""session-bus.py PID check|activate: the session of Slate's process PID, read back from its buses.
check: whether org.a11y.Bus runs on the session bus (slate-session starts it), and which process of
the accessibility bus's connections (GetConnectionUnixProcessID) is PID's program: prints "on the
accessibility bus: yes|no" and that process's environment ("environ: NAME=value" a line).
activate: asks the session bus to start org.slate.test.Environment (the test's service, which
writes the environment D-Bus gives it)."""
import os
import sys

from gi.repository import Gio, GLib

pid, mode = int(sys.argv[1]), sys.argv[2]


def environ(process):
    with open(f"/proc/{process}/environ", "rb") as f:
        return [e.decode() for e in f.read().split(b"\0") if b"=" in e]


def connect(address):
    flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
    return Gio.DBusConnection.new_for_address_sync(address, flags, None, None)


def bus_call(bus, method, args=None, reply="(b)"):
    return bus.call_sync(
        "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", method, args,
        GLib.VariantType(reply), Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]


address = dict(e.split("=", 1) for e in environ(pid))["DBUS_SESSION_BUS_ADDRESS"]
session = connect(address)
if mode == "activate":
    try:
        bus_call(session, "StartServiceByName", GLib.Variant("(su)", ("org.slate.test.Environment", 0)), "(u)")
    except GLib.Error:
        pass  # the service writes its environment and ends without taking its name
    sys.exit(0)

running = bus_call(session, "NameHasOwner", GLib.Variant("(s)", ("org.a11y.Bus",)))
print(f"accessibility bus launcher on the session bus: {'yes' if running else 'no'}")
if not running:
    sys.exit(1)
reply = session.call_sync(
    "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None, GLib.VariantType("(s)"),
    Gio.DBusCallFlags.NO_AUTO_START, 5000, None)
accessibility = connect(reply.unpack()[0])
program = os.readlink(f"/proc/{pid}/exe")
found = None
for name in bus_call(accessibility, "ListNames", None, "(as)"):
    if not name.startswith(":"):
        continue
    try:
        process = bus_call(accessibility, "GetConnectionUnixProcessID", GLib.Variant("(s)", (name,)), "(u)")
        if os.readlink(f"/proc/{process}/exe") == program and process == pid:
            found = process
    except (GLib.Error, OSError):
        continue
print(f"on the accessibility bus: {'yes' if found else 'no'}")
if found:
    for e in environ(found):
        print(f"environ: {e}")
sys.exit(0 if found else 1)
