import Graphics
import UI

/// The root of one window's view tree, which the shell puts in the window's frame: it holds the
/// scene's `rootView` filling it, and is the window in the accessibility tree (trait `.window`,
/// labelled with the scene's title), so scripts and the guideline checker find windows by title.
@MainActor public final class WindowView: View {
    init(title: String) {
        super.init()
        backgroundColor = .systemBackground
        accessibilityTraits = .window
        accessibilityLabel = title
        isAccessibilityElement = true
        identifier = "window"
    }

    /// The scene of the window.
    public internal(set) weak var scene: WindowScene?

    /// The content filling the window.
    var content: View? {
        didSet {
            guard content !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let content { insertSubview(content, at: 0) }
            setNeedsLayout()
        }
    }

    /// A view over the whole window, content and bars (an alert), or nil.
    var overlay: View? {
        didSet {
            guard overlay !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let overlay { addSubview(overlay) }
            setNeedsLayout()
        }
    }

    public override func layoutSubviews() {
        content?.frame = bounds
        content?.safeAreaInsets = safeAreaInsets
        overlay?.frame = bounds
    }
}
