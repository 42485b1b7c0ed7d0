import Graphics

/// A window's identifier: its scene session's persistent identifier.
public typealias WindowID = String

/// Where a window goes in Windowed Apps.
public struct WindowedPlacement: Hashable, Sendable, Codable {
    /// Where it floats — and what it comes back to from a tile or full screen.
    public fileprivate(set) var frame: Rect
    /// The tile it fills, if tiled.
    public fileprivate(set) var tile: Tile?
    /// Whether it fills the whole screen (its window controls' green button).
    public fileprivate(set) var isFullScreen: Bool
    /// Whether it is minimized into its app's icon in the Dock (or off the screen).
    public fileprivate(set) var isMinimized: Bool
}

/// One window as the window manager keeps it.
public struct ManagedWindow: Hashable, Sendable, Codable {
    /// The app the window belongs to (its identifier).
    public fileprivate(set) var app: String
    /// Whether it is an auxiliary window (the others are primary).
    public fileprivate(set) var isAuxiliary: Bool
    /// The sizes its frame may take: its program's limits with the system's smallest window.
    public fileprivate(set) var limits: SizeLimits
    /// Where it goes in Windowed Apps.
    public fileprivate(set) var windowed: WindowedPlacement
}

/// What Full-Screen Apps shows: the main screen's arrangement, Slide Over and a centred window.
public struct FullScreenState: Hashable, Sendable, Codable {
    /// One window full screen, two in Split View, or none (the Home screen).
    public fileprivate(set) var arrangement: Arrangement<WindowID> = .empty
    /// The Slide Over window, and whether it is pushed off the screen.
    public fileprivate(set) var slideOver: WindowID?
    public fileprivate(set) var slideOverHidden = false
    /// A window centred on top (a prominent one, a dialog).
    public fileprivate(set) var centred: WindowID?

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
    public fileprivate(set) var stacking: [WindowID] = []
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
    public private(set) var mode: MultitaskingMode
    /// The screen, in points.
    public private(set) var screen: Size
    /// What the system's chrome keeps of the screen's edges from windows (the shell's status bar at
    /// the top, its home indicator at the bottom): windows tile and stay below `chrome.top`, and
    /// Slide Over keeps clear of both. `restored(from:)` keeps the live manager's.
    public private(set) var chrome: EdgeInsets = .zero
    /// Every window, by identifier.
    public private(set) var windows: [WindowID: ManagedWindow] = [:]
    /// What Full-Screen Apps shows.
    public private(set) var fullScreen = FullScreenState()
    /// Windowed Apps' spaces (one today) and the one shown.
    public private(set) var spaces: [WindowSpace] = [WindowSpace()]
    public private(set) var activeSpace = 0
    /// The window that takes input.
    public private(set) var focused: WindowID?
    /// Windows, most recently focused first.
    public private(set) var recency: [WindowID] = []
    /// Where each app's last window was in Windowed Apps (by app identifier): its next opens there.
    public private(set) var lastPlacements: [String: WindowedPlacement] = [:]

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

    // MARK: Full-Screen Apps

    /// Window `id` full screen (Windowed Apps: its full screen, over the others).
    public mutating func showFullScreen(_ id: WindowID) {
        guard windows[id] != nil else { return }
        switch mode {
        case .fullScreen:
            leaveFloating(id)
            fullScreen.arrangement = .fullScreen(id)
        case .windowed:
            windows[id]?.windowed.isFullScreen = true
            windows[id]?.windowed.isMinimized = false
        }
        show(id)
    }

    /// Window `id` in Split View beside what is on the screen, on `side` (Windowed Apps: that half).
    public mutating func showSplit(_ id: WindowID, on side: EdgeSide) {
        guard windows[id] != nil else { return }
        switch mode {
        case .fullScreen:
            leaveFloating(id)
            fullScreen.arrangement = SpaceLayout.arrangement(fullScreen.arrangement, dropping: id, on: side)
            focus(id)
        case .windowed:
            tile(id, side == .left ? .leftHalf : .rightHalf)
        }
    }

