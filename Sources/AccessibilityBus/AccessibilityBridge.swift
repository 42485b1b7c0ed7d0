import Foundation
import Graphics
import Menus
import SessionBus
import UI

/// Slate's accessibility tree on the AT-SPI2 bus, so that Orca reads it and Accerciser, dogtail and
/// pyatspi drive it.
///
/// Each application (the shell's chrome, each app) gets its own connection to the accessibility bus
/// and is embedded in the registry's desktop. Its windows are frames, lists and rows, buttons, text,
/// an open context menu a menu of items and separators; they answer the Accessible, Component,
/// Action, Text and Selection interfaces, and the bridge sends the events of focus, states, children
/// and names as they change.
///
/// The host calls `pump()` when one of `fileDescriptors` can be read, and `refresh()` after each
/// frame. Without an accessibility bus `connect` returns nil and nothing else happens.
///
/// ```swift
/// if let bridge = AccessibilityBridge.connect(root: screen, applications: sources) {
///     host.watch(bridge.fileDescriptors) { bridge.pump() }
/// }
/// ```
@MainActor public final class AccessibilityBridge {
    let tree: AccessibleTree
    let apps: [AccessibleApplicationSource]
    var connections: [BusConnection]
    /// Each application's name on the bus (its connection's unique name).
    let busNames: [String]
    /// Where the desktop is (the registry's root), for each application's root's parent.
    var desktop: [ObjectReference]
    /// The `Id` the registry gives each application.
    var appIDs: [Int32]
    /// Maps a rectangle of the screen (points) to the display's pixels (true) or the window's (false).
    let displayRect: @MainActor (Rect, Bool) -> Rect
    var last: [Int: AccessibleTree.Summary] = [:]
    var lastFocus: Int?
    var stale = true
    /// When `refresh()` last compared (the root's clock).
    var lastRefresh = -Double.infinity

    /// Touches made by the default action get ids far from real fingers'.
    var nextTouchID = 9_000_000

    /// Called before a screen reader acts on an element (an action, a focus grab) with the root it is
    /// in: an app process asks the shell to make that window the active one, as a touch in it would.
    public var onAct: (@MainActor (RootView) -> Void)?

    func willAct(on node: Int) {
        guard let onAct, let v = tree.view(node), let root = tree.root(of: v) else { return }
        onAct(root)
    }

    /// A bridge over `connections`, one an application; tests give none and name the applications.
    init(
        roots: @escaping @MainActor () -> [RootView], clock: any Clock, apps: [AccessibleApplicationSource],
        connections: [BusConnection], busNames: [String]? = nil, displayRect: @escaping @MainActor (Rect, Bool) -> Rect
    ) {
        self.tree = AccessibleTree(roots: roots, clock: clock)
        self.apps = apps
        self.connections = connections
        let names = busNames ?? connections.map(\.uniqueName)
        self.busNames = names
        self.desktop = names.map { _ in .null }
        self.appIDs = names.map { _ in 0 }
        self.displayRect = displayRect
        tree.rebuild(apps)
        remember(currentSummaries())
    }

    /// The address of the accessibility bus, when one is running: `AT_SPI_BUS_ADDRESS`, else what
    /// `org.a11y.Bus` on the session bus says (never starting it). Nil without a session bus.
    public nonisolated static func accessibilityBusAddress(environment: [String: String]) -> String? {
        if let a = environment["AT_SPI_BUS_ADDRESS"], !a.isEmpty { return a }
        guard let s = environment["DBUS_SESSION_BUS_ADDRESS"], !s.isEmpty else { return nil }
        // No session bus, or no accessibility bus on it, is no failure: there is no screen reader.
        do {
            let session = try BusConnection(.session)
            let reply = try session.call(
                destination: "org.a11y.Bus", path: "/org/a11y/bus", interface: "org.a11y.Bus",
                method: "GetAddress", timeout: 2, autoStart: false)
            let address = try reply.reader().string()
            return address.isEmpty ? nil : address
        } catch {
            return nil
        }
    }

