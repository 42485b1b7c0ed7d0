import Compositor
import Foundation
import Graphics
import Host
@_spi(Testing) import Shell
import ShellPorts
import SystemUI
import Testing
import UI

/// The lock with real programs: locked, no pixel of a GTK program or of Mail's process is drawn and
/// neither keeps the keys; the clipboard and the screen are closed to programs; swaylock locks
/// through ext-session-lock-v1, unlocks with its own password check, and when it is killed the screen
/// stays locked.
@MainActor @Suite(.serialized) struct LockTests {
    static func folder(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("slate-lock-\(name)-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// How many pixels of `image` are within `tolerance` of `colour` on every channel.
    static func count(_ colour: RGBA, in image: PixelImage, tolerance: Double = 0.03) -> Int {
        var n = 0
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) where close(image.pixel(x: x, y: y), colour, tolerance) {
                n += 1
            }
        }
        return n
    }

    @Test(.enabled(if: ColourWindow.available)) func lockedNothingOfAGTKProgramOrMailIsDrawnOrReached() throws {
        let dir = try Self.folder("apps")
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = try Rig(stateHome: dir)
        defer { rig.shutdown() }
        guard let (_, _, mailWindow) = rig.openMail(in: dir) else { return }
        try rig.colourWindow("Green", "#20c040")
        let green = RGBA(hex: 0x20C040)
        rig.wait(20, "the GTK window's colour") {
            rig.window(titled: "Green") != nil && Self.count(green, in: rig.framebuffer) > 1000
        }
        guard let greenWindow = rig.window(titled: "Green") else { return }
        rig.shell.show(split: mailWindow, on: .left)
        rig.settle()
        #expect(rig.shell.visibleWindows.count == 2, "Mail and the GTK program side by side")
        #expect(Self.count(green, in: rig.framebuffer) > 1000)
        rig.shell.focus(greenWindow.id)
        rig.settle()
        #expect(rig.toplevel(titled: "Green")?.hasKeyboardFocus == true)

        rig.shell.lock()
        rig.settle()
        #expect(rig.shell.isLocked && rig.host.compositor.isLocked)
        let locked = rig.framebuffer
        #expect(Self.count(green, in: locked) == 0, "a pixel of the GTK program shows while locked")
        #expect(rig.toplevel(titled: "Green")?.hasKeyboardFocus == false, "the program keeps the keys")
        rig.snapshot("locked-with-apps")

        // The same lock screen on a shell with nothing open: pixel for pixel the same (no pixel of
        // Mail's or the program's window anywhere).
        let empty = try Rig(stateHome: try Self.folder("empty"))
        defer { empty.shutdown() }
        empty.shell.lock()
        empty.settle()
        let bare = empty.framebuffer
        var differing = 0
        for i in stride(from: 0, to: min(bare.pixels.count, locked.pixels.count), by: 4)
        where bare.pixels[i..<(i + 4)] != locked.pixels[i..<(i + 4)] {
            differing += 1
        }
        #expect(differing == 0, "\(differing) pixels differ from a lock screen with no apps")
    }

