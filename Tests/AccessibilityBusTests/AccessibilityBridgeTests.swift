import Graphics
import Menus
import SessionBus
import Testing
import UI

@testable import AccessibilityBus

/// The bridge without a bus: its tree, its answers to calls (good and malformed) and its events,
/// over a small screen of a window, a list-like column of buttons, a label and a menu.
@MainActor @Suite struct AccessibilityBridgeTests {
    @MainActor final class Screen {
        let clock: VirtualClock
        let root: RootView
        let window = View(frame: Rect(0, 0, 800, 560))
        let title = Label("Inbox", style: .headline)
        let open = Button(title: "Open")
        let hello = Label("Hello", style: .body)
        let chrome = View(frame: Rect(0, 560, 800, 40))
        let home = Button(title: "Home")
        var opened = 0
        let menu: ContextMenuInteraction

        init() {
            let c = VirtualClock()
            clock = c
            root = RootView(size: Size(800, 600), clock: c)
            window.accessibilityLabel = "Inbox window"
            window.accessibilityTraits = .window
            title.frame = Rect(10, 10, 200, 30)
            open.frame = Rect(10, 50, 100, 44)
            hello.frame = Rect(10, 100, 200, 30)
            chrome.accessibilityLabel = "Dock"
            chrome.isAccessibilityElement = false
            home.frame = Rect(10, 0, 60, 40)
            for v in [title, open, hello] { window.addSubview(v) }
            chrome.addSubview(home)
            root.addSubview(window)
            root.addSubview(chrome)
            menu = ContextMenuInteraction { _ in
                ContextMenuConfiguration(identifier: "test") { _ in
                    Menu("Message") {
                        Menu(options: .displayInline) {
                            Action("Reply")
                            Action("Forward")
                        }
                        Action("Delete", attributes: .destructive)
                    }
                }
            }
            open.addInteraction(menu)
            open.action = { [unowned self] in self.opened += 1 }
            root.layoutIfNeeded()
        }

        func bridge() -> AccessibilityBridge {
            let apps = [
                AccessibleApplicationSource(
                    name: { "Slate" },
                    topLevelViews: { [unowned self] in
                        root.accessibilitySubviews.filter { $0 !== window && !($0 is ContextMenuOverlay) }
                    }),
                AccessibleApplicationSource(
                    name: { "Mail" },
                    topLevelViews: { [unowned self] in
                        root.accessibilitySubviews.filter { $0 === window || $0 is ContextMenuOverlay }
                    }),
            ]
            return AccessibilityBridge(
                roots: { [unowned self] in [root] }, clock: root.clock, apps: apps, connections: [],
                busNames: [":1.1", ":1.2"],
                displayRect: { r, _ in r })
        }
    }

    /// A method call to `path` with arguments written by `args`, and the bridge's reply.
    func call(
        _ bridge: AccessibilityBridge, app: Int = 1, path: String, _ interface: String, _ method: String,
        _ args: (MessageWriter) -> Void = { _ in }
    ) -> Reply {
        let m = try! Message.methodCall(destination: ":1.1", path: path, interface: interface, member: method)
        m.serial = 7  // as the bus would have numbered it
        m.append(args)
        let r = bridge.reply(to: m, app: app)!
        return Reply(message: r)
    }

    final class Reply {
        let message: Message
        init(message: Message) { self.message = message }
        var errorName: String? { message.errorName }
        var signature: String { message.signature }
        var reader: MessageReader { message.reader() }
    }

