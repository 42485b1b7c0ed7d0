import UI

/// Slate's keys from X keysyms (xkbcommon's, the same numbers as X11's keysymdef.h).
enum Keysyms {
    static let named: [UInt32: Key] = [
        0xff0d: .return, 0xff8d: .return, 0xff1b: .escape, 0xff09: .tab, 0xfe20: .tab, 0xff08: .backspace,
        0xffff: .delete, 0x0020: .space, 0xff52: .up, 0xff54: .down, 0xff51: .left, 0xff53: .right,
        0xff50: .home, 0xff57: .end, 0xff55: .pageUp, 0xff56: .pageDown, 0xff67: .menu,
    ]

    /// The key a keysym (with the text it types) stands for; nil for a modifier or an unknown key.
    static func key(_ sym: UInt32, text: String) -> Key? {
        if let k = named[sym] { return k }
        // F1…F12 are 0xffbe…0xffc9.
        if (0xffbe...0xffc9).contains(sym) { return .function(Int(sym - 0xffbe) + 1) }
        // Printable ASCII keysyms are their characters (with Ctrl held the text is a control code).
        if (0x21...0x7e).contains(sym), let u = Unicode.Scalar(sym) { return .character(Character(u)) }
        if text.count == 1, let c = text.first, !c.isASCII || c.asciiValue! >= 0x20, c != "\u{7f}" {
            return .character(c)
        }
        return nil
    }

    /// Slate's modifiers from the client shim's bit mask.
    static func modifiers(_ bits: UInt32) -> KeyModifiers {
        var m: KeyModifiers = []
        if bits & 1 != 0 { m.insert(.shift) }
        if bits & 2 != 0 { m.insert(.control) }
        if bits & 4 != 0 { m.insert(.alternate) }
        if bits & 8 != 0 { m.insert(.command) }
        return m
    }
}