    @Test(.enabled(if: tool("swaylock"))) func swaylockLocksAndKilledItLeavesTheScreenLocked() throws {
        let dir = try Self.folder("swaylock")
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = try LiveRig(stateHome: dir)
        defer { rig.shutdown() }
        let orange = RGBA(hex: 0xFF8000)
        let pid = try Spawn.start(
            ["/usr/bin/swaylock", "--color", "ff8000", "--no-unlock-indicator"],
            environment: rig.compositor.clientEnvironment())
        defer {
            kill(pid, SIGKILL)
            _ = Spawn.reap(pid)
        }
        let shown = rig.run(for: 20) {
            rig.shell.isLockedByProgram && close(mean(rig.live.host.framebuffer, Rect(600, 400, 100, 100)), orange)
        }
        #expect(shown, "swaylock's surface did not show")
        #expect(rig.shell.isLocked && rig.compositor.isLocked)
        #expect(rig.shell.lockScreen == nil, "swaylock's surface is the lock screen")
        kill(pid, SIGKILL)
        rig.run(for: 10) { !rig.shell.isLockedByProgram }
        #expect(rig.shell.isLocked, "killed, swaylock left the screen unlocked")
        #expect(rig.shell.lockScreen != nil, "Slate's lock screen takes over")
        #expect(rig.shell.lockScreenMessage == LockScreenStrings.lockerEnded.en)
        // A second locker is refused while Slate's own lock holds: it cannot take over and unlock.
        let second = try Spawn.start(
            ["/usr/bin/swaylock", "--color", "00ff00"], environment: rig.compositor.clientEnvironment())
        var status: Int32?
        rig.run(for: 10) {
            status = Spawn.reap(second)
            return status != nil
        }
        if status == nil { kill(second, SIGKILL) }
        #expect(status != nil && status != 0, "a second swaylock was not refused")
        #expect(rig.shell.isLocked)
    }

    @Test(.enabled(if: tool("swaylock") && LockTests.pamWrapper != nil)) func swaylockUnlocksWithItsPassword() throws {
        let dir = try Self.folder("swaylock-pam")
        defer { try? FileManager.default.removeItem(at: dir) }
        let (wrapper, matrix) = try #require(Self.pamWrapper)
        // PAM for swaylock (its service file) through pam_matrix: this user opens with "pw".
        let services = dir.appendingPathComponent("services")
        try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
        let user = String(cString: getpwuid(getuid()).pointee.pw_name)
        try Data("\(user):pw:swaylock\n".utf8).write(to: dir.appendingPathComponent("passdb"))
        try Data("auth required \(matrix) passdb=\(dir.path)/passdb\n".utf8)
            .write(to: services.appendingPathComponent("swaylock"))
        let rig = try LiveRig(stateHome: dir)
        defer { rig.shutdown() }
        var environment = rig.compositor.clientEnvironment()
        environment["LD_PRELOAD"] = wrapper
        environment["PAM_WRAPPER"] = "1"
        environment["PAM_WRAPPER_SERVICE_DIR"] = services.path
        let pid = try Spawn.start(["/usr/bin/swaylock", "--color", "ff8000"], environment: environment)
        defer {
            kill(pid, SIGKILL)
            _ = Spawn.reap(pid)
        }
        #expect(rig.run(for: 20) { rig.shell.isLockedByProgram && rig.live.host.framebuffer.width > 0 })
        rig.run(for: 0.5)
        // A wrong password, typed as a person would: still locked.
        rig.shell.dispatcher.handleText("no")
        rig.shell.dispatcher.handle(KeyPress(.return))
        rig.run(for: 3)
        #expect(rig.shell.isLocked)
        rig.shell.dispatcher.handleText("pw")
        rig.shell.dispatcher.handle(KeyPress(.return))
        #expect(rig.run(for: 10) { !rig.shell.isLocked }, "swaylock's unlock_and_destroy did not unlock")
        #expect(!rig.compositor.isLocked)
    }