    /// Connects `applications`, whose views are in `root`, to the accessibility bus and embeds them in
    /// the registry's desktop; nil (having done nothing else) when there is no accessibility bus.
    /// `displayRect` maps a rectangle of the screen (points) to the display's pixels (`true`) or the
    /// window's (`false`).
    public static func connect(
        root: RootView, applications: [AccessibleApplicationSource],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        displayRect: @escaping @MainActor (Rect, Bool) -> Rect = { r, _ in r }
    ) -> AccessibilityBridge? {
        connect(
            roots: { [root] }, clock: root.clock, applications: applications, environment: environment,
            displayRect: displayRect)
    }

    /// As `connect(root:…)`, for views in several roots (an app process's windows, each a root of its
    /// own; the active window's first), all on `clock`. `displayRect` maps a rectangle of a root
    /// (points) as `connect(root:…)`'s does.
    public static func connect(
        roots: @escaping @MainActor () -> [RootView], clock: any Clock, applications: [AccessibleApplicationSource],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        displayRect: @escaping @MainActor (Rect, Bool) -> Rect = { r, _ in r }
    ) -> AccessibilityBridge? {
        guard environment["SLATE_ACCESSIBILITY"] != "0", !applications.isEmpty,
            let embedded = Embedded(count: applications.count, environment: environment)
        else { return nil }
        return AccessibilityBridge(
            roots: roots, clock: clock, apps: applications, embedded: embedded, displayRect: displayRect)
    }

    /// As `connect(roots:…)`, without waiting for the bus: the accessibility bus is found, and the
    /// applications connected and embedded in the registry's desktop, on a thread of their own;
    /// `connected` hears the bridge on the main actor, through `mailbox` (never, without an
    /// accessibility bus). The caller keeps the bridge.
    public static func connect(
        roots: @escaping @MainActor () -> [RootView], clock: any Clock, applications: [AccessibleApplicationSource],
        environment: [String: String] = ProcessInfo.processInfo.environment, mailbox: MainMailbox,
        displayRect: @escaping @MainActor (Rect, Bool) -> Rect = { r, _ in r },
        connected: @escaping @MainActor (AccessibilityBridge) -> Void
    ) {
        guard environment["SLATE_ACCESSIBILITY"] != "0", !applications.isEmpty else { return }
        let count = applications.count
        let finish: @MainActor @Sendable (Embedded) -> Void = { embedded in
            connected(
                AccessibilityBridge(
                    roots: roots, clock: clock, apps: applications, embedded: embedded, displayRect: displayRect))
        }
        let thread = Thread {
            guard let embedded = Embedded(count: count, environment: environment) else { return }
            mailbox.post { finish(embedded) }
        }
        thread.name = "slate-a11y-connect"
        thread.start()
    }

    /// A bridge over the connections `embedded` made, answering what came meanwhile.
    private convenience init(
        roots: @escaping @MainActor () -> [RootView], clock: any Clock, apps: [AccessibleApplicationSource],
        embedded: Embedded, displayRect: @escaping @MainActor (Rect, Bool) -> Rect
    ) {
        self.init(
            roots: roots, clock: clock, apps: apps, connections: embedded.connections, displayRect: displayRect)
        for (i, ref) in embedded.desktop.enumerated() { if let ref { desktop[i] = ref } }
        // Calls that came while the registry was answering wait in the queues.
        pump()
    }

    /// Connections to the accessibility bus, each embedded in the registry's desktop (whose reference
    /// the registry answered with beside it): made on whichever thread, then handed to the main
    /// actor's bridge, which alone uses them after.
    private final class Embedded: @unchecked Sendable {
        let connections: [BusConnection]
        let desktop: [ObjectReference?]

