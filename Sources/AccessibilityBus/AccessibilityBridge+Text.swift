import Foundation
import Graphics
import Menus
import SessionBus
import UI

// The bridge's Text interface.
extension AccessibilityBridge {
    /// The text of a text field, a label or a text view; nil for elements that are not text.
    func textContent(_ node: Int) -> String? {
        guard let v = tree.view(node) else { return nil }
        if let field = v as? TextField { return field.text }
        switch AccessibleTree.role(of: v) {
        case .text: return v.accessibilityValue ?? v.accessibilityLabelOrText ?? ""
        case .label, .heading: return v.accessibilityValue ?? v.accessibilityLabelOrText ?? ""
        default: return nil
        }
    }

    func caret(_ node: Int) -> Int32 {
        if let field = tree.view(node) as? TextField { return Int32(field.caret) }
        return 0
    }

    func text(_ member: String, _ args: MessageReader, node: Int) throws(BusError)
        -> ((MessageWriter) -> Void)?
    {
        guard let content = textContent(node) else { throw .unknownMethod("not a text") }
        let scalars = Array(content.unicodeScalars)
        func slice(_ a: Int, _ b: Int) -> String {
            let lo = max(0, min(a, scalars.count))
            let hi = b < 0 ? scalars.count : max(lo, min(b, scalars.count))
            var s = String.UnicodeScalarView()
            s.append(contentsOf: scalars[lo..<hi])
            return String(s)
        }
        switch member {
        case "GetText":
            let a = Int(try args.int32())
            let b = Int(try args.int32())
            let s = slice(a, b)
            return { $0.string(s) }
        case "GetCharacterCount":
            return { $0.int32(Int32(scalars.count)) }
        case "GetCaretOffset":
            let c = caret(node)
            return { $0.int32(c) }
        case "GetCharacterAtOffset":
            let i = Int(try args.int32())
            let c: Int32 = scalars.indices.contains(i) ? Int32(bitPattern: scalars[i].value) : 0
            return { $0.int32(c) }
        case "GetTextAtOffset", "GetTextBeforeOffset", "GetTextAfterOffset", "GetStringAtOffset":
            // The whole text is one line; finer units are not told apart yet.
            _ = try args.int32()
            _ = try args.uint32()
            let n = Int32(scalars.count)
            return { w in
                w.string(content)
                w.int32(0)
                w.int32(n)
            }
        case "GetNSelections":
            return { $0.int32(0) }
        case "SetCaretOffset":
            _ = try args.int32()
            return { $0.bool(false) }
        default:
            throw .unknownMethod("Text.\(member)")
        }
    }
}
