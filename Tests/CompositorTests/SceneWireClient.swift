import Foundation
import SlateProtocols

// A Wayland client that writes the wire itself: any object id, any opcode, any argument, a
// malformed message or a file descriptor where none belongs — what libwayland's own client would
// never send. The `scene` fuzz target and its regression test drive the shell's compositor with it
// (`SceneWireWorld`). It knows the protocols by their libwayland tables (`wl_interface`), so its
// requests follow the XML Slate builds with.

/// One request or event as its table says: the argument types and, for objects, their interface.
struct WireMessage: Sendable {
    let name: String
    /// The wire types in order (i u f s o n a h) and whether each may be null.
    let args: [WireArgType]
    /// The interface of each object or new_id argument, by name (nil: any, or not an object).
    let types: [String?]
}

struct WireArgType: Sendable {
    let code: UInt8
    let nullable: Bool
}

/// An interface as its table says.
struct WireInterface: Sendable {
    let name: String
    let version: Int
    let requests: [WireMessage]
    let events: [WireMessage]

    func request(_ name: String) -> UInt16? {
        requests.firstIndex { $0.name == name }.map { UInt16($0) }
    }
}

/// The interfaces of the globals Slate's compositor offers, and every one they lead to.
enum WireProtocol {
    static let interfaces: [String: WireInterface] = {
        var out: [String: WireInterface] = [:]
        var queue: [wl_interface] = [
            wl_display_interface, wl_compositor_interface, wl_subcompositor_interface, wl_shm_interface,
            wl_seat_interface, wl_output_interface, wl_data_device_manager_interface, xdg_wm_base_interface,
            slate_scene_manager_v1_interface, slate_scene_v1_interface,
        ]
        while let i = queue.popLast() {
            let name = String(cString: i.name)
            guard out[name] == nil else { continue }
            func messages(_ m: UnsafePointer<wl_message>?, _ n: Int32) -> [WireMessage] {
                guard let m else { return [] }
                return (0..<Int(n)).map { k in
                    let msg = m[k]
                    var args: [WireArgType] = []
                    var nullable = false
                    for c in String(cString: msg.signature).utf8 {
                        if c == UInt8(ascii: "?") {
                            nullable = true
                        } else if !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) {
                            args.append(WireArgType(code: c, nullable: nullable))
                            nullable = false
                        }
                    }
                    var types: [String?] = []
                    for a in 0..<args.count {
                        if let t = msg.types?[a] {
                            types.append(String(cString: t.pointee.name))
                            queue.append(t.pointee)
                        } else {
                            types.append(nil)
                        }
                    }
                    return WireMessage(name: String(cString: msg.name), args: args, types: types)
                }
            }
            out[name] = WireInterface(
                name: name, version: Int(i.version), requests: messages(i.methods, i.method_count),
                events: messages(i.events, i.event_count))
        }
        return out
    }()
}

/// One argument as it goes on the wire.
enum WireArg {
    case int(Int32)
    case uint(UInt32)
    /// A string's bytes (nil: a null string); `terminated` false leaves out the NUL the length counts.
    case string([UInt8]?, terminated: Bool = true)
    case object(UInt32)
    case array([UInt8])
    /// A file descriptor, sent beside the bytes (nil: the message says one and none is sent).
    case fd(Int32?)
    /// An untyped new_id (wl_registry.bind): the interface's name, its version and the id.
    case typedNewID(String, UInt32, UInt32)
}

/// The input of one fuzz run, read as choices.
struct FuzzBytes {
    let data: [UInt8]
    private(set) var at = 0

    init(_ data: [UInt8]) { self.data = data }

    var isEmpty: Bool { at >= data.count }

    mutating func byte() -> UInt8 {
        guard at < data.count else { return 0 }
        defer { at += 1 }
        return data[at]
    }

    mutating func u16() -> UInt16 { UInt16(byte()) | UInt16(byte()) << 8 }

    mutating func u32() -> UInt32 { UInt32(u16()) | UInt32(u16()) << 16 }

    /// Up to `n` bytes (fewer at the end of the input).
    mutating func take(_ n: Int) -> [UInt8] {
        let end = min(data.count, at + n)
        defer { at = end }
        return Array(data[at..<end])
    }

