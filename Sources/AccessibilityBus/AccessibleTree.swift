import Graphics
import Menus
import UI

/// One application on the accessibility bus: its name and the views at the top of its tree (its
/// windows, its open menus). The shell's own chrome is one; each app is another.
public struct AccessibleApplicationSource {
    /// The application's name in its language ("Mail", "Почта").
    public var name: @MainActor () -> String
    /// The views at the top of its tree, back to front. Views that are not elements themselves are
    /// looked through to the elements inside them.
    public var topLevelViews: @MainActor () -> [View]

    /// An application named by `name`, whose tree starts at `topLevelViews`; both are asked again
    /// each time the tree is read, so they follow the language and the windows as they change.
    public init(name: @escaping @MainActor () -> String, topLevelViews: @escaping @MainActor () -> [View]) {
        self.name = name
        self.topLevelViews = topLevelViews
    }
}

/// The tree the bus sees, made from Slate's views: each element a node with a number, its parent and
/// its children; the views that are not elements are looked through.
@MainActor final class AccessibleTree {
    struct Node {
        /// The view; nil for an application's root.
        weak var view: View?
        var app: Int
        /// The parent node; nil for an application's root (whose parent is the desktop) and for the
        /// top-level nodes of an application (whose parent is its root).
        var parent: Int?
        var children: [Int]
    }

    /// What the events are computed from: each node's name, states and children.
    struct Summary: Equatable {
        var name: String
        var states: StateSet
        var children: [Int]
    }

    /// What a number stands for: a view, as long as it lives; a list's row by its index, whichever
    /// view shows it (lists reuse row views for other rows as they scroll and reload).
    private enum Key: Hashable {
        case view(ObjectIdentifier)
        case row(list: ObjectIdentifier, index: Int)
    }

    /// The numbers given out, with the view (or list) they belong to.
    private var numbers: [Key: (owner: WeakView, number: Int)] = [:]
    private var nextNumber = 1
    private(set) var nodes: [Int: Node] = [:]
    /// The top-level nodes of each application.
    private(set) var appChildren: [[Int]] = []
    /// The node that has focus.
    private(set) var focus: Int?

    /// The roots the views are in: the shell's one screen, or an app process's windows (the active
    /// one first).
    let roots: @MainActor () -> [RootView]
    /// The clock the roots run on.
    let clock: any Clock

    init(roots: @escaping @MainActor () -> [RootView], clock: any Clock) {
        self.roots = roots
        self.clock = clock
    }

    /// The language the elements speak (the first root's; English with none open).
    var language: Language { roots().first?.environment.language ?? .en }
    /// Whether an animation runs in any root.
    var isAnimating: Bool { roots().contains { $0.animator.isRunning } }
    /// Whether any root has changed since it was last drawn.
    var needsFrame: Bool { roots().contains { $0.needsFrame } }
    /// The view with keyboard focus: the first root's that has one.
    var focusedView: View? { roots().lazy.compactMap(\.focusedView).first }

    /// The root a view is in (the first root for a view in none).
    func root(of v: View) -> RootView? { v.root ?? roots().first }

    /// An application root's node id (negative, one an application).
    static func appNode(_ app: Int) -> Int { -1 - app }
    static func appIndex(_ node: Int) -> Int? { node < 0 ? -1 - node : nil }

    private func key(for view: View) -> (Key, View) {
        if let row = view as? ListRow, let list = row.superview as? ListView,
            let index = list.visibleRows.first(where: { $0.1 === row })?.0
        {
            return (.row(list: ObjectIdentifier(list), index: index), list)
        }
        return (.view(ObjectIdentifier(view)), view)
    }

    /// The view's number, given now if it has none.
    func number(for view: View) -> Int {
        let (key, owner) = key(for: view)
        if let n = numbers[key], n.owner.view === owner { return n.number }
        let n = nextNumber
        nextNumber += 1
        numbers[key] = (WeakView(owner), n)
        return n
    }

    /// The view's number, if it has one.
    private func existingNumber(for view: View) -> Int? {
        let (key, owner) = key(for: view)
        guard let n = numbers[key], n.owner.view === owner else { return nil }
        return n.number
    }

