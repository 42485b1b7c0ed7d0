import Graphics
import SystemUI
import UI

/// The Home screen: the apps' icons in a grid over the wallpaper.
@MainActor public final class HomeScreenView: PassthroughView {
    public private(set) var icons: [AppIconView] = []

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        localizedAccessibilityLabel = ShellStrings.homeScreen
        isAccessibilityElement = false
    }

    public func setIcons(_ new: [AppIconView]) {
        for i in icons { i.removeFromSuperview() }
        icons = new
        for i in new { addSubview(i) }
        setNeedsLayout()
    }

    public override func layoutSubviews() {
        let s = ShellMetrics.homeIconSize
        let cols = ShellMetrics.homeColumns
        let cellW = min(150, (bounds.width - 160) / Double(cols))
        let cellH = s + 44
        let x0 = (bounds.width - cellW * Double(cols)) / 2
        for (i, icon) in icons.enumerated() {
            let col = i % cols
            let row = i / cols
            icon.frame = Rect(x0 + Double(col) * cellW + (cellW - s) / 2, 72 + Double(row) * cellH, s, s + 22)
        }
    }
}
