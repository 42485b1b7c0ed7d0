import UI

/// An open context menu is a menu to a screen reader, and modal: while it is open, what lies behind it
/// leaves the accessibility tree; it comes back when the menu closes.
extension ContextMenuOverlay: AccessibilityDescribing {
    public var accessibilityRole: AccessibilityRole? { .menu }

    /// The menu's title, or else what the menu is for ("Встреча завтра"), or else "Menu".
    public var accessibilitySpokenLabel: String? {
        let title = menu.title.resolved(language)
        if !title.isEmpty { return title }
        return sourceView?.accessibilityLabelOrText ?? MenuStrings.menu.resolved(language)
    }

    public var accessibilityIsModal: Bool { isActive }

    /// The view whose menu this is (the message row of a message's menu).
    public var sourceView: View? { interaction?.view }
}

/// A row of the menu: an item, a submenu (a menu of its own), a header, or the separator between
/// groups.
extension MenuRowView: AccessibilityDescribing {
    var accessibilityRole: AccessibilityRole? {
        switch look.row.kind {
        case .band: .separator
        case .submenu: .menu
        case .header, .back: .heading
        case .action(let a): a.state == .off ? .menuItem : .checkMenuItem
        case .tiles: .menuItem
        case .loading: .label
        }
    }

    /// An item or a submenu chooses itself, as Return on it would; a row of tiles is a tap, which
    /// picks the tile under it.
    func accessibilityActivate() -> Bool {
        switch look.row.kind {
        case .action, .submenu, .back: break
        case .tiles, .header, .band, .loading: return false
        }
        guard let panel = superview as? MenuPanelView, let index = panel.row(of: self), let choose = panel.chooseRow
        else { return false }
        choose(index)
        return true
    }
}