    /// Builds the tree again from the views as they are now.
    func rebuild(_ apps: [AccessibleApplicationSource]) {
        nodes.removeAll(keepingCapacity: true)
        appChildren = []
        for (a, source) in apps.enumerated() {
            var top: [Int] = []
            for v in source.topLevelViews() { collect(v, parent: nil, app: a, into: &top) }
            appChildren.append(top)
        }
        // Forget the numbers of views that are gone.
        if numbers.count > 4 * max(nodes.count, 64) { numbers = numbers.filter { $0.value.owner.view != nil } }
        focus = findFocus()
    }

    private func collect(_ v: View, parent: Int?, app: Int, into list: inout [Int]) {
        if v.isHidden || v.alpha <= 0.01 { return }
        if Self.isExposed(v) {
            let id = number(for: v)
            guard nodes[id] == nil else { return }
            nodes[id] = Node(view: v, app: app, parent: parent, children: [])
            var kids: [Int] = []
            for s in v.accessibilitySubviews { collect(s, parent: id, app: app, into: &kids) }
            nodes[id]?.children = kids
            list.append(id)
        } else {
            for s in v.accessibilitySubviews { collect(s, parent: parent, app: app, into: &list) }
        }
    }

    /// Whether a view is a node: an element, a list, a row, a menu, a separator, or a labelled group
    /// (the Dock, the Home screen).
    static func isExposed(_ v: View) -> Bool {
        if let d = v as? any AccessibilityDescribing, d.accessibilityRole != nil { return true }
        if v is ListView || v is ListRow { return true }
        if v.isAccessibilityElement == false { return v.accessibilityLabel != nil && !v.subviews.isEmpty }
        return v.isAccessible
    }

    func children(of node: Int) -> [Int] {
        if let a = Self.appIndex(node) { return a < appChildren.count ? appChildren[a] : [] }
        return nodes[node]?.children ?? []
    }

    func parent(of node: Int) -> Int? {
        guard let n = nodes[node] else { return nil }
        return n.parent ?? Self.appNode(n.app)
    }

    func app(of node: Int) -> Int? { Self.appIndex(node) ?? nodes[node]?.app }

    func view(_ node: Int) -> View? { nodes[node]?.view }

    // MARK: What a node is

    func role(_ node: Int) -> ATSPI.Role {
        guard let v = view(node) else { return .application }
        return Self.role(of: v)
    }

    static func role(of v: View) -> ATSPI.Role {
        if let d = v as? any AccessibilityDescribing, let r = d.accessibilityRole { return ATSPI.Role(r) }
        if v is ListView { return .list }
        if v is ListRow { return .listItem }
        let t = v.accessibilityTraits
        if t.contains(.menuItem) { return .menuItem }
        if t.contains(.textEntry) { return .text }
        if t.contains(.button) { return .pushButton }
        if t.contains(.header) { return .heading }
        if t.contains(.image) { return .image }
        if t.contains(.staticText) { return .label }
        if t.contains(.window) { return .panel }
        return v.subviews.isEmpty ? .label : .panel
    }

    func name(_ node: Int, apps: [AccessibleApplicationSource]) -> String {
        if let a = Self.appIndex(node) { return a < apps.count ? apps[a].name() : "" }
        guard let v = view(node) else { return "" }
        if let d = v as? any AccessibilityDescribing, let s = d.accessibilitySpokenLabel { return s }
        if v is ListRow, let label = v.accessibilityLabelOrText, let value = v.accessibilityValue, !value.isEmpty {
            return "\(label), \(value)"
        }
        if Self.role(of: v) == .text, let label = v.accessibilityLabel { return label }
        return v.accessibilityLabelOrText ?? ""
    }

    func description(_ node: Int) -> String {
        guard let v = view(node) else { return "" }
        if let d = v as? any AccessibilityDescribing, let s = d.accessibilityElementDescription { return s }
        if v is ListRow { return "" }
        return Self.role(of: v) == .text ? "" : (v.accessibilityValue ?? "")
    }

