import Foundation

/// A menu designed on paper: the JSON form `slate lint --menu FILE.json` reads.
///
/// ```json
/// {
///   "title": "Message", "identifier": "mail.message", "preview": true, "contentItem": true,
///   "usage": {"reply": 40, "delete": 3},
///   "children": [
///     {"type": "group", "children": [
///       {"type": "action", "title": "Reply", "identifier": "reply", "image": "arrowshape.turn.up.left"}]},
///     {"type": "menu", "title": "Move to", "children": [{"type": "action", "title": "Archive"}]},
///     {"type": "separator"},
///     {"type": "action", "title": "Delete", "attributes": ["destructive"]}
///   ]
/// }
/// ```
///
/// Children are `action` (title; optional identifier, image, subtitle, `attributes` — destructive,
/// disabled, hidden, keepsMenuPresented —, `state` on/off/mixed), `menu` (a submenu: title, children;
/// `"inline": true` makes it a group), `group` (an inline group) and `separator`.
public struct MenuFile: Sendable {
    public var title: String
    public var context: MenuContext
    public var children: [MenuNode]

    /// Why a file cannot be read: where and what.
    public struct ReadError: Error, CustomStringConvertible {
        public var path: String
        public var line: Int?
        public var column: Int?
        public var reason: String

        public var description: String {
            if let line, let column { return "\(path):\(line):\(column): \(reason)" }
            return "\(path): \(reason)"
        }
    }

    /// The largest menu file read, in bytes: a menu designed on paper is a few kilobytes.
    public static let largestFile = 4 << 20
    /// The most elements (actions, submenus, groups, separators) a menu file may hold; a menu people
    /// can use has a dozen rows (C5).
    public static let maximumElements = 10_000

