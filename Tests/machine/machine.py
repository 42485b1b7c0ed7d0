#!/usr/bin/env python3
"""A real machine for `slate session`: Debian's kernel in QEMU, driven from here.

The machine shares this machine's files read-only (virtme-ng), or boots a disk of its own with
systemd, logind and greetd (`image.sh`), with a virtio-gpu KMS card of the panel's size, and input
devices made with uinput inside it (`guest.py`). What the panel
shows is read with QEMU's QMP `screendump` (PNG: QEMU 7.2's PPM pads rows at odd widths without
saying so). KVM where it works, TCG otherwise.
"""

import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def kernel():
    """Debian's kernel (linux-image-amd64), the newest installed."""
    images = sorted(f for f in os.listdir("/boot") if f.startswith("vmlinuz-"))
    if not images:
        sys.exit("machine: no kernel in /boot (apt install linux-image-amd64)")
    return "/boot/" + images[-1]


def kvm_works():
    """Whether QEMU can use KVM here (on some machine kinds it traps on MSR 0x10a and cannot)."""
    if not os.access("/dev/kvm", os.R_OK | os.W_OK):
        return False
    probe = subprocess.run(
        ["qemu-system-x86_64", "-machine", "q35,accel=kvm", "-cpu", "host", "-display", "none", "-nodefaults",
         "-no-reboot", "-S", "-qmp", "stdio"], input=b'{"execute":"qmp_capabilities"}\n{"execute":"quit"}\n',
        capture_output=True, timeout=20)
    return probe.returncode == 0


def runtime_folder(binary):
    """The folder of the Swift runtime `binary` links (the toolchain's, as ldd finds it)."""
    linked = subprocess.run(["ldd", binary], capture_output=True, text=True, check=True).stdout
    for line in linked.splitlines():
        if "libswiftCore.so" in line and "=>" in line:
            return os.path.dirname(line.split("=>")[1].split()[0])
    sys.exit(f"machine: {binary} links no Swift runtime that ldd finds")


