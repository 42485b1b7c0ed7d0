#!/usr/bin/env python3
"""`make machine`: `slate session` on a real kernel's screen, seat and input, in a virtual machine.

Each panel is a boot of Debian's kernel (`machine.py`) with a virtio-gpu card of that size, and a
touchscreen, pen, keyboard and mouse made with uinput. Two boots run Slate as a person would from a
text console, with seatd; a third boots a disk of Debian 12 with systemd (`image.sh`), where the
person logs in at greetd's login screen and logind gives Slate the seat. Slate picks its renderer by
itself. What the panel shows is compared with
the references in `references/` (recorded from this rig with SLATE_RECORD_REFERENCES=1 and looked
at), as `ReferenceImage` compares Slate's other pictures. The machine's clock is held at the
references' 9:41. Waits are on the real clock. The last line: `machine: N passed, N failed`.
"""

import argparse
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from machine import ALLOWED_PIXELS, Machine, difference, read_png, write_png  # noqa: E402

REFERENCES = os.path.join(HERE, "references")
RECORDING = os.environ.get("SLATE_RECORD_REFERENCES") == "1"
# SLATE_RECORD_REFERENCES=missing records only the references not there yet (a new case's).
RECORDING_MISSING = os.environ.get("SLATE_RECORD_REFERENCES") == "missing"
# 2026-11-29T09:41:00Z: the date headless runs believe it is (SystemBuilder), so the status bar's
# clock reads as the references'.
PINNED_CLOCK = 1795945260
# The person's home in the machine (its root is this machine's files, read-only; /tmp is its own).
HOME = "/tmp/person"


class Failure(Exception):
    pass


class Rig:
    def __init__(self, slate, out, package=None):
        # `package`: the Debian package the login machine installs instead of the checkout's build.
        self.slate, self.out, self.package = slate, out, package
        self.passed, self.failed = 0, 0
        os.makedirs(out, exist_ok=True)

    def case(self, name, body):
        started = time.monotonic()
        try:
            body()
        except Failure as failure:
            self.failed += 1
            print(f"machine: FAIL {name}: {failure}", flush=True)
            return False
        self.passed += 1
        print(f"machine: ok {name} ({time.monotonic() - started:.1f} s)", flush=True)
        return True


def ask(machine, **request):
    reply = machine.ask(timeout=request.get("within", 60) + 60, **request)
    if not reply.get("ok"):
        raise Failure(f"{request['do']}: {reply}")
    return reply


# Slate's touch-and-hold (`GestureSettings.longPressDuration`, 0.5 s): a tap the machine stalled
# in for longer than this is a hold by the kernel's own clock, not a tap.
HOLD_MS = 500


def tap_icon(machine, at, tries=3):
    """A tap on an icon at `at`. Where the machine stalled between the finger's down and up for
    a hold's length (the guest says how long it was down), the icon rightly showed its context
    menu: Escape puts it away and the tap is made again. Not for a tap whose hold does anything
    else."""
    for _ in range(tries):
        held = ask(machine, do="tap", at=at).get("held_ms", 0)
        if held < HOLD_MS:
            return
        print(f"machine: the machine stalled during the tap at {at}: down {held} ms, a hold; again", flush=True)
        ask(machine, do="keys", keys=["KEY_ESC"])
        time.sleep(1)
    raise Failure(f"three taps at {at} each stalled into a hold")


def expect_screen(machine, rig, name, timeout=120, still=3, recordable=True):
    """Waits until the panel shows `references/NAME.png`; records it when recording (unless it is
    another case's reference, only compared with)."""
    path = os.path.join(REFERENCES, name + ".png")
    if recordable and (RECORDING or (RECORDING_MISSING and not os.path.exists(path))):
        # Recorded once the panel shows more than one colour and has held still for `still` s.
        last, still_since, deadline = None, time.monotonic(), time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = machine.screen()
            if screen.rgb.count(screen.rgb[:3]) == screen.width * screen.height:
                last = None
            elif last is None or screen.rgb != last.rgb:
                last, still_since = screen, time.monotonic()
            elif time.monotonic() - still_since >= still:
                break
            time.sleep(0.5)
        os.makedirs(REFERENCES, exist_ok=True)
        write_png(last, path)
        print(f"machine: recorded {path}", flush=True)
        return
    if not os.path.exists(path):
        raise Failure(f"no reference {path} (record it with SLATE_RECORD_REFERENCES=1 make machine, then look at it)")
    reference = read_png(path)
    deadline = time.monotonic() + timeout
    while True:
        screen = machine.screen()
        count = difference(screen, reference)
        if count <= ALLOWED_PIXELS:
            return
        if time.monotonic() > deadline:
            actual = os.path.join(rig.out, name + ".actual.png")
            write_png(screen, actual)
            raise Failure(f"the panel differs from {path} in {count} pixels after {timeout} s; it showed {actual}")
        time.sleep(1)


