import Foundation
import Graphics
import Host
import Scenes
import SlateClientShim
import UI

@testable import Compositor
@testable import Shell

extension WireSession {
    // MARK: Requests from the tables

    /// A request of an object of one of `interfaces` (nil: any), its arguments chosen by the input;
    /// now and then an object or an opcode that does not exist.
    func request(_ b: inout FuzzBytes, among interfaces: [String]?) {
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
    func bind(_ b: inout FuzzBytes) {
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
    func newID(_ interface: String?, _ b: inout FuzzBytes) -> UInt32 {
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

    func argument(_ a: WireArgType, _ type: String?, _ b: inout FuzzBytes) -> WireArg {
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

    func number(_ b: inout FuzzBytes) -> UInt32 {
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

    func string(_ b: inout FuzzBytes) -> WireArg {
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
    func object(_ type: String?, _ b: inout FuzzBytes) -> UInt32 {
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
    func descriptor(_ b: inout FuzzBytes) -> Int32? {
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
}