class Machine:
    """One boot of the machine with a panel of `width` × `height` pixels."""

    def __init__(self, width, height, log_path, memory="3G", cpus=2, disk=None, slate=None, package=None):
        """Boots with virtme-ng over this machine's own files, or, given `disk` (`image.sh`'s), that
        disk as the machine's own, systemd and all, with this checkout and the Swift runtime that
        `slate` links shared into it — or, given `package` (a .deb in this checkout), that package
        installed in it."""
        self.width, self.height = width, height
        self.folder = tempfile.mkdtemp(prefix="slate-machine-")
        self.qmp_path = os.path.join(self.folder, "qmp.sock")
        self.log = open(log_path, "a")
        self.answers = []
        self.cond = threading.Condition()
        self.started = time.monotonic()
        self.disk = disk
        if disk:
            self._boot_disk(disk, slate, package, memory, cpus)
        else:
            self._boot_virtme(memory, cpus)
        threading.Thread(target=self._read, daemon=True).start()
        first = self.wait_answer(timeout=300)
        if not first.get("ready"):
            os.killpg(self.process.pid, 9)  # QEMU, which would run on
            raise RuntimeError(f"the machine did not start: {first}")
        self.boot_seconds = time.monotonic() - self.started
        self.qmp = self._connect_qmp()

    def _panel_device(self):
        return f"-device virtio-vga,xres={self.width},yres={self.height} -qmp unix:{self.qmp_path},server=on,wait=off"

    def _boot_virtme(self, memory, cpus):
        """virtme-ng: this machine's files read-only as the root, guest.py as the one command, its
        requests and answers on the machine's standard input and output."""
        vng = shutil.which("vng") or os.path.expanduser("~/.local/bin/vng")
        argv = [vng, "--run", kernel(), "--disable-microvm", "--cpus", str(cpus), "--memory", memory,
                "--cwd", os.getcwd(), f"--qemu-opts={self._panel_device()}"]
        if not kvm_works():
            argv.append("--disable-kvm")
        guest = os.path.join(HERE, "guest.py")
        argv += ["--exec", f"MACHINE_PANEL_W={self.width} MACHINE_PANEL_H={self.height} /usr/bin/python3 -u {guest}"]
        self.process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, start_new_session=True)
        self.requests, self.replies = self.process.stdin, self.process.stdout

    def _boot_disk(self, disk, slate, package, memory, cpus):
        """The disk boots with Debian's kernel and initramfs from /boot (its writes go to a snapshot
        of QEMU's, thrown away), the kernel and systemd writing on the serial port into the log;
        guest.py, started by the disk's slate-machine.service, talks on a virtio-serial port."""
        checkout = os.getcwd()
        initrd = kernel().replace("vmlinuz-", "initrd.img-")
        rig_path = os.path.join(self.folder, "rig.sock")
        accel = "kvm" if kvm_works() else "tcg"
        append = f"root=/dev/vda rw console=ttyS0 loglevel=4 slate.checkout={checkout} slate.panel={self.width}x{self.height}"
        shares = []
        if package:
            # The package's program has the Swift runtime inside: nothing but the checkout is shared.
            if not os.path.abspath(package).startswith(checkout + "/"):
                raise RuntimeError(f"the package {package} is not in this checkout, which is all the machine sees")
            append += f" slate.package={os.path.abspath(package)}"
        else:
            swift = runtime_folder(slate)
            append += f" slate.swift={swift} slate.binary={os.path.abspath(slate)}"
            shares = ["-virtfs", f"local,path={swift},mount_tag=swift,security_model=none,readonly=on"]
        argv = ["qemu-system-x86_64", "-machine", f"q35,accel={accel}", "-cpu", "host" if accel == "kvm" else "max",
                "-smp", str(cpus), "-m", memory, "-nodefaults", "-no-reboot", "-display", "none",
                "-kernel", kernel(), "-initrd", initrd, "-append", append,
                "-drive", f"file={disk},if=virtio,format=raw,snapshot=on",
                "-virtfs", f"local,path={checkout},mount_tag=checkout,security_model=none,readonly=on", *shares,
                "-chardev", f"file,id=serial,path={self.log.name},append=on", "-serial", "chardev:serial",
                "-chardev", f"socket,id=rig,path={rig_path},server=on,wait=off",
                "-device", "virtio-serial-pci", "-device", "virtserialport,chardev=rig,name=slate.machine",
                *self._panel_device().split()]
        self.process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=self.log, stderr=subprocess.STDOUT,
                                        start_new_session=True)
        rig = socket.socket(socket.AF_UNIX)
        for _ in range(300):
            try:
                rig.connect(rig_path)
                break
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError(f"QEMU ended with status {self.process.returncode}")
                time.sleep(0.1)
        self.requests, self.replies = rig.makefile("wb"), rig.makefile("rb")

    def _read(self):
        for raw in self.replies:
            line = raw.decode(errors="replace").rstrip("\n")
            self.log.write(line + "\n")
            self.log.flush()
            if line.startswith("@@"):
                with self.cond:
                    self.answers.append(json.loads(line[2:]))
                    self.cond.notify_all()
        with self.cond:
            self.answers.append({"ok": False, "error": "the machine ended", "ended": True})
            self.cond.notify_all()

    def wait_answer(self, timeout):
        deadline = time.monotonic() + timeout
        with self.cond:
            while not self.answers:
                left = deadline - time.monotonic()
                if left <= 0:
                    return {"ok": False, "error": f"no answer within {timeout} s"}
                self.cond.wait(left)
            return self.answers.pop(0)

    def ask(self, timeout=120, **request):
        self.requests.write((json.dumps(request) + "\n").encode())
        self.requests.flush()
        return self.wait_answer(timeout)

    def _connect_qmp(self):
        sock = socket.socket(socket.AF_UNIX)
        for _ in range(100):
            try:
                sock.connect(self.qmp_path)
                break
            except OSError:
                time.sleep(0.1)
        self.qmp_file = sock.makefile("rw")
        json.loads(self.qmp_file.readline())  # the greeting
        self._qmp("qmp_capabilities")
        return sock

    def _qmp(self, command, **arguments):
        message = {"execute": command}
        if arguments:
            message["arguments"] = arguments
        self.qmp_file.write(json.dumps(message) + "\n")
        self.qmp_file.flush()
        while True:
            reply = json.loads(self.qmp_file.readline())
            if "return" in reply or "error" in reply:
                return reply

    def screen(self):
        """What the panel shows now (QMP `screendump`, as PPM: quick to read)."""
        path = os.path.join(self.folder, "screen.ppm")
        reply = self._qmp("screendump", filename=path)
        if "error" in reply:
            raise RuntimeError(f"screendump: {reply['error']}")
        return read_ppm(path)

    def close(self):
        try:
            self.ask(timeout=60, do="quit")
            if self.disk:
                # A booted disk runs on without its rig: QEMU is told to end (the disk's writes
                # were a snapshot's).
                self._qmp("quit")
        except (BrokenPipeError, OSError):
            pass
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, 9)
            self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


