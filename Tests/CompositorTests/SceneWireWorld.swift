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

/// One hostile client's life: a fixed start (the registry, the globals bound), then the steps the
/// input chooses.
@MainActor final class WireSession {
    let world: SceneWireWorld
    let client: WireClient
    private var registry: UInt32 = 0
    /// Each surface's xdg_surface, where the client made one (to acknowledge its configure).
    private var xdgOf: [UInt32: UInt32] = [:]

    init(world: SceneWireWorld, client: WireClient) {
        self.world = world
        self.client = client
    }

    /// Strings a client of the scene protocol might send, right and wrong.
    static let activityTypes = ["org.slate.fuzz.doc", "org.slate.other.page", "org.slate.good.item", "org.slate.none"]
    static let activities: [[UInt8]] = activityTypes.map { t in
        let a = UserActivity(type: t, title: "Fuzz")
        return Array((try? JSONEncoder().encode(a)) ?? Data("{}".utf8))
    }

    /// The registry, its globals, and each one Slate's apps use, bound at the newest version both
    /// sides know.
    func start() {
        registry = client.newObject("wl_registry")
        client.send(1, 1, [.object(registry)])
        let sync = client.newObject("wl_callback")
        client.send(1, 0, [.object(sync)])
        // The compositor accepts the connection on one turn and reads it on the next: served until
        // the sync is answered (its id deleted), the globals all told.
        for _ in 0..<16 where client.interface(of: sync) != nil && !client.isClosed { exchange() }
        trace("globals: \(client.globals.enumerated().map { "\($0.offset) \($0.element.interface)" })")
        for name in [
            "wl_compositor", "wl_shm", "xdg_wm_base", "slate_scene_manager_v1", "wl_seat", "wl_data_device_manager",
        ] {
            guard let g = client.globals.first(where: { $0.interface == name }),
                let table = WireProtocol.interfaces[name]
            else { continue }
            let version = min(g.version, UInt32(table.version))
            client.send(registry, 0, [.uint(g.name), .typedNewID(name, version, client.newObject(name))])
        }
    }

    /// Sends what is queued, lets the compositor handle it, and reads its answers.
    func exchange() {
        client.flush { world.serve() }
        world.serve()
        client.read()
        trace(
            "exchanged: error \(client.sawError), closed \(client.isClosed), windows \(world.shell.windows.keys.sorted())"
        )
    }

    /// SLATE_FUZZ_TRACE set: each step and request is printed (to read what an input does).
    static let tracing = ProcessInfo.processInfo.environment["SLATE_FUZZ_TRACE"] != nil

    private func trace(_ s: @autoclosure () -> String) {
        if Self.tracing { FileHandle.standardError.write(Data("scene fuzz: \(s())\n".utf8)) }
    }

    /// One step, chosen by the next byte.
    func step(_ b: inout FuzzBytes) {
        let op = b.byte() % 16
        trace("step \(op)")
        switch op {
        case 0, 1, 2: request(&b, among: nil)
        case 3, 4: request(&b, among: ["slate_scene_manager_v1", "slate_scene_v1"])
        case 5: request(&b, among: ["xdg_toplevel", "xdg_surface", "wl_surface"])
        case 6: window(&b)
        case 7: buffer(&b)
        case 8: exchange()
        case 9: shellAction(&b)
        case 10: malformed(&b)
        case 11: announce(&b)
        case 12: client.shrink(Int(b.byte()), to: Int(b.byte()) * 64)
        case 13:
            // The compositor's turn without the client reading: its answers pile up.
            client.flush { world.serve() }
            world.serve()
        case 14: client.sendFD(descriptor(&b) ?? -1)
        default:
            // Hangs up in the middle of whatever it was doing.
            if b.byte() % 4 == 0 { client.close() } else { exchange() }
        }
        if client.pending > 8192 { exchange() }
    }

    // MARK: Requests from the tables