    /// One of `choices`, by the next byte.
    mutating func pick<T>(_ choices: [T]) -> T { choices[Int(byte()) % choices.count] }
}

/// The raw client: a socket to the compositor, the objects it made, what the compositor told it.
@MainActor final class WireClient {
    private var fd: Int32
    /// The objects alive as far as the client knows, in the order they were made, with their
    /// interfaces by name (wl_display is 1).
    private(set) var objects: [(id: UInt32, interface: String)] = [(1, "wl_display")]
    private var nextID: UInt32 = 2
    private var out: [UInt8] = []
    private var outFDs: [Int32] = []
    private var inbox: [UInt8] = []
    /// The globals the registry announced: name, interface, version.
    private(set) var globals: [(name: UInt32, interface: String, version: UInt32)] = []
    /// The last serials the compositor sent (configure, ping, input), newest last.
    private(set) var serials: [UInt32] = []
    /// Sessions the shell asked the app to connect (slate_scene_manager_v1.connect), newest last.
    private(set) var connectSessions: [String] = []
    /// Shared-memory files handed to the compositor, kept to shrink them under it.
    private(set) var sharedFiles: [Int32] = []
    /// The connection is over: the compositor closed it, or the client did.
    private(set) var isClosed = false
    /// The compositor sent wl_display.error.
    private(set) var sawError = false

