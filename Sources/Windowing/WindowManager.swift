import Graphics

/// A window's identifier: its scene session's persistent identifier.
public typealias WindowID = String

/// Where a window goes in Windowed Apps.
public struct WindowedPlacement: Hashable, Sendable, Codable {
    /// Where it floats — and what it comes back to from a tile or full screen.
    public internal(set) var frame: Rect
    /// The tile it fills, if tiled.
    public internal(set) var tile: Tile?
    /// Whether it fills the whole screen (its window controls' green button).
    public internal(set) var isFullScreen: Bool
    /// Whether it is minimized into its app's icon in the Dock (or off the screen).
    public internal(set) var isMinimized: Bool
}

/// One window as the window manager keeps it.
public struct ManagedWindow: Hashable, Sendable, Codable {
    /// The app the window belongs to (its identifier).
    public internal(set) var app: String
    /// Whether it is an auxiliary window (the others are primary).
    public internal(set) var isAuxiliary: Bool
    /// The sizes its frame may take: its program's limits with the system's smallest window.
    public internal(set) var limits: SizeLimits
    /// Where it goes in Windowed Apps.
    public internal(set) var windowed: WindowedPlacement
}

/// What Full-Screen Apps shows: the main screen's arrangement, Slide Over and a centred window.
public struct FullScreenState: Hashable, Sendable, Codable {
    /// One window full screen, two in Split View, or none (the Home screen).
    public internal(set) var arrangement: Arrangement<WindowID> = .empty
    /// The Slide Over window, and whether it is pushed off the screen.
    public internal(set) var slideOver: WindowID?
    public internal(set) var slideOverHidden = false
    /// A window centred on top (a prominent one, a dialog).
    public internal(set) var centred: WindowID?

    /// The windows on the screen, front first.
    public var visible: [WindowID] {
        var out: [WindowID] = []
        if let c = centred { out.append(c) }
        if let s = slideOver, !slideOverHidden { out.append(s) }
        return out + arrangement.windows.filter { !out.contains($0) }
    }
}

/// A space of windows: Windowed Apps has one, their stacking back to front; Stage Manager's stages
/// are to be more of them.
public struct WindowSpace: Hashable, Sendable, Codable {
    /// The space's windows, back to front (minimized ones too, where they were).
    public internal(set) var stacking: [WindowID] = []
}

/// The window manager: every window's place in each multitasking mode, which one is in front and
/// which takes input. A value, changed only by its named operations — open, close, focus, show,
/// move, resize, tile, minimize, full screen, Split View and Slide Over, the mode — each a pure
/// function of the value before and its arguments; the screen's layout is computed from it
/// (`layout()`), and the shell's views show that. The shell saves it to bring windows back after
/// a restart.
///
/// What always holds (checked by the tests after every operation): a window on the screen is one
/// the manager has; one window is focused whenever any is on the screen, and it is on the screen;
/// no window of Windowed Apps is off the screen; every floating or tiled frame of Windowed Apps
/// keeps to its window's size limits.
public struct WindowManager: Hashable, Sendable, Codable {
    /// The mode the screen shows now.
    public internal(set) var mode: MultitaskingMode
    /// The screen, in points.
    public internal(set) var screen: Size
    /// What the system's chrome keeps of the screen's edges from windows (the shell's status bar at
    /// the top, its home indicator at the bottom): windows tile and stay below `chrome.top`, and
    /// Slide Over keeps clear of both. `restored(from:)` keeps the live manager's.
    public internal(set) var chrome: EdgeInsets = .zero
    /// Every window, by identifier.
    public internal(set) var windows: [WindowID: ManagedWindow] = [:]
    /// What Full-Screen Apps shows.
    public internal(set) var fullScreen = FullScreenState()
    /// Windowed Apps' spaces (one today) and the one shown.
    public internal(set) var spaces: [WindowSpace] = [WindowSpace()]
    public internal(set) var activeSpace = 0
    /// The window that takes input.
    public internal(set) var focused: WindowID?
    /// Windows, most recently focused first.
    public internal(set) var recency: [WindowID] = []
    /// Where each app's last window was in Windowed Apps (by app identifier): its next opens there.
    public internal(set) var lastPlacements: [String: WindowedPlacement] = [:]