    @Test func theTreeIsMadeOfElementsWithTheirRolesAndTheChromeIsAnApplicationOfItsOwn() throws {
        let s = Screen()
        let b = s.bridge()
        let root = ATSPI.rootPath
        #expect(try call(b, path: root, ATSPI.accessible, "GetRole").reader.uint32() == ATSPI.Role.application.rawValue)
        let frames = call(b, path: root, ATSPI.accessible, "GetChildren")
        #expect(frames.signature == "a(so)")
        let window = try call(b, path: root, ATSPI.accessible, "GetChildAtIndex") { $0.int32(0) }.reader.reference()
        #expect(window.bus == ":1.2")
        #expect(try call(b, path: window.path, ATSPI.accessible, "GetRoleName").reader.string() == "panel")
        let count = call(b, path: window.path, ATSPI.properties, "Get") {
            $0.string(ATSPI.accessible)
            $0.string("ChildCount")
        }
        #expect(count.signature == "v")
        var names: [String] = []
        var roles: [String] = []
        for i in 0..<3 {
            let child = try call(b, path: window.path, ATSPI.accessible, "GetChildAtIndex") { $0.int32(Int32(i)) }
                .reader.reference()
            roles.append(try call(b, path: child.path, ATSPI.accessible, "GetRoleName").reader.string())
            let all = call(b, path: child.path, ATSPI.properties, "GetAll") { $0.string(ATSPI.accessible) }
            #expect(all.signature == "a{sv}")
            names.append(
                try Self.string(
                    call(b, path: child.path, ATSPI.properties, "Get") {
                        $0.string(ATSPI.accessible)
                        $0.string("Name")
                    }))
        }
        #expect(roles == ["label", "push button", "label"])
        #expect(names == ["Inbox", "Open", "Hello"])
        // The chrome: the Dock is a labelled group with its button.
        let dock = try call(b, app: 0, path: root, ATSPI.accessible, "GetChildAtIndex") { $0.int32(0) }.reader
            .reference()
        #expect(dock.bus == ":1.1")
        #expect(try call(b, app: 0, path: dock.path, ATSPI.accessible, "GetRoleName").reader.string() == "panel")
        // An object of one application is not found through another's connection.
        #expect(call(b, app: 0, path: window.path, ATSPI.accessible, "GetRole").errorName != nil)
    }

