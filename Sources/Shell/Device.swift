import Graphics
import SystemUI

/// An iPad the shell pretends to be: its screen in points and its safe areas.
public struct Device: Hashable, Sendable {
    public enum Model: String, Sendable, CaseIterable {
        /// iPad Pro 12.9": 1024 × 1366 pt (2048 × 2732 px at 2×).
        case iPadPro129 = "ipad-pro-12.9"
        /// iPad Pro 11": 834 × 1194 pt (1668 × 2388 px at 2×).
        case iPadPro11 = "ipad-pro-11"

        /// The screen in portrait, in points (Apple's iPad display specifications).
        var portraitSize: Size {
            switch self {
            case .iPadPro129: Size(1024, 1366)
            case .iPadPro11: Size(834, 1194)
            }
        }

        public var displayName: String {
            switch self {
            case .iPadPro129: "iPad Pro 12.9\""
            case .iPadPro11: "iPad Pro 11\""
            }
        }
    }

    public var model: Model
    public var landscape: Bool
    /// A real screen's size in points (`slate session`: the panel at its scale), in place of the
    /// model's; nil for the model's.
    public var screenSize: Size?

    public init(_ model: Model = .iPadPro129, landscape: Bool = true) {
        self.model = model
        self.landscape = landscape
    }

    /// The model's safe areas and behaviour on a real screen of `screenSize` points (landscape when
    /// it is wider than tall).
    public init(_ model: Model, screenSize: Size) {
        self.init(model, landscape: screenSize.width >= screenSize.height)
        self.screenSize = screenSize
    }

    /// The screen size in points for the orientation.
    public var size: Size {
        if let screenSize { return screenSize }
        let p = model.portraitSize
        return landscape ? Size(p.height, p.width) : p
    }

    /// Safe-area insets of an iPad with Face ID: the status bar (24 pt) and the home indicator (20 pt).
    public var safeAreaInsets: EdgeInsets {
        EdgeInsets(top: ShellMetrics.statusBarHeight, bottom: ShellMetrics.homeIndicatorArea)
    }

    /// The same device turned a quarter: portrait for landscape and back (a real screen's size swapped).
    public var turned: Device {
        var d = self
        d.landscape.toggle()
        if let s = screenSize { d.screenSize = Size(s.height, s.width) }
        return d
    }

    /// Parses `ipad-pro-12.9`, `ipad-pro-11`, optionally followed by `portrait` or `landscape`.
    public init?(parsing name: String, orientation: String? = nil) {
        guard let m = Model(rawValue: name) else { return nil }
        switch orientation {
        case nil, "landscape": self.init(m, landscape: true)
        case "portrait": self.init(m, landscape: false)
        default: return nil
        }
    }
}
