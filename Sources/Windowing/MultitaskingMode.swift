import Graphics
import Scenes

/// How the screen arranges windows: iPadOS 26's choice in Settings › Multitasking & Gestures.
///
/// Each mode is a layout of one `WindowManager`: switching keeps every window, and each mode keeps
/// its own arrangement for when it comes back. Stage Manager, iPadOS's third mode, is to come as
/// a third layout of the same model: its stages are the manager's `spaces`.
public enum MultitaskingMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// One app full screen at a time, two side by side in Split View, one in Slide Over (iPadOS
    /// 13–18, and 26's "Full-Screen Apps").
    case fullScreen = "full-screen"
    /// Windows resized by their corner handle, moved by their top, overlapping, with window controls
    /// and tiling (iPadOS 26's "Windowed Apps").
    case windowed
}

/// A side of the screen.
public enum EdgeSide: String, Hashable, Sendable, Codable {
    case left, right
}

/// Where a window is asked to open.
public enum WindowOpening: Hashable, Sendable {
    /// Where the mode opens windows: full screen, or (Windowed Apps) at its app's last size and place.
    case automatic
    /// Beside the window that asked for it: Split View with it (Windowed Apps: next to it).
    case beside(WindowID)
    /// Dropped on a side of the screen: that side of Split View (Windowed Apps: that half).
    case side(EdgeSide)
    /// Centred on top (a prominent window, a dialog).
    case centred
    /// Dropped at a point of the screen (Windowed Apps: a window there; else full screen).
    case at(Point)
}

/// A corner of a window.
public enum WindowCorner: String, Hashable, Sendable, Codable, CaseIterable {
    case topLeft, topRight, bottomLeft, bottomRight
}

/// The size a window may take, in points of its frame: the program's `xdg_toplevel` minimum and
/// maximum (plus the window's top bar) or the system's smallest window. A maximum of 0 in either
/// direction is no maximum, as in xdg-shell.
public struct SizeLimits: Hashable, Sendable, Codable {
    public var minimum: Size
    public var maximum: Size

    /// Limits from `minimum` up to `maximum` (0: none).
    public init(minimum: Size = .zero, maximum: Size = .zero) {
        // Whole points, as xdg-shell's are (a window's frame is on whole points).
        self.minimum = Size(max(0, minimum.width.rounded(.up)), max(0, minimum.height.rounded(.up)))
        let maximum = Size(max(0, maximum.width.rounded(.down)), max(0, maximum.height.rounded(.down)))
        // A maximum below the minimum is the minimum (xdg-shell calls it a client error).
        self.maximum = Size(
            maximum.width > 0 ? max(maximum.width, self.minimum.width) : 0,
            maximum.height > 0 ? max(maximum.height, self.minimum.height) : 0)
    }

    /// No limits.
    public static let none = SizeLimits()

    /// `size` within the limits.
    public func clamp(_ size: Size) -> Size {
        var w = max(size.width, minimum.width)
        var h = max(size.height, minimum.height)
        if maximum.width > 0 { w = min(w, maximum.width) }
        if maximum.height > 0 { h = min(h, maximum.height) }
        return Size(w, h)
    }

    /// Whether `size` is within the limits (to a hundredth of a point).
    public func allows(_ size: Size) -> Bool {
        let c = clamp(size)
        return abs(c.width - size.width) < 0.01 && abs(c.height - size.height) < 0.01
    }

    /// The limits of both: the larger minimum, the smaller maximum.
    public func combined(with other: SizeLimits) -> SizeLimits {
        func least(_ a: Double, _ b: Double) -> Double { a == 0 ? b : b == 0 ? a : min(a, b) }
        return SizeLimits(
            minimum: Size(max(minimum.width, other.minimum.width), max(minimum.height, other.minimum.height)),
            maximum: Size(least(maximum.width, other.maximum.width), least(maximum.height, other.maximum.height)))
    }
}

extension MultitaskingMode {
    /// The mode `setting` chooses; nil for the mode last used.
    public init?(_ setting: MultitaskingSetting) { self.init(rawValue: setting.rawValue) }
}
