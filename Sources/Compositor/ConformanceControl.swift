import Foundation
import Graphics
import ShellPorts
import SlateCompositorShim
import SlateLog
import UI

/// This file's lines on the log.
private let log = Logger("conformance", label: nil)

/// The control channel of the Wayland conformance suite's test mode (`slate run --backend headless`
/// with `SLATE_WLCS_CONTROL_FD`; the suite's integration module is `Tests/wlcs/integration.c`).
///
/// The suite runs in a process of its own: its integration module starts Slate and speaks to it
/// over a `SOCK_SEQPACKET` socket, one command a message, each answered (`ok`, or `error WHY`) once
/// done, so that what the suite does next comes after it:
///
/// - `client N` with a descriptor: a client connection (a socketpair's end), known as `N` from now;
/// - `place N S X Y`: the window whose surface client `N` calls `S` at `X, Y` (screen pixels);
/// - `pointer X Y`, `button CODE 1|0`: the mouse, as the nested backend's window gives it;
/// - `touch-down ID X Y`, `touch-move ID X Y`, `touch-up ID`: a finger, likewise;
/// - `quit`: the run ends (no answer; the process exits).
///
/// Input goes through the shell as a person's does (its hit testing, system gestures, focus), and
/// windows are placed by the shell's test-only placement (`Shell.placeProgramWindowsFreely`).
@MainActor public final class ConformanceControl {
    /// The host whose shell and compositor the commands act on.
    public let live: LiveHost
    /// The socket the commands come on.
    public let descriptor: Int32
    /// Where the pointer is (screen points), once it has moved.
    private var pointer: Point?
    /// Placements asked for windows not yet shown (a surface with no buffer yet).
    private var pendingPlacements: [(toplevel: ClientToplevel, origin: Point)] = []

    /// A control over `descriptor` for `live`'s shell, which it puts in the test mode.
    public init(live: LiveHost, descriptor: Int32) {
        self.live = live
        self.descriptor = descriptor
        (live.root as? any ConformanceShell)?.placeProgramWindowsFreely()
        live.compositor.enterConformanceMode()
        allowTheSuite()
        live.watch([descriptor]) { [weak self] in self?.readCommand() }
        let previous = live.onTurn
        live.onTurn = { [weak self] in
            previous?()
            self?.placePending()
        }
        // As soon as a window came, went, moved or changed size, before the client's next request
        // (a roundtrip's sync) is answered.
        live.compositor.onViewChanged = { [weak self] in self?.pointerMayHaveChanged() }
    }

    /// The suite stands for the person: its program (the control socket's other end) is allowed what
    /// reaches beyond its own windows — the clipboard, the screen, input, other windows — as a person
    /// allows a tool, so that their protocols are tested as they work, not as they refuse.
    private func allowTheSuite() {
        let pid = slate_socket_peer_pid(descriptor)
        guard pid > 0, let program = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
        else { return }
        for privilege in Privilege.allCases { live.compositor.privacy.allow([program], privilege) }
    }

    /// Tells the suite the compositor is ready for its clients.
    public func announceReady() { reply("ready") }