    /// Window `id` in Slide Over, on the screen (Windowed Apps: floating where Slide Over would be).
    public mutating func showSlideOver(_ id: WindowID) {
        guard let w = windows[id] else { return }
        switch mode {
        case .fullScreen:
            leaveArrangement(id)
            if fullScreen.centred == id { fullScreen.centred = nil }
            fullScreen.slideOver = id
            fullScreen.slideOverHidden = false
            focus(id)
        case .windowed:
            let r = SpaceLayout.slideOverFrame(screen: screen, chrome: chrome)
            float(id, at: r, limits: w.limits)
            show(id)
        }
    }

    /// Window `id` centred on top (Full-Screen Apps; Windowed Apps: floating in the middle).
    public mutating func showCentred(_ id: WindowID) {
        guard let w = windows[id] else { return }
        switch mode {
        case .fullScreen:
            leaveArrangement(id)
            if fullScreen.slideOver == id { fullScreen.slideOver = nil }
            fullScreen.centred = id
        case .windowed:
            float(id, at: SpaceLayout.centredFrame(screen: screen), limits: w.limits)
        }
        show(id)
    }

    /// Pushes the Slide Over window off the screen, or brings it back (it takes input then; the
    /// main screen's window when it leaves).
    public mutating func setSlideOverHidden(_ hidden: Bool) {
        guard let s = fullScreen.slideOver, fullScreen.slideOverHidden != hidden else { return }
        fullScreen.slideOverHidden = hidden
        guard mode == .fullScreen else { return }
        if hidden {
            if focused == s {
                focused = nil
                if let next = fullScreen.arrangement.windows.first { focus(next) } else { settleFocus() }
            }
        } else {
            focus(s)
        }
    }

    /// The Split View divider held at `fraction` of the screen's width (while a finger drags it).
    public mutating func setSplitFraction(_ fraction: Double) {
        guard case .split(let l, let r, _) = fullScreen.arrangement else { return }
        let f = min(max(fraction, 0), 1)
        fullScreen.arrangement = .split(left: l, right: r, fraction: f)
    }

    /// The divider let go at `x` points: it rests at the nearest Split View width, or closes the side
    /// it was pushed into (that window leaves the screen; the other takes input if it had it).
    public mutating func releaseDivider(at x: Double) {
        guard case .split(let l, let r, _) = fullScreen.arrangement else { return }
        switch SpaceLayout.snap(dividerAt: x, width: screen.width) {
        case .fraction(let f): fullScreen.arrangement = .split(left: l, right: r, fraction: f)
        case .closeLeft:
            fullScreen.arrangement = .fullScreen(r)
            if focused == l { focus(r) }
        case .closeRight:
            fullScreen.arrangement = .fullScreen(l)
            if focused == r { focus(l) }
        }
        settleFocus()
    }

    // MARK: Windowed Apps

    /// Moves window `id` so that its frame starts at `origin` (Windowed Apps). A tiled or full-screen
    /// window floats again at its own size. It stays on the screen, and comes to the front.
    public mutating func move(_ id: WindowID, to origin: Point) {
        guard mode == .windowed, let w = windows[id] else { return }
        let size = w.windowed.frame.size
        float(id, at: Rect(origin: origin, size: size), limits: w.limits)
        bringToFront(id)
        focus(id)
    }

    /// Resizes window `id` to `size` (Windowed Apps), keeping `anchor` — the corner opposite the one
    /// dragged — where it is. The size keeps to the window's limits, and the window grows no
    /// further past the screen's edges than it already reaches. A tiled or full-screen window
    /// floats at its new size.
    public mutating func resize(_ id: WindowID, to size: Size, keeping anchor: WindowCorner = .topLeft) {
        guard mode == .windowed, let w = windows[id], let whole = windowedFrame(of: id) else { return }
        let area = windowArea
        // A full-screen window resizes from the part below the status bar, where windows go.
        let shown = w.windowed.isFullScreen ? whole.intersection(area) : whole
        var s = w.limits.clamp(size)
        let left = anchor == .topLeft || anchor == .bottomLeft
        let top = anchor == .topLeft || anchor == .topRight
        // Growing toward an edge stops at it (or where the window already reached past it).
        if left {
            s.width = min(s.width, max(shown.width, max(area.maxX, shown.maxX) - shown.minX))
        } else {
            s.width = min(s.width, max(shown.width, shown.maxX - min(area.minX, shown.minX)))
        }
        if top {
            s.height = min(s.height, max(shown.height, max(area.maxY, shown.maxY) - shown.minY))
        } else {
            s.height = min(s.height, max(shown.height, shown.maxY - area.minY))
        }
        s = w.limits.clamp(s)
        let x = left ? shown.minX : shown.maxX - s.width
        let y = top ? shown.minY : shown.maxY - s.height
        float(id, at: Rect(x, y, s.width, s.height), limits: w.limits)
        bringToFront(id)
        focus(id)
    }