def expect_not_screen(machine, name, timeout=30):
    """Waits until the panel no longer shows `references/NAME.png` (another virtual terminal's)."""
    reference = read_png(os.path.join(REFERENCES, name + ".png"))
    deadline = time.monotonic() + timeout
    while difference(machine.screen(), reference) <= 1000:
        if time.monotonic() > deadline:
            raise Failure(f"the panel still shows {name} after {timeout} s")
        time.sleep(1)


def expect_dark(machine, name, timeout=30):
    """Waits until the panel is off: no longer `references/NAME.png`, and black but for QEMU's own
    line saying the display is not active."""
    reference = read_png(os.path.join(REFERENCES, name + ".png"))
    deadline = time.monotonic() + timeout
    while True:
        screen = machine.screen()
        lit = sum(1 for i in range(0, len(screen.rgb), 3 * 97) if max(screen.rgb[i:i + 3]) > 40)
        samples = len(screen.rgb) // (3 * 97)
        if difference(screen, reference) > 1000 and lit <= samples // 100:
            return
        if time.monotonic() > deadline:
            raise Failure(f"the panel is still lit after {timeout} s ({lit} of {samples} samples)")
        time.sleep(1)


def expect_log(machine, line, timeout=30):
    """Waits until Slate has said `line`."""
    deadline = time.monotonic() + timeout
    while line not in (log := ask(machine, do="log", lines=60)["log"]):
        if time.monotonic() > deadline:
            raise Failure(f"slate session did not say {line!r} within {timeout} s:\n{log}")
        time.sleep(1)


def expect_no_wlroots_errors(machine):
    """What wlroots said of the session's screen and input: nothing (its errors reach the log)."""
    log = ask(machine, do="log", lines=400)["log"]
    # (libinput's "your system is too slow" is the emulated machine's pace, not the session's fault;
    # after five of them in an hour libinput says it drops the rest, which is the same pace.)
    pace = ("your system is too slow", "[libinput] WARNING: log rate limit exceeded")
    errors = [line for line in log.splitlines()
              if line.startswith("slate: wlroots:") and not any(said in line for said in pace)]
    if errors:
        raise Failure("wlroots said:\n" + "\n".join(errors[-10:]))


def start_session(machine, rig, extra_args=(), seat=True):
    if seat:
        ask(machine, do="seat")
        ask(machine, do="devices")
        ask(machine, do="pin-clock", at=PINNED_CLOCK)
    reply = machine.ask(timeout=330, do="start", within=300, args=[rig.slate, "session", *extra_args],
                        env={"HOME": HOME, "XDG_CACHE_HOME": HOME + "/.cache", "XDG_CONFIG_HOME": HOME + "/.config",
                             "XDG_DATA_HOME": HOME + "/.local/share", "XDG_STATE_HOME": HOME + "/.local/state"})
    if not reply.get("ok"):
        raise Failure(f"slate session did not start: {reply}")
    print(f"machine: slate session took the panel in {reply['seconds']} s", flush=True)
    print(ask(machine, do="log")["log"], flush=True)
    return reply


def panel(rig, width, height, cases, disk=None):
    """One boot with a `width` × `height` panel, running `cases(machine)`: over virtme-ng, or from
    `disk` (image.sh's)."""
    name = f"{width}x{height}" + ("-login" if disk else "")
    log = os.path.join(rig.out, f"machine-{name}.log")
    try:
        machine = Machine(width, height, log, disk=disk, slate=rig.slate, package=rig.package if disk else None)
    except Exception as error:  # the boot itself failing fails every case of the panel
        rig.failed += 1
        print(f"machine: FAIL boot {name}: {error} (see {log})", flush=True)
        return
    print(f"machine: {name} booted in {machine.boot_seconds:.1f} s", flush=True)
    try:
        cases(machine)
    finally:
        machine.close()


