import Foundation
import Graphics
import Menus
import Scenes
import SystemUI
import UI

/// What the shell keeps of the menu bar and the keyboard shortcuts panel.
@MainActor final class ShellMenuBarState {
    /// The menu bar on the screen, while it is there.
    var overlay: MenuBarOverlay?
    /// The keyboard shortcuts panel, while Ctrl is held.
    var panel: ShortcutsPanelView?
    /// Counts the hold of Ctrl before the panel shows.
    var panelTimer: Animation?
    /// The About card, while shown.
    var about: AboutCardView?
}

// The menu bar (iPadOS 26's): the focused app's menus across the top of the screen — swiped down
// from the top edge, the pointer pushed against it, or F10 — with the system's commands added; its
// commands' shortcuts from a hardware keyboard; and the panel of those shortcuts while Ctrl is held.
extension Shell {
    // MARK: Setting up

    /// Makes the swipe from the top edge, watches the pointer and the modifier keys, and performs the
    /// menu bar's shortcuts for keys nothing else took.
    func installMenuBar() {
        let swipe = ScreenEdgePanGestureRecognizer(edges: .top) { [weak self] g in
            if g.state == .began { self?.showMenuBar() }
        }
        swipe.minimumDistance = MenuBarMetrics.swipeDistance
        swipe.shouldBegin = { [weak self, weak swipe] _ in
            guard let self, let swipe else { return false }
            // The top-right corner is Control Center's, the top-left Notification Center's.
            let start = swipe.location(in: nil) - swipe.translation()
            return start.x < self.bounds.width - ControlCenterMetrics.pullZoneWidth && self.canShowMenuBar
                && !self.opensNotificationCenter(fromTopEdgeAt: start.x)
        }
        addSystemGestureRecognizer(swipe)
        dispatcher.pointerFilter = { [weak self] e in
            self?.watch(e)
            self?.pointerMoved(e)
            return false
        }
        dispatcher.keyEquivalentHandlers.append { [weak self] k in self?.performKeyEquivalent(k) ?? false }
        dispatcher.onModifiersChanged = { [weak self] m in self?.modifiersChanged(m) }
    }

    // MARK: The menu bar

    /// The menu bar on the screen, while it is there.
    public var menuBarOverlay: MenuBarOverlay? {
        guard let o = menuBarState.overlay, o.isActive else { return nil }
        return o
    }

    /// Whether a menu bar can come down now: a window of an app with one has the keys, and nothing
    /// of the system's (Control Center, the lock screen, App Exposé, a menu, the About card) is in
    /// the way.
    var canShowMenuBar: Bool {
        guard !isControlCenterShown, !isLocked, expose == nil, menuBarOverlay == nil, menuBarState.about == nil,
            let id = focusedWindow,
            isOnScreen(id), !subviews.contains(where: { ($0 as? ContextMenuOverlay)?.isActive ?? false })
        else { return false }
        return menuBar(forWindow: id) != nil
    }

    /// Shows the focused window's menu bar, sliding down from the top edge; false when there is none
    /// to show. `byPointer`: it goes again when the pointer leaves it.
    @discardableResult
    public func showMenuBar(byPointer: Bool = false) -> Bool {
        guard canShowMenuBar, let id = focusedWindow, let bar = menuBar(forWindow: id) else { return false }
        hideShortcutsPanel()
        setDockRevealed(false)
        let o = MenuBarOverlay(menuBar: bar, bounds: bounds, environment: environment)
        o.hidesWhenPointerLeaves = byPointer
        o.onDismiss = { [weak self, weak o] in
            if let self, self.menuBarState.overlay === o { self.menuBarState.overlay = nil }
        }
        menuBarState.overlay = o
        o.present(in: self)
        return true
    }

    /// Puts the menu bar away, if it is there.
    public func hideMenuBar(animated: Bool = true) {
        menuBarState.overlay?.dismiss(animated: animated)
    }

    /// The menu bar of the window `id` as it shows: the app's (an app in this process makes it now;
    /// an app process's is as it last declared it) with the system's commands; nil for a program's
    /// window (its menus are its own) or a window that is not there.
    public func menuBar(forWindow id: String) -> MenuBar? { menuBars(forWindow: id)?.whole }

    /// The app's part of a window's menu bar and the whole of it, with the system's commands.
    func menuBars(forWindow id: String) -> (app: MenuBar, whole: MenuBar)? {
        guard let frame = windows[id] else { return nil }
        let application = frame.app.application
        if application is ForeignApp { return nil }
        let builder: MenuBarBuilder
        if let p = application as? ProcessApp {
            if let t = p.toplevels[id], let declared = t.menuBarDeclaration {
                builder = MenuBarBuilder(menus: declared.menuBar { [weak t] path in t?.performMenuCommand(path) }.menus)
            } else {
                builder = MenuBarBuilder(appName: p.displayName)
            }
        } else {
            builder = frame.scene.menuBarBuilder()
        }
        let appPart = builder.menuBar
        addSystemCommands(to: builder, app: frame.app, window: id, appPart: appPart)
        return (appPart, builder.menuBar)
    }