    /// Locked, a program the person allowed the clipboard and the screen gets neither: wl-paste reads
    /// nothing, grim copies nothing; and an unlock from a locker that does not hold the lock is not
    /// taken.
    @Test(.enabled(if: tool("wl-copy") && tool("wl-paste") && tool("grim")))
    func lockedNoProgramReadsTheClipboardOrCopiesTheScreen() throws {
        let dir = try Self.folder("privacy")
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = try LiveRig(stateHome: dir)
        defer { rig.shutdown() }
        rig.compositor.privacy.allow(["/usr/bin/wl-copy", "/usr/bin/wl-paste"], .clipboard)
        rig.compositor.privacy.allow(["/usr/bin/grim"], .screen)
        /// Runs a shell command as a client; whether it ended with success.
        func client(_ command: String) -> Bool {
            guard
                let pid = try? Spawn.start(["/bin/sh", "-c", command], environment: rig.compositor.clientEnvironment())
            else { return false }
            var status: Int32?
            rig.run(for: 10) {
                status = Spawn.reap(pid)
                return status != nil
            }
            if status == nil { kill(pid, SIGKILL) }
            return status == 0
        }
        let pasted = dir.appendingPathComponent("pasted").path
        func paste() -> String {
            _ = client("wl-paste --no-newline > '\(pasted)'")
            return (try? String(contentsOfFile: pasted, encoding: .utf8)) ?? ""
        }
        let png = dir.appendingPathComponent("screen.png").path
        #expect(client("wl-copy \"the person's secret\""))
        #expect(paste() == "the person's secret")
        rig.run(for: 1)
        #expect(client("grim '\(png)'"), "grim, allowed, copies the screen unlocked")
        rig.shell.lock()
        rig.run(for: 0.5)
        #expect(!paste().contains("secret"), "the clipboard was read while locked")
        #expect(!client("grim '\(png)'"), "grim copied the screen while locked")
        rig.shell.sessionLocker(PasswordlessUnlock(), did: .unlock)
        #expect(rig.shell.isLocked, "only the locker that holds the lock unlocks it")
    }

    /// A recorder that bound the screen copier before the lock (the person allowed it) copies the screen
    /// unlocked, and gets only failures while locked; unlocked again, it copies again.
    @Test func aRecorderBoundBeforeTheLockCopiesNothingWhileLocked() throws {
        let client = try #require(
            ProgramsDrawTests.fixture("copy-client", protocols: ["Protocols/wlr/wlr-screencopy-unstable-v1.xml"]),
            "the copy test client did not compile")
        let dir = try Self.folder("recorder")
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = try LiveRig(stateHome: dir)
        defer { rig.shutdown() }
        rig.compositor.privacy.allow([client], .screen)
        let report = dir.appendingPathComponent("report").path
        let pid = try Spawn.start([client, report], environment: rig.compositor.clientEnvironment())
        defer {
            kill(pid, SIGKILL)
            _ = Spawn.reap(pid)
        }
        func lines() -> [String] {
            ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
        #expect(rig.run(for: 10) { lines() == ["bound"] }, "the recorder did not bind: \(lines())")
        kill(pid, SIGUSR1)
        #expect(rig.run(for: 10) { lines().count == 2 }, "no answer to the first copy")
        #expect(lines().last == "ready")
        rig.shell.lock()
        rig.run(for: 0.3)
        kill(pid, SIGUSR1)
        #expect(rig.run(for: 10) { lines().count == 3 }, "no answer to the copy while locked")
        #expect(lines().last == "failed", "the screen was copied while locked")
        rig.shell.sessionLocker(PasswordlessUnlock(), did: .unlock)
        #expect(rig.shell.isLocked)
    }

    /// pam_wrapper and its pam_matrix module (Debian's libpam-wrapper), when installed.
    nonisolated static let pamWrapper: (String, String)? = {
        let lib = "/usr/lib/x86_64-linux-gnu"
        let pair = ("\(lib)/libpam_wrapper.so", "\(lib)/pam_wrapper/pam_matrix.so")
        return FileManager.default.fileExists(atPath: pair.0) && FileManager.default.fileExists(atPath: pair.1)
            ? pair : nil
    }()
}

/// A locker that never locked: its unlock must not open Slate's own lock.
@MainActor final class PasswordlessUnlock: SessionLocker {
    var livePixels: (any PixelSource)? { nil }
    var onChange: (() -> Void)?
    func configure(size: Size) {}
    func pointer(_ event: ForeignPointerEvent) {}
    func key(_ press: KeyPress) {}
    func confirmLocked() {}
    func refuse() {}
}