    private func readCommand() {
        var buffer = [CChar](repeating: 0, count: 512)
        var passed: Int32 = -1
        let n = buffer.withUnsafeMutableBufferPointer {
            slate_recv_message(descriptor, $0.baseAddress, $0.count, &passed)
        }
        guard n > 0 else {
            // The suite went: so does this run.
            live.stop()
            return
        }
        let line = String(decoding: buffer.prefix(Int(n)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let words = line.split(separator: " ").map(String.init)
        // What changed since (a window's new size, a subsurface) is laid out before input is aimed.
        live.root.layoutIfNeeded()
        let answer = perform(words, descriptor: passed)
        if tracing { trace(line, answer) }
        reply(answer)
    }

    /// Carries out one command; the answer to send.
    private func perform(_ words: [String], descriptor passed: Int32) -> String {
        let numbers = words.dropFirst().map { Double($0) }
        func number(_ i: Int) -> Double? { i < numbers.count ? numbers[i] : nil }
        switch words.first {
        case "client":
            guard passed >= 0, let n = number(0).map({ UInt32($0) }) else { return "error client needs a descriptor" }
            return live.compositor.addClient(descriptor: passed, number: n) ? "ok" : "error cannot serve the client"
        case "place":
            guard let n = number(0), let s = number(1), let x = number(2), let y = number(3) else {
                return "error place needs N S X Y"
            }
            let origin = Point(x / live.host.scale, y / live.host.scale)
            if let layer = live.compositor.layer(client: UInt32(n), surface: UInt32(s)) {
                (live.root as? any ConformanceShell)?.place(layer: layer, at: origin)
                pointerMayHaveChanged()
                return "ok"
            }
            guard let t = live.compositor.toplevel(client: UInt32(n), surface: UInt32(s)) else {
                return "error no window or layer surface of client \(Int(n)) has surface \(Int(s))"
            }
            place(t, at: origin)
            return "ok"
        case "pointer":
            guard let x = number(0), let y = number(1) else { return "error pointer needs X Y" }
            let p = Point(x / live.host.scale, y / live.host.scale)
            pointer = p
            live.handle(.pointerMoved(p))
            return "ok"
        case "button":
            guard let code = number(0), let down = number(1) else { return "error button needs CODE 1|0" }
            live.handle(.button(UInt32(code), down: down != 0))
            return "ok"
        case "touch-down", "touch-move":
            guard let id = number(0), let x = number(1), let y = number(2) else { return "error touch needs ID X Y" }
            let p = Point(x / live.host.scale, y / live.host.scale)
            live.handle(.touch(Int(id), words[0] == "touch-down" ? .began : .moved, p))
            return "ok"
        case "touch-up":
            guard let id = number(0) else { return "error touch-up needs ID" }
            live.handle(.touch(Int(id), .ended, .zero))
            return "ok"
        case "quit":
            live.stop()
            return "ok"
        default:
            return "error unknown command '\(words.first ?? "")'"
        }
    }

    /// Puts the toplevel's window at `origin` now, or once it is shown. The pointer is looked at
    /// again where it is (what is under it changed, as when a window moves under a still mouse).
    private func place(_ toplevel: ClientToplevel, at origin: Point) {
        guard let shell = live.root as? any ConformanceShell, shell.place(toplevel, at: origin) else {
            pendingPlacements.removeAll { $0.toplevel === toplevel }
            pendingPlacements.append((toplevel, origin))
            return
        }
        pointerMayHaveChanged()
    }

    /// The windows on the screen and their frames, as the pointer last saw them.
    private var shownWindows: [String: Rect] = [:]

    /// When windows moved, changed size, came or went under a still pointer, what is under it is
    /// looked at again (the program beneath sees the pointer enter, the one gone from it leave).
    private func pointerMayHaveChanged() {
        guard let shell = live.root as? any ConformanceShell else { return }
        let now = shell.shownWindowFrames()
        guard now != shownWindows else { return }
        shownWindows = now
        if let pointer { live.handle(.pointerMoved(pointer)) }
    }

    private func placePending() {
        guard !pendingPlacements.isEmpty else { return }
        let waiting = pendingPlacements
        pendingPlacements = []
        for (toplevel, origin) in waiting where toplevel.isAlive { place(toplevel, at: origin) }
    }

    /// `SLATE_WLCS_TRACE` set: each command, its answer and what the pointer or finger is over, on
    /// standard error (to see why a test fails).
    private let tracing = ProcessInfo.processInfo.environment["SLATE_WLCS_TRACE"] != nil

    private func trace(_ line: String, _ answer: String) {
        var text = "slate-wlcs: \(line) -> \(answer)"
        let words = line.split(separator: " ")
        if let shell = live.root as? any ConformanceShell, words.count >= 3, words[0] != "place",
            words[0] != "button", let x = Double(words[words.count - 2]), let y = Double(words[words.count - 1])
        {
            text += " over " + shell.describeHit(at: Point(x / live.host.scale, y / live.host.scale))
        }
        log.info(text)
    }

    private func reply(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBufferPointer { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }
}
