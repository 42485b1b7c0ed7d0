import Graphics

/// One element of the accessibility tree: what a screen reader announces and what scripts and the
/// guideline checker find by label.
public struct AccessibilityElement: Hashable, Sendable {
    public var label: String
    public var value: String?
    public var traits: AccessibilityTraits
    /// In screen (root) coordinates.
    public var frame: Rect
    /// Labels of the enclosing elements that have one, outermost first (a window's title, a menu's).
    public var path: [String]

    public init(label: String, value: String? = nil, traits: AccessibilityTraits, frame: Rect, path: [String]) {
        self.label = label
        self.value = value
        self.traits = traits
        self.frame = frame
        self.path = path
    }
}

extension View {
    /// Whether the view is an element of the accessibility tree.
    public var isAccessible: Bool { isAccessibilityElement ?? (accessibilityLabelOrText != nil) }

    /// The visible elements of the subtree in reading order (top to bottom, then leading to trailing
    /// within a line), each with the path of enclosing labelled containers. While a modal view is shown
    /// (an open context menu), what lies behind it is left out.
    public func accessibilityElements() -> [AccessibilityElement] {
        var out: [AccessibilityElement] = []
        collect(into: &out, path: [], clip: root?.bounds ?? frameInRoot)
        return out
    }

    private func collect(into out: inout [AccessibilityElement], path: [String], clip: Rect) {
        if isHidden || alpha <= 0.01 { return }
        let f = frameInRoot
        var clip = clip
        if clipsToBounds { clip = clip.intersection(f) }
        var path = path
        if isAccessible, let label = accessibilityLabelOrText {
            let visible = f.intersection(clip)
            if !visible.isEmpty {
                out.append(
                    AccessibilityElement(
                        label: label, value: accessibilityValue, traits: accessibilityTraits, frame: visible, path: path
                    ))
            }
            if accessibilityTraits.contains(.window) { path.append(label) }
        }
        for s in accessibilitySubviews { s.collect(into: &out, path: path, clip: clip) }
    }
}
