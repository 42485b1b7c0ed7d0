import Graphics

/// A value the environment of a screen can hold, found by its type (as SwiftUI's `EnvironmentKey`).
/// Modules above UI add their own keys — the menus keep their usage counts under one — without UI
/// knowing them.
@MainActor public protocol ScreenEnvironmentKey {
    associatedtype Value
    /// The value a screen starts with; made once per screen, the first time it is asked for.
    static func makeDefaultValue() -> Value
}

/// What one screen shares with every view on it: the language its strings are in, how text is
/// measured, the renderer offscreen pictures are made with, the display's scale and safe areas, where
/// announcements and errors go. The root view owns one; views read it through `View.environment`.
///
/// Nothing here is process-wide: two screens in one process, or one test after another, each have
/// their own.
@MainActor public final class ScreenEnvironment {
    /// The language user-visible strings are shown in.
    public var language: Language
    /// The text size the person chose: text styles' fonts, and the rows around them, follow it.
    public var contentSizeCategory = ContentSizeCategory.standard
    /// Scales fonts and lengths around text to `contentSizeCategory`.
    public var fontMetrics: FontMetrics { FontMetrics(category: contentSizeCategory) }
    /// Measures text for layout; the host puts the real text engine here.
    public var textMeasurer: any TextMeasuring
    /// Makes offscreen pictures: a menu's blurred backdrop and lifted preview, drag previews, Exposé's
    /// snapshots. Nil where no renderer is wired: those pictures are then left out or drawn live.
    public var renderer: (any RasterRenderer)?
    /// Device pixels per point of the display, so offscreen pictures are made at the resolution shown.
    public var displayScale: Double
    /// The insets of the screen's system chrome (status bar, home indicator) that overlays keep out of.
    public var safeAreaInsets: EdgeInsets
    /// Speaks to assistive technologies (a menu announces its title when it opens).
    public var announce: ((String) -> Void)?
    /// Where failures go, so that each reaches a person: see `ErrorReporter`.
    public let errors: ErrorReporter
    /// The screen as the host shows it now, in device pixels, where the host keeps it: a view about to
    /// cover the whole screen can take it as the picture of what it covers instead of drawing that
    /// again (a context menu's backdrop fades back to it). Nil where no host shows the screen.
    public var shownScreen: (@MainActor () -> PixelImage?)?
    /// Runs what views hand off the main thread: on threads under a real clock, at frames on a virtual one.
    public var backgroundWork = BackgroundWork()
    /// The pasteboard text views cut and copy to and paste from (as `UIPasteboard.general`): the
    /// screen's own by default (every app the screen hosts in its process shares it); an app running
    /// as a process of its own in the Slate shell puts the system's clipboard here (the Wayland
    /// selection), shared with every program.
    public var pasteboard: any PasteboardStore = ProcessPasteboard()
    /// While true, drawing with no renderer uses the valid cached pictures of rasterized views instead
    /// of drawing their content again: the menu's backdrop, drawn small and blurred, sets it for its
    /// drawing of the screen.
    public var drawsFromPictures = false
    /// Whether views below opaque ones are drawn only where they show (on by default; tests turn it
    /// off to see that the pixels are the same).
    @_spi(Testing) public var drawsOnlyWhatShows = true

    private var values: [ObjectIdentifier: Any] = [:]

    /// An environment with the approximate text measurer and no renderer, in `language`.
    public init(
        language: Language = .en, textMeasurer: any TextMeasuring = ApproximateTextMeasurer(),
        renderer: (any RasterRenderer)? = nil, displayScale: Double = 1, safeAreaInsets: EdgeInsets = .zero,
        errors: ErrorReporter = ErrorReporter()
    ) {
        self.language = language
        self.textMeasurer = textMeasurer
        self.renderer = renderer
        self.displayScale = displayScale
        self.safeAreaInsets = safeAreaInsets
        self.errors = errors
    }

    /// The value kept under `key`, made with its default on first use.
    public subscript<K: ScreenEnvironmentKey>(key: K.Type) -> K.Value {
        get {
            if let v = values[ObjectIdentifier(key)] as? K.Value { return v }
            let v = K.makeDefaultValue()
            values[ObjectIdentifier(key)] = v
            return v
        }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    /// What views that are on no screen read: approximate measurement, English, no
    /// renderer. Views measure and draw on a screen; this only keeps a detached view's answers defined.
    public static var detached: ScreenEnvironment { ScreenEnvironment() }
}

extension View {
    /// The environment of the screen the view is on; on none, the top view's `detachedEnvironment`,
    /// else a fresh default one.
    public var environment: ScreenEnvironment {
        var v: View = self
        while let s = v.superview { v = s }
        return (v as? RootView)?.screenEnvironment ?? v.detachedEnvironment ?? .detached
    }

    /// The language of the screen the view is on.
    public var language: Language { environment.language }

    /// Scales fonts and lengths around text to the text size of the screen the view is on.
    public var fontMetrics: FontMetrics { environment.fontMetrics }
}

extension LocalizedString {
    /// The string in the language of the screen `view` is on.
    @MainActor public func text(for view: View) -> String { resolved(view.language) }
}
