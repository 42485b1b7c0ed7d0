import Graphics
import UI

/// A menu (as `UIMenu`): a title and the elements inside it. A menu inside a menu is a submenu that
/// opens in place, or — with `.displayInline` — a group of its parent set off by separators.
public struct Menu: Sendable, Equatable, CustomStringConvertible {
    /// How a menu shows its children.
    public struct Options: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The children are shown in the parent as one group, with an 8 pt band before and after.
        public static let displayInline = Options(rawValue: 1 << 0)
        /// The submenu's row is red.
        public static let destructive = Options(rawValue: 1 << 1)
        /// At most one child action is on: choosing one turns the others off.
        public static let singleSelection = Options(rawValue: 1 << 2)
        /// The children are a row of icons (colours, tags, reactions).
        public static let displayAsPalette = Options(rawValue: 1 << 3)
        /// Beyond iOS: the children are sorted by how often each was chosen (counted by `MenuUsage`),
        /// most used first, each time the menu is presented — so the top holds what people use (C8).
        public static let ordersByUse = Options(rawValue: 1 << 4)
    }

    /// How large an inline group draws its elements (as `UIMenu.ElementSize`).
    public enum ElementSize: Sendable, Hashable {
        /// A row of icons without titles.
        case small
        /// A row of up to four tiles, each an icon above a short title.
        case medium
        /// One row each, with title, subtitle and icon: the usual menu.
        case large
    }

    public var title: LocalizedString
    public var subtitle: LocalizedString?
    /// An SF-Symbol-style name for the submenu's row.
    public var image: String?
    /// Names the menu for usage counts (`MenuUsage`) and tests.
    public var identifier: String?
    public var options: Options
    public var preferredElementSize: ElementSize
    public var children: [MenuElement]

    public init(
        _ title: LocalizedString = "", subtitle: LocalizedString? = nil, image: String? = nil,
        identifier: String? = nil, options: Options = [], preferredElementSize: ElementSize = .large,
        children: [MenuElement]
    ) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
        self.identifier = identifier
        self.options = options
        self.preferredElementSize = preferredElementSize
        self.children = children
    }

    /// A menu written as the menu it makes:
    ///
    /// ```swift
    /// Menu("Move", image: "folder") {
    ///     for box in mailboxes { Action(LocalizedString(verbatim: box)) { _ in move(to: box) } }
    /// }
    /// ```
    public init(
        _ title: LocalizedString = "", subtitle: LocalizedString? = nil, image: String? = nil,
        identifier: String? = nil, options: Options = [], preferredElementSize: ElementSize = .large,
        @MenuBuilder children: () -> [MenuElement]
    ) {
        self.init(
            title, subtitle: subtitle, image: image, identifier: identifier, options: options,
            preferredElementSize: preferredElementSize, children: children())
    }

    public var displaysInline: Bool { options.contains(.displayInline) }
    public var displaysAsPalette: Bool { options.contains(.displayAsPalette) }

    /// Whether the children are drawn as one row of icons or tiles: a palette, or an inline group of
    /// small or medium elements.
    public var displaysAsTiles: Bool {
        displaysAsPalette || (displaysInline && preferredElementSize != .large)
    }

    /// The same menu with other children.
    public func replacingChildren(_ children: [MenuElement]) -> Menu {
        var m = self
        m.children = children
        return m
    }

    /// The element at an index path of child indices, if there is one.
    public func element(at path: [Int]) -> MenuElement? {
        guard let first = path.first, children.indices.contains(first) else { return nil }
        let e = children[first]
        if path.count == 1 { return e }
        guard case .menu(let m) = e else { return nil }
        return m.element(at: Array(path.dropFirst()))
    }

    /// The actions of the menu and of every menu inside it, depth first (deferred content that has
    /// arrived included).
    @MainActor public var allActions: [Action] {
        children.flatMap { e -> [Action] in
            switch e {
            case .action(let a): [a]
            case .menu(let m): m.allActions
            case .deferred(let d): d.loadedElements.map { Menu(children: $0).allActions } ?? []
            }
        }
    }

    public var description: String { "Menu(\(title.en): \(children))" }
}