    /// A request of an object of one of `interfaces` (nil: any), its arguments chosen by the input;
    /// now and then an object or an opcode that does not exist.
    private func request(_ b: inout FuzzBytes, among interfaces: [String]?) {
        let candidates = client.objects.filter {
            WireProtocol.interfaces[$0.interface] != nil && (interfaces?.contains($0.interface) ?? true)
        }
        let k = Int(b.byte()) % (candidates.count + 1)
        guard k < candidates.count, let iface = WireProtocol.interfaces[candidates[k].interface] else {
            // An id the client never made.
            let id: UInt32
            switch b.byte() % 4 {
            case 0: id = b.u32()
            case 1: id = 0
            case 2: id = 0xff00_0001
            default: id = UInt32(client.objects.count + 40)
            }
            let body = b.take(Int(b.byte() % 32) * 4)
            client.sendRaw(id, UInt16(b.byte() % 8), size: UInt16(body.count + 8), body)
            return
        }
        let id = candidates[k].id
        let o = Int(b.byte()) % (iface.requests.count + 1)
        guard o < iface.requests.count else {
            let body = b.take(Int(b.byte() % 16) * 4)
            client.sendRaw(id, UInt16(iface.requests.count + Int(b.byte() % 4)), size: UInt16(body.count + 8), body)
            return
        }
        let msg = iface.requests[o]
        if iface.name == "wl_registry", msg.name == "bind" {
            bind(&b)
            return
        }
        var args: [WireArg] = []
        for (i, a) in msg.args.enumerated() { args.append(argument(a, msg.types[i], &b)) }
        trace("\(iface.name)#\(id).\(msg.name) \(args)")
        client.send(id, UInt16(o), args)
    }

    /// A registry bind: a global the compositor offers (or a name it does not), at some version.
    private func bind(_ b: inout FuzzBytes) {
        let globals = client.globals
        let k = Int(b.byte()) % (globals.count + 1)
        let (name, interface, version): (UInt32, String, UInt32) =
            k < globals.count ? globals[k] : (b.u32(), "wl_compositor", 1)
        let v: UInt32
        switch b.byte() % 5 {
        case 0, 1: v = version
        case 2: v = 0
        case 3: v = version + 1
        default: v = b.u32()
        }
        let id = newID(interface, &b)
        client.send(registry, 0, [.uint(name), .typedNewID(interface, v, id)])
    }

    /// A new object's id: usually the next one; sometimes one in use, 0, or one of the server's.
    private func newID(_ interface: String?, _ b: inout FuzzBytes) -> UInt32 {
        let c = b.byte()
        switch c % 8 {
        case 5 where !client.objects.isEmpty:
            return client.objects[Int(b.byte()) % client.objects.count].id
        case 6: return b.pick([0, 0xff00_0000, 0xffff_ffff])
        case 7:
            let id = b.u32()
            if let interface { client.claim(id, interface) }
            return id
        default: return client.newObject(interface ?? "wl_callback")
        }
    }

    private func argument(_ a: WireArgType, _ type: String?, _ b: inout FuzzBytes) -> WireArg {
        switch a.code {
        case UInt8(ascii: "i"): return .int(Int32(bitPattern: number(&b)))
        case UInt8(ascii: "u"), UInt8(ascii: "f"): return .uint(number(&b))
        case UInt8(ascii: "s"): return string(&b)
        case UInt8(ascii: "o"): return .object(object(type, &b))
        case UInt8(ascii: "n"): return .object(newID(type, &b))
        case UInt8(ascii: "a"): return .array(b.take(Int(b.byte() % 64)))
        case UInt8(ascii: "h"): return .fd(descriptor(&b))
        default: return .uint(0)
        }
    }

