import Graphics

/// How a window looks where it is.
public enum WindowStyle: Sendable, Hashable {
    /// Filling the screen: square corners, no shadow.
    case fullScreen
    /// One side of Split View: rounded corners, no shadow.
    case tiled
    /// Over the others in Full-Screen Apps (Slide Over, centred): rounded, with a shadow.
    case floating
    /// A window of Windowed Apps: iPadOS 26's larger rounded corners, a shadow, and its top band.
    case window
}

/// The controls a window shows.
public enum WindowChrome: Sendable, Hashable {
    /// Full-Screen Apps' multitasking control, three dots at the top centre.
    case multitaskingControl
    /// Windowed Apps' window controls at the top left and the grab handle at the bottom right.
    case windowControls
    /// None: only the program's content, as the conformance suite's test mode places a program's
    /// window (`ProgramsController+PlacedWindows.swift`), where anything of the shell's would take its input.
    case none
}

/// One window on the screen: where, how it looks and which controls it has.
public struct WindowPlacement: Hashable, Sendable {
    public var id: WindowID
    public var frame: Rect
    public var style: WindowStyle
    public var chrome: WindowChrome

    public init(id: WindowID, frame: Rect, style: WindowStyle, chrome: WindowChrome) {
        self.id = id
        self.frame = frame
        self.style = style
        self.chrome = chrome
    }
}

/// The screen as the window manager lays it out for its mode: the windows back to front, and
/// Split View's divider.
public struct WindowLayout: Hashable, Sendable {
    /// The windows on the screen (and a Slide Over window pushed off it), back to front.
    public var windows: [WindowPlacement] = []
    /// The Split View divider, when two windows share the screen.
    public var divider: Rect?
    /// Whether the tab that brings a hidden Slide Over window back shows at the screen's edge.
    public var showsSlideOverTab = false

    /// Window `id`'s place, if it is laid out.
    public func placement(of id: WindowID) -> WindowPlacement? { windows.first { $0.id == id } }
}

extension WindowManager {
    /// The screen's layout now.
    public func layout() -> WindowLayout {
        switch mode {
        case .fullScreen: fullScreenLayout()
        case .windowed: windowedLayout()
        }
    }

    private func fullScreenLayout() -> WindowLayout {
        var out = WindowLayout()
        let s = fullScreen
        let (frames, divider) = SpaceLayout.frames(s.arrangement, screen: screen)
        let style: WindowStyle = frames.count > 1 ? .tiled : .fullScreen
        for (id, r) in frames {
            out.windows.append(WindowPlacement(id: id, frame: r, style: style, chrome: .multitaskingControl))
        }
        out.divider = divider
        if let c = s.centred {
            out.windows.append(
                WindowPlacement(
                    id: c, frame: SpaceLayout.centredFrame(screen: screen), style: .floating,
                    chrome: .multitaskingControl))
        }
        if let o = s.slideOver {
            out.windows.append(
                WindowPlacement(
                    id: o, frame: SpaceLayout.slideOverFrame(screen: screen, chrome: chrome, hidden: s.slideOverHidden),
                    style: .floating, chrome: .multitaskingControl))
            out.showsSlideOverTab = s.slideOverHidden
        }
        return out
    }

    private func windowedLayout() -> WindowLayout {
        var out = WindowLayout()
        for id in stacking {
            guard let w = windows[id], !w.windowed.isMinimized, let r = windowedFrame(of: id) else { continue }
            let full = w.windowed.isFullScreen && r == Rect(size: screen)
            out.windows.append(
                WindowPlacement(id: id, frame: r, style: full ? .fullScreen : .window, chrome: .windowControls))
        }
        return out
    }
}
