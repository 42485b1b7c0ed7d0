import Foundation
import Graphics
import Host
import Menus
import OnScreenKeyboard
import Scenes
import Shell
import UI
import Windowing

/// The whole system as scripts see it: the shell on a headless host, apps launched by name, windows,
/// Split View, the Dock and the open menu.
@MainActor public final class ShellWorld: ScriptWorld {
    public private(set) var host: HeadlessHost
    public private(set) var shell: Shell
    /// Makes an app by the name scripts use (`Mail`).
    let catalog: [String: () -> any Application]
    /// The state home of this run: fresh unless a launch asks to restore.
    public let stateHome: URL
    let scale: Double
    /// Where the keyboard's suggestions come from (the host's hunspell), for each shell made.
    public var textSuggester: (any TextSuggesting)? {
        didSet { shell.textSuggester = textSuggester }
    }
    /// The language the screen speaks (`locale` starts the system anew in another).
    private var language: Language
    /// A world of `catalog`'s apps on a fresh shell of `device`, speaking `language`.
    public init(
        catalog: [String: () -> any Application], stateHome: URL, scale: Double = 1, device: Device = Device(),
        language: Language = .en
    ) {
        self.catalog = catalog
        self.stateHome = stateHome
        self.scale = scale
        self.language = language
        (shell, host) = Self.make(device: device, stateHome: stateHome, scale: scale, language: language)
    }

    static func make(device: Device, stateHome: URL, scale: Double, language: Language) -> (Shell, HeadlessHost) {
        let clock = VirtualClock()
        let shell = Shell(
            device: device, clock: clock, stateHome: stateHome, environment: ScreenEnvironment(language: language))
        let host = HeadlessHost(root: shell, clock: clock, scale: scale)
        // A turn of the screen (the accelerometer) makes the frame buffer anew at the new size.
        shell.onScreenTurn = { [weak host] _ in host?.rootDidResize() }
        return (shell, host)
    }

    /// Starts the system anew (same state home), with the apps installed so far.
    private func rebuild(device: Device) {
        let installed = shell.apps.map(\.application)
        let appearance = shell.appearance
        for a in shell.apps { a.runtime.terminate() }
        (shell, host) = Self.make(device: device, stateHome: stateHome, scale: scale, language: language)
        shell.appearance = appearance
        shell.keyboardPolicy = keyboardPolicy
        shell.textSuggester = textSuggester
        for a in installed { shell.install(a) }
    }

    public func setDevice(_ name: String, landscape: Bool) throws {
        guard let d = Device(parsing: name, orientation: landscape ? "landscape" : "portrait") else {
            throw UnsupportedStep("unknown device \(name)")
        }
        rebuild(device: d)
    }

    public func setAppearance(_ appearance: Appearance) throws { shell.appearance = appearance }

    public func setKeyboard(onScreen: Bool) throws {
        keyboardPolicy = onScreen ? .onScreen : .hardware
        shell.keyboardPolicy = keyboardPolicy
    }

    /// The keyboard a script said is there (kept across `device` and `locale`, which start anew).
    private var keyboardPolicy = KeyboardPolicy.hardware

    public func setLanguage(_ language: Language) throws {
        self.language = language
        rebuild(device: shell.device)
    }

    public func launch(_ name: String, restoring: Bool) throws {
        guard let make = catalog[name] ?? catalog.first(where: { $0.key.lowercased() == name.lowercased() })?.value
        else {
            throw UnsupportedStep("no app named \(name); apps: \(catalog.keys.sorted().joined(separator: ", "))")
        }
        let app = make()
        if let existing = shell.app(app.identifier) {
            shell.openApp(existing)
            return
        }
        if !restoring {
            // Launching fresh: whatever this app saved before is set aside for this run.
            let dir = stateHome.appendingPathComponent("slate").appendingPathComponent(app.identifier)
            try? FileManager.default.removeItem(at: dir)
        }
        // Restoring, the windows go back where they were on the screen too.
        if restoring { shell.loadArrangement() }
        let installed = shell.install(app, restoring: restoring)
        if restoring { shell.restoreArrangement() }
        if installed.openSessions.isEmpty {
            shell.openApp(installed)
        } else if shell.visibleWindows.isEmpty {
            shell.openApp(installed)
        }
    }

    public func scopeRoot(_ scope: Script.Scope) throws -> View? {
        switch scope {
        case .anywhere: return shell
        case .dock:
            // A person would swipe up from the bottom edge to show the Dock over an app.
            if !shell.visibleWindows.isEmpty {
                shell.setDockRevealed(true)
                host.frame()
            }
            return shell.dock
        case .menu:
            if let bar = shell.menuBarOverlay, let panel = bar.panelView { return panel }
            return shell.subviews.last { ($0 as? ContextMenuOverlay)?.isActive ?? false }
        case .menuBar:
            return shell.menuBarOverlay?.strip
        case .window(let n):
            let ids = shell.visibleWindows
            guard n >= 1, n <= ids.count else { return nil }
            return shell.windows[ids[n - 1]]
        case .keyboard:
            guard shell.isKeyboardShown, let v = shell.onScreenKeyboard?.view, !v.isHidden else { return nil }
            return v
        }
    }

