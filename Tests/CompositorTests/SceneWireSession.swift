import Foundation
import Graphics
import Host
import Scenes
import SlateClientShim
import UI

@testable import Compositor
@testable import Shell

/// One hostile client's life: a fixed start (the registry, the globals bound), then the steps the
/// input chooses.
@MainActor final class WireSession {
    let world: SceneWireWorld
    let client: WireClient
    var registry: UInt32 = 0
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

    func trace(_ s: @autoclosure () -> String) {
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
