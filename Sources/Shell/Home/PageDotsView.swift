import Graphics
import SystemUI
import UI

/// The Home screen's page dots (UIPageControl): a dot a page, the current one white. A tap to the
/// left or right of the current dot turns one page that way; a finger moved along the dots goes to
/// the page under it.
@MainActor public final class PageDotsView: View {
    /// How many pages there are (one page: no dots, as iPadOS hides them).
    public var numberOfPages = 1 {
        didSet {
            guard numberOfPages != oldValue else { return }
            isHidden = numberOfPages < 2
            describe()
            setNeedsDisplay()
        }
    }
    /// The page shown.
    public var currentPage = 0 {
        didSet {
            guard currentPage != oldValue else { return }
            describe()
            setNeedsDisplay()
        }
    }
    /// Asked to show a page.
    public var onSelect: ((Int) -> Void)?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isHidden = true
        accessibilityTraits = .adjustable
        let tap = TapGestureRecognizer { [weak self] gesture in
            guard let self else { return }
            let x = gesture.location(in: self).x
            let current = self.dotCenter(self.currentPage)
            self.onSelect?(x < current ? self.currentPage - 1 : self.currentPage + 1)
        }
        addGestureRecognizer(tap)
        let scrub = PanGestureRecognizer()
        scrub.axis = .horizontal
        scrub.minimumDistance = 4
        scrub.action = { [weak self] gesture in
            guard let self, gesture.state == .began || gesture.state == .changed else { return }
            let page = self.page(at: gesture.location(in: self).x)
            if page != self.currentPage { self.onSelect?(page) }
        }
        addGestureRecognizer(scrub)
        describe()
    }

    /// The width the dots need (and a dot's space more at each side, to be touched).
    public var preferredWidth: Double {
        Double(numberOfPages + 2) * (HomeMetrics.pageDotSize + HomeMetrics.pageDotSpacing)
    }

    private func dotCenter(_ page: Int) -> Double {
        let pitch = HomeMetrics.pageDotSize + HomeMetrics.pageDotSpacing
        let first = bounds.midX - Double(numberOfPages - 1) * pitch / 2
        return first + Double(page) * pitch
    }

    /// The page whose dot is nearest to `x`.
    private func page(at x: Double) -> Int {
        let pitch = HomeMetrics.pageDotSize + HomeMetrics.pageDotSpacing
        let first = dotCenter(0)
        return max(0, min(numberOfPages - 1, Int(((x - first) / pitch).rounded())))
    }

    private func describe() {
        localizedAccessibilityLabel = HomeStrings.pageOf.formatted(String(currentPage + 1), String(numberOfPages))
    }

    public override func draw(in canvas: any Canvas) {
        let side = HomeMetrics.pageDotSize
        for page in 0..<numberOfPages {
            let dot = Rect(dotCenter(page) - side / 2, bounds.midY - side / 2, side, side)
            let alpha = page == currentPage ? 1 : HomeMetrics.pageDotOtherAlpha
            canvas.fill(Path.ellipse(in: dot), with: Color.white.withAlpha(alpha))
        }
    }
}
