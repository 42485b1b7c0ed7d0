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

    public static func read(_ path: String) throws(ReadError) -> MenuFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReadError(path: path, reason: "cannot read the file")
        }
        return try parse(data, path: path)
    }

    public static func parse(_ data: Data, path: String) throws(ReadError) -> MenuFile {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            let text = (error as NSError).userInfo["NSDebugDescription"] as? String ?? "\(error)"
            // "… around character N." → line and column.
            if let r = text.range(of: "character "), let n = Int(text[r.upperBound...].prefix { $0.isNumber }) {
                let (l, c) = lineAndColumn(of: n, in: data)
                throw ReadError(path: path, line: l, column: c, reason: "not valid JSON (\(text))")
            }
            throw ReadError(path: path, reason: "not valid JSON (\(text))")
        }
        guard let root = object as? [String: Any] else {
            throw ReadError(path: path, reason: "the top level must be an object")
        }
        let title = (root["title"] as? String) ?? ""
        var usage: [String: Int] = [:]
        if let u = root["usage"] {
            guard let dict = u as? [String: Any] else {
                throw ReadError(path: path, reason: "usage: must map action identifiers to counts")
            }
            for (k, v) in dict {
                guard let n = v as? Int, n >= 0 else {
                    throw ReadError(path: path, reason: "usage.\(k): must be a count")
                }
                usage[k] = n
            }
        }
        let ctx = MenuContext(
            location: [title.isEmpty ? URL(fileURLWithPath: path).lastPathComponent : title],
            menuIdentifier: root["identifier"] as? String, hasPreview: (root["preview"] as? Bool) ?? true,
            isContentItem: (root["contentItem"] as? Bool) ?? true,
            previewCommitIdentifier: root["previewCommit"] as? String,
            usage: usage)
        let children = try nodes(root["children"], at: "children", path: path)
        return MenuFile(title: title, context: ctx, children: children)
    }

    static func nodes(_ value: Any?, at key: String, path: String) throws(ReadError) -> [MenuNode] {
        guard let list = value as? [Any] else {
            throw ReadError(path: path, reason: "\(key): must be a list of elements")
        }
        var out: [MenuNode] = []
        for (i, item) in list.enumerated() {
            let here = "\(key)[\(i)]"
            guard let o = item as? [String: Any] else {
                throw ReadError(path: path, reason: "\(here): must be an object")
            }
            let type = o["type"] as? String ?? (o["children"] != nil ? "menu" : "action")
            switch type {
            case "separator":
                out.append(.separator)
            case "action":
                guard let title = o["title"] as? String else {
                    throw ReadError(path: path, reason: "\(here).title: an action needs a title")
                }
                var a = MenuNode.ActionNode(
                    title: title, identifier: o["identifier"] as? String, image: o["image"] as? String)
                let attrs = o["attributes"] as? [String] ?? []
                for at in attrs {
                    switch at {
                    case "destructive": a.isDestructive = true
                    case "disabled": a.isDisabled = true
                    case "hidden": a.isHidden = true
                    case "keepsMenuPresented": break
                    default: throw ReadError(path: path, reason: "\(here).attributes: unknown attribute '\(at)'")
                    }
                }
                if let s = o["state"] {
                    guard let st = s as? String, ["on", "off", "mixed"].contains(st) else {
                        throw ReadError(path: path, reason: "\(here).state: on, off or mixed")
                    }
                    a.state = st
                }
                out.append(.action(a))
            case "menu", "group":
                let inline = type == "group" || (o["inline"] as? Bool ?? false)
                let children = try nodes(o["children"], at: "\(here).children", path: path)
                out.append(
                    .menu(
                        .init(
                            title: o["title"] as? String ?? "", identifier: o["identifier"] as? String,
                            isInline: inline, children: children)))
            default:
                throw ReadError(path: path, reason: "\(here).type: action, menu, group or separator, not '\(type)'")
            }
        }
        return out
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
