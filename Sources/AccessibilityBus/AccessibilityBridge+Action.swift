import Foundation
import Graphics
import Menus
import SessionBus
import UI

// The bridge's Action interface.
extension AccessibilityBridge {
    struct ActionItem {
        var name: String
        var localizedName: String
        var description: String
        var keyBinding: String
        var perform: @MainActor () -> Bool
    }

    func actions(_ node: Int) -> [ActionItem] {
        guard let v = tree.view(node) else { return [] }
        let lang = tree.language
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
    func activate(_ v: View) -> Bool {
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
        if let described = v as? any AccessibilityDescribing, described.accessibilityActivate() { return true }
        // A tap where the element shows, as a finger would make it.
        guard let root = tree.root(of: v) else { return false }
        let f = v.frameInRoot
        guard !f.isEmpty else { return false }
        let id = nextTouchID
        nextTouchID += 1
        let now = root.clock.now
        root.dispatcher.handle(Touch(id: id, phase: .began, location: f.center, timestamp: now))
        root.dispatcher.handle(Touch(id: id, phase: .ended, location: f.center, timestamp: now))
        return true
    }

    func action(_ member: String, _ args: MessageReader, node: Int) throws(BusError)
        -> ((MessageWriter) -> Void)?
    {
        let list = actions(node)
        func item() throws(BusError) -> ActionItem {
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
            willAct(on: node)
            let ok = a.perform()
            return { $0.bool(ok) }
        default:
            throw .unknownMethod("Action.\(member)")
        }
    }
}