# Where Notes is on the 1366 × 1024 panel's Home screen, among the machine's programs.
NOTES_ON_THE_HOME_SCREEN = [457, 132]


def landscape(rig):
    size = "1366x1024"

    def cases(machine):
        def starts():
            start_session(machine, rig)
            log = ask(machine, do="log")["log"]
            # No GPU here: virtio-gpu with no 3D, which auto draws on with pixman without starting GL.
            if "drawn with pixman on the CPU: its card (virtio_gpu) has no GPU to draw with" not in log:
                raise Failure(f"the session did not say its card has no GPU, and pixman draws:\n{log}")
            expect_screen(machine, rig, f"start-{size}", still=10)

        if not rig.case(f"{size}: starts with the renderer it picks, and shows its first screen", starts):
            return

        def control_center():
            # A swipe down from the top edge's right end pulls Control Center down.
            ask(machine, do="swipe", **{"from": [1340, 1], "to": [1340, 500], "ms": 300})
            expect_screen(machine, rig, f"control-center-{size}")

        rig.case(f"{size}: a swipe down from the top right pulls Control Center down", control_center)

        def vt_switch():
            ask(machine, do="vt", to=2)
            if not RECORDING:
                expect_not_screen(machine, f"control-center-{size}")
            ask(machine, do="vt", to=1)
            # Back: the whole frame drawn again, as it was.
            expect_screen(machine, rig, f"control-center-{size}")

        rig.case(f"{size}: away to another virtual terminal and back, drawn whole", vt_switch)


        def pen():
            # The pen's tip (a tablet tool with pressure, through libinput) taps Control Center's
            # Dark Mode button as a finger would.
            ask(machine, do="pen", at=[1123, 258], pressure=0.6)
            expect_screen(machine, rig, f"dark-mode-{size}")
            ask(machine, do="pen", at=[1123, 258], pressure=0.3)
            expect_screen(machine, rig, f"control-center-{size}", recordable=False)

        rig.case(f"{size}: the pen's tip taps Dark Mode on and off", pen)

        def panel_away():
            # The panel's connector off, as a panel unplugged: Slate says so in one line and waits,
            # the session going on; back, it is drawn whole, as it was.
            reply = ask(machine, do="panel", status="off")
            if reply["status"] != "disconnected":
                raise Failure(f"the connector reads {reply['status']!r} after it was forced off")
            expect_log(machine, "the screen went away (unplugged, or its connector turned off)")
            if not RECORDING:
                expect_not_screen(machine, f"control-center-{size}")
            ask(machine, do="panel", status="detect")
            expect_screen(machine, rig, f"control-center-{size}", recordable=False)
            expect_no_wlroots_errors(machine)

        rig.case(f"{size}: the panel goes away and comes back: waited for, drawn whole", panel_away)

        def touchscreen_away():
            # Unplugged under a finger resting on Dark Mode: one line, and the finger is cancelled,
            # not lifted (a lift would tap the button). Plugged back, a tap works as before.
            ask(machine, do="press", at=[1123, 258])
            time.sleep(0.3)
            ask(machine, do="unplug", device="touchscreen")
            expect_log(machine, "the touchscreen “Slate test touchscreen” went away")
            time.sleep(3)
            expect_screen(machine, rig, f"control-center-{size}", timeout=0, recordable=False)
            ask(machine, do="plug", device="touchscreen")
            ask(machine, do="tap", at=[1123, 258])
            expect_screen(machine, rig, f"dark-mode-{size}", recordable=False)
            ask(machine, do="tap", at=[1123, 258])
            expect_screen(machine, rig, f"control-center-{size}", recordable=False)
            expect_no_wlroots_errors(machine)

        rig.case(f"{size}: the touchscreen unplugged under a finger: one line, nothing pressed; back, it taps",
                 touchscreen_away)

        def mouse():
            # A mouse through libinput is the pointer, drawn as iPadOS 26's arrow: pushed into the top
            # left corner (the screen's edges hold it there, whatever its acceleration) a click on
            # Control Center's backdrop closes it — and the app's menu bar does not come down over
            # Control Center; in the bottom right corner, over Mail's messages, its wheel scrolls them.
            ask(machine, do="mouse", move=[-4000, -4000], click=True)
            expect_screen(machine, rig, f"mouse-{size}")
            ask(machine, do="mouse", move=[4000, 4000], wheel=-6)
            expect_screen(machine, rig, f"mouse-scrolled-{size}")
            # Back to the top: Mail keeps where its list was for the next session (the next case
            # starts one and looks for the list at its top).
            ask(machine, do="mouse", wheel=10)

        rig.case(f"{size}: the mouse's pointer clicks and its wheel scrolls", mouse)

        def four_fingers():
            # A hand's four fingers on the glass (libinput's touchscreen slots): pinched over Mail,
            # the Home screen; Notes opened from it; swiped left, back to Mail, the app used before;
            # right, Notes again; up, the switcher with both; down, away; left, Mail in front again
            # (as the next case starts it).
            middle = (683, 560)
            spread = [(-270, 60), (-90, -30), (90, -45), (270, 15)]

            def hand(by=(0, 0), closing=1.0):
                starts = [[middle[0] + dx, middle[1] + dy] for dx, dy in spread]
                ends = [[middle[0] + dx * closing + by[0], middle[1] + dy * closing + by[1]] for dx, dy in spread]
                ask(machine, do="fingers", **{"from": starts, "to": ends, "ms": 300})

            hand(closing=0.3)
            expect_screen(machine, rig, f"home-{size}")
            tap_icon(machine, NOTES_ON_THE_HOME_SCREEN)
            # (Recorded once Notes has drawn and held still: its process starts slowly here.)
            expect_screen(machine, rig, f"notes-{size}", still=10)
            hand(by=(-400, 0))
            expect_screen(machine, rig, f"start-{size}", recordable=False)
            hand(by=(400, 0))
            expect_screen(machine, rig, f"notes-{size}", recordable=False)
            hand(by=(0, -400))
            expect_screen(machine, rig, f"switcher-{size}")
            hand(by=(0, 400))
            expect_screen(machine, rig, f"notes-{size}", recordable=False)
            hand(by=(-400, 0))
            expect_screen(machine, rig, f"start-{size}", recordable=False)

        rig.case(f"{size}: four fingers pinch to the Home screen and swipe from app to app", four_fingers)

        def ends():
            ask(machine, do="keys", keys=["KEY_LEFTCTRL", "KEY_LEFTALT", "KEY_BACKSPACE"])
            reply = ask(machine, do="exit", within=120)
            if reply["status"] != 0:
                raise Failure(f"slate session ended with status {reply['status']}:\n{reply['log']}")

        if not rig.case(f"{size}: Ctrl+Alt+Backspace ends the session", ends):
            return

        def gles2():
            # GLES2 asked for by name where the GL is software: wlroots 0.15 would make it on the
            # card's render node, where kms_swrast crashed at the first frame. pixman draws, says so.
            start_session(machine, rig, ["--renderer", "gles2"], seat=False)
            log = ask(machine, do="log")["log"]
            if "GLES2 was asked for, and the GL here is software (llvmpipe" not in log:
                raise Failure(f"the session did not say why it draws with pixman:\n{log}")
            expect_screen(machine, rig, f"start-{size}", recordable=False)
            ask(machine, do="keys", keys=["KEY_LEFTCTRL", "KEY_LEFTALT", "KEY_BACKSPACE"])
            reply = ask(machine, do="exit", within=120)
            if reply["status"] != 0:
                raise Failure(f"slate session --renderer gles2 ended with status {reply['status']}:\n{reply['log']}")

        rig.case(f"{size}: --renderer gles2 where the GL is software: pixman draws, and says why", gles2)

    panel(rig, 1366, 1024, cases)


