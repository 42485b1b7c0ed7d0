import Graphics
import SystemUI
import UI

/// The Home screen: the apps' icons over the wallpaper, a page at a time, and the App Library after
/// the last page. A horizontal swipe turns the page (it follows the finger, then settles), and the
/// page dots above the Dock show which page this is and turn it too.
@MainActor public final class HomeScreenView: View {
    /// Every icon, in the layout's order.
    public private(set) var icons: [AppIconView] = []
    /// The icons of each page shown (the layout's pages, split where a page holds more than the
    /// screen fits).
    public private(set) var pages: [[AppIconView]] = []
    /// The page shown, from 0 (`pages.count`: the App Library).
    public private(set) var currentPage = 0
    /// The App Library, the page after the last.
    public let library = AppLibraryView()
    /// Whether the App Library is shown.
    public var isShowingLibrary: Bool { currentPage == pages.count }
    /// The page dots.
    public let pageDots = PageDotsView()
    /// Told when the page shown changes.
    public var onPageChange: ((Int) -> Void)?
    /// Told when the person swipes down on a page of icons (Spotlight comes down).
    public var onPullDown: (() -> Void)?

    /// Where the pages are: the page shown at 0, the next at 1 (fractional while the finger moves).
    private var position = 0.0
    private var turn: Animation?
    private var positionAtPanStart = 0.0
    private let pager = PanGestureRecognizer()
    /// The layout's pages by app identifier, as last set.
    private var layoutPages: [[String]] = []

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        localizedAccessibilityLabel = ShellStrings.homeScreen
        isAccessibilityElement = false
        pager.axis = .horizontal
        pager.action = { [weak self] gesture in
            guard let self, let pan = gesture as? PanGestureRecognizer else { return }
            self.panned(pan)
        }
        addGestureRecognizer(pager)
        // A swipe down on a page of icons: Spotlight.
        let pull = PanGestureRecognizer()
        pull.axis = .vertical
        pull.action = { [weak self] gesture in
            guard let self, gesture.state == .ended, let pan = gesture as? PanGestureRecognizer,
                pan.translation().y > HomeMetrics.pullDownDistance, !self.isShowingLibrary
            else { return }
            self.onPullDown?()
        }
        addGestureRecognizer(pull)
        pageDots.onSelect = { [weak self] page in
            guard let self else { return }
            self.showPage(min(page, self.pages.count - 1), animated: true)
        }
        addSubview(library)
        addSubview(pageDots)
    }

    /// The grid a page of this Home screen has.
    public var grid: HomeGrid { HomeGrid(size: bounds.size) }

    /// Sets the icons and the layout's pages (identifiers; an icon the layout does not name goes on
    /// the last page).
    public func setIcons(_ new: [AppIconView], pages layout: [[String]]) {
        for icon in icons { icon.removeFromSuperview() }
        icons = new
        layoutPages = layout
        for icon in new {
            // Each icon keeps its picture (a swipe moves pictures; one off the screen lets its go).
            icon.rasterizes = true
            icon.shadowRoom = HomeMetrics.shadowRoom
            addSubview(icon)
        }
        bringSubviewToFront(pageDots)
        setNeedsLayout()
    }

    /// Sets the layout's pages, the icons staying.
    public func setLayoutPages(_ layout: [[String]]) {
        guard layout != layoutPages else { return }
        layoutPages = layout
        setNeedsLayout()
    }

    /// The page an app's icon is on (nil: none).
    public func page(of appIdentifier: String) -> Int? {
        pages.firstIndex { page in page.contains { $0.appIdentifier == appIdentifier } }
    }

    /// Shows a page (clamped to the pages there are; `pages.count` is the App Library), sliding to it
    /// when `animated`.
    public func showPage(_ page: Int, animated: Bool) {
        let target = max(0, min(page, pages.count))
        if target != pages.count { library.closeList() }
        turn?.cancel()
        turn = nil
        let changed = target != currentPage
        currentPage = target
        if animated, let animator = root?.animator, abs(position - Double(target)) > 0.001 {
            let from = position
            turn = animator.animate(duration: HomeMetrics.pageTurnDuration, curve: HomeMetrics.pageTurnCurve) {
                [weak self] progress in
                guard let self else { return }
                self.position = lerp(from, Double(target), progress)
                self.placeIcons()
            }
        } else {
            position = Double(target)
            placeIcons()
        }
        pageDots.currentPage = min(target, pages.count - 1)
        if changed { onPageChange?(target) }
    }

    public override func layoutSubviews() {
        let grid = self.grid
        var byID: [String: AppIconView] = [:]
        for icon in icons { byID[icon.appIdentifier] = icon }
        var placed = Set<String>()
        var split: [[AppIconView]] = []
        for page in HomeLayout(pages: layoutPages).shownPages(perPage: grid.perPage) {
            split.append(page.compactMap { id in placed.insert(id).inserted ? byID[id] : nil })
        }
        let unplaced = icons.filter { !placed.contains($0.appIdentifier) }
        for start in stride(from: 0, to: unplaced.count, by: grid.perPage) {
            split.append(Array(unplaced[start..<min(start + grid.perPage, unplaced.count)]))
        }
        pages = split.filter { !$0.isEmpty }
        if pages.isEmpty { pages = [[]] }
        if currentPage > pages.count {
            currentPage = pages.count
            position = Double(currentPage)
        }
        pageDots.numberOfPages = pages.count
        pageDots.currentPage = min(currentPage, pages.count - 1)
        let dotsWidth = pageDots.preferredWidth
        pageDots.frame = Rect(
            (bounds.width - dotsWidth) / 2, bounds.height - HomeMetrics.pageDotsArea, dotsWidth,
            HomeMetrics.pageDotsArea)
        placeIcons()
    }

    /// Puts each page's icons at its place for the position now; an icon on a page off the screen is
    /// hidden (neither drawn, touched nor read by a screen reader) and lets its picture go.
    private func placeIcons() {
        let grid = self.grid
        for (index, page) in pages.enumerated() {
            let offset = (Double(index) - position) * bounds.width
            let shown = abs(Double(index) - position) < 1
            for (slot, icon) in page.enumerated() {
                icon.frame = grid.frame(at: slot).offsetBy(dx: offset, dy: 0)
                icon.isHidden = !shown
            }
        }
        let libraryOffset = (Double(pages.count) - position) * bounds.width
        library.frame = Rect(libraryOffset, 0, bounds.width, bounds.height - HomeMetrics.pageDotsArea)
        library.isHidden = Double(pages.count) - position >= 1
        // No dots over the App Library (as iPadOS).
        pageDots.isHidden = pages.count < 2 || position > Double(pages.count) - 0.5
    }

    private func panned(_ pan: PanGestureRecognizer) {
        let width = max(bounds.width, 1)
        switch pan.state {
        case .began:
            turn?.cancel()
            turn = nil
            positionAtPanStart = position
        case .changed:
            var next = positionAtPanStart - pan.translation().x / width
            let last = Double(pages.count)
            if next < 0 { next *= HomeMetrics.rubberBand }
            if next > last { next = last + (next - last) * HomeMetrics.rubberBand }
            position = next
            placeIcons()
        case .ended:
            let moved = position - Double(currentPage)
            let flick = -pan.velocity.x
            var target = currentPage
            if flick > HomeMetrics.pageTurnVelocity || moved > HomeMetrics.pageTurnFraction {
                target += 1
            } else if flick < -HomeMetrics.pageTurnVelocity || moved < -HomeMetrics.pageTurnFraction {
                target -= 1
            }
            showPage(target, animated: true)
        case .cancelled, .failed:
            showPage(currentPage, animated: true)
        default: break
        }
    }
}