# ---- Pictures ------------------------------------------------------------------------------------

class Image:
    def __init__(self, width, height, rgb):
        self.width, self.height, self.rgb = width, height, rgb  # bytes, 3 a pixel, rows unpadded

    def pixel(self, x, y):
        i = (y * self.width + x) * 3
        return tuple(self.rgb[i:i + 3])


def read_ppm(path):
    """QEMU's screendump. QEMU 7.2 pads each row to 4 bytes without saying so in the header (at
    1366 pixels a row is 4100 bytes, not 4098): the row's length is read from the file's size."""
    data = open(path, "rb").read()
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        start = pos
        while not data[pos:pos + 1].isspace():
            pos += 1
        fields.append(data[start:pos])
    pos += 1
    if fields[0] != b"P6" or fields[3] != b"255":
        raise ValueError(f"{path}: not an 8-bit PPM")
    width, height = int(fields[1]), int(fields[2])
    row = (len(data) - pos) // height
    if row == width * 3:
        return Image(width, height, data[pos:pos + row * height])
    rgb = b"".join(data[pos + y * row:pos + y * row + width * 3] for y in range(height))
    return Image(width, height, rgb)


def write_png(image, path):
    """`image` as an 8-bit RGB PNG (each row unfiltered)."""
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    stride = image.width * 3
    raw = b"".join(b"\0" + image.rgb[y * stride:(y + 1) * stride] for y in range(image.height))
    header = struct.pack(">IIBBBBB", image.width, image.height, 8, 2, 0, 0, 0)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 6))
                  + chunk(b"IEND", b""))


# A channel may differ by this much, and this many pixels by more (Rendering's ReferenceImage: anti-
# aliasing noise, far fewer than a swapped icon's).
CHANNEL_TOLERANCE = 8
ALLOWED_PIXELS = 16


def difference(image, reference):
    """How many pixels differ by more than the tolerance (every pixel when the sizes differ)."""
    if (image.width, image.height) != (reference.width, reference.height):
        return image.width * image.height
    if image.rgb == reference.rgb:
        return 0
    count = 0
    stride = image.width * 3
    for y in range(image.height):
        a = image.rgb[y * stride:(y + 1) * stride]
        b = reference.rgb[y * stride:(y + 1) * stride]
        if a == b:
            continue
        for x in range(0, stride, 3):
            if a[x:x + 3] != b[x:x + 3] and max(abs(a[x + i] - b[x + i]) for i in range(3)) > CHANNEL_TOLERANCE:
                count += 1
    return count


def read_png(path):
    """A reference as `write_png` wrote it: 8-bit RGB, each row unfiltered."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    raw, stride = zlib.decompress(idat), width * 3
    if (depth, colour, interlace) != (8, 2, 0) or any(raw[y * (stride + 1)] for y in range(height)):
        raise ValueError(f"{path}: not as write_png writes (8-bit RGB, rows unfiltered); record it anew")
    return Image(width, height, b"".join(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)] for y in range(height)))