    /// The system's commands: About, Settings…, Quit in the app menu; New Window and Close Window in
    /// File; the window arrangements, the app's windows and Show All Windows in Window.
    private func addSystemCommands(to builder: MenuBarBuilder, app: ShellApp, window id: String, appPart: MenuBar) {
        typealias I = MenuBar.Identifier
        let name = app.application.displayName
        builder.insertChild(
            .action(
                Action(MenuBarStrings.about.naming(name), identifier: "system.about") {
                    [weak self, weak app] _ in
                    guard let self, let app else { return }
                    self.showAbout(app)
                }), atStartOfMenu: I.about)
        if builder.menu(for: I.preferences)?.children.isEmpty ?? true {
            // The app has no settings of its own to show: the command is there, greyed, as iPadOS's.
            builder.insertChild(
                .action(Action(MenuBarStrings.settings, identifier: "system.settings", attributes: .disabled)),
                atEndOfMenu: I.preferences)
        }
        builder.insertChild(
            .action(
                Action(MenuBarStrings.quit.naming(name), identifier: "system.quit", key: "q") {
                    [weak self, weak app] _ in
                    guard let self, let app else { return }
                    self.quit(app)
                }), atEndOfMenu: I.quit)
        // New Window takes Ctrl+N unless the app's own New command has it (Mail's New Message): then
        // Ctrl+Alt+N, as iPad apps with a New command of their own.
        let plain = KeyPress(.character("n"), modifiers: .control)
        let taken = appPart.hasShortcut(plain)
        builder.insertChild(
            .action(
                Action(
                    ShellStrings.newWindow, identifier: "system.new-window", key: "n",
                    modifiers: taken ? [.control, .alternate] : .control
                ) { [weak self, weak app] _ in
                    guard let self, let app else { return }
                    self.newWindow(of: app, requesting: self.windows[id]?.scene)
                }), atEndOfMenu: I.newScene)
        builder.insertChild(
            .action(
                Action(ShellStrings.closeWindow, identifier: "system.close-window", key: "w") { [weak self] _ in
                    self?.closeWindow(id)
                }), atEndOfMenu: I.close)
        for e in windowTilingCommands(for: id) { builder.insertChild(e, atEndOfMenu: I.windowTiling) }
        for w in windows(of: app) {
            let title = w.scene.title.isEmpty ? name : LocalizedString(verbatim: w.scene.title)
            builder.insertChild(
                .action(
                    Action(title, identifier: "system.window.\(w.id)", state: w.id == id ? .on : .off) {
                        [weak self] _ in
                        guard let self, let w = self.windows[w.id] else { return }
                        if self.isOnScreen(w.id) { self.focus(w.id) } else { self.present(w.id) }
                    }), atEndOfMenu: I.windowList)
        }
        builder.insertChild(
            .action(
                Action(ShellStrings.showAllWindows, identifier: "system.show-all-windows") { [weak self, weak app] _ in
                    guard let self, let app else { return }
                    self.showExpose(for: app)
                }), atEndOfMenu: I.showAllWindows)
    }

    /// Closes window `id` for good, as Ctrl+W does.
    func closeWindow(_ id: String) {
        guard let w = windows[id] else { return }
        environment.errors.attempt(ShellStrings.closeTheWindow, userAction: true) {
            try w.app.destroy(w.scene.session, animation: .standard)
        }
    }

    /// Quit: the app's windows leave the screen (their sessions stay, and come back when the app is
    /// opened again), and an app running as a process of its own is asked to end (SIGTERM: it saves
    /// its windows first).
    public func quit(_ app: ShellApp) {
        let shown = windows(of: app).map(\.id).filter(isOnScreen)
        manage { m in for id in shown { m.hide(id) } }
        if let p = app.application as? ProcessApp, let channel = p.channel, channel.processID > 0,
            channel.processID != getpid()
        {
            kill(channel.processID, SIGTERM)
        }
    }

    // MARK: Input

    /// The pointer pushed against the top edge over an app brings the menu bar down.
    private func pointerMoved(_ e: PointerEvent) {
        guard case .hover(let p) = e, p.y <= MenuBarMetrics.pointerZone, !dispatcher.hasTouches, canShowMenuBar
        else { return }
        showMenuBar(byPointer: true)
    }