        /// Connects `count` applications and embeds them, each call bounded; nil without an
        /// accessibility bus, or where the registry does not answer.
        init?(count: Int, environment: [String: String]) {
            guard let address = AccessibilityBridge.accessibilityBusAddress(environment: environment) else {
                return nil
            }
            var connections: [BusConnection] = []
            var desktop: [ObjectReference?] = []
            for _ in 0..<count {
                guard let c = try? BusConnection(.address(address)),
                    let reply = try? c.call(
                        destination: "org.a11y.atspi.Registry", path: ATSPI.rootPath,
                        interface: "org.a11y.atspi.Socket", method: "Embed", timeout: 3,
                        arguments: { w in w.reference(ObjectReference(bus: c.uniqueName, path: ATSPI.rootPath)) })
                else { return nil }
                connections.append(c)
                desktop.append(try? reply.reader().reference())
            }
            self.connections = connections
            self.desktop = desktop
        }
    }

    /// The sockets the host waits on; when one can be read, it calls `pump()`.
    public var fileDescriptors: [Int32] { connections.compactMap(\.fileDescriptor) }

    /// Answers every call that has arrived. Never blocks.
    public func pump() {
        for (i, c) in connections.enumerated() {
            let messages = c.receive()
            guard !messages.isEmpty else { continue }
            for m in messages { handle(m, app: i, on: c) }
            c.flush()
        }
    }

    /// Compares the tree with what it was and sends the events of what changed: focus, states,
    /// children, names. The host calls it after each frame; while an animation runs, at most every
    /// 50 ms (its last frame always compares).
    public func refresh() {
        let now = tree.clock.now
        if tree.isAnimating, now - lastRefresh < 0.05 { return }
        lastRefresh = now
        for (app, m) in changeEvents() where app < connections.count { connections[app].send(m) }
        for c in connections { c.flush() }
    }

    /// The events of what changed since the last call, each with its application.
    func changeEvents() -> [(Int, Message)] {
        tree.rebuild(apps)
        stale = false
        let summaries = currentSummaries()
        var signals: [(Int, Message?)] = []
        for (id, now) in summaries {
            guard let app = tree.app(of: id), let before = last[id] else { continue }
            let path = self.path(id)
            if before.name != now.name {
                signals.append(
                    (app, event(path, ATSPI.objectEvents, "PropertyChange", "accessible-name", 0, 0, .string(now.name)))
                )
            }
            if before.states != now.states {
                for s in ATSPI.State.allCases
                where s != .focused && before.states.contains(s) != now.states.contains(s) {
                    let on: Int32 = now.states.contains(s) ? 1 : 0
                    signals.append((app, event(path, ATSPI.objectEvents, "StateChanged", s.name, on, 0, .int(0))))
                }
            }
            if before.children != now.children {
                let old = Set(before.children)
                let new = Set(now.children)
                for (i, c) in before.children.enumerated() where !new.contains(c) {
                    signals.append(
                        (app, event(path, ATSPI.objectEvents, "ChildrenChanged", "remove", Int32(i), 0, .ref(ref(c)))))
                }
                for (i, c) in now.children.enumerated() where !old.contains(c) {
                    signals.append(
                        (app, event(path, ATSPI.objectEvents, "ChildrenChanged", "add", Int32(i), 0, .ref(ref(c)))))
                }
            }
        }
        let focus = tree.focus
        if focus != lastFocus {
            if let old = lastFocus, let app = tree.app(of: old), tree.nodes[old] != nil {
                signals.append((app, event(path(old), ATSPI.objectEvents, "StateChanged", "focused", 0, 0, .int(0))))
            }
            if let new = focus, let app = tree.app(of: new) {
                signals.append((app, event(path(new), ATSPI.objectEvents, "StateChanged", "focused", 1, 0, .int(0))))
                signals.append((app, event(path(new), ATSPI.focusEvents, "Focus", "", 0, 0, .int(0))))
            }
        }
        remember(summaries)
        // (A signal libdbus could not make — out of memory — is left out.)
        return signals.compactMap { app, m in m.map { (app, $0) } }
    }