    @Test func malformedCallsGetErrorRepliesNeverACrash() throws {
        let s = Screen()
        let b = s.bridge()
        let root = ATSPI.rootPath
        #expect(
            call(b, path: root, ATSPI.accessible, "GetChildAtIndex") { $0.string("zero") }.errorName
                == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(
            call(b, path: root, ATSPI.accessible, "GetChildAtIndex").errorName
                == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(
            call(b, path: root, ATSPI.accessible, "NoSuchMethod").errorName
                == "org.freedesktop.DBus.Error.UnknownMethod")
        #expect(
            call(b, path: ATSPI.pathPrefix + "999999", ATSPI.accessible, "GetRole").errorName
                == "org.freedesktop.DBus.Error.UnknownObject")
        #expect(call(b, path: "/nowhere", "org.example.Nothing", "X").errorName != nil)
        #expect(
            call(b, path: root, ATSPI.properties, "Get") {
                $0.string(ATSPI.accessible)
                $0.string("NoSuchProperty")
            }.errorName == "org.freedesktop.DBus.Error.UnknownProperty")
        // A child index out of range is the null reference, as AT-SPI has it.
        let none = try call(b, path: root, ATSPI.accessible, "GetChildAtIndex") { $0.int32(42) }.reader.reference()
        #expect(none == .null)
        let window = try call(b, path: root, ATSPI.accessible, "GetChildAtIndex") { $0.int32(0) }.reader.reference()
        let button = try call(b, path: window.path, ATSPI.accessible, "GetChildAtIndex") { $0.int32(1) }.reader
            .reference()
        #expect(
            call(b, path: button.path, ATSPI.action, "DoAction") { $0.int32(7) }.errorName
                == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(call(b, path: button.path, ATSPI.component, "GetExtents") { $0.uint32(9) }.errorName != nil)
        #expect(call(b, path: button.path, ATSPI.text, "GetText") { $0.int32(0) }.errorName != nil)
    }

    @Test func actionsClickAndShowTheMenuWhichHidesWhatIsBehindIt() throws {
        let s = Screen()
        let b = s.bridge()
        let window = try call(b, path: ATSPI.rootPath, ATSPI.accessible, "GetChildAtIndex") { $0.int32(0) }.reader
            .reference()
        let button = try call(b, path: window.path, ATSPI.accessible, "GetChildAtIndex") { $0.int32(1) }.reader
            .reference()
        #expect(try call(b, path: button.path, ATSPI.action, "GetName") { $0.int32(0) }.reader.string() == "click")
        #expect(try call(b, path: button.path, ATSPI.action, "GetName") { $0.int32(1) }.reader.string() == "show menu")
        _ = call(b, path: button.path, ATSPI.action, "DoAction") { $0.int32(0) }
        #expect(s.opened == 1)
        #expect(s.root.accessibilityElements().contains { $0.label == "Hello" })
        _ = call(b, path: button.path, ATSPI.action, "DoAction") { $0.int32(1) }
        #expect(s.menu.isMenuVisible)
        s.clock.advance(by: 1)
        s.root.prepareFrame()
        // Slate's own tree: only the menu.
        let labels = s.root.accessibilityElements().map(\.label)
        #expect(!labels.contains("Hello") && !labels.contains("Home") && labels.contains("Reply"))
        // The bus: the app's only child is the menu; its rows are items with a separator between groups.
        let events = b.changeEvents()
        let menu = try call(b, path: ATSPI.rootPath, ATSPI.accessible, "GetChildAtIndex") { $0.int32(0) }.reader
            .reference()
        #expect(try call(b, path: menu.path, ATSPI.accessible, "GetRoleName").reader.string() == "menu")
        #expect(call(b, app: 0, path: ATSPI.rootPath, ATSPI.accessible, "GetChildren").signature == "a(so)")
        let n = try Self.int(
            call(b, path: menu.path, ATSPI.properties, "Get") {
                $0.string(ATSPI.accessible)
                $0.string("ChildCount")
            })
        var rows: [String] = []
        for i in 0..<n {
            let c = try call(b, path: menu.path, ATSPI.accessible, "GetChildAtIndex") { $0.int32(Int32(i)) }.reader
                .reference()
            let role = try call(b, path: c.path, ATSPI.accessible, "GetRoleName").reader.string()
            if role == "separator" { rows.append("—") }
            if role == "menu item" {
                rows.append(
                    try Self.string(
                        call(b, path: c.path, ATSPI.properties, "Get") {
                            $0.string(ATSPI.accessible)
                            $0.string("Name")
                        }))
            }
        }
        #expect(rows == ["Reply", "Forward", "—", "Delete"])
        let members = events.map { $0.1.member }
        #expect(members.contains("ChildrenChanged"))
        s.menu.dismissMenu()
    }

    /// A screen reader's "click" on a menu's row chooses the row as Return would, not as a tap where the
    /// row is drawn: so it works while the menu is still growing out of its source (where a tap at
    /// the row's centre could land outside the panel and close the menu).
    @Test func clickingAMenuRowChoosesItEvenWhileTheMenuStillOpens() throws {
        let s = Screen()
        var chosen: [String] = []
        let interaction = ContextMenuInteraction { _ in
            ContextMenuConfiguration(identifier: "move") { _ in
                Menu("Message") {
                    Menu("Move to") {
                        Action("Archive") { _ in chosen.append("Archive") }
                        Action("Trash") { _ in chosen.append("Trash") }
                    }
                    Action("Delete", attributes: .destructive) { _ in chosen.append("Delete") }
                }
            }
        }
        s.open.removeInteraction(s.menu)
        s.open.addInteraction(interaction)
        let bridge = s.bridge()
        #expect(interaction.present(at: s.open.frameInRoot.center))
        let overlay = try #require(interaction.overlay)
        func views(_ v: View) -> [View] { [v] + v.subviews.flatMap(views) }
        func shown(_ label: String) -> View? {
            s.root.layoutIfNeeded()
            return views(overlay).first { $0.accessibilityLabelOrText == label }
        }
        func click(_ label: String) throws {
            let row = try #require(shown(label), "no row \(label)")
            _ = bridge.changeEvents()
            let click = try #require(bridge.actions(bridge.tree.number(for: row)).first { $0.name == "click" })
            #expect(click.perform())
        }
        // Not one frame of the opening animation has run: the rows are still drawn shrunk.
        try click("Move to")
        #expect(interaction.isMenuVisible, "the menu stays open")
        #expect(shown("Archive") != nil && shown("Delete") == nil, "the submenu's items replace the menu's")
        try click("Trash")
        #expect(chosen == ["Trash"])
        s.clock.advance(by: 1)
        s.root.prepareFrame()
        #expect(!interaction.isMenuVisible, "choosing an item closes the menu")
    }

    @Test func changesBecomeEvents() throws {
        let s = Screen()
        let b = s.bridge()
        s.hello.text = "Goodbye"
        s.root.setFocus(s.open)
        let events = b.changeEvents()
        let described = events.map { e -> String in
            let detail = (try? e.1.reader().string()) ?? ""
            return "\(e.1.member):\(detail)"
        }
        #expect(described.contains("PropertyChange:accessible-name"))
        #expect(described.contains("StateChanged:focused"))
        #expect(described.contains("Focus:"))
        #expect(b.changeEvents().isEmpty, "nothing more changed")
    }

    /// The string in a variant reply.
    static func string(_ r: Reply) throws -> String {
        try r.reader.variant().string ?? ""
    }

    /// The int32 in a variant reply.
    static func int(_ r: Reply) throws -> Int {
        try r.reader.variant().integer ?? 0
    }
}