    private func number(_ b: inout FuzzBytes) -> UInt32 {
        switch b.byte() % 10 {
        case 0, 1: return UInt32(b.byte() % 8)
        case 2: return UInt32(b.byte())
        case 3: return b.u32()
        case 4: return b.pick([0xffff_ffff, 0x7fff_ffff, 0x8000_0000, 0xffff_ff00])
        case 5, 6: return client.serials.last ?? 0
        case 7: return client.serials.isEmpty ? 1 : client.serials[Int(b.byte()) % client.serials.count]
        case 8: return b.pick([16, 32, 64, 100, 256, 1024, 16384, 16385])
        default: return UInt32(b.u16())
        }
    }

    private func string(_ b: inout FuzzBytes) -> WireArg {
        func s(_ v: String) -> WireArg { .string(Array(v.utf8)) }
        switch b.byte() % 18 {
        case 0, 1: return s(b.pick([SceneWireWorld.fuzzID, SceneWireWorld.otherID, SceneWireWorld.goodID]))
        case 2, 3: return s(b.pick(["s1", "s2", "s3", "S-4.x_y"]))
        case 4: return s(client.connectSessions.last ?? "s1")
        case 5: return s(SceneWireWorld.goodSession)
        case 6: return s("")
        case 7: return s(b.pick(["../etc", "a b", "é", "s1\n", "s/1", "\u{7f}", ".", "..", ".s1"]))
        case 8: return s(String(repeating: "a", count: b.pick([128, 129, 255, 256, 257])))
        case 9: return s(b.pick(Self.activityTypes))
        case 10, 11: return .string(b.pick(Self.activities))
        case 12:
            return s(b.pick(["{", "[]", "null", "{\"activityType\":3}", "{\"activityType\":\"org.slate.fuzz.doc\"}"]))
        case 13: return .string(b.take(Int(b.byte())))
        case 14:
            // Long: up to a message's worth and past it.
            let c = b.byte()
            return .string([UInt8](repeating: c == 0 ? 0x41 : c, count: Int(b.byte()) * 17))
        case 15: return .string(nil)
        case 16: return .string(b.take(Int(b.byte() % 32)), terminated: false)
        default: return .string([0x73, 0x31, 0, 0x32])  // a NUL inside
        }
    }

    /// An object for an argument of `type`: usually one of that interface, sometimes any, none,
    /// or an id that does not exist.
    private func object(_ type: String?, _ b: inout FuzzBytes) -> UInt32 {
        let c = b.byte() % 8
        let typed = type.map { client.objects(of: $0) } ?? []
        switch c {
        case 0...3 where !typed.isEmpty: return typed[Int(b.byte()) % typed.count]
        case 4 where !client.objects.isEmpty: return client.objects[Int(b.byte()) % client.objects.count].id
        case 5: return 0
        case 6: return b.u32()
        default: return typed.last ?? client.objects.last?.id ?? 0
        }
    }