    func currentSummaries() -> [Int: AccessibleTree.Summary] {
        var out: [Int: AccessibleTree.Summary] = [:]
        for a in apps.indices { out[AccessibleTree.appNode(a)] = tree.summary(AccessibleTree.appNode(a), apps: apps) }
        for id in tree.nodes.keys { out[id] = tree.summary(id, apps: apps) }
        return out
    }

    func remember(_ summaries: [Int: AccessibleTree.Summary]) {
        last = summaries
        lastFocus = tree.focus
        stale = false
    }

    func ensureFresh() {
        if stale || tree.needsFrame {
            tree.rebuild(apps)
            stale = false
        }
    }

    // MARK: References

    func path(_ node: Int) -> String {
        AccessibleTree.appIndex(node) != nil ? ATSPI.rootPath : ATSPI.pathPrefix + String(node)
    }

    func ref(_ node: Int?) -> ObjectReference {
        guard let node, let app = tree.app(of: node), app < busNames.count else { return .null }
        return ObjectReference(bus: busNames[app], path: path(node))
    }

    /// The node at `path` of application `app`.
    func node(at path: String, app: Int) -> Int? {
        if path == ATSPI.rootPath { return AccessibleTree.appNode(app) }
        guard path.hasPrefix(ATSPI.pathPrefix), let n = Int(path.dropFirst(ATSPI.pathPrefix.count)),
            let node = tree.nodes[n], node.app == app
        else { return nil }
        return n
    }

    // MARK: Events

    enum AnyData {
        case int(Int32)
        case string(String)
        case ref(ObjectReference)
    }

    func event(
        _ path: String, _ interface: String, _ member: String, _ detail: String, _ d1: Int32, _ d2: Int32,
        _ any: AnyData
    ) -> Message? {
        guard let m = try? Message.signal(path: path, interface: interface, member: member) else { return nil }
        let w = MessageWriter(message: m)
        w.string(detail)
        w.int32(d1)
        w.int32(d2)
        switch any {
        case .int(let v): w.variant("i") { w.int32(v) }
        case .string(let s): w.variant("s") { w.string(s) }
        case .ref(let r): w.variant("(so)") { w.reference(r) }
        }
        w.array("{sv}") {}
        return m
    }

    // MARK: Calls

    func handle(_ call: Message, app: Int, on connection: BusConnection) {
        guard call.kind == .methodCall, let reply = reply(to: call, app: app) else { return }
        connection.send(reply)
    }

    /// The reply to a method call to application `app`: a method return, or an error (never a
    /// crash); nil when the caller wants none.
    func reply(to call: Message, app: Int) -> Message? {
        ensureFresh()
        return BusObjectServer.reply(to: call) { () throws(BusError) in try answer(call, app: app) }
    }

    /// The reply's body for `call`, or a D-Bus error for a call Slate does not know, an object that is
    /// gone, or arguments of the wrong types.
    func answer(_ call: Message, app: Int) throws(BusError) -> ((MessageWriter) -> Void)? {
        let args = call.reader()
        if call.interface == ATSPI.introspectable && call.member == "Introspect" {
            let xml = Self.introspection
            return { $0.string(xml) }
        }
        if call.path == "/org/a11y/atspi/cache" && call.interface == "org.a11y.atspi.Cache" {
            // Slate keeps no cache for tools to fill theirs from: they ask object by object.
            guard call.member == "GetItems" else { throw .unknownMethod("Cache.\(call.member)") }
            return { w in w.array("((so)(so)(so)iiassusau)") {} }
        }
        guard let node = node(at: call.path, app: app) else {
            throw .unknownObject("no accessible object at \(call.path)")
        }
        switch call.interface {
        case ATSPI.properties:
            return try properties(call.member, args, node: node, app: app)
        case ATSPI.accessible:
            return try accessible(call.member, args, node: node)
        case ATSPI.application:
            switch call.member {
            case "GetLocale":
                _ = try args.uint32()
                let locale = tree.language == .ru ? "ru_RU.UTF-8" : "en_US.UTF-8"
                return { $0.string(locale) }
            case "GetApplicationBusAddress": return { $0.string("") }
            default: break
            }
        case ATSPI.component:
            return try component(call.member, args, node: node)
        case ATSPI.action:
            return try action(call.member, args, node: node)
        case ATSPI.text:
            return try text(call.member, args, node: node)
        case ATSPI.selection:
            return try selection(call.member, args, node: node)
        default: break
        }
        throw .unknownMethod("\(call.interface).\(call.member) is not answered by Slate")
    }

