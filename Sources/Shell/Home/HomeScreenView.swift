import Foundation
import Graphics
import SystemUI
import UI

/// The Home screen: the apps' icons over the wallpaper, a page at a time, and the App Library after
/// the last page. A horizontal swipe turns the page (it follows the finger, then settles), and the
/// page dots above the Dock show which page this is and turn it too. Edited (touch and hold an
/// empty spot, or an icon's Edit Home Screen), the icons jiggle, each app shows its "−" badge, and a
/// place dragged moves (`HomeEditor` follows the finger; the places here make room).
@MainActor public final class HomeScreenView: View {
    /// Every app's icon, in the layout's order.
    public private(set) var icons: [AppIconView] = []
    /// The folders' icons.
    public private(set) var folderIcons: [FolderIconView] = []
    /// The places of each page shown (the layout's pages, split where a page holds more than the
    /// screen fits).
    public private(set) var pages: [[any HomePlaceView]] = []
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
    /// Makes a folder's icon (the shell knows its apps' icons and its name).
    public var makeFolderIcon: ((HomeScreenFolder) -> FolderIconView)?
    /// Told when the person touches and holds an empty spot of a page: editing begins.
    public var onEditRequest: (() -> Void)?
    /// Told when Done is tapped, or an empty spot while editing: editing ends.
    public var onEditDone: (() -> Void)?
    /// Told as the person drags a place while editing: its key, the gesture's state and where the
    /// finger is (root coordinates).
    public var onPlaceDrag: ((String, GestureRecognizer.State, Point) -> Void)?
    /// Told when a folder's icon is tapped.
    public var onFolderTap: ((FolderIconView) -> Void)?
    /// Whether the Home screen is being edited.
    public private(set) var isEditing = false
    /// The button that ends editing.
    public let doneButton = Button(title: HomeStrings.done, style: .filled)
    /// The place following the finger (shown by the editor over everything): its slot stays empty.
    public var liftedKey: String? { didSet { if liftedKey != oldValue { setNeedsLayout() } } }