# The machine's user's own password, which opens the lock screen through PAM (pam_unix).
PASSWORD = "slate2026"


def power_key_and_password(machine, rig, size, shown, wake_at, asleep=lambda: None):
    """The power key puts the panel (showing `references/SHOWN.png`) to sleep (`asleep()` checks
    what else holds then); a touch at `wake_at` wakes it to the lock screen; a wrong password is
    refused, the user's own opens it back onto what it showed."""
    ask(machine, do="keys", keys=["KEY_POWER"])
    expect_dark(machine, shown)
    asleep()
    ask(machine, do="tap", at=wake_at)
    expect_screen(machine, rig, f"lock-{size}")
    ask(machine, do="type", text="wrong")
    ask(machine, do="keys", keys=["KEY_ENTER"])
    expect_screen(machine, rig, f"lock-refused-{size}")
    ask(machine, do="type", text=PASSWORD)
    ask(machine, do="keys", keys=["KEY_ENTER"])
    expect_screen(machine, rig, shown, recordable=False)
    expect_no_wlroots_errors(machine)


def portrait(rig):
    size = "800x1280"

    def cases(machine):
        def starts():
            # As a user of the machine's own (not root), in the seat's groups.
            ask(machine, do="user", name="person", password=PASSWORD)
            start_session(machine, rig)
            expect_screen(machine, rig, f"start-{size}", still=10)

        if not rig.case(f"{size}: a portrait panel shows its first screen in portrait", starts):
            return

        def keyboard():
            # The keyboard on the glass as on an iPad: away while a hardware keyboard is attached,
            # there for a field once the last one goes, away again when one comes.
            ask(machine, do="tap", at=[772, 48])  # Mail's New Message
            expect_screen(machine, rig, f"compose-{size}")
            ask(machine, do="tap", at=[400, 199])  # its To field takes text: a keyboard is attached
            expect_screen(machine, rig, f"compose-to-{size}")
            ask(machine, do="unplug", device="keyboard")
            expect_screen(machine, rig, f"compose-keyboard-{size}")
            # Two fingers (the touchscreen's two slots) pinch the keys in: the keyboard floats.
            ask(machine, do="pinch", center=[400, 1115], **{"from": 400, "to": 110})
            expect_screen(machine, rig, f"compose-floating-keyboard-{size}")
            ask(machine, do="plug", device="keyboard")
            expect_screen(machine, rig, f"compose-to-{size}", recordable=False)

        rig.case(f"{size}: a hardware keyboard coming and going hides and shows the keyboard on the glass", keyboard)

        def power_key():
            # The power key locks and turns the panel off; a touch wakes it to the lock screen (and
            # goes no further); the user's own password opens it through /etc/pam.d/slate and
            # pam_unix, a wrong one is refused.
            power_key_and_password(machine, rig, size, f"compose-to-{size}", wake_at=[400, 640])

        rig.case(f"{size}: the power key sleeps the panel; a touch wakes it; the user's password opens it", power_key)

        def control_center():
            # Touch is mapped to the portrait panel: its top right is the short side's end.
            ask(machine, do="swipe", **{"from": [785, 1], "to": [785, 600], "ms": 300})
            expect_screen(machine, rig, f"control-center-{size}")

        rig.case(f"{size}: the touchscreen is mapped to the portrait panel", control_center)

        def killed():
            ask(machine, do="kill", signal=9)
            ask(machine, do="exit", within=60)
            # The seat gives the console back: text mode, its keyboard on.
            reply = ask(machine, do="sh", cmd="/usr/bin/python3 -c \"import fcntl, struct; "
                        "fd = open('/dev/tty1', 'rb'); b = bytearray(4); fcntl.ioctl(fd, 0x4B3B, b); "
                        "m = bytearray(4); fcntl.ioctl(fd, 0x4B44, m); "
                        "print(struct.unpack('i', b)[0], struct.unpack('i', m)[0])\"")
            mode, keyboard = (int(v) for v in reply["out"].split())
            # KDGETMODE: 0 text; KDGKBMODE: 4 is K_OFF (input taken from the console).
            if mode != 0 or keyboard == 4:
                raise Failure(f"after SIGKILL the console is left in mode {mode}, keyboard mode {keyboard}")

        rig.case(f"{size}: killed, the console is usable again", killed)

    panel(rig, 800, 1280, cases)


