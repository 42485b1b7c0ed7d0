import Graphics
import UI

/// What the host tells the menus about the machine they draw on — as `TextMetrics.measurer`, set once
/// at start. Without a renderer a menu still works: its backdrop is a plain dim with no blur, and its
/// preview is drawn live.
@MainActor public enum MenuEnvironment {
    /// Makes the offscreen pictures a menu needs: the blurred backdrop and the lifted preview.
    public static var renderer: (any RasterRenderer)?
    /// Device pixels per point of the screen, so that the backdrop and the preview are made at the
    /// resolution they are shown at.
    public static var displayScale = 1.0
    /// The screen's safe-area insets (the status bar, the home indicator) menus stay out of.
    public static var safeAreaInsets = EdgeInsets.zero
    /// Speaks to assistive technologies: a menu announces its title when it opens.
    public static var announce: ((String) -> Void)?
}
