import Graphics
import SystemUI
import UI

/// The Dock: a floating translucent shelf of app icons at the bottom of the screen — the apps kept
/// there, then, after a thin divider, the ones used recently that are not kept there (as iPadOS).
@MainActor public final class DockView: View {
    /// The apps kept in the Dock, in the order shown.
    public private(set) var icons: [AppIconView] = []
    /// The folders kept in the Dock.
    public private(set) var folderIcons: [FolderIconView] = []
    /// The apps and folders kept in the Dock, in the order shown.
    public private(set) var keptPlaces: [any HomePlaceView] = []
    /// The recently used apps after the divider, most recent first.
    public private(set) var recentIcons: [AppIconView] = []
    private let divider = View()

    /// Whether it shows over an app (swiped up from the bottom edge) rather than over the wallpaper:
    /// its platter is then the thicker material iPadOS gives it there, with a soft shadow, so that
    /// it stands apart from a white window (the thin one over the wallpaper vanishes on one).
    public var isOverApp = false {
        didSet { if isOverApp != oldValue { applyMaterial() } }
    }

    /// The platter over the wallpaper, and over an app (Slate's figures, by eye against iPadOS 26).
    static let wallpaperMaterial = Color(light: RGBA(1, 1, 1, 0.42), dark: RGBA(0.16, 0.16, 0.17, 0.62))
    static let appMaterial = Color(light: RGBA(0.93, 0.93, 0.95, 0.92), dark: RGBA(0.17, 0.17, 0.19, 0.92))
    static let appShadow = View.Shadow(color: Color.black.withAlpha(0.16), blur: 18, offset: Point(0, 4))

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        applyMaterial()
        cornerRadius = ShellMetrics.dockCornerRadius
        border = (Color(light: RGBA(1, 1, 1, 0.35), dark: RGBA(1, 1, 1, 0.12)), 0.5)
        localizedAccessibilityLabel = ShellStrings.dock
        accessibilityTraits = .window
        isAccessibilityElement = false
        divider.backgroundColor = ShellMetrics.dockDividerColor
        divider.isHidden = true
        addSubview(divider)
    }

    private func applyMaterial() {
        backgroundColor = isOverApp ? Self.appMaterial : Self.wallpaperMaterial
        shadow = isOverApp ? Self.appShadow : nil
    }

    /// The kept apps' icons and folders' (in `order` by their places' keys; those it does not name
    /// after, apps first), and the recent ones after the divider (none: no divider).
    public func setIcons(
        _ new: [AppIconView], folders: [FolderIconView] = [], order: [String] = [], recent: [AppIconView] = []
    ) {
        for i in icons + recentIcons { i.removeFromSuperview() }
        for f in folderIcons { f.removeFromSuperview() }
        folderIcons = folders
        recentIcons = recent
        let places: [any HomePlaceView] = new + folders
        keptPlaces = places.enumerated().sorted { lhs, rhs in
            (order.firstIndex(of: lhs.element.placeKey) ?? order.count + lhs.offset)
                < (order.firstIndex(of: rhs.element.placeKey) ?? order.count + rhs.offset)
        }.map(\.element)
        icons = keptPlaces.compactMap { $0 as? AppIconView }
        for place in keptPlaces { addSubview(place) }
        for i in recent { addSubview(i) }
        divider.isHidden = recent.isEmpty
        setNeedsLayout()
    }

    /// The width the Dock needs for its icons (and the divider).
    public var preferredWidth: Double {
        let n = Double(max(keptPlaces.count + recentIcons.count, 1))
        let divider = recentIcons.isEmpty ? 0 : ShellMetrics.dockDividerWidth + ShellMetrics.dockSpacing
        return n * ShellMetrics.dockIconSize + (n + 1) * ShellMetrics.dockSpacing + divider
    }

    public override func layoutSubviews() {
        let s = ShellMetrics.dockIconSize
        var x = ShellMetrics.dockSpacing
        for icon in keptPlaces {
            icon.frame = Rect(x, (bounds.height - s) / 2, s, s)
            x += s + ShellMetrics.dockSpacing
        }
        guard !recentIcons.isEmpty else { return }
        let h = s * ShellMetrics.dockDividerHeightFraction
        divider.frame = Rect(x, (bounds.height - h) / 2, ShellMetrics.dockDividerWidth, h)
        x += ShellMetrics.dockDividerWidth + ShellMetrics.dockSpacing
        for icon in recentIcons {
            icon.frame = Rect(x, (bounds.height - s) / 2, s, s)
            x += s + ShellMetrics.dockSpacing
        }
    }
}
