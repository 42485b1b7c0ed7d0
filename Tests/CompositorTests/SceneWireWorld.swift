import Foundation
import Graphics
import Host
import Scenes
import SlateClientShim
import UI

@testable import Compositor
@testable import Shell

/// The shell as a Wayland compositor on the headless backend, as a hostile app process meets it:
/// three app processes the shell knows (`org.slate.fuzz`, `org.slate.other`, and `org.slate.good`,
/// which runs — a real client through `SlateClientShim`, as `slate app` is, with one window), and
/// for each input a new connection on the real socket that speaks the raw wire (`WireClient`): the
/// scene protocol and what it stands on (xdg-shell, wl_shm, the seat, the data device) with any
/// ids, opcodes and arguments, malformed messages, stray descriptors, out of order, while the shell
/// acts too (focus, new windows, closing, time passing, input). After each input the hostile client
/// is gone and nothing of it is left in the shell, and the good client is still served.
///
/// The `scene` fuzz target (Fuzz/FuzzSceneProtocol.swift) runs it once a process, and
/// `SceneFuzzRegressionTests` replays its seeds and every input that ever broke it.
@MainActor final class SceneWireWorld {
    /// The good client's window.
    nonisolated static let goodSession = "good-1"
    nonisolated static let fuzzID = "org.slate.fuzz"
    nonisolated static let otherID = "org.slate.other"
    nonisolated static let goodID = "org.slate.good"

    let clock = VirtualClock()
    let shell: Shell
    let compositor: WaylandCompositor
    let fuzz: ProcessApp
    let other: ProcessApp
    let good: ProcessApp
    private let goodClient: OpaquePointer
    private let goodWindow: OpaquePointer
    private(set) var goodToplevel: ClientSceneToplevel?
    /// Inputs run so far.
    private(set) var runs = 0
    private var socketPath: String { compositor.runtimeDirectory + "/" + compositor.socketName }

    init() throws {
        shell = Shell(device: Device(), clock: clock, stateHome: nil)
        func app(_ id: String, _ types: Set<String>, auxiliary: Set<String> = []) -> ProcessApp {
            let p = ProcessApp(
                identifier: id, displayName: LocalizedString(verbatim: id),
                icon: AppIcon(symbol: "doc", topColor: .systemGray, bottomColor: .systemGray), activityTypes: types,
                auxiliaryActivityTypes: auxiliary, command: ["false"])
            // The hostile client plays the process: "started" is all the shell needs to hear.
            p.launch = { _ in true }
            return p
        }
        fuzz = app(Self.fuzzID, ["org.slate.fuzz.doc", "org.slate.fuzz.note"], auxiliary: ["org.slate.fuzz.note"])
        other = app(Self.otherID, ["org.slate.other.page"])
        good = app(Self.goodID, ["org.slate.good.item"])
        for a in [fuzz, other, good] { shell.install(a, restoring: false) }
        compositor = try WaylandCompositor(backend: .headless, size: shell.bounds.size, scale: 1, language: .en)
        compositor.shell = shell

        guard let c = Self.connect(compositor, Self.goodID) else {
            compositor.shutdown()
            throw CompositorError(description: "the good client did not connect")
        }
        goodClient = c
        guard let w = Self.openWindow(compositor, c, session: Self.goodSession) else {
            slate_client_destroy(c)
            compositor.shutdown()
            throw CompositorError(description: "the good client has no window")
        }
        goodWindow = w
        goodToplevel = good.toplevels[Self.goodSession] as? ClientSceneToplevel
        guard goodToplevel != nil, shell.windows[Self.goodSession] != nil else {
            shutdown()
            throw CompositorError(description: "the good client's window did not join the shell")
        }
    }

    func shutdown() {
        slate_client_destroy(goodClient)
        compositor.shutdown()
    }

    /// A real app client (`SlateClientShim`, as `slate app` is) announced as `appID`, with
    /// `callbacks`; nil when the shell refused it. It connects from another thread, since its
    /// connecting waits for answers the compositor gives on this one.
    static func connect(
        _ compositor: WaylandCompositor, _ appID: String, callbacks: slate_client_callbacks = slate_client_callbacks()
    ) -> OpaquePointer? {
        final class Connecting: @unchecked Sendable {
            let lock = NSLock()
            var client: OpaquePointer?
            var done = false
        }
        let connecting = Connecting()
        let path = compositor.runtimeDirectory + "/" + compositor.socketName
        nonisolated(unsafe) var callbacks = callbacks
        let thread = Thread {
            var err = [CChar](repeating: 0, count: 256)
            let c = slate_client_connect_to(path, appID, &callbacks, &err, err.count)
            connecting.lock.withLock {
                connecting.client = c
                connecting.done = true
            }
        }
        thread.start()
        let end = MonotonicClock.read() + 10
        while !connecting.lock.withLock({ connecting.done }), MonotonicClock.read() < end {
            compositor.dispatch(timeout: 0.005)
        }
        return connecting.lock.withLock { connecting.client }
    }

    /// A window of `client` showing `session` with a 32 × 32 white picture, served until it is
    /// mapped (nil when it is not after 2,000 turns).
    static func openWindow(_ compositor: WaylandCompositor, _ client: OpaquePointer, session: String) -> OpaquePointer?
    {
        guard let w = slate_window_create(client, "Window", session, .primary, .automatic, "") else { return nil }
        let pixels = [UInt8](repeating: 0xff, count: 32 * 32 * 4)
        var presented = false
        for _ in 0..<2000 {
            if slate_client_dispatch(client, 0) < 0 { return nil }
            compositor.dispatch(timeout: 0.001)
            if !presented, slate_window_is_configured(w) != 0 {
                presented = slate_window_present(w, pixels, 32, 32, 32 * 4, 1, 0, 0, 0, 0) == 0
            }
            if presented,
                compositor.toplevels.contains(where: { ($0 as? ClientSceneToplevel)?.sessionIdentifier == session })
            {
                return w
            }
        }
        return nil
    }

