import Foundation
import Graphics

/// `slate run --frame-times`: a small live graph of the last frames' times, drawn by the host over
/// the screen's top-right corner after each frame, so that a slow frame shows as it happens. Each
/// bar is one frame (from the frame's start to its pixels being ready to present); the lines mark
/// 8.3 ms (120 Hz) and 16.7 ms (60 Hz). When nothing changes, no frame is drawn and the graph rests.
public struct FrameTimesGraph: Sendable {
    /// Where the graph sits, in points (Slate: clear of the status bar's clock and battery).
    static let frame = Rect(0, 30, 188, 64)
    /// Its distance from the screen's right edge (Slate).
    static let rightMargin = 10.0
    /// Frames shown, newest on the right (Slate: 2 pt a bar).
    static let count = 80
    /// The time at the top of the graph (Slate: two 60 Hz frames).
    static let ceiling = 33.3
    /// The budgets drawn as lines: a frame at 120 Hz (ProMotion) and at 60 Hz.
    static let budgets = [1000.0 / 120, 1000.0 / 60]
    /// Colours: within 120 Hz, within 60 Hz, over (the system's green, yellow and red).
    static let fast = Color(light: RGBA(hex: 0x34C759), dark: RGBA(hex: 0x30D158))
    static let slow = Color(light: RGBA(hex: 0xFFCC00), dark: RGBA(hex: 0xFFD60A))
    static let late = Color(light: RGBA(hex: 0xFF3B30), dark: RGBA(hex: 0xFF453A))
    /// The graph's dark glass (opaque, so that each drawing covers the last).
    static let background = Color(light: RGBA(0.1, 0.1, 0.12, 1), dark: RGBA(0.1, 0.1, 0.12, 1))

    /// The frames' times in milliseconds, oldest first.
    public private(set) var times: [Double] = []

    /// An empty graph.
    public init() {}

    /// Adds a frame's time (milliseconds), forgetting the oldest beyond `count`.
    public mutating func record(_ ms: Double) {
        times.append(ms)
        if times.count > Self.count { times.removeFirst(times.count - Self.count) }
    }

    /// The graph's rectangle on a screen `width` points wide.
    public static func rect(screenWidth width: Double) -> Rect {
        Rect(width - frame.width - rightMargin, frame.minY, frame.width, frame.height)
    }

    /// Draws the graph in `r` (points).
    public func draw(in canvas: any Canvas, at r: Rect) {
        canvas.fill(Path.roundedRect(r, radius: 8), with: Self.background)
        let plot = r.insetBy(dx: 6, dy: 16).offsetBy(dx: 0, dy: 6)
        let bar = plot.width / Double(Self.count)
        func y(_ ms: Double) -> Double { plot.maxY - plot.height * min(ms, Self.ceiling) / Self.ceiling }
        for (i, ms) in times.enumerated() {
            let x = plot.maxX - Double(times.count - i) * bar
            let color = ms <= Self.budgets[0] ? Self.fast : ms <= Self.budgets[1] ? Self.slow : Self.late
            let top = y(ms)
            canvas.fill(Rect(x, top, max(1, bar - 0.5), max(0.5, plot.maxY - top)), with: color)
        }
        for b in Self.budgets {
            canvas.fill(Rect(plot.minX, y(b), plot.width, 0.5), with: Color.white.withAlpha(0.5))
        }
        let last = times.last ?? 0
        let worst = times.max() ?? 0
        let text = String(format: "frame %.1f ms · worst %.1f", last, worst)
        canvas.drawText(
            TextLayout(text, font: Font(size: 10, weight: .semibold), color: .white), at: Point(r.minX + 7, r.minY + 3))
    }
}
