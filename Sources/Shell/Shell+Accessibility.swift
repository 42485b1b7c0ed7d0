import Menus
import UI

/// How the screen splits into applications for assistive technologies: the shell's own chrome (Home
/// screen, Dock, App Exposé, the switcher, the drop targets, the status bar) is one, each app another.
/// While a context menu is open, only the menu is left (what is behind it leaves the tree); while App
/// Exposé or the switcher is open, the windows behind it leave too (their pictures are its buttons).
extension Shell {
    /// The top-level views of the shell's own chrome, back to front.
    public var accessibilityChrome: [View] {
        accessibilitySubviews.filter { v in
            if v === windowLayer { return false }
            if let menu = v as? ContextMenuOverlay, owningApp(of: menu) != nil { return false }
            return true
        }
    }

    /// The app's windows on the screen, back to front, and the context menu open on one of its items.
    public func accessibilityViews(of app: ShellApp) -> [View] {
        let shown = accessibilitySubviews
        var out: [View] = []
        if shown.contains(where: { $0 === windowLayer }), expose?.isVisibleOnScreen != true {
            let mine = Set(windows(of: app).map { ObjectIdentifier($0) })
            for case let frame as WindowFrameView in windowLayer.subviews
            where mine.contains(ObjectIdentifier(frame)) && frame.isVisibleOnScreen {
                out.append(frame.scene.windowView)
            }
        }
        for case let menu as ContextMenuOverlay in shown where owningApp(of: menu) === app { out.append(menu) }
        return out
    }

    /// The app whose window holds the item a menu is open on.
    private func owningApp(of menu: ContextMenuOverlay) -> ShellApp? {
        guard let source = menu.sourceView else { return nil }
        for frame in windows.values where source.isDescendant(of: frame) { return frame.app }
        return nil
    }
}
