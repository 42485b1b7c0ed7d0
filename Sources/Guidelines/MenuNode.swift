/// A menu as the checker sees it: from a live `Menu`, or from a designer's JSON file.
public indirect enum MenuNode: Hashable, Sendable {
    case action(ActionNode)
    case menu(SubmenuNode)
    /// An explicit separator (menu files); live menus separate inline groups instead.
    case separator

    public struct ActionNode: Hashable, Sendable {
        public var title: String
        public var identifier: String?
        public var image: String?
        public var isDestructive = false
        public var isDisabled = false
        public var isHidden = false
        public var state: String?
        /// Its keyboard shortcut as a script writes it (`ctrl+shift+r`), if any.
        public var shortcut: String?
        /// Its title in English, when `title` is in another language (M4 reads English verbs).
        public var englishTitle: String?

        public init(title: String, identifier: String? = nil, image: String? = nil) {
            self.title = title
            self.identifier = identifier
            self.image = image
        }
    }

    public struct SubmenuNode: Hashable, Sendable {
        public var title: String
        public var identifier: String?
        /// Shown in place, set off by separators, rather than as a submenu row.
        public var isInline: Bool
        public var children: [MenuNode]
        /// Its title in English, when `title` is in another language (M4 reads English verbs).
        public var englishTitle: String?

        public init(title: String, identifier: String? = nil, isInline: Bool = false, children: [MenuNode]) {
            self.title = title
            self.identifier = identifier
            self.isInline = isInline
            self.children = children
        }
    }

    /// One visible row of a menu level, or a separator between groups.
    public enum Row: Hashable, Sendable {
        case action(ActionNode)
        case submenu(SubmenuNode)
        case separator
    }

    /// The rows of a level as a person sees them: inline groups flattened with separators around them,
    /// hidden actions left out. Separators are kept as written, so stray ones can be found.
    public static func rows(of children: [MenuNode]) -> [Row] {
        var out: [Row] = []
        for c in children {
            switch c {
            case .action(let a): if !a.isHidden { out.append(.action(a)) }
            case .separator: out.append(.separator)
            case .menu(let m) where m.isInline:
                out.append(.separator)
                out += rows(of: m.children)
                out.append(.separator)
            case .menu(let m): out.append(.submenu(m))
            }
        }
        return out
    }

    /// The rows with the implicit separators of inline groups merged, as drawn (no doubles, none at the ends).
    public static func displayedRows(of children: [MenuNode]) -> [Row] {
        var out: [Row] = []
        for r in rows(of: children) {
            if r == .separator && (out.isEmpty || out.last == .separator) { continue }
            out.append(r)
        }
        if out.last == .separator { out.removeLast() }
        return out
    }
}
