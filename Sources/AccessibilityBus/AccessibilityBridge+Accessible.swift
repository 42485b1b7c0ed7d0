import Foundation
import Graphics
import Menus
import SessionBus
import UI

// The bridge's Accessible interface.
extension AccessibilityBridge {
    func interfaces(_ node: Int) -> [String] {
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

    func accessible(_ member: String, _ args: MessageReader, node: Int) throws(BusError)
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
            let r = tree.role(node).localizedName.resolved(tree.language)
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
}