    public func menuBarSwipeX() -> Double {
        guard let id = shell.focusedWindow, shell.isOnScreen(id), let w = shell.windows[id] else {
            return (shell.bounds.width / 3).rounded()
        }
        return w.frameInRoot.midX.rounded()
    }

    public func edgePoint(left: Bool) -> Point {
        Point(left ? 12 : shell.bounds.width - 12, shell.bounds.midY)
    }

    public func windowCount(app name: String) throws -> Int {
        guard let make = catalog[name] else { throw UnsupportedStep("no app named \(name)") }
        let id = make().identifier
        return shell.app(id)?.openSessions.count ?? 0
    }

    public func windowRole(title: String) throws -> String? {
        for app in shell.apps {
            if let s = app.openSessions.first(where: { $0.title == title }) { return s.role.rawValue }
        }
        return nil
    }

    public func splitTitles() throws -> (String, String)? {
        guard case .split(let l, let r, _) = shell.arrangement, let lw = shell.windows[l], let rw = shell.windows[r]
        else { return nil }
        return (lw.scene.title, rw.scene.title)
    }

    public func hasFocus(_ views: [View]) -> Bool {
        if let id = shell.focusedWindow, let w = shell.windows[id], views.contains(where: { $0 === w.scene.windowView })
        {
            return true
        }
        guard let focused = host.root.focusedView else { return false }
        return views.contains { focused === $0 || focused.isDescendant(of: $0) }
    }

    public func setMultitasking(_ mode: String) throws {
        guard let m = MultitaskingMode(rawValue: mode) else {
            throw UnsupportedStep("multitasking is full-screen or windowed, not \(mode)")
        }
        shell.setMultitasking(m)
    }

    public func windowHandles(title: String) throws -> WindowHandles? {
        guard let w = window(titled: title) else { return nil }
        let m = shell.windowManager
        let frame = w.frameInRoot
        let full = m.windows[w.id]?.windowed.isFullScreen == true
        let band = w.grip.frameInRoot
        let controls = w.windowControls.frameInRoot
        // On the band, right of the controls: a third of the way across.
        let gripX = max(controls.maxX + 20, band.minX + band.width / 3)
        return WindowHandles(
            frame: frame, resizeFrame: full ? frame.intersection(m.windowArea) : frame,
            handle: w.handle.frameInRoot.center, grip: Point(gripX.rounded(), band.midY.rounded()),
            floatingSize: m.windows[w.id]?.windowed.frame.size ?? frame.size,
            fullScreenControl: w.windowControls.fullScreen.frameInRoot.center)
    }

    public func tilingMenuPath(_ layout: String) throws -> [String] {
        guard let tile = Tile(rawValue: layout) else { throw UnsupportedStep("no layout named \(layout)") }
        guard let id = shell.visibleWindows.first else { throw UnsupportedStep("no window on the screen") }
        // The titles as the menu shows them, in the language of the moment.
        for element in shell.tilingMenu(for: id) {
            guard case .menu(let group) = element else { continue }
            for child in group.children {
                switch child {
                case .action(let a) where a.identifier == "system.tile.\(tile.rawValue)":
                    return [a.title.resolved(language)]
                case .menu(let sub):
                    for case .action(let a) in sub.children where a.identifier == "system.tile.\(tile.rawValue)" {
                        return [sub.title.resolved(language), a.title.resolved(language)]
                    }
                default: continue
                }
            }
        }
        throw UnsupportedStep("the tiling menu has no \(layout)")
    }

    /// The window titled `title` on the screen (the front one of that title).
    func window(titled title: String) -> WindowFrameView? {
        shell.visibleWindows.lazy.compactMap { self.shell.windows[$0] }.first { $0.scene.title == title }
    }

    public func menuRows() throws -> [String?]? {
        if let bar = shell.menuBarOverlay, bar.panelView != nil {
            return MenuRowText.rows(bar.rows, language: language)
        }
        guard
            let overlay = shell.subviews.reversed().compactMap({ $0 as? ContextMenuOverlay }).first(where: {
                $0.isActive
            })
        else {
            return nil
        }
        return MenuRowText.rows(overlay.rows, language: language)
    }
}

/// The rows of an open menu as scripts write them: titles, and nil for the band between groups.
enum MenuRowText {
    @MainActor static func rows(_ rows: [MenuRow], language: Language) -> [String?] {
        var out: [String?] = []
        for r in rows {
            switch r.kind {
            case .band: if !out.isEmpty, out.last! != nil { out.append(nil) }
            case .header, .back: continue
            case .loading: out.append(MenuStrings.loading.resolved(language))
            case .tiles(let m):
                out += m.children.compactMap { if case .action(let a) = $0 { a.title.resolved(language) } else { nil } }
            default: out.append(r.title.resolved(language))
            }
        }
        if out.last == .some(nil) { out.removeLast() }
        return out
    }
}