    /// A descriptor to send: shared memory of some size, or something that is not (nil: none).
    private func descriptor(_ b: inout FuzzBytes) -> Int32? {
        switch b.byte() % 7 {
        case 0, 1: return client.sharedFile(size: Int(b.pick([4096, 64 * 64 * 4, 0, 1, 16 * 16 * 4, 65536])))
        case 2: return open("/dev/null", O_RDWR | O_CLOEXEC)
        case 3:
            var p: [Int32] = [0, 0]
            guard pipe(&p) == 0 else { return nil }
            Glibc.close(p[1])
            return p[0]
        case 4: return open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        case 5: return nil
        default:
            var s: [Int32] = [0, 0]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &s) == 0 else { return nil }
            Glibc.close(s[1])
            return s[0]
        }
    }

    // MARK: Whole steps a client takes

    private func opcode(_ interface: String, _ request: String) -> UInt16 {
        WireProtocol.interfaces[interface]?.request(request) ?? 0xffff
    }

    /// The manager, announced as an app the shell knows (or does not).
    private func announce(_ b: inout FuzzBytes) {
        let managers = client.objects(of: "slate_scene_manager_v1")
        guard !managers.isEmpty else { return }
        let id = b.pick([SceneWireWorld.fuzzID, SceneWireWorld.fuzzID, SceneWireWorld.otherID, SceneWireWorld.goodID])
        client.send(
            managers[Int(b.byte()) % managers.count], opcode("slate_scene_manager_v1", "announce"),
            [.string(Array(id.utf8))])
    }

    /// A window as a Slate app makes one: surface, xdg_surface, toplevel, usually a scene for it,
    /// then the first commit.
    private func window(_ b: inout FuzzBytes) {
        guard let comp = client.objects(of: "wl_compositor").last, let wm = client.objects(of: "xdg_wm_base").last
        else { return }
        let surface = client.newObject("wl_surface")
        client.send(comp, opcode("wl_compositor", "create_surface"), [.object(surface)])
        let xdg = client.newObject("xdg_surface")
        client.send(wm, opcode("xdg_wm_base", "get_xdg_surface"), [.object(xdg), .object(surface)])
        xdgOf[surface] = xdg
        let top = client.newObject("xdg_toplevel")
        client.send(xdg, opcode("xdg_surface", "get_toplevel"), [.object(top)])
        let c = b.byte()
        if c & 1 == 0 { client.send(top, opcode("xdg_toplevel", "set_title"), [.string(Array("Fuzz".utf8))]) }
        if c & 6 != 0, let manager = client.objects(of: "slate_scene_manager_v1").last {
            let scene = client.newObject("slate_scene_v1")
            let session = string(&b)
            let role = UInt32(b.byte() % 3)
            let placement = UInt32(b.byte() % 7)
            let beside: WireArg = b.byte() % 3 == 0 ? string(&b) : .string([])
            client.send(
                manager, opcode("slate_scene_manager_v1", "get_scene"),
                [.object(scene), .object(top), session, .uint(role), .uint(placement), beside])
        }
        if c & 8 == 0 { client.send(surface, opcode("wl_surface", "commit"), []) }
    }

    /// A picture for a surface: shared memory, a pool, a buffer (of a size, stride and format the
    /// input chooses), the last configure acknowledged, attached, committed.
    private func buffer(_ b: inout FuzzBytes) {
        exchange()
        let surfaces = client.objects(of: "wl_surface")
        guard let shm = client.objects(of: "wl_shm").last, !surfaces.isEmpty else { return }
        let surface = surfaces[Int(b.byte()) % surfaces.count]
        func side(_ b: inout FuzzBytes) -> Int32 {
            let c = b.byte() % 8
            return c == 7 ? Int32(b.byte()) : [32, 32, 64, 1, 0, -1, 16384][Int(c)]
        }
        let w = side(&b)
        let h = side(&b)
        let stride = b.pick([w &* 4, w &* 4, w &* 4 &- 4, 0, -4, w &* 8, 0x4000_0000])
        // ARGB8888, XRGB8888 (wl_shm's own codes), ABGR8888 (a fourcc), or any number.
        let c = b.byte() % 5
        let format = c == 4 ? b.u32() : [0, 0, 1, 0x3432_4241][Int(c)]
        let need = Int(max(0, stride)) * Int(max(0, h))
        let poolSize = b.pick([need, need, need / 2, 0, 0x7fff_ffff, -1, need + 4096])
        let fileSize = b.pick([poolSize, poolSize, poolSize / 2, 0])
        guard let fd = client.sharedFile(size: min(fileSize, 64 << 20)) else { return }
        let pool = client.newObject("wl_shm_pool")
        client.send(
            shm, opcode("wl_shm", "create_pool"), [.object(pool), .fd(fd), .int(Int32(truncatingIfNeeded: poolSize))])
        let buffer = client.newObject("wl_buffer")
        let offset = b.pick([Int32(0), 0, 4, 3, -4, Int32(truncatingIfNeeded: poolSize)])
        client.send(
            pool, opcode("wl_shm_pool", "create_buffer"),
            [.object(buffer), .int(offset), .int(w), .int(h), .int(stride), .uint(format)])
        if b.byte() & 1 == 0 { client.send(pool, opcode("wl_shm_pool", "destroy"), []) }
        if let xdg = xdgOf[surface], let serial = client.serials.last {
            client.send(xdg, opcode("xdg_surface", "ack_configure"), [.uint(serial)])
        }
        client.send(surface, opcode("wl_surface", "attach"), [.object(buffer), .int(0), .int(0)])
        if b.byte() & 1 == 0 {
            client.send(surface, opcode("wl_surface", "damage_buffer"), [.int(0), .int(0), .int(w), .int(h)])
        }
        client.send(surface, opcode("wl_surface", "commit"), [])
        if b.byte() % 4 == 0 { client.send(buffer, opcode("wl_buffer", "destroy"), []) }
    }

    /// A message the wire does not allow: a size shorter than its header, longer than the
    /// compositor reads, not a multiple of four, or bytes that are no message at all.
    private func malformed(_ b: inout FuzzBytes) {
        let id = client.objects.isEmpty ? 1 : client.objects[Int(b.byte()) % client.objects.count].id
        switch b.byte() % 4 {
        case 0:
            let size = b.pick([UInt16(0), 4, 7, 9, 4100, 0xfffc, 0xffff])
            client.sendRaw(id, UInt16(b.byte() % 6), size: size, b.take(Int(b.byte())))
        case 1:
            client.sendBytes(b.take(Int(b.byte())))
        case 2:
            // A message cut short, the connection closing under it.
            client.sendRaw(id, UInt16(b.byte() % 6), size: 64, b.take(8))
            client.flush { world.serve() }
            client.close()
        default:
            // Many requests of an empty body to one object.
            for _ in 0..<Int(b.byte() % 64) { client.sendRaw(id, UInt16(b.byte() % 6), size: 8, []) }
        }
    }

    // MARK: What the shell does meanwhile

    private func shellAction(_ b: inout FuzzBytes) {
        let shell = world.shell
        let ids = shell.windows.keys.sorted()
        let fuzzTops = world.compositor.toplevels.filter { $0 !== world.goodToplevel }
        switch b.byte() % 11 {
        case 0: if !ids.isEmpty { shell.focus(ids[Int(b.byte()) % ids.count]) }
        case 1: shell.goHome()
        case 2:
            if let app = shell.app(b.pick([SceneWireWorld.fuzzID, SceneWireWorld.otherID])) {
                shell.newWindow(of: app, placement: b.pick(Placement.allCases))
            }
        case 3: if let app = shell.app(SceneWireWorld.fuzzID) { shell.openApp(app) }
        case 4:
            let closable = ids.filter { $0 != SceneWireWorld.goodSession }
            if !closable.isEmpty { shell.windows[closable[Int(b.byte()) % closable.count]]?.scene.close(.standard) }
        case 5:
            world.clock.advance(by: Double(b.byte()) / 64)
            shell.prepareFrame()
            world.compositor.framesShown()
        case 6:
            guard !fuzzTops.isEmpty else { return }
            let t = fuzzTops[Int(b.byte()) % fuzzTops.count]
            let p = Point(Double(b.byte()), Double(b.byte()))
            t.pointer(.down(p))
            t.pointer(.moved(Point(p.x + 5, p.y)))
            if b.byte() & 1 == 0 { t.pointer(.up(p)) }
        case 7:
            guard !fuzzTops.isEmpty else { return }
            let t = fuzzTops[Int(b.byte()) % fuzzTops.count]
            t.setKeyboardFocus(true)
            _ = t.key(KeyPress(.character(b.pick(["a", "ж", "1"]))))
        case 8:
            if let app = shell.app(SceneWireWorld.fuzzID) { shell.showExpose(for: app) } else { shell.closeExpose() }
        case 9:
            if !ids.isEmpty { shell.show(split: ids[Int(b.byte()) % ids.count], on: b.pick([.left, .right])) }
        default:
            if !fuzzTops.isEmpty { fuzzTops[Int(b.byte()) % fuzzTops.count].close() }
        }
    }
}
