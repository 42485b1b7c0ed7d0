import Foundation

/// What the checker knows about a context menu besides its rows.
public struct MenuContext: Sendable {
    /// Where the menu is: app, window, the item's label.
    public var location: [String]
    /// The menu's identifier, for usage counts (C8).
    public var menuIdentifier: String?
    /// Whether the menu shows a preview of the item (C11 applies then).
    public var hasPreview: Bool
    /// Whether the menu belongs to a content item (a message, a document), for C5's off-topic commands.
    public var isContentItem: Bool
    /// The identifier of the action the preview's tap performs, if the app says (C11).
    public var previewCommitIdentifier: String?
    /// How often each action identifier was chosen from this menu (C8).
    public var usage: [String: Int]

    public init(
        location: [String], menuIdentifier: String? = nil, hasPreview: Bool = true, isContentItem: Bool = true,
        previewCommitIdentifier: String? = nil, usage: [String: Int] = [:]
    ) {
        self.location = location
        self.menuIdentifier = menuIdentifier
        self.hasPreview = hasPreview
        self.isContentItem = isContentItem
        self.previewCommitIdentifier = previewCommitIdentifier
        self.usage = usage
    }
}

/// The checks of one context menu: C5, C6, C7, C8, C9, C11.
public struct MenuChecks: Sendable {
    public var settings: GuidelineSettings

    public init(settings: GuidelineSettings = GuidelineSettings()) { self.settings = settings }

    public func check(_ children: [MenuNode], _ ctx: MenuContext) -> [Finding] {
        var out: [Finding] = []
        out += tooMany(children, ctx)
        out += offTopic(children, ctx, path: ctx.location)
        out += submenus(children, ctx, path: ctx.location, depth: 0)
        out += separators(children, ctx, path: ctx.location)
        out += order(children, ctx)
        out += opensPreview(children, ctx, path: ctx.location)
        return out
    }

    // MARK: C5

    func tooMany(_ children: [MenuNode], _ ctx: MenuContext) -> [Finding] {
        let rows = MenuNode.displayedRows(of: children).filter { $0 != .separator }.count
        guard rows > settings.maximumTopLevelRows else { return [] }
        return [
            Finding(
                rule: "C5", severity: .warning, location: ctx.location,
                message: "\(rows) commands at the top level; more than \(settings.maximumTopLevelRows) overwhelm")
        ]
    }

    /// The off-topic words in the forms a title or an identifier is compared with, made once a check
    /// rather than once an action (a 10,000-action menu file made them 300,000 times).
    struct OffTopicForms {
        var words: [(word: String, spaced: String, ellipsis: String, hyphenated: [UInt8])]

        init(_ commands: [String]) {
            words = commands.map { w in
                (w, w + " ", w + "…", Array(String(w.map { $0 == " " ? "-" : $0 }).utf8))
            }
        }

        /// Whether `needle` occurs in `hay` (bytes; Foundation's `contains` cost 20 µs a call).
        static func occurs(_ needle: [UInt8], in hay: [UInt8]) -> Bool {
            guard let first = needle.first else { return true }
            guard needle.count <= hay.count else { return false }
            for i in 0...(hay.count - needle.count) where hay[i] == first {
                if hay[i..<(i + needle.count)].elementsEqual(needle) { return true }
            }
            return false
        }

        func matches(_ a: MenuNode.ActionNode) -> Bool {
            let title = a.title.lowercased()
            let id = Array((a.identifier ?? "").lowercased().utf8)
            return words.contains { f in
                title == f.word || title.hasPrefix(f.spaced) || title.hasPrefix(f.ellipsis)
                    || (!id.isEmpty && Self.occurs(f.hyphenated, in: id))
            }
        }
    }

    func isOffTopic(_ a: MenuNode.ActionNode) -> Bool { OffTopicForms(settings.offTopicCommands).matches(a) }

    func offTopic(_ children: [MenuNode], _ ctx: MenuContext, path: [String]) -> [Finding] {
        guard ctx.isContentItem else { return [] }
        return offTopic(children, path: path, forms: OffTopicForms(settings.offTopicCommands))
    }

    private func offTopic(_ children: [MenuNode], path: [String], forms: OffTopicForms) -> [Finding] {
        var out: [Finding] = []
        for c in children {
            switch c {
            case .action(let a) where !a.isHidden && forms.matches(a):
                out.append(
                    Finding(
                        rule: "C5", severity: .warning, location: path + [a.title],
                        message: "\"\(a.title)\" is a formatting or settings command, which does not concern the item"))
            case .menu(let m):
                out += offTopic(m.children, path: m.isInline ? path : path + [m.title], forms: forms)
            default: break
            }
        }
        return out
    }

    // MARK: C6, C7

    func submenus(_ children: [MenuNode], _ ctx: MenuContext, path: [String], depth: Int) -> [Finding] {
        var out: [Finding] = []
        for case .menu(let m) in children {
            if m.isInline {
                out += submenus(m.children, ctx, path: path, depth: depth)
                continue
            }
            let here = path + [m.title.isEmpty ? "(untitled submenu)" : m.title]
            if depth >= 1 {
                out.append(
                    Finding(
                        rule: "C7", severity: .error, location: here,
                        message: "a submenu inside the submenu \"\(path.last ?? "")\": submenus keep to one level"))
            }
            out += title(m, here)
            out += submenus(m.children, ctx, path: here, depth: depth + 1)
        }
        return out
    }

