import Foundation
import Graphics
import Menus
import SessionBus
import UI

// The bridge's Component interface.
extension AccessibilityBridge {
    func extents(_ node: Int, _ type: UInt32) throws(BusError) -> Rect {
        guard let coords = ATSPI.Coordinates(rawValue: type) else { throw .invalidArgs("unknown coordinate type") }
        let f = tree.frame(node)
        switch coords {
        case .screen: return displayRect(f, true)
        case .window: return displayRect(f, false)
        case .parent:
            let r = displayRect(f, false)
            guard let p = tree.parent(of: node) else { return r }
            let pr = displayRect(tree.frame(p), false)
            return Rect(r.minX - pr.minX, r.minY - pr.minY, r.width, r.height)
        }
    }

    /// A point given in `type` coordinates, as a point of Slate's screen.
    func screenPoint(_ x: Int32, _ y: Int32, _ type: UInt32, node: Int) throws(BusError) -> Point {
        guard let coords = ATSPI.Coordinates(rawValue: type) else { throw .invalidArgs("unknown coordinate type") }
        let whole = (tree.view(node).flatMap { tree.root(of: $0) } ?? tree.roots().first)?.bounds ?? .zero
        let window = displayRect(whole, false)
        var wx = Double(x)
        var wy = Double(y)
        switch coords {
        case .screen:
            let o = displayRect(whole, true).origin
            wx -= o.x
            wy -= o.y
        case .window: break
        case .parent:
            if let p = tree.parent(of: node) {
                let o = displayRect(tree.frame(p), false).origin
                wx += o.x
                wy += o.y
            }
        }
        let sx = window.width > 0 ? window.width / whole.width : 1
        let sy = window.height > 0 ? window.height / whole.height : 1
        return Point(wx / sx, wy / sy)
    }

    func component(_ member: String, _ args: MessageReader, node: Int) throws(BusError)
        -> ((MessageWriter) -> Void)?
    {
        func i(_ v: Double) -> Int32 { Int32(clamping: Int(v.rounded())) }
        switch member {
        case "GetExtents":
            let r = try extents(node, try args.uint32())
            return { w in
                w.structure {
                    w.int32(i(r.minX))
                    w.int32(i(r.minY))
                    w.int32(i(r.width))
                    w.int32(i(r.height))
                }
            }
        case "GetPosition":
            let r = try extents(node, try args.uint32())
            return { w in
                w.int32(i(r.minX))
                w.int32(i(r.minY))
            }
        case "GetSize":
            let r = try extents(node, 1)
            return { w in
                w.int32(i(r.width))
                w.int32(i(r.height))
            }
        case "Contains":
            let x = try args.int32()
            let y = try args.int32()
            let t = try args.uint32()
            let p = try screenPoint(x, y, t, node: node)
            let inside = tree.frame(node).contains(p)
            return { $0.bool(inside) }
        case "GetAccessibleAtPoint":
            let x = try args.int32()
            let y = try args.int32()
            let t = try args.uint32()
            let p = try screenPoint(x, y, t, node: node)
            let r = ref(tree.node(at: p, in: node))
            return { $0.reference(r) }
        case "GetLayer":
            let role = tree.role(node)
            let layer: ATSPI.Layer = role == .frame ? .window : (role == .menu ? .popup : .widget)
            return { $0.uint32(layer.rawValue) }
        case "GetMDIZOrder":
            return { $0.int16(-1) }
        case "GetAlpha":
            let a = tree.view(node)?.alpha ?? 1
            return { $0.double(a) }
        case "GrabFocus":
            willAct(on: node)
            let ok = grabFocus(node)
            return { $0.bool(ok) }
        case "ScrollTo", "ScrollToPoint", "SetExtents", "SetPosition", "SetSize":
            return { $0.bool(false) }
        default:
            throw .unknownMethod("Component.\(member)")
        }
    }

    func grabFocus(_ node: Int) -> Bool {
        guard let v = tree.view(node) else { return false }
        stale = true
        if let row = v as? ListRow, let list = row.superview as? ListView,
            let index = list.visibleRows.first(where: { $0.1 === row })?.0
        {
            list.selectedRow = index
            return tree.root(of: list)?.setFocus(list) ?? false
        }
        var cur: View? = v
        while let c = cur {
            if c.canBecomeFocused { return tree.root(of: c)?.setFocus(c) ?? false }
            cur = c.superview
        }
        return false
    }
}
