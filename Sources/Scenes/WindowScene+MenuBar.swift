import Graphics
import Menus
import UI

extension WindowScene {
    /// The window's menu bar as the app makes it (the system's menus and groups, Edit's standard
    /// commands for the focused view, Window's Open in New Window for the focused item, and the app's
    /// own from `Application.buildMenuBar`), before the system adds what is its to add — the app
    /// menu's commands, New Window, Close Window, the window list — and empty groups go.
    public func menuBarBuilder() -> MenuBarBuilder {
        let app = application
        let builder = MenuBarBuilder(appName: app?.displayName ?? LocalizedString(verbatim: title))
        addStandardEditCommands(to: builder)
        if let open = openInNewWindowAction() {
            builder.insertChild(.action(open), atEndOfMenu: MenuBar.Identifier.openInNewWindow)
        }
        app?.buildMenuBar(builder, for: self)
        return builder
    }

    /// Undo, Redo, Cut, Copy, Paste and Select All, each performed by the view up from the focused one
    /// in this window that can perform it now (greyed when none can).
    private func addStandardEditCommands(to builder: MenuBarBuilder) {
        let root = windowView.root
        func action(_ command: StandardEditCommand) -> Action {
            let responder = root?.responder(for: command, within: windowView)
            return Action(
                command.title, identifier: "system.\(command.rawValue)", key: command.shortcut.key,
                modifiers: command.shortcut.modifiers, attributes: responder == nil ? .disabled : []
            ) { [weak responder] _ in
                guard let responder, responder.canPerform(command) else { return }
                responder.perform(command)
            }
        }
        builder.insertChild(
            .action(action(.undo)), atEndOfMenu: MenuBar.Identifier.undoRedo)
        builder.insertChild(.action(action(.redo)), atEndOfMenu: MenuBar.Identifier.undoRedo)
        for c in [StandardEditCommand.cut, .copy, .paste, .selectAll] {
            builder.insertChild(.action(action(c)), atEndOfMenu: MenuBar.Identifier.standardEdit)
        }
    }

    /// Open in New Window for the item the focused view stands for (a list's selected row, or the
    /// focused view itself) when its context menu offers it (W2d); greyed when nothing focused does.
    private func openInNewWindowAction() -> Action? {
        guard let app = application, !app.activityTypes.isEmpty else { return nil }
        var found: Action?
        if let root = windowView.root, let focused = root.focusedView, focused.isDescendant(of: windowView) {
            var v: View? = focused
            search: while let cur = v, cur !== windowView {
                for w in [cur.menuKeyItem, cur].compactMap({ $0 }) {
                    for case let i as ContextMenuInteraction in w.interactions {
                        if case .action(let a)? = i.allSuggestedActions.first(where: {
                            $0.identifier == WindowMenuItems.openInNewWindowIdentifier
                        }) {
                            found = a
                            break search
                        }
                    }
                }
                v = cur.superview
            }
        }
        if var a = found {
            a.image = nil
            return a
        }
        return Action(
            SceneStrings.openInNewWindow, identifier: WindowMenuItems.openInNewWindowIdentifier,
            attributes: .disabled)
    }
}