    /// Serves `client` and the compositor in turn until `condition` holds (at most `turns` turns).
    @discardableResult
    func serve(_ client: OpaquePointer, turns: Int = 200, until condition: () -> Bool) -> Bool {
        for _ in 0..<turns {
            if condition() { return true }
            _ = slate_client_dispatch(client, 0)
            compositor.dispatch(timeout: 0.001)
        }
        return condition()
    }

    /// Whether the shell has kept so much from past inputs (sessions the apps were asked for and
    /// closed, windows) that a new world should take over.
    var isWorn: Bool {
        good.discardedWhileAway.count + fuzz.discardedWhileAway.count + other.discardedWhileAway.count > 512
            || shell.windows.count > 32 || shell.apps.count > 8
            || shell.apps.reduce(0) { $0 + $1.runtime.openSessions.count } > 32
    }

    /// The compositor's turn: what clients sent is handled, what they are owed is sent.
    func serve() {
        compositor.dispatch(timeout: 0)
    }

    /// One hostile client's life, from `input`. Returns nil when the shell came through, or what
    /// went wrong.
    func run(_ input: [UInt8]) -> String? {
        runs += 1
        guard let client = WireClient(path: socketPath) else { return "cannot connect to \(socketPath)" }
        let session = WireSession(world: self, client: client)
        var bytes = FuzzBytes(input)
        session.start()
        var steps = 0
        while !bytes.isEmpty, !client.isClosed, steps < 4096 {
            session.step(&bytes)
            steps += 1
        }
        session.exchange()
        if WireSession.tracing {
            print(
                "scene fuzz: end: error \(client.sawError), closed \(client.isClosed), windows \(shell.windows.keys.sorted()), "
                    + "fuzz toplevels \(fuzz.toplevels.keys.sorted()), connects \(client.connectSessions)")
        }
        let shown = checkToplevelsShown()
        client.close()
        for _ in 0..<4 { serve() }
        if let broken = shown ?? checkHostileClientGone() { return broken }
        if let broken = checkGoodClientServed() { return broken }
        tidy()
        return checkGoodClientServed()
    }

    /// The most a client's picture may take in the shell (the compositor copies no bigger buffer).
    static let pictureBytesLimit = 64 << 20

    /// Each toplevel the shell took as an app's window shows in the shell's window of its session,
    /// and no picture copied from a client is bigger than the compositor allows.
    private func checkToplevelsShown() -> String? {
        for t in compositor.toplevels {
            if let p = t.picture, p.pixels.count > Self.pictureBytesLimit {
                return "a picture of \(p.width) × \(p.height) was copied from a client"
            }
        }
        for p in [fuzz, other] {
            guard let app = shell.app(p.identifier) else { continue }
            // A session whose scene the shell disconnected (to save memory) has no window for a while:
            // its toplevel shows again when it is activated. One with no session is shown nowhere.
            for (id, t) in p.toplevels.sorted(by: { $0.key < $1.key })
            where shell.window(showing: t) == nil && app.runtime.session(withIdentifier: id) == nil {
                let windows = shell.windows.keys.sorted()
                return
                    "\(p.identifier)'s toplevel of session \(id) is in no window and no session (windows: \(windows))"
            }
        }
        return nil
    }

    /// Nothing of the hostile client is left: no connection, no window toplevel, no app running.
    private func checkHostileClientGone() -> String? {
        for app in [fuzz, other] {
            if app.channel != nil { return "\(app.identifier) still has a connection after its client left" }
            if let t = app.toplevels.first {
                return "\(app.identifier) still shows a toplevel for session \(t.key) after its client left"
            }
        }
        let left = compositor.toplevels.filter { $0 !== goodToplevel }
        if !left.isEmpty { return "\(left.count) toplevel(s) of a client that left are still in the compositor" }
        return nil
    }

    private var served = 0

    /// The good client is connected, its window is in the shell, and a request it makes now is
    /// served: a new subtitle reaches the shell.
    private func checkGoodClientServed() -> String? {
        guard let top = goodToplevel, top.isAlive, good.channel != nil,
            good.toplevels[Self.goodSession] === top, compositor.toplevels.contains(where: { $0 === top })
        else { return "the good client's window or connection is gone" }
        guard shell.windows[Self.goodSession] != nil else { return "the good client's window left the shell" }
        served += 1
        let subtitle = "served \(served)"
        slate_window_set_subtitle(goodWindow, subtitle)
        for _ in 0..<100 {
            if slate_client_dispatch(goodClient, 0) < 0 { return "the good client was disconnected" }
            serve()
            if top.subtitle == subtitle { return nil }
        }
        return "the good client was not served (its subtitle did not arrive)"
    }

    /// Closes the windows the input left (all but the good client's) and lets their animations end.
    /// The next input is a new process of these apps with nothing saved: the sessions closed while
    /// this one was away are not its to discard.
    private func tidy() {
        // Every session but the good client's, with a window or not (a scene the shell disconnected
        // to save memory keeps its session).
        for app in shell.processApps {
            for s in app.runtime.openSessions where s.persistentIdentifier != Self.goodSession {
                try? app.runtime.destroy(s, animation: .standard)
            }
        }
        for _ in 0..<3 {
            clock.advance(by: 0.5)
            shell.prepareFrame()
        }
        compositor.framesShown()
        for app in [fuzz, other, good] { app.discardedWhileAway.removeAll() }
    }
}
