#!/usr/bin/python3
"""Inside the virtual machine: the seat, the input devices and `slate session`, driven by the host.

Run by `Tests/machine/machine.py` as root on Debian's kernel, with Debian's own Python
(python3-evdev): over virtme-ng as the machine's one command (`--exec`), or, on the disk image.sh
makes, as its slate-machine.service. The host writes one JSON request a line on standard input;
each is answered with one JSON line on standard output that starts with `@@` (under virtme-ng the
kernel and the programs may write there too). Requests:

  {"do": "seat"}                          seatd started, its socket waited for
  {"do": "user", "name": N, "password": P}
                                          a user of the machine's own, with that password (pam_unix),
                                          in the seat's groups; `start` runs Slate as them; and
                                          Slate's PAM service from Packaging/ as /etc/pam.d/slate
  {"do": "devices"}                       a touchscreen, a pen, a keyboard and a mouse made with uinput
  {"do": "start", "args": [...], "env": {...}}
                                          `slate session ARGS` started as the machine's user
  {"do": "swipe", "from": [x, y], "to": [x, y], "ms": N}
                                          one finger, in the panel's pixels
  {"do": "tap", "at": [x, y]}             answers how long the finger was down (`held_ms`)
  {"do": "pinch", "center": [x, y], "from": D, "to": D, "ms": N}
                                          two fingers D pixels apart across x, y, moved to D apart
  {"do": "fingers", "from": [[x, y], ...], "to": [[x, y], ...], "ms": N}
                                          a finger a slot, moved together (four: a multitasking gesture)
  {"do": "pen", "at": [x, y], "pressure": 0..1}   the pen's tip down and up again
  {"do": "mouse", "move": [dx, dy], "wheel": N, "click": true}
                                          the mouse moved (counts), its wheel turned, a left click
  {"do": "keys", "keys": ["KEY_LEFTCTRL", ...]}   held in order, let go in reverse
  {"do": "type", "text": "..."}           typed on the keyboard, a key (with Shift) a character
  {"do": "unplug", "device": "keyboard"}  a device removed (libinput hears it go)
  {"do": "plug", "device": "keyboard"}    made again
  {"do": "panel", "status": "off"|"detect"}
                                          the panel's connector forced off, or back as the card says,
                                          and the hotplug event a real panel's coming or going sends
  {"do": "vt", "to": N}                   to virtual terminal N, as chvt (the seat lets the screen go)
  {"do": "exit", "within": S}             waits for Slate to end; its status and its last lines
  {"do": "kill", "signal": N}             a signal to Slate
  {"do": "sh", "cmd": "..."}              a shell command's status and output
  {"do": "log", "lines": N}               Slate's last lines (booted: the journal's, as "slate")
  {"do": "quit"}
"""

import crypt
import fcntl
import grp
import json
import os
import pwd
import signal
import subprocess
import sys
import threading
import time

import evdev
from evdev import AbsInfo, UInput, ecodes as e

# The panel's size in pixels, as the host asked QEMU for it; the touchscreen's range is the panel's.
PANEL_W = int(os.environ.get("MACHINE_PANEL_W", "1366"))
PANEL_H = int(os.environ.get("MACHINE_PANEL_H", "1024"))
# Booted from the disk image.sh makes (systemd, logind, greetd), rather than over virtme-ng: the
# session is the one the login screen starts, and its log is in the journal.
BOOTED = os.environ.get("MACHINE_BOOTED") == "1"
# The machine's user (made by the host's `user` request, or root when none).
USER = "root"
# This checkout (the machine starts in it): Slate's PAM service file is in Packaging/.
CHECKOUT = os.getcwd()
# A touchscreen's and a pen's resolution, units a millimetre: a 12.9-inch iPad's panel is 264 ppi,
# about 10.4 px/mm; libinput needs a resolution to treat the device as a screen of known size.
RESOLUTION = 10

# linux/vt.h
VT_ACTIVATE = 0x5606
VT_WAITACTIVE = 0x5607

devices = {}
slate = None
slate_log = None


def answer(**fields):
    sys.stdout.write("@@" + json.dumps(fields) + "\n")
    sys.stdout.flush()