    public static func read(_ path: String) throws(ReadError) -> MenuFile {
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) > largestFile {
            throw ReadError(
                path: path,
                reason: "the file has \(info.st_size) bytes; a menu file is at most \(largestFile) bytes")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReadError(path: path, reason: "cannot read the file")
        }
        return try parse(data, path: path)
    }

    public static func parse(_ data: Data, path: String) throws(ReadError) -> MenuFile {
        guard data.count <= largestFile else {
            throw ReadError(
                path: path, reason: "the file has \(data.count) bytes; a menu file is at most \(largestFile) bytes")
        }
        let root: StrictJSON.Node
        do {
            root = try StrictJSON.parse(Array(data))
        } catch {
            throw ReadError(
                path: path, line: error.line, column: error.column, reason: "not valid JSON: \(error.reason)")
        }
        var reader = Reader(path: path)
        return try reader.file(root)
    }

    /// Reads the checked tree into a menu, naming the field and its line of the first mistake.
    struct Reader {
        let path: String
        var elements = 0

        func fail(_ node: StrictJSON.Node, _ field: String, _ reason: String) -> ReadError {
            ReadError(path: path, line: node.line, column: node.column, reason: "\(field): \(reason)")
        }

        func fields(
            _ node: StrictJSON.Node, _ field: String, allowed: Set<String>
        ) throws(ReadError) -> [String: StrictJSON.Node] {
            guard case .object(let members) = node.value else {
                throw fail(node, field, "must be an object, not \(node.value.kind)")
            }
            var out: [String: StrictJSON.Node] = [:]
            for (k, v) in members {
                guard allowed.contains(k) else {
                    throw fail(
                        v, field.isEmpty ? k : "\(field).\(k)",
                        "unknown field (known: \(allowed.sorted().joined(separator: ", ")))")
                }
                out[k] = v
            }
            return out
        }

        func string(_ node: StrictJSON.Node?, _ field: String) throws(ReadError) -> String? {
            guard let node else { return nil }
            guard case .string(let s) = node.value else {
                throw fail(node, field, "must be a string, not \(node.value.kind)")
            }
            return s
        }

        func bool(_ node: StrictJSON.Node?, _ field: String) throws(ReadError) -> Bool? {
            guard let node else { return nil }
            guard case .bool(let b) = node.value else {
                throw fail(node, field, "must be true or false, not \(node.value.kind)")
            }
            return b
        }

        mutating func file(_ root: StrictJSON.Node) throws(ReadError) -> MenuFile {
            let f = try fields(
                root, "",
                allowed: ["title", "identifier", "preview", "contentItem", "previewCommit", "usage", "children"])
            let title = try string(f["title"], "title") ?? ""
            var usage: [String: Int] = [:]
            if let u = f["usage"] {
                guard case .object(let members) = u.value else {
                    throw fail(u, "usage", "must map action identifiers to counts, not \(u.value.kind)")
                }
                for (k, v) in members {
                    guard case .number(let text) = v.value, let n = Int(text), n >= 0 else {
                        throw fail(v, "usage.\(k)", "must be a count (a whole number from 0 to \(Int.max))")
                    }
                    usage[k] = n
                }
            }
            let ctx = MenuContext(
                location: [title.isEmpty ? URL(fileURLWithPath: path).lastPathComponent : title],
                menuIdentifier: try string(f["identifier"], "identifier"),
                hasPreview: try bool(f["preview"], "preview") ?? true,
                isContentItem: try bool(f["contentItem"], "contentItem") ?? true,
                previewCommitIdentifier: try string(f["previewCommit"], "previewCommit"),
                usage: usage)
            guard let children = f["children"] else {
                throw ReadError(path: path, line: root.line, column: root.column, reason: "children: missing")
            }
            return MenuFile(title: title, context: ctx, children: try nodes(children, at: "children"))
        }

        static let elementFields: Set<String> = [
            "type", "title", "identifier", "image", "subtitle", "attributes", "state", "inline", "children",
        ]

        mutating func nodes(_ node: StrictJSON.Node, at key: String) throws(ReadError) -> [MenuNode] {
            guard case .array(let list) = node.value else {
                throw fail(node, key, "must be a list of elements, not \(node.value.kind)")
            }
            var out: [MenuNode] = []
            out.reserveCapacity(list.count)
            for (i, item) in list.enumerated() {
                let here = "\(key)[\(i)]"
                elements += 1
                guard elements <= MenuFile.maximumElements else {
                    throw fail(item, here, "more than \(MenuFile.maximumElements) elements in one menu file")
                }
                let o = try fields(item, here, allowed: Self.elementFields)
                let type = try string(o["type"], "\(here).type") ?? (o["children"] != nil ? "menu" : "action")
                switch type {
                case "separator":
                    out.append(.separator)
                case "action":
                    guard let title = try string(o["title"], "\(here).title") else {
                        throw fail(item, "\(here).title", "an action needs a title")
                    }
                    var a = MenuNode.ActionNode(
                        title: title, identifier: try string(o["identifier"], "\(here).identifier"),
                        image: try string(o["image"], "\(here).image"))
                    _ = try string(o["subtitle"], "\(here).subtitle")
                    if let attrs = o["attributes"] {
                        guard case .array(let list) = attrs.value else {
                            throw fail(
                                attrs, "\(here).attributes", "must be a list of strings, not \(attrs.value.kind)")
                        }
                        for at in list {
                            switch try string(at, "\(here).attributes") {
                            case "destructive": a.isDestructive = true
                            case "disabled": a.isDisabled = true
                            case "hidden": a.isHidden = true
                            case "keepsMenuPresented": break
                            case let other:
                                throw fail(at, "\(here).attributes", "unknown attribute '\(other ?? "")'")
                            }
                        }
                    }
                    if let s = o["state"] {
                        guard let st = try string(s, "\(here).state"), ["on", "off", "mixed"].contains(st) else {
                            throw fail(s, "\(here).state", "on, off or mixed")
                        }
                        a.state = st
                    }
                    out.append(.action(a))
                case "menu", "group":
                    let inlineField = try bool(o["inline"], "\(here).inline") ?? false
                    let inline = type == "group" || inlineField
                    guard let kids = o["children"] else { throw fail(item, "\(here).children", "missing") }
                    let children = try nodes(kids, at: "\(here).children")
                    out.append(
                        .menu(
                            .init(
                                title: try string(o["title"], "\(here).title") ?? "",
                                identifier: try string(o["identifier"], "\(here).identifier"),
                                isInline: inline, children: children)))
                default:
                    throw fail(
                        o["type"] ?? item, "\(here).type", "action, menu, group or separator, not '\(type)'")
                }
            }
            return out
        }
    }

    static func lineAndColumn(of offset: Int, in data: Data) -> (Int, Int) {
        var line = 1
        var col = 1
        for (i, b) in data.enumerated() {
            if i >= offset { break }
            if b == UInt8(ascii: "\n") {
                line += 1
                col = 1
            } else if b & 0xC0 != 0x80 {
                col += 1
            }
        }
        return (line, col)
    }
}
