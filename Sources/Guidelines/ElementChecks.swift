/// An on-screen item as C4 and C10 see it.
public struct ElementNode: Sendable {
    /// Where: app, window, the item's label.
    public var location: [String]
    /// Items of one kind share a kind: the same list, view class or content type.
    public var kind: String
    public var hasContextMenu: Bool
    public var hasEditMenu: Bool

    public init(location: [String], kind: String, hasContextMenu: Bool, hasEditMenu: Bool = false) {
        self.location = location
        self.kind = kind
        self.hasContextMenu = hasContextMenu
        self.hasEditMenu = hasEditMenu
    }
}

/// C4 (consistency) and C10 (context menu and edit menu on one element).
public struct ElementChecks: Sendable {
    public init() {}

    public func check(_ elements: [ElementNode]) -> [Finding] {
        var out: [Finding] = []
        var kinds: [String] = []
        var byKind: [String: [ElementNode]] = [:]
        for e in elements {
            if byKind[e.kind] == nil { kinds.append(e.kind) }
            byKind[e.kind, default: []].append(e)
            if e.hasContextMenu && e.hasEditMenu {
                out.append(
                    Finding(
                        rule: "C10", severity: .error, location: e.location,
                        message: "has both a context menu and an edit menu"))
            }
        }
        for k in kinds {
            let group = byKind[k]!
            let with = group.filter(\.hasContextMenu).count
            guard with > 0 && with < group.count else { continue }
            for e in group where !e.hasContextMenu {
                out.append(
                    Finding(
                        rule: "C4", severity: .error, location: e.location,
                        message: "no context menu, while \(with) of \(group.count) items of kind \"\(k)\" have one"))
            }
        }
        return out
    }
}