def touchscreen():
    abs_x = AbsInfo(value=0, min=0, max=PANEL_W - 1, fuzz=0, flat=0, resolution=RESOLUTION)
    abs_y = AbsInfo(value=0, min=0, max=PANEL_H - 1, fuzz=0, flat=0, resolution=RESOLUTION)
    caps = {
        e.EV_KEY: [e.BTN_TOUCH],
        e.EV_ABS: [
            (e.ABS_X, abs_x),
            (e.ABS_Y, abs_y),
            (e.ABS_MT_SLOT, AbsInfo(0, 0, 9, 0, 0, 0)),
            (e.ABS_MT_TRACKING_ID, AbsInfo(0, 0, 65535, 0, 0, 0)),
            (e.ABS_MT_POSITION_X, abs_x),
            (e.ABS_MT_POSITION_Y, abs_y),
        ],
    }
    return UInput(caps, name="Slate test touchscreen", input_props=[e.INPUT_PROP_DIRECT])


def pen():
    caps = {
        e.EV_KEY: [e.BTN_TOOL_PEN, e.BTN_TOUCH, e.BTN_STYLUS],
        e.EV_ABS: [
            (e.ABS_X, AbsInfo(0, 0, PANEL_W - 1, 0, 0, RESOLUTION)),
            (e.ABS_Y, AbsInfo(0, 0, PANEL_H - 1, 0, 0, RESOLUTION)),
            (e.ABS_PRESSURE, AbsInfo(0, 0, 4095, 0, 0, 0)),
        ],
    }
    return UInput(caps, name="Slate test pen", input_props=[e.INPUT_PROP_DIRECT])


def keyboard():
    keys = [code for code in range(e.KEY_ESC, e.KEY_MICMUTE + 1)]
    return UInput({e.EV_KEY: keys}, name="Slate test keyboard")


def mouse():
    caps = {e.EV_KEY: [e.BTN_LEFT, e.BTN_RIGHT, e.BTN_MIDDLE], e.EV_REL: [e.REL_X, e.REL_Y, e.REL_WHEEL]}
    return UInput(caps, name="Slate test mouse")


MAKERS = {"touchscreen": touchscreen, "pen": pen, "keyboard": keyboard, "mouse": mouse}