    func states(_ node: Int) -> StateSet {
        var s = StateSet()
        guard let v = view(node) else {
            s.insert(.enabled)
            s.insert(.sensitive)
            s.insert(.visible)
            s.insert(.showing)
            return s
        }
        let t = v.accessibilityTraits
        let role = Self.role(of: v)
        if !t.contains(.notEnabled) {
            s.insert(.enabled)
            s.insert(.sensitive)
        }
        s.insert(.visible)
        if v.isVisibleOnScreen { s.insert(.showing) }
        if v.canBecomeFocused || role == .listItem || role == .menuItem || role == .checkMenuItem {
            s.insert(.focusable)
        }
        if focus == node { s.insert(.focused) }
        switch role {
        case .listItem, .menuItem, .checkMenuItem:
            s.insert(.selectable)
            if t.contains(.selected) { s.insert(.selected) }
        case .pushButton:
            if t.contains(.selected) { s.insert(.selected) }
        case .frame:
            if let f = focusedView, f.isDescendant(of: v) { s.insert(.active) }
        case .menu:
            if v is ContextMenuOverlay { s.insert(.modal) }
        case .text:
            if let field = v as? TextField {
                if field.isEditable { s.insert(.editable) }
                s.insert(field.multiline ? .multiLine : .singleLine)
            } else {
                s.insert(.multiLine)
            }
        default: break
        }
        if role == .checkMenuItem {
            s.insert(.checkable)
            if t.contains(.selected) { s.insert(.checked) }
        }
        return s
    }

    func summary(_ node: Int, apps: [AccessibleApplicationSource]) -> Summary {
        Summary(name: name(node, apps: apps), states: states(node), children: children(of: node))
    }

    /// The node a screen reader should follow: the focused view, or the element it is in; in a focused
    /// list, its selected row; in an open menu, its highlighted row.
    private func findFocus() -> Int? {
        guard var v = focusedView else { return nil }
        if let list = v as? ListView, let row = list.selectedRow, let r = list.visibleRow(row), nodeExists(r) {
            return number(for: r)
        }
        if v is ContextMenuOverlay {
            let menu = number(for: v)
            if nodes[menu] != nil {
                let rows = descendants(of: menu)
                if let hit = rows.first(where: { id in
                    guard let rv = nodes[id]?.view else { return false }
                    let r = Self.role(of: rv)
                    return (r == .menuItem || r == .checkMenuItem || r == .menu)
                        && rv.accessibilityTraits.contains(.selected)
                }) {
                    return hit
                }
                return menu
            }
        }
        while true {
            if nodeExists(v) { return number(for: v) }
            guard let s = v.superview else { return nil }
            v = s
        }
    }

    private func nodeExists(_ v: View) -> Bool {
        guard let n = existingNumber(for: v) else { return false }
        return nodes[n]?.view === v
    }

    func descendants(of node: Int) -> [Int] {
        var out: [Int] = []
        for c in children(of: node) {
            out.append(c)
            out += descendants(of: c)
        }
        return out
    }

    /// The node's rectangle on Slate's screen (points): the part of its view that is not clipped away.
    func frame(_ node: Int) -> Rect {
        guard let v = view(node) else {
            return children(of: node).reduce(Rect.zero) { r, c in r.isEmpty ? frame(c) : r.union(frame(c)) }
        }
        var f = v.frameInRoot
        var a = v.superview
        while let cur = a {
            if cur.clipsToBounds { f = f.intersection(cur.frameInRoot) }
            a = cur.superview
        }
        return f.isEmpty ? Rect(origin: v.frameInRoot.origin, size: .zero) : f
    }

    /// The deepest node under `p` (screen points) inside `node`, the topmost first.
    func node(at p: Point, in node: Int) -> Int? {
        for c in children(of: node).reversed() where frame(c).contains(p) {
            return self.node(at: p, in: c) ?? c
        }
        return nil
    }
}

/// A weak reference to a view.
struct WeakView {
    weak var view: View?
    init(_ view: View) { self.view = view }
}