def until(machine, cmd, what, within=90):
    """Waits until the machine's shell command `cmd` succeeds; fails saying `what` did not happen."""
    deadline = time.monotonic() + within
    while True:
        reply = machine.ask(timeout=60, do="sh", cmd=cmd)
        if reply.get("ok"):
            return reply["out"]
        if time.monotonic() > deadline:
            raise Failure(f"{what} within {within} s ({cmd}: {reply.get('out', reply)})")
        time.sleep(1)


def log_in(machine, name, password):
    """Types `name` and `password` at agreety's prompts (greetd's login screen, on the keyboard)."""
    until(machine, "pgrep -x agreety", "greetd's login screen did not show")
    ask(machine, do="type", text=name)
    ask(machine, do="keys", keys=["KEY_ENTER"])
    time.sleep(1)
    ask(machine, do="type", text=password)
    ask(machine, do="keys", keys=["KEY_ENTER"])


# The person image.sh makes, with their password (pam_unix; /etc/shadow of the disk's own).
PERSON = "person"
# The logind session of the person's, and what loginctl says of it.
PERSON_SESSION = ("loginctl show-session -p Type -p Class -p Active -p State -p Seat -p VTNr -p Remote "
                  f"$(loginctl list-sessions --no-legend | awk '$3 == \"{PERSON}\" {{print $1}}')")


