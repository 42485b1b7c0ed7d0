import UI

extension KeyPress {
    /// The shortcut as iPadOS prints it beside a command: the modifiers' symbols in Apple's order
    /// (⌃ ⌥ ⇧ ⌘), then the key — a letter in capitals, a named key by its symbol (↩ ⌫ ⎋ ↑ F5). Ctrl
    /// plays the part of ⌘ on Linux, so Slate's shortcuts read ⌃N where an iPad's read ⌘N.
    public var symbols: String {
        var s = ""
        if modifiers.contains(.control) { s += "⌃" }
        if modifiers.contains(.alternate) { s += "⌥" }
        if modifiers.contains(.shift) { s += "⇧" }
        if modifiers.contains(.command) { s += "⌘" }
        return s + key.symbol
    }

    /// The shortcut in words, as a screen reader says it and a Linux keyboard is labelled:
    /// "Ctrl+Shift+R".
    public var spokenText: String {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("Ctrl") }
        if modifiers.contains(.alternate) { parts.append("Alt") }
        if modifiers.contains(.shift) { parts.append("Shift") }
        if modifiers.contains(.command) { parts.append("Super") }
        return (parts + [key.name]).joined(separator: "+")
    }

    /// The press as a script or a menu declaration writes it (`ctrl+shift+r`, `f10`, `up`), which
    /// `KeyPress(parsing:)` reads back; nil for a key the parser has no word for (`+`).
    public var spec: String? {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("ctrl") }
        if modifiers.contains(.alternate) { parts.append("alt") }
        if modifiers.contains(.shift) { parts.append("shift") }
        if modifiers.contains(.command) { parts.append("cmd") }
        let word: String
        switch key {
        case .character(let c):
            guard c != "+", !c.isWhitespace else { return nil }
            word = String(c).lowercased()
        case .function(let n): word = "f\(n)"
        default: word = key.name.lowercased()
        }
        return (parts + [word]).joined(separator: "+")
    }
}

extension Key {
    /// The key as a shortcut shows it.
    var symbol: String {
        switch self {
        case .character(let c): String(c).uppercased()
        case .return: "↩"
        case .escape: "⎋"
        case .tab: "⇥"
        case .backspace: "⌫"
        case .delete: "⌦"
        case .space: "␣"
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .home: "↖"
        case .end: "↘"
        case .pageUp: "⇞"
        case .pageDown: "⇟"
        case .menu: "☰"
        case .function(let n): "F\(n)"
        case .print: "⎙"
        case .volumeUp: "🔊"
        case .volumeDown: "🔉"
        case .power: "⏻"
        }
    }

    /// The key's name on a keyboard.
    var name: String {
        switch self {
        case .character(let c): String(c).uppercased()
        case .return: "Return"
        case .escape: "Escape"
        case .tab: "Tab"
        case .backspace: "Backspace"
        case .delete: "Delete"
        case .space: "Space"
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PageUp"
        case .pageDown: "PageDown"
        case .menu: "Menu"
        case .function(let n): "F\(n)"
        case .print: "Print"
        case .volumeUp: "VolumeUp"
        case .volumeDown: "VolumeDown"
        case .power: "Power"
        }
    }
}