    /// Tiles window `id` (Windowed Apps), in front. In Full-Screen Apps a half or a third across is
    /// Split View on that side at that width, Fill is full screen; the other tiles have no place there.
    public mutating func tile(_ id: WindowID, _ tile: Tile) {
        guard windows[id] != nil else { return }
        switch mode {
        case .windowed:
            windows[id]?.windowed.tile = tile
            windows[id]?.windowed.isFullScreen = false
            windows[id]?.windowed.isMinimized = false
            show(id)
        case .fullScreen:
            if tile == .fill {
                showFullScreen(id)
            } else if let split = tile.split {
                showSplit(id, on: split.side)
                setSplitFraction(split.fraction)
            }
        }
    }

    /// Window `id` out of its tile and full screen (Windowed Apps): where it last floated.
    public mutating func untile(_ id: WindowID) {
        guard mode == .windowed, let w = windows[id], w.windowed.tile != nil || w.windowed.isFullScreen else { return }
        windows[id]?.windowed.tile = nil
        windows[id]?.windowed.isFullScreen = false
        show(id)
    }

    /// Window `id` out of full screen (Windowed Apps): back to its tile or where it floated.
    public mutating func exitFullScreen(_ id: WindowID) {
        guard mode == .windowed, windows[id]?.windowed.isFullScreen == true else { return }
        windows[id]?.windowed.isFullScreen = false
        show(id)
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

    // MARK: Helpers

    /// Window `id` floating at `frame` (kept on the screen, within `limits`), out of the Dock.
    private mutating func float(_ id: WindowID, at frame: Rect, limits: SizeLimits) {
        let r = kept(frame, limits: limits)
        windows[id]?.windowed = WindowedPlacement(frame: r, tile: nil, isFullScreen: false, isMinimized: false)
    }

    /// The focused window stays one on the screen: when it is not (or there is none while windows
    /// are shown), the front window takes input.
    private mutating func settleFocus() {
        if let f = focused, isVisible(f) { return }
        focused = nil
        if let front = visibleWindows.first { focus(front) }
    }

    private mutating func bringToFront(_ id: WindowID) {
        guard let i = spaces[activeSpace].stacking.firstIndex(of: id) else { return }
        if i == spaces[activeSpace].stacking.count - 1 { return }
        spaces[activeSpace].stacking.remove(at: i)
        spaces[activeSpace].stacking.append(id)
    }

    /// Takes `id` out of Full-Screen Apps' main screen.
    private mutating func leaveArrangement(_ id: WindowID) {
        switch fullScreen.arrangement {
        case .fullScreen(let w) where w == id: fullScreen.arrangement = .empty
        case .split(let l, let r, _) where l == id: fullScreen.arrangement = .fullScreen(r)
        case .split(let l, let r, _) where r == id: fullScreen.arrangement = .fullScreen(l)
        default: break
        }
    }

    /// Takes `id` out of Slide Over and the centre.
    private mutating func leaveFloating(_ id: WindowID) {
        if fullScreen.slideOver == id {
            fullScreen.slideOver = nil
            fullScreen.slideOverHidden = false
        }
        if fullScreen.centred == id { fullScreen.centred = nil }
    }

    /// Takes `id` out of every place of Full-Screen Apps.
    private mutating func leaveFullScreenState(_ id: WindowID) {
        leaveArrangement(id)
        leaveFloating(id)
    }

    /// The system's smallest window with a program's own limits: a program whose largest size is
    /// smaller keeps to its own.
    static func effectiveLimits(_ limits: SizeLimits) -> SizeLimits {
        let system = WindowingMetrics.minimumSize
        func least(_ own: Double, _ ownMax: Double, _ sys: Double) -> Double {
            max(own, ownMax > 0 ? min(sys, ownMax) : sys)
        }
        return SizeLimits(
            minimum: Size(
                least(limits.minimum.width, limits.maximum.width, system.width),
                least(limits.minimum.height, limits.maximum.height, system.height)),
            maximum: limits.maximum)
    }

    /// Where a window opening in Windowed Apps goes.
    private func windowedPlacement(
        app: String, limits: SizeLimits, opening: WindowOpening, base: WindowedPlacement
    ) -> WindowedPlacement {
        var p = base
        p.isMinimized = false
        switch opening {
        case .side(let side):
            p.tile = side == .left ? .leftHalf : .rightHalf
        case .centred:
            p.frame = kept(SpaceLayout.centredFrame(screen: screen), limits: limits)
        case .beside(let other):
            if let r = windowedFrame(of: other), !(windows[other]?.windowed.isFullScreen ?? true) {
                p.frame = cascaded(Rect(origin: r.origin, size: p.frame.size), limits: limits)
            } else if let last = lastPlacements[app], last.tile == nil, !last.isFullScreen {
                p.frame = cascaded(last.frame, limits: limits)
            } else {
                p.isFullScreen = true
            }
        case .at(let point):
            let size = lastPlacements[app].map { $0.frame.size } ?? p.frame.size
            p.frame = kept(Rect(center: point, size: size), limits: limits)
        case .automatic:
            if let last = lastPlacements[app] {
                p.frame = cascaded(last.frame, limits: limits)
                p.tile = last.tile
                p.isFullScreen = last.isFullScreen
            } else {
                p.isFullScreen = true
            }
        }
        return p
    }

    /// `r`, moved down and right by the cascade while a window on the screen starts at its corner.
    private func cascaded(_ r: Rect, limits: SizeLimits) -> Rect {
        var out = kept(r, limits: limits)
        let taken = Set(visibleWindows.compactMap { windowedFrame(of: $0)?.origin })
        var steps = 0
        while taken.contains(out.origin) && steps < 12 {
            let d = WindowingMetrics.cascadeOffset
            let next = kept(out.offsetBy(dx: d, dy: d), limits: limits)
            if next.origin == out.origin { break }
            out = next
            steps += 1
        }
        return out
    }

    /// A window's frame when it has none of its own: a share of the area, centred.
    private func defaultFrame(limits: SizeLimits) -> Rect {
        let a = windowArea
        let s = Size(
            (a.width * WindowingMetrics.defaultShare.width).rounded(),
            (a.height * WindowingMetrics.defaultShare.height).rounded())
        return Rect(center: a.center, size: limits.clamp(s)).integral()
    }

    /// The whole screen — or, for a window that cannot be that large, its largest size, centred.
    private func fullScreenFrame(limits: SizeLimits) -> Rect {
        let whole = Rect(size: screen)
        let s = limits.clamp(screen)
        guard s != screen else { return whole }
        return kept(Rect(center: windowArea.center, size: s).integral(), limits: limits)
    }

    /// A tile's frame for a window with `limits`: the tile, or the window's own size pinned to the
    /// tile's corner when it cannot take the tile's.
    private func tileFrame(_ tile: Tile, limits: SizeLimits) -> Rect {
        let r = tile.frame(in: windowArea, gap: WindowingMetrics.tileGap)
        let s = limits.clamp(r.size)
        guard s != r.size else { return r }
        let x: Double
        let y: Double
        switch tile.anchor {
        case .topLeft: (x, y) = (r.minX, r.minY)
        case .topRight: (x, y) = (r.maxX - s.width, r.minY)
        case .bottomLeft: (x, y) = (r.minX, r.maxY - s.height)
        case .bottomRight: (x, y) = (r.maxX - s.width, r.maxY - s.height)
        }
        return kept(Rect(x, y, s.width, s.height), limits: limits)
    }

    /// `r` within `limits` and on the screen: no larger than the area (unless the limits say
    /// otherwise), its top below the status bar, and enough of it left on the screen to grab.
    func kept(_ r: Rect, limits: SizeLimits) -> Rect {
        let area = windowArea
        var s = limits.clamp(r.size)
        s.width = max(limits.minimum.width, min(s.width, area.width))
        s.height = max(limits.minimum.height, min(s.height, area.height))
        let keep = WindowingMetrics.keptOnScreen
        let x = min(max(r.minX, area.minX - s.width + keep), area.maxX - keep)
        let y = min(max(r.minY, area.minY), area.maxY - keep)
        return Rect(x.rounded(), y.rounded(), s.width.rounded(), s.height.rounded())
    }
}