    /// Where the pages are: the page shown at 0, the next at 1 (fractional while the finger moves).
    private var position = 0.0
    private var turn: Animation?
    private var positionAtPanStart = 0.0
    private let pager = PanGestureRecognizer()
    /// The layout's pages, as last set.
    private var layoutPages: [[HomeItem]] = []
    /// The place being dragged by this view's pan, while editing.
    private var draggedKey: String?
    /// Places sliding to make room.
    private var reflow: Animation?
    /// The pages whose icons keep their pictures while hidden: the one shown and those beside it.
    private var keptPages = 0...0
    /// The next frame's drawing of pictures for the pages beside the one shown.
    private var warming: ScheduledAction?

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
        // Editing, a drag that starts on a place moves it, any way (the editor follows the finger);
        // the pages turn only from an empty spot then.
        let placePan = PanGestureRecognizer()
        placePan.shouldBegin = { [weak self] gesture in
            guard let self, let pan = gesture as? PanGestureRecognizer else { return false }
            return self.editingPlace(under: pan) != nil
        }
        pager.shouldBegin = { [weak self] gesture in
            guard let self, let pan = gesture as? PanGestureRecognizer else { return true }
            return self.editingPlace(under: pan) == nil
        }
        placePan.action = { [weak self] gesture in
            guard let self, let pan = gesture as? PanGestureRecognizer else { return }
            if pan.state == .began { self.draggedKey = self.editingPlace(under: pan)?.placeKey }
            guard let key = self.draggedKey else { return }
            self.onPlaceDrag?(key, pan.state, pan.location(in: nil))
            if pan.state != .began && pan.state != .changed { self.draggedKey = nil }
        }
        addGestureRecognizer(placePan)
        // A swipe down on a page of icons: Spotlight.
        let pull = PanGestureRecognizer()
        pull.axis = .vertical
        pull.shouldBegin = { [weak self] gesture in
            guard let self, let pan = gesture as? PanGestureRecognizer else { return true }
            return !self.isEditing && self.editingPlace(under: pan) == nil
        }
        pull.action = { [weak self] gesture in
            guard let self, gesture.state == .ended, let pan = gesture as? PanGestureRecognizer,
                pan.translation().y > HomeMetrics.pullDownDistance, !self.isShowingLibrary
            else { return }
            self.onPullDown?()
        }
        addGestureRecognizer(pull)
        // Touch and hold an empty spot: the Home screen is edited. A tap on one while editing: done.
        let hold = LongPressGestureRecognizer()
        hold.shouldBegin = { [weak self] gesture in
            guard let self else { return false }
            return !self.isEditing && !self.isShowingLibrary && self.placeView(at: gesture.location(in: self)) == nil
        }
        hold.action = { [weak self] gesture in
            if gesture.state == .began { self?.onEditRequest?() }
        }
        addGestureRecognizer(hold)
        addGestureRecognizer(
            TapGestureRecognizer { [weak self] gesture in
                guard let self, self.isEditing, self.placeView(at: gesture.location(in: self)) == nil else { return }
                self.onEditDone?()
            })
        doneButton.action = { [weak self] in self?.onEditDone?() }
        doneButton.isHidden = true
        pageDots.onSelect = { [weak self] page in
            guard let self else { return }
            self.showPage(min(page, self.pages.count - 1), animated: true)
        }
        addSubview(library)
        addSubview(pageDots)
        addSubview(doneButton)
    }

    /// The grid a page of this Home screen has.
    public var grid: HomeGrid { HomeGrid(size: bounds.size) }

    /// Sets the apps' icons and the layout's pages (an app the layout does not name is not on a
    /// page: it was taken off them, or is in a folder).
    public func setIcons(_ new: [AppIconView], pages layout: [[HomeItem]]) {
        for icon in icons { icon.removeFromSuperview() }
        icons = new
        for icon in new {
            // Each icon keeps its picture (a swipe moves pictures; one off the screen lets its go).
            icon.rasterizes = true
            icon.shadowRoom = HomeMetrics.shadowRoom
            addSubview(icon)
            showEditing(on: icon)
        }
        layoutPages = []
        setLayoutPages(layout)
    }

    /// Sets the layout's pages, the icons staying; the places that move slide there when `animated`.
    public func setLayoutPages(_ layout: [[HomeItem]], animated: Bool = false) {
        guard layout != layoutPages || animated else { return }
        layoutPages = layout
        var folders: [FolderIconView] = []
        for item in layout.joined() {
            guard case .folder(let folder) = item else { continue }
            if let kept = folderIcons.first(where: { $0.folder == folder }) {
                folders.append(kept)
            } else if let made = makeFolderIcon?(folder) {
                made.rasterizes = true
                made.keepsTurnedPictures = isEditing
                made.shadowRoom = HomeMetrics.shadowRoom
                made.addGestureRecognizer(
                    TapGestureRecognizer { [weak self, weak made] _ in
                        guard let self, let made else { return }
                        self.onFolderTap?(made)
                    })
                addSubview(made)
                folders.append(made)
            }
        }
        for gone in folderIcons where !folders.contains(where: { $0 === gone }) && gone.superview === self {
            gone.removeFromSuperview()
        }
        folderIcons = folders
        bringSubviewToFront(pageDots)
        bringSubviewToFront(doneButton)
        if animated {
            let before = Dictionary(placeViews.map { ($0.placeKey, $0.frame) }, uniquingKeysWith: { first, _ in first })
            setNeedsLayout()
            layoutIfNeeded()
            slideIntoPlace(from: before)
        } else {
            setNeedsLayout()
        }
    }

    /// Every place's view (the lifted one too, while it is this view's).
    private var placeViews: [any HomePlaceView] { icons + folderIcons }

    /// The page a place is on (nil: none).
    public func page(of key: String) -> Int? {
        pages.firstIndex { page in page.contains { $0.placeKey == key } }
    }

    /// The place under `point` (this view's coordinates) on the page shown: its icon's square, or its
    /// name under it.
    public func placeView(at point: Point) -> (any HomePlaceView)? {
        guard currentPage < pages.count else { return nil }
        return pages[currentPage].first { view in
            !view.isHidden && view.placeKey != liftedKey
                && view.frame.insetBy(dx: HomeMetrics.nameOverhang, dy: 0)
                    .contains(point)
        }
    }

    /// The slot of the page shown a place dropped at `point` (this view's coordinates) takes: the
    /// grid's cell under it, no further than the end of the page's places.
    public func slot(at point: Point) -> Int {
        let grid = self.grid
        var nearest = 0
        var best = Double.infinity
        for index in 0..<grid.perPage {
            let cell = grid.frame(at: index)
            let distance = point.distance(to: cell.center)
            if distance < best {
                best = distance
                nearest = index
            }
        }
        let count = currentPage < pages.count ? pages[currentPage].count : 0
        return min(nearest, count)
    }

    /// The layout's page and slot of a slot of the page shown (a layout page goes on over two on a
    /// screen that fits fewer icons).
    public func layoutPosition(ofShownSlot slot: Int) -> (page: Int, slot: Int) {
        let perPage = max(1, grid.perPage)
        var shown = 0
        for (index, page) in layoutPages.enumerated() {
            let parts = max(1, (page.count + perPage - 1) / perPage)
            if currentPage < shown + parts { return (index, (currentPage - shown) * perPage + slot) }
            shown += parts
        }
        return (layoutPages.count, slot)
    }

    // MARK: Editing

    /// Begins or ends editing: the "−" badges, the Done button, and icons that take no taps (a drag
    /// moves them instead).
    public func setEditing(_ editing: Bool) {
        guard editing != isEditing else { return }
        isEditing = editing
        doneButton.isHidden = !editing
        for icon in icons { showEditing(on: icon) }
        for folder in folderIcons { folder.keepsTurnedPictures = editing }
        if !editing {
            applyJiggle(at: nil)
            // The neighbour pages keep (and draw ahead) their pictures again.
            setNeedsLayout()
        }
    }

    /// While editing, the place a pan started on.
    private func editingPlace(under pan: PanGestureRecognizer) -> (any HomePlaceView)? {
        guard isEditing, !isShowingLibrary else { return nil }
        return placeView(at: convert(pan.startLocation, from: nil))
    }

    private func showEditing(on icon: AppIconView) {
        icon.keepsTurnedPictures = isEditing
        icon.removeBadge.isHidden = !isEditing
        for gesture in icon.gestureRecognizers { gesture.isEnabled = !isEditing }
    }

    /// Turns each place shown by the jiggle's angle `time` seconds into it (nil: upright again).
    public func applyJiggle(at time: Double?) {
        for (index, page) in pages.enumerated() {
            let shown = abs(Double(index) - position) < 1
            for (slot, view) in page.enumerated() where view.placeKey != liftedKey {
                guard let time, shown else {
                    if !view.transform.isIdentity { view.transform = .identity }
                    continue
                }
                view.transform = Self.jiggle(at: time, slot: slot)
            }
        }
    }

    /// The jiggle's turn of the icon in `slot`, `time` seconds in: neighbours out of step.
    static func jiggle(at time: Double, slot: Int) -> Transform {
        let phase = Double(slot % 2) * .pi + Double(slot) * 0.7
        let angle = HomeMetrics.jiggleAngle * sin(2 * .pi * time / HomeMetrics.jigglePeriod + phase)
        return Transform(rotationAngle: (angle / View.turnStep).rounded() * View.turnStep)
    }

    /// Slides the places that moved from their frames `before` to where they are now.
    private func slideIntoPlace(from before: [String: Rect]) {
        reflow?.cancel()
        var moves: [(view: any HomePlaceView, from: Rect, to: Rect)] = []
        for view in placeViews where !view.isHidden && view.placeKey != liftedKey {
            guard let old = before[view.placeKey], old != view.frame, !old.isEmpty else { continue }
            moves.append((view, old, view.frame))
        }
        guard !moves.isEmpty, let animator = root?.animator else { return }
        for move in moves { move.view.frame = move.from }
        reflow = animator.animate(duration: HomeMetrics.makeRoomDuration, curve: .easeOut) { progress in
            for move in moves { move.view.frame = lerp(move.from, move.to, progress) }
        }
    }

    /// Shows a page (clamped to the pages there are; `pages.count` is the App Library), sliding to it
    /// when `animated`.
    public func showPage(_ page: Int, animated: Bool) {
        let target = max(0, min(page, pages.count))
        if target != pages.count { library.closeList() }
        turn?.cancel()
        turn = nil
        reflow?.cancel()
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
        var byKey: [String: any HomePlaceView] = [:]
        for view in placeViews { byKey[view.placeKey] = view }
        var placed = Set<String>()
        var split: [[any HomePlaceView]] = []
        for page in HomeLayout(pages: layoutPages).shownPages(perPage: grid.perPage) {
            split.append(page.compactMap { item in placed.insert(item.key).inserted ? byKey[item.key] : nil })
        }
        // An app on no page (taken off them, or in a folder) is not shown here.
        for view in placeViews where !placed.contains(view.placeKey) && view.placeKey != liftedKey {
            view.isHidden = true
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
        let done = HomeMetrics.doneSize
        doneButton.frame = Rect(bounds.width - HomeMetrics.sideMargin - done.width, 16, done.width, done.height)
        placeIcons()
    }

    /// Puts each page's icons at its place for the position now; an icon on a page off the screen is
    /// hidden (neither drawn, touched nor read by a screen reader). Those of the pages beside the one
    /// shown keep their pictures, drawn a few a frame beforehand (`warmNeighbours`), so that a swipe's
    /// first frame only copies them; those further away let theirs go.
    private func placeIcons() {
        let grid = self.grid
        let kept = (currentPage - 1)...(currentPage + 1)
        let keptChanged = kept != keptPages
        keptPages = kept
        for (index, page) in pages.enumerated() {
            let offset = (Double(index) - position) * bounds.width
            let shown = abs(Double(index) - position) < 1
            let keeps = kept.contains(index) && !isEditing
            for (slot, view) in page.enumerated() where view.placeKey != liftedKey {
                view.frame = grid.frame(at: slot).offsetBy(dx: offset, dy: 0)
                view.releasesPicturesWhenHidden = !keeps
                if keptChanged, !keeps, view.isHidden { view.releasePictures() }
                view.isHidden = !shown
            }
        }
        warmNeighbours()
        let libraryOffset = (Double(pages.count) - position) * bounds.width
        library.frame = Rect(libraryOffset, 0, bounds.width, bounds.height - HomeMetrics.pageDotsArea)
        library.isHidden = Double(pages.count) - position >= 1
        // No dots over the App Library (as iPadOS).
        pageDots.isHidden = pages.count < 2 || position > Double(pages.count) - 0.5
    }

    /// Draws the neighbour pages' pictures from the next frame on (`warmNeighbours`, a few a frame):
    /// called again when the Home screen comes back (hidden under an app, it let every picture go),
    /// as a swipe may follow at once.
    public func resumeWarming() {
        guard warming == nil, !isHidden, let dispatcher = root?.dispatcher else { return }
        warming = dispatcher.schedule(after: HomeMetrics.pictureInterval) { [weak self] in
            self?.warming = nil
            if self?.isHidden == false { self?.warmNeighbours() }
        }
    }

    /// Draws the pictures of the icons on the pages beside the one shown, `HomeMetrics.picturesPerFrame`
    /// a frame, until each has its picture (a person swiping at once meets a few drawn in that frame).
    private func warmNeighbours() {
        guard warming == nil, !isEditing, root != nil else { return }
        let beside = [currentPage + 1, currentPage - 1].filter { pages.indices.contains($0) }
        let waiting = beside.lazy.flatMap { self.pages[$0] }.filter { $0.isHidden && $0.needsPictures }
        guard !waiting.isEmpty else { return }
        for view in waiting.prefix(HomeMetrics.picturesPerFrame) { view.preparePictures() }
        resumeWarming()
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