    // MARK: Properties

    enum Value {
        case string(String)
        case int(Int32)
        case ref(ObjectReference)

        var signature: String {
            switch self {
            case .string: "s"
            case .int: "i"
            case .ref: "(so)"
            }
        }

        func write(_ w: MessageWriter) {
            switch self {
            case .string(let s): w.string(s)
            case .int(let i): w.int32(i)
            case .ref(let r): w.reference(r)
            }
        }
    }

    func propertyValues(_ interface: String, node: Int, app: Int) -> [(String, Value)]? {
        switch interface {
        case ATSPI.accessible:
            let parent: ObjectReference =
                AccessibleTree.appIndex(node) != nil ? desktop[app] : ref(tree.parent(of: node))
            return [
                ("Name", .string(tree.name(node, apps: apps))),
                ("Description", .string(tree.description(node))),
                ("Parent", .ref(parent)),
                ("ChildCount", .int(Int32(tree.children(of: node).count))),
                ("Locale", .string(tree.language == .ru ? "ru_RU.UTF-8" : "en_US.UTF-8")),
                ("AccessibleId", .string(tree.view(node)?.identifier ?? "")),
                ("HelpText", .string("")),
            ]
        case ATSPI.application where AccessibleTree.appIndex(node) != nil:
            return [
                ("ToolkitName", .string("Slate")), ("Version", .string("1.0")), ("AtspiVersion", .string("2.1")),
                ("Id", .int(appIDs[app])),
            ]
        case ATSPI.action: return [("NActions", .int(Int32(actions(node).count)))]
        case ATSPI.text:
            let t = textContent(node) ?? ""
            return [("CharacterCount", .int(Int32(t.unicodeScalars.count))), ("CaretOffset", .int(caret(node)))]
        case ATSPI.selection:
            let n = tree.children(of: node).filter { tree.states($0).contains(.selected) }.count
            return [("NSelectedChildren", .int(Int32(n)))]
        case ATSPI.component: return []
        default: return nil
        }
    }

    func properties(_ member: String, _ args: MessageReader, node: Int, app: Int) throws(BusError)
        -> ((MessageWriter) -> Void)?
    {
        switch member {
        case "Get":
            let interface = try args.string()
            let name = try args.string()
            guard let value = propertyValues(interface, node: node, app: app)?.first(where: { $0.0 == name })?.1 else {
                throw .unknownProperty("no property \(interface).\(name)")
            }
            return { w in w.variant(value.signature) { value.write(w) } }
        case "GetAll":
            let interface = try args.string()
            let values = propertyValues(interface, node: node, app: app) ?? []
            return { w in
                w.array("{sv}") {
                    for (k, v) in values {
                        w.dictEntry {
                            w.string(k)
                            w.variant(v.signature) { v.write(w) }
                        }
                    }
                }
            }
        case "Set":
            let interface = try args.string()
            let name = try args.string()
            guard interface == ATSPI.application, name == "Id", AccessibleTree.appIndex(node) != nil else {
                throw .unknownProperty("\(interface).\(name) cannot be set")
            }
            appIDs[app] = try args.variantInt32()
            return nil
        default:
            throw .unknownMethod("Properties.\(member)")
        }
    }
}
