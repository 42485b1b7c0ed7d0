import Foundation
import Graphics
import Menus
import Scenes
import SystemUI
import UI

// The menu bar (iPadOS 26's): the focused app's menus across the top of the screen — swiped down
// from the top edge, the pointer pushed against it, or F10 — with the system's commands added; its
// commands' shortcuts from a hardware keyboard; and the panel of those shortcuts while Ctrl is held.
extension SystemMenusController {
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
            return start.x < self.shell.bounds.width - ControlCenterMetrics.pullZoneWidth && self.canShowMenuBar
                && !self.shell.notificationController.opensNotificationCenter(fromTopEdgeAt: start.x)
        }
        shell.addSystemGestureRecognizer(swipe)
        shell.dispatcher.pointerFilter = { [weak self] e in
            self?.shell.watch(e)
            self?.pointerMoved(e)
            return false
        }
        shell.dispatcher.keyEquivalentHandlers.append { [weak self] k in self?.performKeyEquivalent(k) ?? false }
        shell.dispatcher.onModifiersChanged = { [weak self] m in self?.modifiersChanged(m) }
    }

    // MARK: The menu bar

    /// The menu bar on the screen, while it is there.
    var menuBarOverlay: MenuBarOverlay? {
        guard let o = self.overlay, o.isActive else { return nil }
        return o
    }

    /// Whether a menu bar can come down now: a window of an app with one has the keys, and nothing
    /// of the system's (Control Center, the lock screen, App Exposé, a menu, the About card) is in
    /// the way.
    var canShowMenuBar: Bool {
        guard !shell.isControlCenterShown, !shell.isLocked, shell.expose == nil, menuBarOverlay == nil,
            self.about == nil,
            let id = shell.focusedWindow,
            shell.isOnScreen(id), !shell.subviews.contains(where: { ($0 as? ContextMenuOverlay)?.isActive ?? false })
        else { return false }
        return menuBar(forWindow: id) != nil
    }

    /// Shows the focused window's menu bar, sliding down from the top edge; false when there is none
    /// to show. `byPointer`: it goes again when the pointer leaves it.
    @discardableResult
    func showMenuBar(byPointer: Bool = false) -> Bool {
        guard canShowMenuBar, let id = shell.focusedWindow, let bar = menuBar(forWindow: id) else { return false }
        hideShortcutsPanel()
        shell.setDockRevealed(false)
        let o = MenuBarOverlay(menuBar: bar, bounds: shell.bounds, environment: shell.environment)
        o.hidesWhenPointerLeaves = byPointer
        o.onDismiss = { [weak self, weak o] in
            if let self, self.overlay === o { self.overlay = nil }
        }
        self.overlay = o
        o.present(in: shell)
        return true
    }

    /// Puts the menu bar away, if it is there.
    func hideMenuBar(animated: Bool = true) {
        self.overlay?.dismiss(animated: animated)
    }

    /// The menu bar of the window `id` as it shows: the app's (an app in this process makes it now;
    /// an app process's is as it last declared it) with the system's commands; nil for a program's
    /// window (its menus are its own) or a window that is not there.
    func menuBar(forWindow id: String) -> MenuBar? { menuBars(forWindow: id)?.whole }

    /// The app's part of a window's menu bar and the whole of it, with the system's commands.
    func menuBars(forWindow id: String) -> (app: MenuBar, whole: MenuBar)? {
        guard let frame = shell.windows[id] else { return nil }
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
                    self.shell.newWindow(of: app, requesting: self.shell.windows[id]?.scene)
                }), atEndOfMenu: I.newScene)
        builder.insertChild(
            .action(
                Action(ShellStrings.closeWindow, identifier: "system.close-window", key: "w") { [weak self] _ in
                    self?.shell.closeWindow(id)
                }), atEndOfMenu: I.close)
        for e in windowTilingCommands(for: id) { builder.insertChild(e, atEndOfMenu: I.windowTiling) }
        for w in shell.windows(of: app) {
            let title = w.scene.title.isEmpty ? name : LocalizedString(verbatim: w.scene.title)
            builder.insertChild(
                .action(
                    Action(title, identifier: "system.window.\(w.id)", state: w.id == id ? .on : .off) {
                        [weak self] _ in
                        guard let self, let w = self.shell.windows[w.id] else { return }
                        if self.shell.isOnScreen(w.id) { self.shell.focus(w.id) } else { self.shell.present(w.id) }
                    }), atEndOfMenu: I.windowList)
        }
        builder.insertChild(
            .action(
                Action(ShellStrings.showAllWindows, identifier: "system.show-all-windows") {
                    [weak self, weak app] _ in
                    guard let self, let app else { return }
                    self.shell.showExpose(for: app)
                }), atEndOfMenu: I.showAllWindows)
    }

    /// Quit: the app's windows leave the screen (their sessions stay, and come back when the app is
    /// opened again), and an app running as a process of its own is asked to end (SIGTERM: it saves
    /// its windows first).
    func quit(_ app: ShellApp) {
        let shown = shell.windows(of: app).map(\.id).filter(shell.isOnScreen)
        shell.manage { m in for id in shown { m.hide(id) } }
        if let p = app.application as? ProcessApp, let channel = p.channel, channel.processID > 0,
            channel.processID != getpid()
        {
            kill(channel.processID, SIGTERM)
        }
    }

    // MARK: Input

    /// The pointer pushed against the top edge over an app brings the menu bar down.
    private func pointerMoved(_ e: PointerEvent) {
        guard case .hover(let p) = e, p.y <= MenuBarMetrics.pointerZone, !shell.dispatcher.hasTouches, canShowMenuBar
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
        guard !k.modifiers.isEmpty || isFunctionKey, menuBarOverlay == nil, let id = shell.focusedWindow,
            let w = shell.windows[id], w.app.application is ProcessApp, let bars = menuBars(forWindow: id)
        else { return false }
        // The app's own shortcuts go to it (through its responder chain, in its process).
        if bars.app.hasShortcut(k) { return false }
        return bars.whole.perform(k)
    }

    /// A key nothing else took: the focused window's menu bar performs the command whose shortcut it
    /// is (the menu bar goes first, so that the command acts where the person was).
    private func performKeyEquivalent(_ k: KeyPress) -> Bool {
        guard let id = shell.focusedWindow, shell.windows[id] != nil else { return false }
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
        guard self.panel == nil, self.panelTimer == nil else { return }
        self.panelTimer = shell.animator.animate(
            duration: MenuBarMetrics.shortcutsPanelDelay, apply: { _ in },
            completion: { [weak self] done in
                guard let self, done else { return }
                self.panelTimer = nil
                let held = self.shell.dispatcher.heldModifiers
                if held == .control || held == .command { self.showShortcutsPanel() }
            })
    }

    /// The panel that lists the focused app's shortcuts, while Ctrl is held; false when there is
    /// none to show.
    var shortcutsPanel: ShortcutsPanelView? { self.panel }

    /// Shows the focused window's keyboard shortcuts, grouped by menu; false when it has none.
    @discardableResult
    func showShortcutsPanel() -> Bool {
        guard self.panel == nil, menuBarOverlay == nil, shell.expose == nil, let id = shell.focusedWindow,
            let w = shell.windows[id], let bar = menuBar(forWindow: id)
        else { return false }
        let p = ShortcutsPanelView(
            menuBar: bar, title: w.app.application.displayName.resolved(shell.environment.language),
            bounds: shell.bounds,
            language: shell.environment.language)
        guard !p.isEmpty else { return false }
        p.fit(in: shell.bounds)
        p.alpha = 0
        shell.addSubview(p)
        self.panel = p
        shell.animator.animate(duration: MenuBarMetrics.shortcutsFadeDuration, curve: .easeOut) { [weak p] t in
            p?.alpha = t
        }
        return true
    }

    /// Stops counting the hold and puts the panel away.
    func cancelShortcutsPanel() {
        self.panelTimer?.cancel()
        self.panelTimer = nil
        hideShortcutsPanel()
    }

    private func hideShortcutsPanel() {
        guard let p = self.panel else { return }
        self.panel = nil
        shell.animator.animate(duration: MenuBarMetrics.shortcutsFadeDuration, curve: .easeIn) { [weak p] t in
            p?.alpha = 1 - t
        } completion: { [weak p] _ in
            p?.removeFromSuperview()
        }
    }

    // MARK: About

    /// The About card of `app`: its icon, its name and what it is, over a dimmed screen; a tap or
    /// Esc puts it away.
    func showAbout(_ app: ShellApp) {
        self.about?.removeFromSuperview()
        let card = AboutCardView(app: app.application, language: shell.environment.language, bounds: shell.bounds)
        card.onDismiss = { [weak self, weak card] in
            if self?.about === card { self?.about = nil }
        }
        shell.addSubview(card)
        self.about = card
        shell.setFocus(card)
    }
}
