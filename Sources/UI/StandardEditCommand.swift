/// The editing commands every app's Edit menu has (as `UIResponderStandardEditActions`): the system
/// puts them in the menu bar, each performed by the first view up from the focused one that can
/// perform it now (`View.canPerform(_:)`), and greyed when none can.
public enum StandardEditCommand: String, CaseIterable, Sendable, Hashable {
    case undo, redo, cut, copy, paste, selectAll

    /// The command's title in the Edit menu.
    public var title: LocalizedString {
        switch self {
        case .undo: StandardEditStrings.undo
        case .redo: StandardEditStrings.redo
        case .cut: TextViewStrings.cut
        case .copy: TextViewStrings.copy
        case .paste: TextViewStrings.paste
        case .selectAll: TextViewStrings.selectAll
        }
    }

    /// Its key equivalent with Ctrl (which plays the part of ⌘ on Linux), as on every iPad app:
    /// Ctrl+Z, Ctrl+Shift+Z, Ctrl+X, Ctrl+C, Ctrl+V, Ctrl+A.
    public var shortcut: KeyPress {
        switch self {
        case .undo: KeyPress(.character("z"), modifiers: .control)
        case .redo: KeyPress(.character("z"), modifiers: [.control, .shift])
        case .cut: KeyPress(.character("x"), modifiers: .control)
        case .copy: KeyPress(.character("c"), modifiers: .control)
        case .paste: KeyPress(.character("v"), modifiers: .control)
        case .selectAll: KeyPress(.character("a"), modifiers: .control)
        }
    }
}

/// The words of the standard editing commands that text views do not already name.
public enum StandardEditStrings {
    public static let undo = LocalizedString(en: "Undo", ru: "Отменить")
    public static let redo = LocalizedString(en: "Redo", ru: "Повторить")
}

extension RootView {
    /// The view that performs `command` now: the focused view or the nearest of its ancestors that
    /// can (`View.canPerform(_:)`), inside `scope` when one is given (a window); nil when none can.
    public func responder(for command: StandardEditCommand, within scope: View? = nil) -> View? {
        var v = focusedView
        if let scope, let f = v, f !== scope, !f.isDescendant(of: scope) { return nil }
        while let cur = v {
            if cur.canPerform(command) { return cur }
            if cur === scope { break }
            v = cur.superview
        }
        return nil
    }
}
