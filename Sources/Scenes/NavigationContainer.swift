import Graphics
import UI

/// A window's content with a navigation bar above it and a stack of pages (as a
/// `UINavigationController` in a window). Every auxiliary window has one (W6): its bar always carries
/// the closing button (Done or Close), and Back appears only when the stack is deeper than one page,
/// and only goes back — it never closes the window.
@MainActor public final class NavigationContainer: View {
    /// A container showing `root`. With a `closingButtonStyle` the bar carries that closing button.
    public init(root: Page, closingButtonStyle: ClosingButtonStyle? = nil) {
        pages = [root]
        self.closingButtonStyle = closingButtonStyle
        super.init()
        identifier = "navigation-container"
        addSubview(bar)
        addSubview(root.content)
        update()
    }

    /// The symbol of the Back button, as iOS draws it.
    public static let backSymbol = "chevron.left"

    /// The bar at the top.
    public let bar = NavigationBar()

    /// The stack, root first; never empty.
    public private(set) var pages: [Page]

    /// The page shown.
    public var topPage: Page { pages[pages.count - 1] }

    /// The button that closes the window, or nil for none. An auxiliary window always has one:
    /// setting nil there keeps Done.
    public var closingButtonStyle: ClosingButtonStyle? {
        didSet {
            if closingButtonStyle == nil && requiresClosingButton { closingButtonStyle = .done }
            if closingButtonStyle != oldValue { update() }
        }
    }

    /// Set by the scene of an auxiliary window: the closing button cannot be removed.
    var requiresClosingButton = false {
        didSet { if requiresClosingButton && closingButtonStyle == nil { closingButtonStyle = .done } }
    }

    /// Called when the closing button is tapped; the scene destroys its session with the style's
    /// animation. Apps that use a container in a primary window may set it.
    public var onClose: ((ClosingButtonStyle) -> Void)?

    /// The title shown when the top page has none (the window's title).
    public var fallbackTitle = "" {
        didSet { if fallbackTitle != oldValue { update() } }
    }

    /// The closing button on the bar now (for the guideline checker and scripts), or nil.
    public private(set) var closingButton: Button?
    /// The Back button on the bar now, or nil when the stack has one page.
    public private(set) var backButton: Button?

    /// Shows `page` above the current one.
    public func push(_ page: Page) {
        topPage.content.removeFromSuperview()
        pages.append(page)
        insertSubview(page.content, below: bar)
        update()
    }

    /// Goes back one page; the root page stays. Returns the page removed, or nil at the root.
    @discardableResult
    public func pop() -> Page? {
        guard pages.count > 1 else { return nil }
        let gone = pages.removeLast()
        gone.content.removeFromSuperview()
        insertSubview(topPage.content, below: bar)
        update()
        return gone
    }

    /// Goes back to the root page.
    public func popToRoot() {
        while pop() != nil {}
    }

    /// Replaces the top page's bar items and title (after changing `Page.trailingItems` of the top page).
    public func setTopPage(_ page: Page) {
        topPage.content.removeFromSuperview()
        pages[pages.count - 1] = page
        insertSubview(page.content, below: bar)
        update()
    }

    private func update() {
        bar.title = topPage.title ?? fallbackTitle
        if pages.count > 1 {
            let back = backButton ?? makeBackButton()
            backButton = back
            bar.leadingItems = [back]
        } else {
            backButton = nil
            bar.leadingItems = []
        }
        if let style = closingButtonStyle {
            let button = closingButton ?? makeClosingButton()
            button.localizedTitle = style.title
            button.localizedAccessibilityLabel = style.title
            closingButton = button
            bar.trailingItems = [button] + topPage.trailingItems
        } else {
            closingButton = nil
            bar.trailingItems = topPage.trailingItems
        }
        setNeedsLayout()
    }

    private func makeBackButton() -> Button {
        let b = Button(title: UIStrings.back, symbol: NavigationContainer.backSymbol) { [weak self] in self?.pop() }
        b.localizedAccessibilityLabel = UIStrings.back
        b.identifier = "navigation-back"
        return b
    }

    private func makeClosingButton() -> Button {
        let b = Button(title: nil) { [weak self] in
            guard let self, let style = self.closingButtonStyle else { return }
            self.onClose?(style)
        }
        // Done and Close are the emphasised bar button of iOS: semibold.
        b.font = .preferred(.headline)
        b.identifier = "navigation-close"
        return b
    }

    public override func layoutSubviews() {
        // The bar sits below the status bar; its background reaches up behind it, as on iPad.
        let top = safeAreaInsets.top
        bar.frame = Rect(0, 0, bounds.width, top + NavigationBar.height)
        bar.contentInsetTop = top
        let y = top + NavigationBar.height
        topPage.content.frame = Rect(0, y, bounds.width, max(0, bounds.height - y))
        topPage.content.safeAreaInsets = EdgeInsets(bottom: safeAreaInsets.bottom)
    }
}
