import Graphics
import UI

/// The Dock: a floating translucent shelf of app icons at the bottom of the screen.
@MainActor public final class DockView: View {
    public private(set) var icons: [AppIconView] = []

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = Color(light: RGBA(1, 1, 1, 0.42), dark: RGBA(0.16, 0.16, 0.17, 0.62))
        cornerRadius = ShellMetrics.dockCornerRadius
        border = (Color(light: RGBA(1, 1, 1, 0.35), dark: RGBA(1, 1, 1, 0.12)), 0.5)
        accessibilityLabel = ShellStrings.dock.text
        accessibilityTraits = .window
        isAccessibilityElement = false
    }

    public func setIcons(_ new: [AppIconView]) {
        for i in icons { i.removeFromSuperview() }
        icons = new
        for i in new { addSubview(i) }
        setNeedsLayout()
    }

    /// The width the Dock needs for its icons.
    public var preferredWidth: Double {
        let n = Double(max(icons.count, 1))
        return n * ShellMetrics.dockIconSize + (n + 1) * ShellMetrics.dockSpacing
    }

    public override func layoutSubviews() {
        let s = ShellMetrics.dockIconSize
        for (i, icon) in icons.enumerated() {
            icon.frame = Rect(
                ShellMetrics.dockSpacing + Double(i) * (s + ShellMetrics.dockSpacing), (bounds.height - s) / 2, s, s)
        }
    }
}