    func title(_ m: MenuNode.SubmenuNode, _ here: [String]) -> [Finding] {
        let t = m.title.trimmingCharacters(in: .whitespaces)
        if t.isEmpty {
            return [Finding(rule: "C6", severity: .warning, location: here, message: "a submenu without a title")]
        }
        let words = t.split(separator: " ").count
        if settings.vagueTitles.contains(t.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ".…"))) {
            return [
                Finding(
                    rule: "C6", severity: .warning, location: here,
                    message: "the submenu title \"\(t)\" says nothing of what is inside")
            ]
        }
        if words > settings.maximumTitleWords || t.count > settings.maximumTitleLength {
            return [
                Finding(
                    rule: "C6", severity: .warning, location: here,
                    message: "the submenu title \"\(t)\" is long (\(words) words); keep it concise")
            ]
        }
        return []
    }

    // MARK: C9

    func separators(_ children: [MenuNode], _ ctx: MenuContext, path: [String]) -> [Finding] {
        var out: [Finding] = []
        let visible = children.filter { if case .action(let a) = $0 { return !a.isHidden } else { return true } }
        for (i, c) in visible.enumerated() where c == .separator {
            if i == 0 {
                out.append(
                    Finding(rule: "C9", severity: .error, location: path, message: "the menu starts with a separator"))
            } else if i == visible.count - 1 {
                out.append(
                    Finding(rule: "C9", severity: .error, location: path, message: "the menu ends with a separator"))
            }
            if i > 0 && visible[i - 1] == .separator {
                out.append(
                    Finding(
                        rule: "C9", severity: .error, location: path,
                        message: "two separators in a row make an empty group"))
            }
        }
        for case .menu(let m) in children {
            let inner = m.isInline ? path + [m.title.isEmpty ? "(group)" : m.title] : path + [m.title]
            if m.isInline && MenuNode.rows(of: m.children).allSatisfy({ $0 == .separator }) {
                out.append(Finding(rule: "C9", severity: .error, location: inner, message: "an empty group"))
            }
            out += separators(m.children, ctx, path: m.isInline ? path : inner)
        }
        let groups = MenuNode.displayedRows(of: children).filter { $0 == .separator }.count + 1
        if groups > settings.maximumGroups && !MenuNode.displayedRows(of: children).isEmpty {
            out.append(
                Finding(
                    rule: "C9", severity: .warning, location: path,
                    message: "\(groups) groups; a context menu rarely needs more than \(settings.maximumGroups)"))
        }
        return out
    }

    // MARK: C8

    func order(_ children: [MenuNode], _ ctx: MenuContext) -> [Finding] {
        // Saturating: counts from a file or a long-lived store can sum past Int.max.
        let total = ctx.usage.values.reduce(0) { sum, n in
            let (s, overflow) = sum.addingReportingOverflow(max(0, n))
            return overflow ? Int.max : s
        }
        guard total >= settings.minimumUsesForOrder,
            let (top, count) = ctx.usage.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })
        else { return [] }
        let rows = MenuNode.displayedRows(of: children).filter { $0 != .separator }
        let index = rows.firstIndex { row in
            switch row {
            case .action(let a): a.identifier == top
            case .submenu(let m): Self.contains(m.children, identifier: top)
            case .separator: false
            }
        }
        guard let index, index >= settings.topRows else { return [] }
        return [
            Finding(
                rule: "C8", severity: .warning, location: ctx.location,
                message: "\"\(top)\" is chosen most (\(count) of \(total)) but sits in row \(index + 1)")
        ]
    }

    static func contains(_ children: [MenuNode], identifier: String) -> Bool {
        children.contains { c in
            switch c {
            case .action(let a): a.identifier == identifier
            case .menu(let m): contains(m.children, identifier: identifier)
            case .separator: false
            }
        }
    }

    // MARK: C11

    func opensPreview(_ children: [MenuNode], _ ctx: MenuContext, path: [String]) -> [Finding] {
        guard ctx.hasPreview else { return [] }
        var out: [Finding] = []
        for c in children {
            switch c {
            case .action(let a) where !a.isHidden:
                let t = a.title.lowercased().trimmingCharacters(in: .whitespaces)
                let sameAsCommit = ctx.previewCommitIdentifier != nil && a.identifier == ctx.previewCommitIdentifier
                if settings.openTitles.contains(t) || sameAsCommit {
                    out.append(
                        Finding(
                            rule: "C11", severity: .warning, location: path + [a.title],
                            message: sameAsCommit
                                ? "\"\(a.title)\" does what tapping the preview does"
                                : "an \"\(a.title)\" command beside a preview"))
                }
            case .menu(let m): out += opensPreview(m.children, ctx, path: m.isInline ? path : path + [m.title])
            default: break
            }
        }
        return out
    }
}
