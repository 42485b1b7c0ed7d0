import CDBus
import Foundation
import Graphics
import Menus
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
    private let tree: AccessibleTree
    private let apps: [AccessibleApplicationSource]
    private var connections: [BusConnection]
    /// Each application's name on the bus (its connection's unique name).
    private let busNames: [String]
    /// Where the desktop is (the registry's root), for each application's root's parent.
    private var desktop: [ObjectReference]
    /// The `Id` the registry gives each application.
    private var appIDs: [Int32]
    /// Maps a rectangle of the screen (points) to the display's pixels (true) or the window's (false).
    private let displayRect: @MainActor (Rect, Bool) -> Rect
    private var last: [Int: AccessibleTree.Summary] = [:]
    private var lastFocus: Int?
    private var stale = true
    /// When `refresh()` last compared (the root's clock).
    private var lastRefresh = -Double.infinity

    /// Touches made by the default action get ids far from real fingers'.
    private var nextTouchID = 9_000_000

    /// A bridge over `connections`, one an application; tests give none and name the applications.
    init(
        root: RootView, apps: [AccessibleApplicationSource], connections: [BusConnection],
        busNames: [String]? = nil, displayRect: @escaping @MainActor (Rect, Bool) -> Rect
    ) {
        self.tree = AccessibleTree(root: root)
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
    public static func accessibilityBusAddress(environment: [String: String]) -> String? {
        if let a = environment["AT_SPI_BUS_ADDRESS"], !a.isEmpty { return a }
        guard let s = environment["DBUS_SESSION_BUS_ADDRESS"], !s.isEmpty,
            let session = BusConnection(address: nil)
        else { return nil }
        guard
            let reply = session.call(
                destination: "org.a11y.Bus", path: "/org/a11y/bus", interface: "org.a11y.Bus",
                method: "GetAddress", timeout: 2000, autoStart: false)
        else { return nil }
        defer { dbus_message_unref(reply) }
        guard dbus_message_get_type(reply) == Int32(DBUS_MESSAGE_TYPE_METHOD_RETURN) else { return nil }
        let address = try? MessageReader(message: reply).string()
        return address?.isEmpty == false ? address : nil
    }

    /// Connects `applications` to the accessibility bus and embeds them in the registry's desktop; nil
    /// (having done nothing else) when there is no accessibility bus. `displayRect` maps a rectangle of
    /// the screen (points) to the display's pixels (`true`) or the window's (`false`).
    public static func connect(
        root: RootView, applications: [AccessibleApplicationSource],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        displayRect: @escaping @MainActor (Rect, Bool) -> Rect = { r, _ in r }
    ) -> AccessibilityBridge? {
        guard environment["SLATE_ACCESSIBILITY"] != "0", !applications.isEmpty,
            let address = accessibilityBusAddress(environment: environment)
        else { return nil }
        var connections: [BusConnection] = []
        for _ in applications {
            guard let c = BusConnection(address: address) else { return nil }
            connections.append(c)
        }
        let bridge = AccessibilityBridge(
            root: root, apps: applications, connections: connections, displayRect: displayRect)
        for (i, c) in connections.enumerated() {
            guard
                let reply = c.call(
                    destination: "org.a11y.atspi.Registry", path: ATSPI.rootPath, interface: "org.a11y.atspi.Socket",
                    method: "Embed",
                    arguments: { w in w.reference(ObjectReference(bus: c.uniqueName, path: ATSPI.rootPath)) })
            else { return nil }
            if let ref = try? MessageReader(message: reply).reference() { bridge.desktop[i] = ref }
            dbus_message_unref(reply)
        }
        // Calls that came while the registry was answering wait in the queues.
        bridge.pump()
        return bridge
    }

    /// The sockets the host waits on; when one can be read, it calls `pump()`.
    public var fileDescriptors: [Int32] { connections.compactMap(\.fileDescriptor) }

    /// Answers every call that has arrived. Never blocks.
    public func pump() {
        for (i, c) in connections.enumerated() {
            let messages = c.receive()
            guard !messages.isEmpty else { continue }
            for m in messages {
                handle(IncomingCall(message: m), app: i, on: c)
                dbus_message_unref(m)
            }
            c.flush()
        }
    }

    /// Compares the tree with what it was and sends the events of what changed: focus, states,
    /// children, names. The host calls it after each frame; while an animation runs, at most every
    /// 50 ms (its last frame always compares).
    public func refresh() {
        let now = tree.root.clock.now
        if tree.root.animator.isRunning, now - lastRefresh < 0.05 { return }
        lastRefresh = now
        for (app, m) in changeEvents() {
            if app < connections.count { connections[app].send(m) }
            dbus_message_unref(m)
        }
        for c in connections { c.flush() }
    }

    /// The events of what changed since the last call, each with its application.
    func changeEvents() -> [(Int, OpaquePointer)] {
        tree.rebuild(apps)
        stale = false
        let summaries = currentSummaries()
        var signals: [(Int, OpaquePointer)] = []
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
        return signals
    }

    private func currentSummaries() -> [Int: AccessibleTree.Summary] {
        var out: [Int: AccessibleTree.Summary] = [:]
        for a in apps.indices { out[AccessibleTree.appNode(a)] = tree.summary(AccessibleTree.appNode(a), apps: apps) }
        for id in tree.nodes.keys { out[id] = tree.summary(id, apps: apps) }
        return out
    }

    private func remember(_ summaries: [Int: AccessibleTree.Summary]) {
        last = summaries
        lastFocus = tree.focus
        stale = false
    }

    private func ensureFresh() {
        if stale || tree.root.needsFrame {
            tree.rebuild(apps)
            stale = false
        }
    }

    // MARK: References

    private func path(_ node: Int) -> String {
        AccessibleTree.appIndex(node) != nil ? ATSPI.rootPath : ATSPI.pathPrefix + String(node)
    }

    private func ref(_ node: Int?) -> ObjectReference {
        guard let node, let app = tree.app(of: node), app < busNames.count else { return .null }
        return ObjectReference(bus: busNames[app], path: path(node))
    }

    /// The node at `path` of application `app`.
    private func node(at path: String, app: Int) -> Int? {
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

    private func event(
        _ path: String, _ interface: String, _ member: String, _ detail: String, _ d1: Int32, _ d2: Int32,
        _ any: AnyData
    ) -> OpaquePointer {
        let m = dbus_message_new_signal(path, interface, member)!
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

    private func handle(_ call: IncomingCall, app: Int, on connection: BusConnection) {
        guard call.isMethodCall, let reply = reply(to: call, app: app) else { return }
        if call.wantsReply { connection.send(reply) }
        dbus_message_unref(reply)
    }

    /// The reply to a method call to application `app`: a method return, or an error (never a crash).
    func reply(to call: IncomingCall, app: Int) -> OpaquePointer? {
        ensureFresh()
        do {
            let body = try answer(call, app: app)
            let reply = dbus_message_new_method_return(call.message)
            if let reply, let body { body(MessageWriter(message: reply)) }
            return reply
        } catch {
            return dbus_message_new_error(call.message, error.name, error.message)
        }
    }

    /// The reply's body for `call`, or a D-Bus error for a call Slate does not know, an object that is
    /// gone, or arguments of the wrong types.
    private func answer(_ call: IncomingCall, app: Int) throws(DBusFailure) -> ((MessageWriter) -> Void)? {
        let args = MessageReader(message: call.message)
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
                let locale = tree.root.environment.language == .ru ? "ru_RU.UTF-8" : "en_US.UTF-8"
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

    private func propertyValues(_ interface: String, node: Int, app: Int) -> [(String, Value)]? {
        switch interface {
        case ATSPI.accessible:
            let parent: ObjectReference =
                AccessibleTree.appIndex(node) != nil ? desktop[app] : ref(tree.parent(of: node))
            return [
                ("Name", .string(tree.name(node, apps: apps))),
                ("Description", .string(tree.description(node))),
                ("Parent", .ref(parent)),
                ("ChildCount", .int(Int32(tree.children(of: node).count))),
                ("Locale", .string(tree.root.environment.language == .ru ? "ru_RU.UTF-8" : "en_US.UTF-8")),
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

    private func properties(_ member: String, _ args: MessageReader, node: Int, app: Int) throws(DBusFailure)
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

    // MARK: Accessible

    private func interfaces(_ node: Int) -> [String] {
        var out = [ATSPI.accessible]
        if AccessibleTree.appIndex(node) != nil {
            out.append(ATSPI.application)
            return out
        }
        out.append(ATSPI.component)
        if !actions(node).isEmpty { out.append(ATSPI.action) }
        if textContent(node) != nil { out.append(ATSPI.text) }
        if tree.view(node) is ListView { out.append(ATSPI.selection) }
        return out
    }

    private func accessible(_ member: String, _ args: MessageReader, node: Int) throws(DBusFailure)
        -> ((MessageWriter) -> Void)?
    {
        switch member {
        case "GetChildAtIndex":
            let i = Int(try args.int32())
            let kids = tree.children(of: node)
            let r = kids.indices.contains(i) ? ref(kids[i]) : ObjectReference.null
            return { $0.reference(r) }
        case "GetChildren":
            let refs = tree.children(of: node).map { ref($0) }
            return { w in w.array("(so)") { for r in refs { w.reference(r) } } }
        case "GetIndexInParent":
            var i: Int32 = -1
            if let p = tree.parent(of: node), let k = tree.children(of: p).firstIndex(of: node) { i = Int32(k) }
            return { $0.int32(i) }
        case "GetRelationSet":
            return { w in w.array("(ua(so))") {} }
        case "GetRole":
            let r = tree.role(node).rawValue
            return { $0.uint32(r) }
        case "GetRoleName":
            let r = tree.role(node).name
            return { $0.string(r) }
        case "GetLocalizedRoleName":
            let r = tree.role(node).localizedName.resolved(tree.root.environment.language)
            return { $0.string(r) }
        case "GetState":
            let words = tree.states(node).words
            return { w in w.array("u") { for x in words { w.uint32(x) } } }
        case "GetAttributes":
            var attributes = ["toolkit": "Slate"]
            if let id = tree.view(node)?.identifier { attributes["id"] = id }
            return { w in
                w.array("{ss}") {
                    for (k, v) in attributes.sorted(by: { $0.key < $1.key }) {
                        w.dictEntry {
                            w.string(k)
                            w.string(v)
                        }
                    }
                }
            }
        case "GetApplication":
            let r = ref(AccessibleTree.appNode(tree.app(of: node) ?? 0))
            return { $0.reference(r) }
        case "GetInterfaces":
            let list = interfaces(node)
            return { w in w.array("s") { for s in list { w.string(s) } } }
        default:
            throw .unknownMethod("Accessible.\(member)")
        }
    }

    // MARK: Component

    private func extents(_ node: Int, _ type: UInt32) throws(DBusFailure) -> Rect {
        guard let coords = ATSPI.Coordinates(rawValue: type) else { throw .invalidArgs("unknown coordinate type") }
        let f = tree.frame(node)
        switch coords {
        case .screen: return displayRect(f, true)
        case .window: return displayRect(f, false)
        case .parent:
            let r = displayRect(f, false)
            guard let p = tree.parent(of: node) else { return r }
            let pr = displayRect(tree.frame(p), false)
            return Rect(r.minX - pr.minX, r.minY - pr.minY, r.width, r.height)
        }
    }

    /// A point given in `type` coordinates, as a point of Slate's screen.
    private func screenPoint(_ x: Int32, _ y: Int32, _ type: UInt32, node: Int) throws(DBusFailure) -> Point {
        guard let coords = ATSPI.Coordinates(rawValue: type) else { throw .invalidArgs("unknown coordinate type") }
        let whole = tree.root.bounds
        let window = displayRect(whole, false)
        var wx = Double(x)
        var wy = Double(y)
        switch coords {
        case .screen:
            let o = displayRect(whole, true).origin
            wx -= o.x
            wy -= o.y
        case .window: break
        case .parent:
            if let p = tree.parent(of: node) {
                let o = displayRect(tree.frame(p), false).origin
                wx += o.x
                wy += o.y
            }
        }
        let sx = window.width > 0 ? window.width / whole.width : 1
        let sy = window.height > 0 ? window.height / whole.height : 1
        return Point(wx / sx, wy / sy)
    }

    private func component(_ member: String, _ args: MessageReader, node: Int) throws(DBusFailure)
        -> ((MessageWriter) -> Void)?
    {
        func i(_ v: Double) -> Int32 { Int32(clamping: Int(v.rounded())) }
        switch member {
        case "GetExtents":
            let r = try extents(node, try args.uint32())
            return { w in
                w.structure {
                    w.int32(i(r.minX))
                    w.int32(i(r.minY))
                    w.int32(i(r.width))
                    w.int32(i(r.height))
                }
            }
        case "GetPosition":
            let r = try extents(node, try args.uint32())
            return { w in
                w.int32(i(r.minX))
                w.int32(i(r.minY))
            }
        case "GetSize":
            let r = try extents(node, 1)
            return { w in
                w.int32(i(r.width))
                w.int32(i(r.height))
            }
        case "Contains":
            let x = try args.int32()
            let y = try args.int32()
            let t = try args.uint32()
            let p = try screenPoint(x, y, t, node: node)
            let inside = tree.frame(node).contains(p)
            return { $0.bool(inside) }
        case "GetAccessibleAtPoint":
            let x = try args.int32()
            let y = try args.int32()
            let t = try args.uint32()
            let p = try screenPoint(x, y, t, node: node)
            let r = ref(tree.node(at: p, in: node))
            return { $0.reference(r) }
        case "GetLayer":
            let role = tree.role(node)
            let layer: ATSPI.Layer = role == .frame ? .window : (role == .menu ? .popup : .widget)
            return { $0.uint32(layer.rawValue) }
        case "GetMDIZOrder":
            return { $0.int16(-1) }
        case "GetAlpha":
            let a = tree.view(node)?.alpha ?? 1
            return { $0.double(a) }
        case "GrabFocus":
            let ok = grabFocus(node)
            return { $0.bool(ok) }
        case "ScrollTo", "ScrollToPoint", "SetExtents", "SetPosition", "SetSize":
            return { $0.bool(false) }
        default:
            throw .unknownMethod("Component.\(member)")
        }
    }

    private func grabFocus(_ node: Int) -> Bool {
        guard let v = tree.view(node) else { return false }
        stale = true
        if let row = v as? ListRow, let list = row.superview as? ListView,
            let index = list.visibleRows.first(where: { $0.1 === row })?.0
        {
            list.selectedRow = index
            return tree.root.setFocus(list)
        }
        var cur: View? = v
        while let c = cur {
            if c.canBecomeFocused { return tree.root.setFocus(c) }
            cur = c.superview
        }
        return false
    }

    // MARK: Action

    struct ActionItem {
        var name: String
        var localizedName: String
        var description: String
        var keyBinding: String
        var perform: @MainActor () -> Bool
    }

    private func actions(_ node: Int) -> [ActionItem] {
        guard let v = tree.view(node) else { return [] }
        let lang = tree.root.environment.language
        var out: [ActionItem] = []
        let role = AccessibleTree.role(of: v)
        let clickable: Set<ATSPI.Role> = [.pushButton, .listItem, .menuItem, .checkMenuItem]
        let submenu = role == .menu && !(v is ContextMenuOverlay)
        if clickable.contains(role) || submenu || v.accessibilityTraits.contains(.button) {
            out.append(
                ActionItem(
                    name: "click", localizedName: BridgeStrings.click.resolved(lang),
                    description: BridgeStrings.clickDescription.resolved(lang), keyBinding: "",
                    perform: { [weak self, weak v] in
                        guard let self, let v else { return false }
                        return self.activate(v)
                    }))
        }
        if let menu = v.interactions.lazy.compactMap({ $0 as? ContextMenuInteraction }).first {
            out.append(
                ActionItem(
                    name: "show menu", localizedName: BridgeStrings.showMenu.resolved(lang),
                    description: BridgeStrings.showMenuDescription.resolved(lang), keyBinding: "<Shift>F10",
                    perform: { [weak menu] in menu?.present() ?? false }))
        }
        if let d = v as? any AccessibilityDescribing {
            for a in d.accessibilityCustomActions {
                out.append(
                    ActionItem(
                        name: a.name, localizedName: a.localizedName, description: a.localizedName, keyBinding: "",
                        perform: a.perform))
            }
        }
        return out
    }

    /// The default action: what a tap does.
    private func activate(_ v: View) -> Bool {
        stale = true
        if let b = v as? Button {
            guard b.isEnabled else { return false }
            b.sendAction()
            return true
        }
        if let row = v as? ListRow, let list = row.superview as? ListView,
            let index = list.visibleRows.first(where: { $0.1 === row })?.0
        {
            list.selectedRow = index
            list.onSelect?(index)
            return true
        }
        // A tap where the element shows, as a finger would make it.
        let root = tree.root
        let f = v.frameInRoot
        guard !f.isEmpty else { return false }
        let id = nextTouchID
        nextTouchID += 1
        let now = root.clock.now
        root.dispatcher.handle(Touch(id: id, phase: .began, location: f.center, timestamp: now))
        root.dispatcher.handle(Touch(id: id, phase: .ended, location: f.center, timestamp: now))
        return true
    }

    private func action(_ member: String, _ args: MessageReader, node: Int) throws(DBusFailure)
        -> ((MessageWriter) -> Void)?
    {
        let list = actions(node)
        func item() throws(DBusFailure) -> ActionItem {
            let i = Int(try args.int32())
            guard list.indices.contains(i) else { throw .invalidArgs("no action \(i); there are \(list.count)") }
            return list[i]
        }
        switch member {
        case "GetNActions":
            return { $0.int32(Int32(list.count)) }
        case "GetName":
            let a = try item()
            return { $0.string(a.name) }
        case "GetLocalizedName":
            let a = try item()
            return { $0.string(a.localizedName) }
        case "GetDescription":
            let a = try item()
            return { $0.string(a.description) }
        case "GetKeyBinding":
            let a = try item()
            return { $0.string(a.keyBinding) }
        case "GetActions":
            return { w in
                w.array("(sss)") {
                    for a in list {
                        w.structure {
                            w.string(a.localizedName)
                            w.string(a.description)
                            w.string(a.keyBinding)
                        }
                    }
                }
            }
        case "DoAction":
            let a = try item()
            let ok = a.perform()
            return { $0.bool(ok) }
        default:
            throw .unknownMethod("Action.\(member)")
        }
    }

    // MARK: Text

    /// The text of a text field, a label or a text view; nil for elements that are not text.
    private func textContent(_ node: Int) -> String? {
        guard let v = tree.view(node) else { return nil }
        if let field = v as? TextField { return field.text }
        switch AccessibleTree.role(of: v) {
        case .text: return v.accessibilityValue ?? v.accessibilityLabelOrText ?? ""
        case .label, .heading: return v.accessibilityValue ?? v.accessibilityLabelOrText ?? ""
        default: return nil
        }
    }

    private func caret(_ node: Int) -> Int32 {
        if let field = tree.view(node) as? TextField { return Int32(field.caret) }
        return 0
    }

    private func text(_ member: String, _ args: MessageReader, node: Int) throws(DBusFailure)
        -> ((MessageWriter) -> Void)?
    {
        guard let content = textContent(node) else { throw .unknownMethod("not a text") }
        let scalars = Array(content.unicodeScalars)
        func slice(_ a: Int, _ b: Int) -> String {
            let lo = max(0, min(a, scalars.count))
            let hi = b < 0 ? scalars.count : max(lo, min(b, scalars.count))
            var s = String.UnicodeScalarView()
            s.append(contentsOf: scalars[lo..<hi])
            return String(s)
        }
        switch member {
        case "GetText":
            let a = Int(try args.int32())
            let b = Int(try args.int32())
            let s = slice(a, b)
            return { $0.string(s) }
        case "GetCharacterCount":
            return { $0.int32(Int32(scalars.count)) }
        case "GetCaretOffset":
            let c = caret(node)
            return { $0.int32(c) }
        case "GetCharacterAtOffset":
            let i = Int(try args.int32())
            let c: Int32 = scalars.indices.contains(i) ? Int32(bitPattern: scalars[i].value) : 0
            return { $0.int32(c) }
        case "GetTextAtOffset", "GetTextBeforeOffset", "GetTextAfterOffset", "GetStringAtOffset":
            // The whole text is one line; finer units are not told apart yet.
            _ = try args.int32()
            _ = try args.uint32()
            let n = Int32(scalars.count)
            return { w in
                w.string(content)
                w.int32(0)
                w.int32(n)
            }
        case "GetNSelections":
            return { $0.int32(0) }
        case "SetCaretOffset":
            _ = try args.int32()
            return { $0.bool(false) }
        default:
            throw .unknownMethod("Text.\(member)")
        }
    }

    // MARK: Selection

    private func selection(_ member: String, _ args: MessageReader, node: Int) throws(DBusFailure)
        -> ((MessageWriter) -> Void)?
    {
        guard let list = tree.view(node) as? ListView else { throw .unknownMethod("not a list") }
        let kids = tree.children(of: node)
        let selected = kids.filter { tree.states($0).contains(.selected) }
        func rowIndex(_ child: Int) -> Int? {
            guard kids.indices.contains(child), let v = tree.view(kids[child]) else { return nil }
            return list.visibleRows.first { $0.1 === v }?.0
        }
        stale = true
        switch member {
        case "GetSelectedChild":
            let i = Int(try args.int32())
            let r = selected.indices.contains(i) ? ref(selected[i]) : ObjectReference.null
            return { $0.reference(r) }
        case "SelectChild":
            guard let row = rowIndex(Int(try args.int32())) else { return { $0.bool(false) } }
            list.selectedRow = row
            return { $0.bool(true) }
        case "DeselectSelectedChild", "DeselectChild":
            _ = try args.int32()
            list.selectedRow = nil
            return { $0.bool(true) }
        case "IsChildSelected":
            let i = Int(try args.int32())
            let yes = kids.indices.contains(i) && selected.contains(kids[i])
            return { $0.bool(yes) }
        case "SelectAll":
            return { $0.bool(false) }
        case "ClearSelection":
            list.selectedRow = nil
            return { $0.bool(true) }
        default:
            throw .unknownMethod("Selection.\(member)")
        }
    }

    static let introspection = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN" \
        "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <node>
          <interface name="org.a11y.atspi.Accessible"/>
          <interface name="org.a11y.atspi.Component"/>
          <interface name="org.a11y.atspi.Action"/>
          <interface name="org.a11y.atspi.Text"/>
          <interface name="org.a11y.atspi.Selection"/>
        </node>
        """
}

/// The bridge's own words, in English and Russian.
enum BridgeStrings {
    static let click = LocalizedString(en: "Click", ru: "Нажать")
    static let clickDescription = LocalizedString(en: "Activates the item", ru: "Активирует элемент")
    static let showMenu = LocalizedString(en: "Show menu", ru: "Показать меню")
    static let showMenuDescription = LocalizedString(
        en: "Opens the item's context menu", ru: "Открывает контекстное меню элемента")
}