    /// Connects to the compositor's socket at `path`; nil when it cannot.
    init?(path: String) {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: addr.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &addr.sun_path) { p in
            for (i, b) in bytes.enumerated() { p[i] = b }
        }
        let ok = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
            }
        }
        guard ok, fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) == 0 else {
            Glibc.close(fd)
            return nil
        }
    }

    /// Ends the connection and closes every descriptor the client still holds.
    func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
        isClosed = true
        for f in outFDs + sharedFiles { Glibc.close(f) }
        outFDs.removeAll()
        sharedFiles.removeAll()
        out.removeAll()
    }

    // MARK: Objects

    func interface(of id: UInt32) -> String? {
        objects.first { $0.id == id }?.interface
    }

    func objects(of interface: String) -> [UInt32] {
        objects.filter { $0.interface == interface }.map(\.id)
    }

    /// A fresh id for a new object of `interface`.
    func newObject(_ interface: String) -> UInt32 {
        let id = nextID
        nextID &+= 1
        objects.append((id, interface))
        return id
    }

    /// Records an id the client chose itself (taken or not) as an object of `interface`.
    func claim(_ id: UInt32, _ interface: String) {
        objects.removeAll { $0.id == id }
        objects.append((id, interface))
    }

    // MARK: Writing

    /// Queues a request; the header's size is the message's own.
    func send(_ object: UInt32, _ opcode: UInt16, _ args: [WireArg]) {
        var body: [UInt8] = []
        for a in args {
            switch a {
            case .int(let v): Self.put(&body, UInt32(bitPattern: v))
            case .uint(let v), .object(let v): Self.put(&body, v)
            case .string(let s, let terminated):
                guard let s else {
                    Self.put(&body, 0)
                    continue
                }
                Self.put(&body, UInt32(s.count + (terminated ? 1 : 0)))
                body += s
                if terminated { body.append(0) }
                Self.pad(&body)
            case .array(let a):
                Self.put(&body, UInt32(a.count))
                body += a
                Self.pad(&body)
            case .fd(let f):
                if let f { outFDs.append(f) }
            case .typedNewID(let name, let version, let id):
                Self.put(&body, UInt32(name.utf8.count + 1))
                body += Array(name.utf8) + [0]
                Self.pad(&body)
                Self.put(&body, version)
                Self.put(&body, id)
            }
        }
        sendRaw(object, opcode, size: UInt16(truncatingIfNeeded: body.count + 8), body)
    }

    /// Queues a message with the header it is given, whatever its body.
    func sendRaw(_ object: UInt32, _ opcode: UInt16, size: UInt16, _ body: [UInt8]) {
        Self.put(&out, object)
        Self.put(&out, UInt32(size) << 16 | UInt32(opcode))
        out += body
    }

    /// Queues bytes as they are.
    func sendBytes(_ bytes: [UInt8]) { out += bytes }

    /// Queues a descriptor with the next bytes sent.
    func sendFD(_ f: Int32) { outFDs.append(f) }

    /// Bytes waiting to be sent.
    var pending: Int { out.count }

    private static func put(_ b: inout [UInt8], _ v: UInt32) {
        b += [UInt8(v & 0xff), UInt8(v >> 8 & 0xff), UInt8(v >> 16 & 0xff), UInt8(v >> 24)]
    }

    private static func pad(_ b: inout [UInt8]) {
        while b.count % 4 != 0 { b.append(0) }
    }

    /// Sends what is queued, calling `serve` (the compositor's turn) while the socket is full.
    func flush(serve: () -> Void) {
        var stalls = 0
        while !out.isEmpty, !isClosed {
            let fds = Array(outFDs.prefix(Self.fdsPerMessage))
            let n = sendChunk(fds)
            if n > 0 {
                out.removeFirst(n)
                for f in fds { Glibc.close(f) }
                outFDs.removeFirst(fds.count)
            } else if n == 0 {
                // The compositor has not read yet; a compositor that never does would leave the
                // client waiting, which a real client would do too: give up after a while.
                stalls += 1
                if stalls > 64 {
                    out.removeAll()
                    break
                }
                serve()
                read()
            } else {
                close()
            }
        }
    }

    /// libwayland takes at most this many descriptors a message (MAX_FDS_OUT).
    private static let fdsPerMessage = 28

    /// Sends up to 16 KiB of the queue; the bytes sent, 0 when the socket is full, -1 when closed.
    private func sendChunk(_ fds: [Int32]) -> Int {
        let count = min(out.count, 16384)
        let controlLength = fds.isEmpty ? 0 : 16 + ((fds.count * 4 + 7) & ~7)
        var control = [UInt8](repeating: 0, count: max(controlLength, 1))
        if !fds.isEmpty {
            // struct cmsghdr: size_t len, int level, int type, then the descriptors.
            let len = UInt64(16 + fds.count * 4)
            for i in 0..<8 { control[i] = UInt8(len >> (8 * UInt64(i)) & 0xff) }
            control[8] = UInt8(SOL_SOCKET)
            control[12] = 1  // SCM_RIGHTS
            for (k, f) in fds.enumerated() {
                let v = UInt32(bitPattern: f)
                for i in 0..<4 { control[16 + 4 * k + i] = UInt8(v >> (8 * UInt32(i)) & 0xff) }
            }
        }
        let fd = self.fd
        let n = out.withUnsafeMutableBytes { data in
            control.withUnsafeMutableBytes { ctl in
                var iov = iovec(iov_base: data.baseAddress, iov_len: count)
                return withUnsafeMutablePointer(to: &iov) { iovp in
                    var msg = msghdr()
                    msg.msg_iov = iovp
                    msg.msg_iovlen = 1
                    if controlLength > 0 {
                        msg.msg_control = ctl.baseAddress
                        msg.msg_controllen = controlLength
                    }
                    return sendmsg(fd, &msg, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
                }
            }
        }
        if n >= 0 { return n }
        return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : -1
    }

    // MARK: Reading

    /// Reads what the compositor sent and keeps what a client would act on.
    func read() {
        while !isClosed {
            var data = [UInt8](repeating: 0, count: 16384)
            var control = [UInt8](repeating: 0, count: 1024)
            let fd = self.fd
            let n = data.withUnsafeMutableBytes { d in
                control.withUnsafeMutableBytes { ctl in
                    var iov = iovec(iov_base: d.baseAddress, iov_len: d.count)
                    return withUnsafeMutablePointer(to: &iov) { iovp in
                        var msg = msghdr()
                        msg.msg_iov = iovp
                        msg.msg_iovlen = 1
                        msg.msg_control = ctl.baseAddress
                        msg.msg_controllen = ctl.count
                        let n = recvmsg(fd, &msg, Int32(MSG_DONTWAIT) | Int32(MSG_CMSG_CLOEXEC))
                        if n >= 0 { Self.closeReceived(ctl, Int(msg.msg_controllen)) }
                        return n
                    }
                }
            }
            if n > 0 {
                inbox += data[0..<n]
                parse()
            } else if n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                close()
            } else {
                return
            }
        }
    }

    /// Closes the descriptors a message carried (a keymap, a selection's pipe).
    private static func closeReceived(_ control: UnsafeMutableRawBufferPointer, _ length: Int) {
        var at = 0
        while at + 16 <= length {
            let len = Int(control.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            let level = control.loadUnaligned(fromByteOffset: at + 8, as: Int32.self)
            let type = control.loadUnaligned(fromByteOffset: at + 12, as: Int32.self)
            guard len >= 16, at + len <= length else { return }
            if level == SOL_SOCKET, type == 1 {
                for k in 0..<(len - 16) / 4 {
                    Glibc.close(control.loadUnaligned(fromByteOffset: at + 16 + 4 * k, as: Int32.self))
                }
            }
            at += (len + 7) & ~7
        }
    }

    private func word(_ at: Int) -> UInt32 {
        UInt32(inbox[at]) | UInt32(inbox[at + 1]) << 8 | UInt32(inbox[at + 2]) << 16 | UInt32(inbox[at + 3]) << 24
    }

    private func parse() {
        var at = 0
        while inbox.count - at >= 8 {
            let id = word(at)
            let size = Int(word(at + 4) >> 16)
            let opcode = Int(word(at + 4) & 0xffff)
            guard size >= 8 else {
                // The compositor never sends this: stop reading rather than guess.
                inbox.removeAll()
                close()
                return
            }
            guard inbox.count - at >= size else { break }
            event(id, opcode, at + 8, at + size)
            at += (size + 3) & ~3
        }
        inbox.removeFirst(min(at, inbox.count))
    }

    /// One event: its arguments decoded by the table of the object's interface.
    private func event(_ id: UInt32, _ opcode: Int, _ start: Int, _ end: Int) {
        guard let name = interface(of: id), let iface = WireProtocol.interfaces[name], opcode < iface.events.count
        else { return }
        let msg = iface.events[opcode]
        var at = start
        var values: [UInt32] = []
        var strings: [String] = []
        for (k, a) in msg.args.enumerated() {
            switch a.code {
            case UInt8(ascii: "s"), UInt8(ascii: "a"):
                guard at + 4 <= end else { return }
                let n = Int(word(at))
                at += 4
                guard at + n <= end else { return }
                if a.code == UInt8(ascii: "s") {
                    strings.append(String(decoding: inbox[at..<at + max(0, n - 1)], as: UTF8.self))
                }
                at += (n + 3) & ~3
            case UInt8(ascii: "h"):
                continue
            default:
                guard at + 4 <= end else { return }
                let v = word(at)
                values.append(v)
                at += 4
                if a.code == UInt8(ascii: "n"), let t = msg.types[k] { claim(v, t) }
            }
        }
        switch (name, msg.name) {
        case ("wl_display", "error"):
            sawError = true
        case ("wl_display", "delete_id"):
            if let v = values.first { objects.removeAll { $0.id == v } }
        case ("wl_registry", "global"):
            if values.count == 2, let s = strings.first { globals.append((values[0], s, values[1])) }
        case ("slate_scene_manager_v1", "connect"):
            if let s = strings.first { remember(&connectSessions, s) }
        case ("wl_registry", _), ("wl_callback", _), ("wl_output", _), ("wl_shm", _):
            break
        default:
            // The first number of most events is a serial (configure, ping, enter, button, key).
            if msg.args.first?.code == UInt8(ascii: "u"), let v = values.first { remember(&serials, v) }
        }
    }

    private func remember<T>(_ list: inout [T], _ v: T) {
        list.append(v)
        if list.count > 8 { list.removeFirst() }
    }

    // MARK: Descriptors to send

    /// A shared-memory file of `size` bytes (kept, to shrink it later), or nil.
    func sharedFile(size: Int) -> Int32? {
        var template = Array("/dev/shm/slate-fuzz-XXXXXX".utf8CString)
        let f = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard f >= 0 else { return nil }
        _ = fcntl(f, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = ftruncate(f, off_t(max(0, size)))
        sharedFiles.append(f)
        return dup(f)
    }

    /// Shrinks a file the compositor may have mapped (to `size` bytes).
    func shrink(_ k: Int, to size: Int) {
        guard !sharedFiles.isEmpty else { return }
        _ = ftruncate(sharedFiles[k % sharedFiles.count], off_t(max(0, size)))
    }
}