def mouse_act(move=(0, 0), wheel=0, click=False):
    """The mouse moved by `move` counts (in steps, as a hand moves it; libinput accelerates them,
    and the pointer stops at the screen's edges), its wheel turned `wheel` notches (positive: away
    from the person, scrolling up), and its left button clicked."""
    m = devices["mouse"]
    steps = max(1, max(abs(move[0]), abs(move[1])) // 100)
    for _ in range(steps):
        m.write(e.EV_REL, e.REL_X, move[0] // steps)
        m.write(e.EV_REL, e.REL_Y, move[1] // steps)
        m.syn()
        time.sleep(0.01)
    for _ in range(abs(wheel)):
        m.write(e.EV_REL, e.REL_WHEEL, 1 if wheel > 0 else -1)
        m.syn()
        time.sleep(0.05)
    if click:
        m.write(e.EV_KEY, e.BTN_LEFT, 1)
        m.syn()
        time.sleep(0.06)
        m.write(e.EV_KEY, e.BTN_LEFT, 0)
        m.syn()


def finger_down(x, y):
    """One finger down at (x, y), the panel's pixels, not lifted."""
    ts = devices["touchscreen"]
    ts.write(e.EV_ABS, e.ABS_MT_SLOT, 0)
    ts.write(e.EV_ABS, e.ABS_MT_TRACKING_ID, 1)
    ts.write(e.EV_ABS, e.ABS_MT_POSITION_X, int(x))
    ts.write(e.EV_ABS, e.ABS_MT_POSITION_Y, int(y))
    ts.write(e.EV_KEY, e.BTN_TOUCH, 1)
    ts.write(e.EV_ABS, e.ABS_X, int(x))
    ts.write(e.EV_ABS, e.ABS_Y, int(y))
    ts.syn()


def finger(points, ms):
    """One finger along `points` (the panel's pixels), over `ms` milliseconds. Returns how long it
    was on the glass by this machine's monotonic clock, the one the kernel stamps its events
    with: more than `ms` where the machine stalled between the writes (under TCG, on a loaded
    host, by as much as a second)."""
    ts = devices["touchscreen"]
    steps = max(2, int(ms / 8))
    x0, y0 = points[0]
    finger_down(x0, y0)
    down_at = time.monotonic()
    if len(points) > 1:
        x1, y1 = points[1]
        for i in range(1, steps + 1):
            time.sleep(ms / 1000 / steps)
            x = x0 + (x1 - x0) * i / steps
            y = y0 + (y1 - y0) * i / steps
            ts.write(e.EV_ABS, e.ABS_MT_POSITION_X, int(x))
            ts.write(e.EV_ABS, e.ABS_MT_POSITION_Y, int(y))
            ts.write(e.EV_ABS, e.ABS_X, int(x))
            ts.write(e.EV_ABS, e.ABS_Y, int(y))
            ts.syn()
    else:
        time.sleep(ms / 1000)
    ts.write(e.EV_ABS, e.ABS_MT_TRACKING_ID, -1)
    ts.write(e.EV_KEY, e.BTN_TOUCH, 0)
    ts.syn()
    return time.monotonic() - down_at


def pinch(center, start, end, ms):
    """Two fingers on a line across `center`, `start` pixels apart, moved to `end` apart over `ms`:
    a pinch (end < start) or a spread."""
    cx, cy = center
    fingers([(cx - start / 2, cy), (cx + start / 2, cy)], [(cx - end / 2, cy), (cx + end / 2, cy)], ms)


def fingers(starts, ends, ms):
    """A finger in each of the touchscreen's first slots down at `starts` (the panel's pixels),
    moved together in a straight line each to `ends` over `ms` milliseconds, and lifted: a
    multi-finger swipe, pinch or spread."""
    ts = devices["touchscreen"]
    steps = max(2, int(ms / 8))

    def place(fraction, first):
        for slot, ((x0, y0), (x1, y1)) in enumerate(zip(starts, ends)):
            ts.write(e.EV_ABS, e.ABS_MT_SLOT, slot)
            if first:
                ts.write(e.EV_ABS, e.ABS_MT_TRACKING_ID, 10 + slot)
            ts.write(e.EV_ABS, e.ABS_MT_POSITION_X, int(x0 + (x1 - x0) * fraction))
            ts.write(e.EV_ABS, e.ABS_MT_POSITION_Y, int(y0 + (y1 - y0) * fraction))
        if first:
            ts.write(e.EV_KEY, e.BTN_TOUCH, 1)
        (x0, y0), (x1, y1) = starts[0], ends[0]
        ts.write(e.EV_ABS, e.ABS_X, int(x0 + (x1 - x0) * fraction))
        ts.write(e.EV_ABS, e.ABS_Y, int(y0 + (y1 - y0) * fraction))
        ts.syn()

    place(0, True)
    for i in range(1, steps + 1):
        time.sleep(ms / 1000 / steps)
        place(i / steps, False)
    for slot in range(len(starts)):
        ts.write(e.EV_ABS, e.ABS_MT_SLOT, slot)
        ts.write(e.EV_ABS, e.ABS_MT_TRACKING_ID, -1)
    ts.write(e.EV_KEY, e.BTN_TOUCH, 0)
    ts.syn()


def pen_tap(x, y, pressure):
    p = devices["pen"]
    p.write(e.EV_ABS, e.ABS_X, int(x))
    p.write(e.EV_ABS, e.ABS_Y, int(y))
    p.write(e.EV_KEY, e.BTN_TOOL_PEN, 1)
    p.syn()
    time.sleep(0.05)
    p.write(e.EV_ABS, e.ABS_PRESSURE, int(pressure * 4095))
    p.write(e.EV_KEY, e.BTN_TOUCH, 1)
    p.syn()
    time.sleep(0.1)
    p.write(e.EV_ABS, e.ABS_PRESSURE, 0)
    p.write(e.EV_KEY, e.BTN_TOUCH, 0)
    p.syn()
    time.sleep(0.05)
    p.write(e.EV_KEY, e.BTN_TOOL_PEN, 0)
    p.syn()


# What each character of a typed word is on a US keyboard (letters, digits, and a few marks).
TYPED = {**{c: ("KEY_" + c.upper(), False) for c in "abcdefghijklmnopqrstuvwxyz"},
         **{c: ("KEY_" + c.upper(), True) for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"},
         **{c: ("KEY_" + c, False) for c in "0123456789"},
         "-": ("KEY_MINUS", False), ".": ("KEY_DOT", False), " ": ("KEY_SPACE", False)}


def type_text(text):
    for c in text:
        key, shifted = TYPED[c]
        press(["KEY_LEFTSHIFT", key] if shifted else [key])


def press(names):
    kb = devices["keyboard"]
    codes = [e.ecodes[name] for name in names]
    for code in codes:
        kb.write(e.EV_KEY, code, 1)
        kb.syn()
        time.sleep(0.03)
    for code in reversed(codes):
        kb.write(e.EV_KEY, code, 0)
        kb.syn()
        time.sleep(0.03)


def bind_copy(path, change):
    """Puts a changed copy of `path` over it (the machine's root is this machine's files, read-only;
    /tmp is its own): `change(text)` gives the copy's text; its owner and mode stay."""
    info = os.stat(path)
    copy = "/tmp/etc-" + path.strip("/").replace("/", "-")
    with open(path) as original:
        text = change(original.read())
    with open(copy, "w") as out:
        out.write(text)
    os.chown(copy, info.st_uid, info.st_gid)
    os.chmod(copy, info.st_mode & 0o7777)
    subprocess.run(["mount", "--bind", copy, path], check=True)


def make_user(name, password):
    """A user of the machine's own: an entry in passwd, shadow (a SHA-512 hash, as Debian's passwd
    writes) and group, in video and input, and /etc/pam.d/slate as `make install` puts it down."""
    global USER
    uid = 1000
    while True:
        try:
            pwd.getpwuid(uid)
            uid += 1
        except KeyError:
            break
    home = "/tmp/" + name
    hashed = crypt.crypt(password, crypt.mksalt(crypt.METHOD_SHA512))
    bind_copy("/etc/passwd", lambda t: t + f"{name}:x:{uid}:{uid}:{name}:{home}:/bin/sh\n")
    bind_copy("/etc/shadow", lambda t: t + f"{name}:{hashed}:20000:0:99999:7:::\n")

    def groups(text):
        lines = []
        for line in text.splitlines():
            fields = line.split(":")
            if fields[0] in ("video", "input", "render"):
                members = [m for m in fields[3].split(",") if m] + [name]
                line = ":".join(fields[:3] + [",".join(members)])
            lines.append(line)
        return "\n".join(lines) + f"\n{name}:x:{uid}:\n"

    bind_copy("/etc/group", groups)
    # The PAM service Slate installs, among the machine's own services.
    pam = "/tmp/etc-pam.d"
    subprocess.run(["cp", "-a", "/etc/pam.d", pam], check=True)
    subprocess.run(["cp", os.path.join(CHECKOUT, "Packaging/slate.pam"), pam + "/slate"], check=True)
    subprocess.run(["mount", "--bind", pam, "/etc/pam.d"], check=True)
    os.makedirs(home, exist_ok=True)
    os.chown(home, uid, uid)
    USER = name
    return uid


def start(args, env, timeout):
    global slate, slate_log
    user = pwd.getpwnam(USER)
    runtime = f"/run/user/{user.pw_uid}"
    os.makedirs(runtime, mode=0o700, exist_ok=True)
    os.chown(runtime, user.pw_uid, user.pw_gid)
    environment = {
        "PATH": "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin",
        "HOME": user.pw_dir,
        "USER": USER,
        "LANG": "C.UTF-8",
        "TZ": "UTC",
        "XDG_RUNTIME_DIR": runtime,
        "LIBSEAT_BACKEND": "seatd",
    }
    environment.update(env)
    os.makedirs(environment["HOME"], exist_ok=True)
    os.chown(environment["HOME"], user.pw_uid, user.pw_gid)
    slate_log = open(f"/tmp/slate-session-{time.monotonic_ns()}.log", "w+")

    def demote():
        os.setsid()
        if user.pw_uid != 0:
            os.initgroups(USER, user.pw_gid)
            os.setgid(user.pw_gid)
            os.setuid(user.pw_uid)

    slate = subprocess.Popen(
        args, env=environment, stdout=subprocess.PIPE, stderr=slate_log, stdin=subprocess.DEVNULL,
        preexec_fn=demote, cwd=user.pw_dir)
    # Slate says its Wayland display once the screen is taken and the shell is up.
    started = time.monotonic()
    said = {}
    shown = threading.Event()

    def read():
        for raw in slate.stdout:
            line = raw.decode(errors="replace").strip()
            if "=" in line:
                key, value = line.split("=", 1)
                said[key] = value
            if line.startswith("WAYLAND_DISPLAY="):
                said["seconds"] = round(time.monotonic() - started, 2)
                shown.set()
        shown.set()

    threading.Thread(target=read, daemon=True).start()
    if shown.wait(timeout) and "WAYLAND_DISPLAY" in said:
        return answer(ok=True, display=said["WAYLAND_DISPLAY"], seconds=said["seconds"])
    if slate.poll() is None:
        return answer(ok=False, running=True, error=f"no display within {timeout} s", log=tail_log())
    slate.wait()
    answer(ok=False, status=slate.returncode, log=tail_log())


def tail_log(lines=30):
    if BOOTED and not slate:
        # The session the login screen started: slate-session puts its log in the journal.
        journal = subprocess.run(["journalctl", "-b", "-o", "cat", "--no-pager", "-t", "slate", "-n", str(lines)],
                                 capture_output=True, text=True)
        return journal.stdout
    if not slate_log:
        return ""
    slate_log.flush()
    slate_log.seek(0)
    return "".join(slate_log.readlines()[-lines:])


# virtio-gpu does not poll its connectors, so a status written to sysfs sends no hotplug event; the
# rig sends one itself (a synthetic uevent), and this rule gives it the HOTPLUG=1 a real one has.
HOTPLUG_RULE = ('ACTION=="change", SUBSYSTEM=="drm", ENV{SYNTH_ARG_HOTPLUG}=="1", ENV{HOTPLUG}="1"\n')


def panel(status):
    os.makedirs("/run/udev/rules.d", exist_ok=True)
    rule = "/run/udev/rules.d/90-slate-machine-hotplug.rules"
    if not os.path.exists(rule):
        with open(rule, "w") as out:
            out.write(HOTPLUG_RULE)
        subprocess.run(["udevadm", "control", "--reload"], check=True)
    connectors = [c for c in os.listdir("/sys/class/drm") if c.startswith("card0-")]
    with open(f"/sys/class/drm/{connectors[0]}/status", "w") as out:
        out.write(status)
    with open("/sys/class/drm/card0/uevent", "w") as out:
        out.write("change 00000000-0000-0000-0000-000000000000 HOTPLUG=1")
    subprocess.run(["udevadm", "settle", "--timeout=10"], check=False)
    with open(f"/sys/class/drm/{connectors[0]}/status") as now:
        return now.read().strip()


def handle(request):
    global slate
    what = request["do"]
    if what == "seat":
        subprocess.Popen(["seatd", "-g", "video"], stdout=subprocess.DEVNULL, stderr=open("/tmp/seatd.log", "w"))
        for _ in range(200):
            if os.path.exists("/run/seatd.sock"):
                return answer(ok=True)
            time.sleep(0.05)
        return answer(ok=False, log=open("/tmp/seatd.log").read())
    if what == "user":
        uid = make_user(request["name"], request["password"])
        return answer(ok=True, uid=uid, groups=[g.gr_name for g in grp.getgrall() if request["name"] in g.gr_mem])
    if what == "devices":
        subprocess.run(["modprobe", "uinput"], check=False)
        # QEMU's PS/2 keyboard goes: the machine's keyboard is the uinput one, plugged and unplugged.
        subprocess.run(["sh", "-c", "for d in /sys/bus/serio/drivers/atkbd/serio*; do "
                        "[ -e \"$d\" ] && echo -n \"${d##*/}\" > /sys/bus/serio/drivers/atkbd/unbind; done"],
                       check=False)
        for name in request.get("names", list(MAKERS)):
            devices[name] = MAKERS[name]()
        # udev tags each for libinput before the session opens them.
        subprocess.run(["udevadm", "settle", "--timeout=10"], check=False)
        return answer(ok=True, devices=sorted(devices))
    if what == "plug":
        devices[request["device"]] = MAKERS[request["device"]]()
        subprocess.run(["udevadm", "settle", "--timeout=10"], check=False)
        return answer(ok=True)
    if what == "unplug":
        devices.pop(request["device"]).close()
        subprocess.run(["udevadm", "settle", "--timeout=10"], check=False)
        return answer(ok=True)
    if what == "start":
        return start(request["args"], request.get("env", {}), request.get("within", 240))
    if what == "swipe":
        finger([request["from"], request["to"]], request.get("ms", 250))
        return answer(ok=True)
    if what == "pinch":
        pinch(request["center"], request["from"], request["to"], request.get("ms", 300))
        return answer(ok=True)
    if what == "fingers":
        fingers(request["from"], request["to"], request.get("ms", 300))
        return answer(ok=True)
    if what == "tap":
        held = finger([request["at"]], request.get("ms", 60))
        return answer(ok=True, held_ms=round(held * 1000))
    if what == "press":
        finger_down(*request["at"])
        return answer(ok=True)
    if what == "pen":
        pen_tap(*request["at"], request.get("pressure", 0.5))
        return answer(ok=True)
    if what == "mouse":
        mouse_act(request.get("move", (0, 0)), request.get("wheel", 0), request.get("click", False))
        return answer(ok=True)
    if what == "keys":
        press(request["keys"])
        return answer(ok=True)
    if what == "type":
        type_text(request["text"])
        return answer(ok=True)
    if what == "pin-clock":
        # The status bar's clock shows the references' 9:41 however long the machine takes: the
        # machine's own clock (its alone) is set back to it each second.
        subprocess.Popen(["sh", "-c", f"while :; do date -s @{request['at']} >/dev/null; sleep 1; done"])
        return answer(ok=True)
    if what == "panel":
        return answer(ok=True, status=panel(request["status"]))
    if what == "vt":
        # chvt's ioctls (kbd is not installed everywhere): the seat is asked to let go, and back.
        with open("/dev/tty0", "wb") as console:
            fcntl.ioctl(console, VT_ACTIVATE, request["to"])
            fcntl.ioctl(console, VT_WAITACTIVE, request["to"])
        return answer(ok=True)
    if what == "kill":
        slate.send_signal(request.get("signal", signal.SIGTERM))
        return answer(ok=True)
    if what == "exit":
        try:
            status = slate.wait(timeout=request.get("within", 60))
        except subprocess.TimeoutExpired:
            return answer(ok=False, running=True, log=tail_log())
        return answer(ok=True, status=status, log=tail_log())
    if what == "sh":
        result = subprocess.run(["sh", "-c", request["cmd"]], capture_output=True, text=True)
        return answer(ok=result.returncode == 0, status=result.returncode, out=result.stdout + result.stderr)
    if what == "log":
        return answer(ok=True, log=tail_log(request.get("lines", 30)))
    return answer(ok=False, error=f"unknown request {what!r}")


def main():
    # The disk's install step (image-guest.sh) failing is said at once, with what it said.
    failed = "/run/slate-install-failed"
    if BOOTED and os.path.exists(failed):
        with open(failed) as said:
            answer(ok=False, ready=False, error="installing Slate failed:\n" + said.read()[-3000:])
        return
    answer(ok=True, ready=True, kernel=os.uname().release)
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        request = json.loads(line)
        if request["do"] == "quit":
            break
        try:
            handle(request)
        except Exception as error:  # one request failing is told to the host, which fails the case
            answer(ok=False, error=f"{type(error).__name__}: {error}")
    if slate and slate.poll() is None:
        slate.terminate()
        try:
            slate.wait(timeout=20)
        except subprocess.TimeoutExpired:
            slate.kill()
    answer(ok=True, done=True)


if __name__ == "__main__":
    main()