    /// No windows, on a screen of `screen` points whose edges `chrome` keeps, in `mode`.
    public init(screen: Size, chrome: EdgeInsets, mode: MultitaskingMode = .fullScreen) {
        self.screen = screen
        self.chrome = chrome
        self.mode = mode
    }

    /// A manager as saved; one saved before the chrome was (Slate 0.x's `arrangement.json`) reads
    /// with none, which `restored(from:)` does not take.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        mode = try values.decode(MultitaskingMode.self, forKey: .mode)
        screen = try values.decode(Size.self, forKey: .screen)
        chrome = try values.decodeIfPresent(EdgeInsets.self, forKey: .chrome) ?? .zero
        windows = try values.decode([WindowID: ManagedWindow].self, forKey: .windows)
        fullScreen = try values.decode(FullScreenState.self, forKey: .fullScreen)
        spaces = try values.decode([WindowSpace].self, forKey: .spaces)
        activeSpace = try values.decode(Int.self, forKey: .activeSpace)
        focused = try values.decodeIfPresent(WindowID.self, forKey: .focused)
        recency = try values.decode([WindowID].self, forKey: .recency)
        lastPlacements = try values.decode([String: WindowedPlacement].self, forKey: .lastPlacements)
    }

    // MARK: What is where

    /// The windows of the shown space, back to front (Windowed Apps' stacking).
    public var stacking: [WindowID] { spaces[activeSpace].stacking }

    /// The windows on the screen, front first.
    public var visibleWindows: [WindowID] {
        switch mode {
        case .fullScreen: fullScreen.visible
        case .windowed: stacking.reversed().filter { windows[$0]?.windowed.isMinimized == false }
        }
    }

    /// Whether window `id` is on the screen.
    public func isVisible(_ id: WindowID) -> Bool { visibleWindows.contains(id) }

    /// The part of the screen where windows tile and stay: below the chrome's top (the status bar).
    public var windowArea: Rect {
        Rect(0, chrome.top, screen.width, max(0, screen.height - chrome.top))
    }

    /// Where window `id` is in Windowed Apps (its tile, full screen, or where it floats), whether
    /// shown or not.
    public func windowedFrame(of id: WindowID) -> Rect? {
        guard let w = windows[id] else { return nil }
        let p = w.windowed
        if p.isFullScreen { return fullScreenFrame(limits: w.limits) }
        if let t = p.tile { return tileFrame(t, limits: w.limits) }
        return p.frame
    }

    /// Where window `id` would be if it took `tile` (Windowed Apps).
    public func frame(of id: WindowID, tiled tile: Tile) -> Rect? {
        guard let w = windows[id] else { return nil }
        return tileFrame(tile, limits: w.limits)
    }

    // MARK: Opening and closing

    /// Opens window `id` of `app` where `opening` says, in front, taking input. A window the manager
    /// has already is shown instead.
    public mutating func open(
        _ id: WindowID, app: String, auxiliary: Bool = false, limits: SizeLimits = .none,
        at opening: WindowOpening = .automatic
    ) {
        guard windows[id] == nil else {
            if case .side(let side) = opening { showSplit(id, on: side) } else { show(id) }
            return
        }
        let effective = Self.effectiveLimits(limits)
        var placement = WindowedPlacement(
            frame: kept(defaultFrame(limits: effective), limits: effective), tile: nil, isFullScreen: false,
            isMinimized: mode != .windowed)
        if mode == .windowed {
            placement = windowedPlacement(app: app, limits: effective, opening: opening, base: placement)
        } else if let last = lastPlacements[app] {
            // Its place for when the screen turns to Windowed Apps.
            placement.frame = kept(last.frame, limits: effective)
            placement.tile = last.tile
            placement.isFullScreen = last.isFullScreen
        } else {
            placement.isFullScreen = true
        }
        windows[id] = ManagedWindow(app: app, isAuxiliary: auxiliary, limits: effective, windowed: placement)
        spaces[activeSpace].stacking.append(id)
        if mode == .fullScreen {
            switch opening {
            case .side(let side):
                fullScreen.arrangement = SpaceLayout.arrangement(fullScreen.arrangement, dropping: id, on: side)
            case .centred:
                fullScreen.centred = id
            case .beside(let other) where fullScreen.arrangement.windows.contains(other):
                fullScreen.arrangement = SpaceLayout.arrangement(.fullScreen(other), dropping: id, on: .right)
            default:
                fullScreen.arrangement = .fullScreen(id)
            }
        }
        focus(id)
    }

    /// Closes window `id`: it leaves every place, and the window behind it takes input. Its place in
    /// Windowed Apps is where its app's next window opens.
    public mutating func close(_ id: WindowID) {
        guard let w = windows[id] else { return }
        var last = w.windowed
        last.isMinimized = false
        lastPlacements[w.app] = last
        leaveFullScreenState(id)
        for i in spaces.indices { spaces[i].stacking.removeAll { $0 == id } }
        recency.removeAll { $0 == id }
        windows[id] = nil
        settleFocus()
    }

    // MARK: Focus and showing

    /// Gives window `id` input focus, if it is on the screen; in Windowed Apps it comes to the front.
    public mutating func focus(_ id: WindowID) {
        guard windows[id] != nil, isVisible(id) else { return }
        focused = id
        recency.removeAll { $0 == id }
        recency.insert(id, at: 0)
        if mode == .windowed { bringToFront(id) }
    }

    /// Brings window `id` to the screen and gives it input: in Full-Screen Apps full screen unless
    /// it is on the screen already (a hidden Slide Over window slides back); in Windowed Apps out of
    /// the Dock, in front.
    public mutating func show(_ id: WindowID) {
        guard windows[id] != nil else { return }
        switch mode {
        case .fullScreen:
            if fullScreen.slideOver == id {
                fullScreen.slideOverHidden = false
            } else if !fullScreen.visible.contains(id) {
                leaveFloating(id)
                fullScreen.arrangement = .fullScreen(id)
            }
        case .windowed:
            windows[id]?.windowed.isMinimized = false
            bringToFront(id)
        }
        focus(id)
    }

    /// Back to the Home screen: in Full-Screen Apps nothing stays on the screen (a Slide Over
    /// window is pushed off it); in Windowed Apps every window goes into the Dock.
    public mutating func goHome() {
        switch mode {
        case .fullScreen:
            fullScreen.arrangement = .empty
            fullScreen.centred = nil
            if fullScreen.slideOver != nil { fullScreen.slideOverHidden = true }
        case .windowed:
            for id in visibleWindows { windows[id]?.windowed.isMinimized = true }
        }
        focused = nil
    }

    /// Takes window `id` off the screen, keeping it (minimized into its app's icon in Windowed
    /// Apps); the window behind it takes input.
    public mutating func minimize(_ id: WindowID) {
        guard windows[id] != nil else { return }
        switch mode {
        case .fullScreen: leaveFullScreenState(id)
        case .windowed: windows[id]?.windowed.isMinimized = true
        }
        settleFocus()
    }

    /// Takes window `id` off the screen and out of the recently used (its app quit): it comes back
    /// when it is shown again.
    public mutating func hide(_ id: WindowID) {
        minimize(id)
        recency.removeAll { $0 == id }
    }

    // MARK: The mode and the screen

    /// Changes the mode. Each mode keeps its own arrangement; what was on the screen comes along:
    /// into Windowed Apps the windows shown in Full-Screen Apps come to the front (out of the Dock);
    /// into Full-Screen Apps the front window is full screen, unless it is on that screen already.
    public mutating func setMode(_ new: MultitaskingMode) {
        guard new != mode else { return }
        let shown = visibleWindows
        let front = focused.flatMap { shown.contains($0) ? $0 : nil } ?? shown.first
        switch new {
        case .windowed:
            for id in shown.reversed() {
                windows[id]?.windowed.isMinimized = false
                bringToFront(id)
            }
        case .fullScreen:
            if let front {
                if !fullScreen.visible.contains(front) {
                    leaveFloating(front)
                    fullScreen.arrangement = .fullScreen(front)
                }
            } else {
                fullScreen.arrangement = .empty
                fullScreen.centred = nil
                if fullScreen.slideOver != nil { fullScreen.slideOverHidden = true }
            }
        }
        mode = new
        focused = nil
        if let front, isVisible(front) { focus(front) } else { settleFocus() }
    }

    /// The screen changed size (another device, a rotation): windows stay on it, within their limits.
    /// With `chrome`, the system's chrome changed too (a manager read back from a file has none
    /// until the shell gives it its own).
    public mutating func setScreen(_ size: Size, chrome: EdgeInsets? = nil) {
        let chrome = chrome ?? self.chrome
        guard size != screen || chrome != self.chrome else { return }
        screen = size
        self.chrome = chrome
        for (id, w) in windows {
            let r = kept(w.windowed.frame, limits: w.limits)
            windows[id]?.windowed.frame = r
        }
        for (app, p) in lastPlacements {
            let r = kept(p.frame, limits: .none)
            lastPlacements[app]?.frame = r
        }
    }

    /// Window `id`'s program changed its size limits: it keeps to them from now on.
    public mutating func setLimits(_ id: WindowID, _ limits: SizeLimits) {
        guard let w = windows[id] else { return }
        let effective = Self.effectiveLimits(limits)
        guard effective != w.limits else { return }
        let r = kept(w.windowed.frame, limits: effective)
        windows[id]?.limits = effective
        windows[id]?.windowed.frame = r
    }

    // MARK: Restoration

    /// This manager with the places `saved` had for the windows both know — each mode's arrangement,
    /// each window's frame, tile and stacking, the focus, the mode — on this screen. Windows only
    /// this one has (opened since) stay, behind; windows only `saved` has are left out.
    public func restored(from saved: WindowManager) -> WindowManager {
        var out = self
        out.mode = saved.mode
        for (id, w) in saved.windows where out.windows[id] != nil {
            let limits = out.windows[id]!.limits
            var p = w.windowed
            p.frame = out.kept(p.frame, limits: limits)
            out.windows[id]?.windowed = p
        }
        let ids = Set(out.windows.keys)
        let present = { (id: WindowID) in ids.contains(id) }
        let main = saved.fullScreen.arrangement.windows.filter(present)
        switch (saved.fullScreen.arrangement, main.count) {
        case (.split(_, _, let f), 2): out.fullScreen.arrangement = .split(left: main[0], right: main[1], fraction: f)
        case (_, 1): out.fullScreen.arrangement = .fullScreen(main[0])
        default: out.fullScreen.arrangement = .empty
        }
        out.fullScreen.slideOver = saved.fullScreen.slideOver.flatMap { present($0) ? $0 : nil }
        out.fullScreen.slideOverHidden = out.fullScreen.slideOver != nil && saved.fullScreen.slideOverHidden
        out.fullScreen.centred = saved.fullScreen.centred.flatMap { present($0) ? $0 : nil }
        let known = saved.stacking.filter(present)
        out.spaces = [WindowSpace(stacking: out.stacking.filter { !known.contains($0) } + known)]
        out.activeSpace = 0
        out.recency = saved.recency.filter(present) + out.recency.filter { !saved.recency.contains($0) }
        out.lastPlacements = saved.lastPlacements.merging(out.lastPlacements) { _, now in now }
        out.focused = nil
        if let f = saved.focused, out.isVisible(f) { out.focus(f) } else { out.settleFocus() }
        return out
    }
}
