import UI

/// One level of a window's navigation stack: a title for the bar, the content below it, and buttons
/// for the bar's trailing side.
public struct Page {
    /// The bar's title; nil shows the window's title.
    public var title: String?
    public var content: View
    /// Extra bar buttons, placed before the closing button (the first item is outermost).
    public var trailingItems: [View]

    public init(title: String? = nil, content: View, trailingItems: [View] = []) {
        self.title = title
        self.content = content
        self.trailingItems = trailingItems
    }
}