    /// The system's part of the keys: F10 shows (or puts away) the menu bar; an app process's window
    /// gets the shortcuts its app declared, and the shell performs the system's commands' (Close
    /// Window, New Window, Quit) for it. True when the key was taken.
    func menuBarShortcut(_ k: KeyPress) -> Bool {
        cancelShortcutsPanel()
        if k.key == .function(10), k.modifiers.isEmpty {
            if menuBarOverlay != nil {
                hideMenuBar()
                return true
            }
            return showMenuBar()
        }
        // A shortcut is a key with a modifier, or a function key: the rest (typing, arrows) go straight on.
        let isFunctionKey: Bool = if case .function = k.key { true } else { false }
        guard !k.modifiers.isEmpty || isFunctionKey, menuBarOverlay == nil, let id = focusedWindow,
            let w = windows[id], w.app.application is ProcessApp, let bars = menuBars(forWindow: id)
        else { return false }
        // The app's own shortcuts go to it (through its responder chain, in its process).
        if bars.app.hasShortcut(k) { return false }
        return bars.whole.perform(k)
    }

    /// A key nothing else took: the focused window's menu bar performs the command whose shortcut it
    /// is (the menu bar goes first, so that the command acts where the person was).
    private func performKeyEquivalent(_ k: KeyPress) -> Bool {
        guard let id = focusedWindow, windows[id] != nil else { return false }
        if menuBarOverlay != nil {
            guard menuBar(forWindow: id)?.hasShortcut(k) ?? false else { return false }
            hideMenuBar(animated: false)
        }
        guard let bar = menuBar(forWindow: id) else { return false }
        return bar.perform(k)
    }

    // MARK: The keyboard shortcuts panel

    /// Ctrl (or ⌘/Super) held alone for a moment shows the focused app's shortcuts; letting it go, or
    /// any other key, puts them away.
    private func modifiersChanged(_ m: KeyModifiers) {
        guard m == .control || m == .command else {
            cancelShortcutsPanel()
            return
        }
        guard menuBarState.panel == nil, menuBarState.panelTimer == nil else { return }
        menuBarState.panelTimer = animator.animate(
            duration: MenuBarMetrics.shortcutsPanelDelay, apply: { _ in },
            completion: { [weak self] done in
                guard let self, done else { return }
                self.menuBarState.panelTimer = nil
                let held = self.dispatcher.heldModifiers
                if held == .control || held == .command { self.showShortcutsPanel() }
            })
    }

    /// The panel that lists the focused app's shortcuts, while Ctrl is held; false when there is
    /// none to show.
    public var shortcutsPanel: ShortcutsPanelView? { menuBarState.panel }

    /// Shows the focused window's keyboard shortcuts, grouped by menu; false when it has none.
    @discardableResult
    public func showShortcutsPanel() -> Bool {
        guard menuBarState.panel == nil, menuBarOverlay == nil, expose == nil, let id = focusedWindow,
            let w = windows[id], let bar = menuBar(forWindow: id)
        else { return false }
        let p = ShortcutsPanelView(
            menuBar: bar, title: w.app.application.displayName.resolved(environment.language), bounds: bounds,
            language: environment.language)
        guard !p.isEmpty else { return false }
        p.fit(in: bounds)
        p.alpha = 0
        addSubview(p)
        menuBarState.panel = p
        animator.animate(duration: MenuBarMetrics.shortcutsFadeDuration, curve: .easeOut) { [weak p] t in
            p?.alpha = t
        }
        return true
    }

    /// Stops counting the hold and puts the panel away.
    func cancelShortcutsPanel() {
        menuBarState.panelTimer?.cancel()
        menuBarState.panelTimer = nil
        hideShortcutsPanel()
    }

    private func hideShortcutsPanel() {
        guard let p = menuBarState.panel else { return }
        menuBarState.panel = nil
        animator.animate(duration: MenuBarMetrics.shortcutsFadeDuration, curve: .easeIn) { [weak p] t in
            p?.alpha = 1 - t
        } completion: { [weak p] _ in
            p?.removeFromSuperview()
        }
    }

    // MARK: About

    /// The About card of `app`: its icon, its name and what it is, over a dimmed screen; a tap or
    /// Esc puts it away.
    func showAbout(_ app: ShellApp) {
        menuBarState.about?.removeFromSuperview()
        let card = AboutCardView(app: app.application, language: environment.language, bounds: bounds)
        card.onDismiss = { [weak self, weak card] in
            if self?.menuBarState.about === card { self?.menuBarState.about = nil }
        }
        addSubview(card)
        menuBarState.about = card
        setFocus(card)
    }
}

extension LocalizedString {
    /// The string with its `%@` filled, in each language, by `name` in that language.
    func naming(_ name: LocalizedString) -> LocalizedString {
        LocalizedString(en: en.replacing("%@", with: name.en), ru: ru.replacing("%@", with: name.ru))
    }
}
