import Foundation
import Graphics
import Menus
import SessionBus
import UI

// The bridge's Selection interface.
extension AccessibilityBridge {
    func selection(_ member: String, _ args: MessageReader, node: Int) throws(BusError)
        -> ((MessageWriter) -> Void)?
    {
        guard let list = tree.view(node) as? ListView else { throw .unknownMethod("not a list") }
        let kids = tree.children(of: node)
        let selected = kids.filter { tree.states($0).contains(.selected) }
        func rowIndex(_ child: Int) -> Int? {
            guard kids.indices.contains(child), let v = tree.view(kids[child]) else { return nil }
            return list.visibleRows.first { $0.1 === v }?.0
        }
        stale = true
        switch member {
        case "GetSelectedChild":
            let i = Int(try args.int32())
            let r = selected.indices.contains(i) ? ref(selected[i]) : ObjectReference.null
            return { $0.reference(r) }
        case "SelectChild":
            guard let row = rowIndex(Int(try args.int32())) else { return { $0.bool(false) } }
            list.selectedRow = row
            return { $0.bool(true) }
        case "DeselectSelectedChild", "DeselectChild":
            _ = try args.int32()
            list.selectedRow = nil
            return { $0.bool(true) }
        case "IsChildSelected":
            let i = Int(try args.int32())
            let yes = kids.indices.contains(i) && selected.contains(kids[i])
            return { $0.bool(yes) }
        case "SelectAll":
            return { $0.bool(false) }
        case "ClearSelection":
            list.selectedRow = nil
            return { $0.bool(true) }
        default:
            throw .unknownMethod("Selection.\(member)")
        }
    }

    static let introspection = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN" \
        "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <node>
          <interface name="org.a11y.atspi.Accessible"/>
          <interface name="org.a11y.atspi.Component"/>
          <interface name="org.a11y.atspi.Action"/>
          <interface name="org.a11y.atspi.Text"/>
          <interface name="org.a11y.atspi.Selection"/>
        </node>
        """
}