# The accelerometer's orientation set (dbusmock's iio-sensor-proxy), as the tablet is turned.
ACCELEROMETER = ("busctl --system call net.hadess.SensorProxy /net/hadess/SensorProxy org.freedesktop.DBus.Mock "
                 "SetInternalProperty ssv net.hadess.SensorProxy AccelerometerOrientation s {}")

# The login machine's panel: a 12.9-inch iPad Pro's, 2732 × 2048 pixels, which Slate shows at 2×.
LOGIN_PANEL = (2732, 2048)


def login(rig):
    """A boot of a disk of Debian 12 with systemd, logind, polkit and greetd (image.sh): Slate as a
    person starts it from the login screen, with their password, on the seat logind gives."""
    width, height = LOGIN_PANEL
    size = f"{width}x{height}"
    made = subprocess.run([os.path.join(HERE, "image.sh")], capture_output=True, text=True)
    if made.returncode != 0:
        rig.failed += 1
        print(f"machine: FAIL the login machine's disk could not be made:\n{made.stderr[-3000:]}", flush=True)
        return

    def cases(machine):
        ask(machine, do="devices")
        ask(machine, do="pin-clock", at=PINNED_CLOCK)
        # The tablet's accelerometer, as iio-sensor-proxy gives it on the system bus (dbusmock's).
        ask(machine, do="sh", cmd="setsid python3 -m dbusmock --system --template iio-sensors-proxy --parameters "
            "'{\"has_accelerometer\": true, \"accelerometer_orientation\": \"normal\"}' >/tmp/sensors.log 2>&1 &")
        until(machine, "busctl --system status net.hadess.SensorProxy >/dev/null", "iio-sensor-proxy did not start")

        def refused():
            # logind asks polkit before it hands a session the screen: with none to ask, it refuses,
            # and Slate says so in one line (not "no seat"); the login screen comes back.
            ask(machine, do="sh", cmd="systemctl mask --now polkit.service")
            log_in(machine, PERSON, PASSWORD)
            expect_log(machine, "logind refused this session its seat", timeout=120)
            until(machine, "! pgrep -u person -x slate && pgrep -x agreety", "the login screen did not come back")
            ask(machine, do="sh", cmd="systemctl unmask polkit.service")

        rig.case(f"{size}: logind without polkit refuses the seat: one line says why; the login screen is back",
                 refused)

        def logs_in():
            log_in(machine, PERSON, PASSWORD)
            expect_screen(machine, rig, f"start-{size}", timeout=180, still=10)
            said = until(machine, PERSON_SESSION, "logind has no session of the person's")
            for line in ("Type=wayland", "Class=user", "Active=yes", "State=active", "Seat=seat0", "VTNr=7",
                         "Remote=no"):
                if line not in said.split():
                    raise Failure(f"logind's session of the person's is not {line}:\n{said}")
            log = ask(machine, do="log")["log"]
            if "drawn with pixman on the CPU: its card (virtio_gpu) has no GPU to draw with" not in log:
                raise Failure(f"the session did not say how it draws:\n{log}")

        if not rig.case(f"{size}: the person logs in at greetd's login screen; Slate takes the seat from logind",
                        logs_in):
            return

        def power_key():
            # Slate holds logind's power key: a press sleeps the panel, not the machine. A touch
            # wakes it to the lock screen; the person's password opens it (/etc/pam.d/slate).
            held = ask(machine, do="sh", cmd="systemd-inhibit --list --no-pager")["out"]
            if not any("Slate" in line and "handle-power-key" in line for line in held.splitlines()):
                raise Failure(f"Slate holds no handle-power-key inhibitor:\n{held}")
            # (Asleep, the machine is still up: logind did not power it off.)
            power_key_and_password(machine, rig, size, f"start-{size}", wake_at=[width // 2, height // 2],
                                   asleep=lambda: ask(machine, do="sh", cmd="systemctl is-system-running"))

        rig.case(f"{size}: the power key sleeps the panel, not the machine; the person's password opens it",
                 power_key)

        def turned():
            # The tablet turned a quarter (its left edge up): the screen turns to portrait, its top
            # along the panel's left edge, laid out again; the touchscreen turns with it: a swipe
            # down from the new top edge's right end (the panel's top left corner) pulls Control
            # Center. Turned back upright, Control Center goes and the screen is as it was.
            ask(machine, do="sh", cmd=ACCELEROMETER.format("left-up"))
            expect_screen(machine, rig, f"turned-{size}")
            ask(machine, do="swipe", **{"from": [1, 40], "to": [1000, 40], "ms": 300})
            expect_screen(machine, rig, f"turned-control-center-{size}")
            ask(machine, do="sh", cmd=ACCELEROMETER.format("normal"))
            expect_screen(machine, rig, f"start-{size}", recordable=False)

        rig.case(f"{size}: the tablet turned (iio-sensor-proxy): the screen and the touchscreen turn to portrait",
                 turned)

        def logs_out():
            # Ctrl+Alt+Backspace ends the session: the apps keep their windows, logind closes the
            # session, and greetd shows its login screen again.
            ask(machine, do="keys", keys=["KEY_LEFTCTRL", "KEY_LEFTALT", "KEY_BACKSPACE"])
            until(machine, "! pgrep -u person -x slate && pgrep -x agreety", "the login screen did not come back")
            until(machine, f"! loginctl list-sessions --no-legend | grep -w {PERSON} | grep -qv closing",
                  "logind did not close the person's session")
            kept = ask(machine, do="sh", cmd=f"ls /home/{PERSON}/.local/state/slate/org.slate.mail")["out"].split()
            if not kept:
                raise Failure("Mail kept no windows when the session ended")

        if not rig.case(
                f"{size}: Ctrl+Alt+Backspace logs out: the windows kept, the session closed, the login screen back",
                logs_out):
            return

        def autologin():
            # greetd's initial_session (a tablet that starts straight into its person's session):
            # Slate comes up with no one typing, on the seat logind gives; once it ends, greetd's
            # login screen is there instead. (greetd runs it once a boot, remembered in its run
            # file: gone, the restart is as a boot.)
            ask(machine, do="sh", cmd="printf '\\n[initial_session]\\ncommand = \"%s\"\\n"
                f"user = \"{PERSON}\"\\n' \"$(cat /run/slate-session-command)\" >> /etc/greetd/config.toml "
                "&& rm -f /run/greetd.run && systemctl restart greetd")
            expect_screen(machine, rig, f"start-{size}", timeout=180, recordable=False)
            said = until(machine, PERSON_SESSION, "logind has no session of the person's")
            if "Type=wayland" not in said.split() or "Active=yes" not in said.split():
                raise Failure(f"greetd's initial session is not an active wayland one:\n{said}")
            ask(machine, do="keys", keys=["KEY_LEFTCTRL", "KEY_LEFTALT", "KEY_BACKSPACE"])
            until(machine, "! pgrep -u person -x slate && pgrep -x agreety", "the login screen did not come back")

        rig.case(f"{size}: greetd's initial_session starts Slate with no one typing; after it, the login screen",
                 autologin)

    panel(rig, width, height, cases, disk=made.stdout.strip())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slate", help="the slate binary to run inside the machine")
    parser.add_argument("--package", help="a Debian package of Slate: the login machine installs it with dpkg, "
                        "and the login boot alone runs")
    parser.add_argument("--out", default=".build/machine", help="logs and the panel's pictures on failure")
    parser.add_argument("--only", choices=["landscape", "portrait", "login"], action="append",
                        help="these boots alone (all three when not given)")
    args = parser.parse_args()
    if not args.slate and not args.package:
        parser.error("--slate or --package is needed")
    if args.package:
        args.only = ["login"]
    rig = Rig(args.slate and os.path.abspath(args.slate), args.out, args.package and os.path.abspath(args.package))
    started = time.monotonic()
    for boot in (landscape, portrait, login):
        if not args.only or boot.__name__ in args.only:
            boot(rig)
    print(f"machine: {time.monotonic() - started:.0f} s in all", flush=True)
    print(f"machine: {rig.passed} passed, {rig.failed} failed", flush=True)
    return 1 if rig.failed else 0


if __name__ == "__main__":
    sys.exit(main())
