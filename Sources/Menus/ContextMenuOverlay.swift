import Graphics
import UI

/// An open context menu: a full-screen view at the top of the root view holding the blurred backdrop,
/// the lifted preview and the menu panel. While it is there it takes every touch and, with keyboard
/// focus, every key; it goes away when the menu closes.
///
/// Made by `ContextMenuInteraction`; tests and the shell read its state.
@MainActor public final class ContextMenuOverlay: View {
    /// The rich form (touch, keyboard, code): preview, blurred backdrop, menu beside the preview. The
    /// compact form (a secondary click): the menu alone at the pointer, as on an iPad with a trackpad.
    public enum Form: Sendable, Hashable {
        case rich, compact
    }

    /// Where the menu is in its life.
    public enum Phase: Sendable, Hashable {
        case opening, open, closing, closed
    }

    /// Why the menu closed.
    public enum EndReason: Sendable, Hashable {
        /// A command was chosen.
        case chose
        /// A tap outside, Esc, a swipe down, or code.
        case cancelled
        /// The preview was tapped: the item opens (C11).
        case committed
        /// The preview was dragged away: the item is being dragged.
        case dragged
        /// Another menu opened.
        case replaced
    }

    public let form: Form
    public private(set) var phase: Phase = .opening
    public let configuration: ContextMenuConfiguration
    /// The menu as presented: ordered by use where asked, deferred content spliced in as it arrives,
    /// states updated by single-selection choices.
    public private(set) var menu: Menu
    /// The index paths of the open submenus, outermost first (empty at the top level).
    public private(set) var submenuPath: [[Int]] = []
    /// The rows shown now.
    public private(set) var rows: [MenuRow] = []
    /// Where everything is.
    public private(set) var layout: MenuLayout.Result
    /// Why the menu closed, once it has.
    public private(set) var endReason: EndReason?
    /// The progress of the open transition (0…1, a spring overshoots a little).
    public private(set) var openProgress = 0.0

    weak var interaction: ContextMenuInteraction?
    let panel: MenuPanelView
    let preview: MenuPreviewView?
    private let backdrop: MenuBackdrop?
    private let sourceFrame: Rect
    /// The appearance the menu was made for.
    private let appearance: Appearance
    /// Where the menu was asked for (the finger, the pointer, the focused view's centre): the panel
    /// unfolds from there.
    private let anchor: Point
    private let usageKey: String
    /// The environment of the screen the menu opens on.
    private let screen: ScreenEnvironment
    private var transition: Animation?
    private weak var previousFocus: View?
    private var tracks: [Int: Track] = [:]
    private var typed: (text: String, time: Double)?
    private var requested: Set<ObjectIdentifier> = []
    private var endAnimator: ContextMenuAnimator?
    private let displayAnimator: ContextMenuAnimator
    private static weak var current: ContextMenuOverlay?
    /// The id of the finger that opened the menu (it is not a touch of the overlay's own).
    static let openingFinger = -1

    /// A region of the overlay.
    enum Region { case panel, preview, outside }

    private struct Track {
        var start: Point
        var region: Region
        var moved = false
        var scrolling = false
        var startOffset = 0.0
        var dragAsked = false
        var opening = false
    }

    init(
        bounds screen: Rect, configuration: ContextMenuConfiguration, menu: Menu, form: Form, location: Point,
        target: TargetedPreview?, customPreview: View?, backdrop: MenuBackdrop?, appearance: Appearance,
        environment: ScreenEnvironment
    ) {
        self.screen = environment
        self.form = form
        self.configuration = configuration
        self.backdrop = backdrop
        self.anchor = location
        self.appearance = appearance
        let key = menu.identifier ?? configuration.identifier ?? "menu"
        self.usageKey = key
        let presented = environment.menuUsage.ordered(menu.resolvingCachedDeferred(), key: key)
        self.menu = presented
        let rows = MenuRow.rows(for: presented)
        let specs = rows.map(\.spec)
        let safe = environment.safeAreaInsets
        let renderer = environment.renderer
        switch form {
        case .rich:
            let source = target.map { $0.view.convert($0.visibleRect, to: nil) } ?? Rect(center: location, size: .zero)
            sourceFrame = source
            var size = source.size * MenuMetrics.liftScale
            if let customPreview {
                size = customPreview.frame.size
                if size.width <= 0 || size.height <= 0 {
                    let fit = MenuMetrics.customPreviewFit
                    size = customPreview.sizeThatFits(Size(screen.width * fit.width, screen.height * fit.height))
                }
            }
            layout = MenuLayout.layout(
                MenuLayout.Input(
                    bounds: screen, safeInsets: safe, sourceFrame: source, previewSize: size, touchLocation: location,
                    rows: specs, order: configuration.preferredMenuElementOrder))
            let p = MenuPreviewView(
                target: customPreview == nil ? target : nil, custom: customPreview, size: layout.previewFrame.size,
                renderer: renderer, scale: environment.displayScale, appearance: appearance)
            p.frame = layout.previewFrame
            preview = p
            panel = MenuPanelView(material: MenuMetrics.material)
        case .compact:
            sourceFrame = Rect(center: location, size: .zero)
            layout = MenuLayout.compact(
                bounds: screen, safeInsets: safe, at: location, rows: specs,
                order: configuration.preferredMenuElementOrder)
            preview = nil
            panel = MenuPanelView(material: MenuMetrics.compactMaterial)
        }
        displayAnimator = ContextMenuAnimator(previewView: customPreview)
        super.init(frame: screen)
        self.rows = rows
        isOpaqueCover = backdrop != nil
        panel.rasterizes = renderer != nil
        panel.frame = layout.panelFrame
        panel.setRows(rows, frames: layout.rowFrames, order: layout.displayOrder)
        if let preview { addSubview(preview) }
        addSubview(panel)
        if form == .rich {
            tracks[Self.openingFinger] = Track(start: location, region: region(at: location), opening: true)
        }
    }

    // MARK: Reading the state

    /// The index of the highlighted row, if any.
    public var highlightedRow: Int? { panel.highlight?.row }
    /// The highlighted tile of a highlighted tiles row.
    public var highlightedTile: Int? { panel.highlight?.tile }
    /// The panel's frame on the screen once open.
    public var panelFrame: Rect { layout.panelFrame }
    /// The lifted preview's frame on the screen once open (zero in the compact form).
    public var previewFrame: Rect { layout.previewFrame }
    /// Whether the screen behind is blurred (the rich form with a renderer).
    public var hasBlurredBackdrop: Bool { backdrop != nil }
    /// The blurred backdrop's picture, when there is one.
    public var backdropImage: PixelImage? { backdrop?.image }
    /// How far the rows are scrolled.
    public var contentOffset: Double { panel.contentOffset }
    /// The frame on the screen of row `i` as the panel shows it now (scrolled).
    public func frameOfRow(_ i: Int) -> Rect {
        layout.rowFrames[i].offsetBy(dx: layout.panelFrame.minX, dy: layout.panelFrame.minY - panel.contentOffset)
    }
    /// The index of the first row whose title reads `title` in English.
    public func row(titled title: String) -> Int? { rows.firstIndex { $0.title.en == title } }
    /// The menu level shown: the open submenu, or the whole menu.
    public var currentMenu: Menu {
        guard let base = submenuPath.last, case .menu(let m)? = menu.element(at: base) else { return menu }
        return m
    }
    /// Whether the overlay is the menu on the screen now.
    public var isActive: Bool { phase == .opening || phase == .open }

    // MARK: Opening

    /// Draws the panel's picture ahead of the first frame, while the finger is still down.
    func prerender() {
        guard let renderer = screen.renderer, panel.rasterizes else { return }
        panel.layoutIfNeeded()
        let f = panel.frame
        _ = renderer.render(size: f.size, scale: screen.displayScale, appearance: appearance) { c in
            c.translate(x: -f.minX, y: -f.minY)
            panel.render(in: c, renderer: renderer)
        }
    }

    func present(in root: RootView) {
        if let other = Self.current, other !== self { other.finish(.replaced) }
        Self.current = self
        root.addSubview(self)
        previousFocus = root.focusedView
        root.setFocus(self)
        let language = screen.language
        let title = menu.title.resolved(language)
        screen.announce?(
            title.isEmpty ? MenuStrings.menu.resolved(language) : MenuStrings.opened.formatted(title).resolved(language)
        )
        if let interaction {
            interaction.delegate?.contextMenuInteraction(
                interaction, willDisplayMenuFor: configuration, animator: displayAnimator)
        }
        let duration = form == .rich ? MenuMetrics.openDuration : MenuMetrics.compactOpenDuration
        let curve = form == .rich ? MenuMetrics.openCurve : MenuMetrics.compactOpenCurve
        transition = root.animator.animate(
            duration: duration, curve: curve,
            apply: { [weak self] p in self?.applyOpen(p) },
            completion: { [weak self] done in
                guard let self, done, self.phase == .opening else { return }
                self.phase = .open
                self.displayAnimator.complete()
            })
        loadDeferred()
    }

    /// How strong the plain dim is (0…1) when there is no blurred backdrop.
    private var dimLevel = 0.0 {
        didSet {
            // The dim covers the screen: without a backdrop picture, every change redraws it all.
            if dimLevel != oldValue, backdrop == nil, form == .rich { setNeedsDisplay() }
        }
    }

    private func applyOpen(_ p: Double) {
        openProgress = p
        dimLevel = min(1, max(0, p))
        displayAnimator.step(min(1, p))
        if let preview {
            preview.transform = Self.morph(layout.previewFrame, toward: sourceFrame, 1 - p)
            preview.alpha = 1
        }
        let start = form == .rich ? MenuMetrics.panelOpenScale : MenuMetrics.compactOpenScale
        let startOpacity = form == .rich ? MenuMetrics.panelOpenOpacity : 0
        let fade = min(1, p / MenuMetrics.panelOpaqueAt)
        setPanel(scale: lerp(start, 1, p), alpha: min(1, max(0, lerp(startOpacity, 1, fade))))
        let q = min(1, max(0, p))
        setShadows(preview: q, panel: q * q * q * panel.alpha)
    }

    /// The transform (about `frame`'s centre) that shows `frame` moved `t` of the way to `target`.
    static func morph(_ frame: Rect, toward target: Rect, _ t: Double) -> Transform {
        guard frame.width > 0, target.width > 0 else { return .identity }
        let s = lerp(1, target.width / frame.width, t)
        let d = lerp(Point.zero, target.center - frame.center, t)
        return Transform(scale: s).concatenating(Transform(translationX: d.x, y: d.y))
    }

    /// Scales the panel about its edge next to the preview (or the pointer) and fades it.
    private func setPanel(scale s: Double, alpha a: Double) {
        let f = layout.panelFrame
        let anchorY = layout.placement == .below ? -f.height / 2 : f.height / 2
        let towards = anchor.x - f.midX
        let anchorX = min(max(towards, -f.width / 2), f.width / 2)
        panel.transform = Transform(scale: s).concatenating(
            Transform(translationX: (1 - s) * anchorX, y: (1 - s) * anchorY))
        panel.alpha = a
    }

    // MARK: Shadows

    /// How strong each shadow is now (0…1): the preview's grows as it lifts; the panel's comes last,
    /// once the panel is nearly full size, because it is drawn at the full size.
    private var previewShadowStrength = 0.0
    private var panelShadowStrength = 0.0

    /// Sets the shadows' strength, damaging where they were and where they will be.
    private func setShadows(preview p: Double, panel q: Double) {
        let before = shadowRects
        previewShadowStrength = min(1, max(0, p))
        panelShadowStrength = min(1, max(0, q))
        for r in before + shadowRects { setNeedsDisplay(r) }
    }

    /// The areas the shadows cover now.
    private var shadowRects: [Rect] {
        var out: [Rect] = []
        if let preview, previewShadowStrength > 0 {
            out.append(
                Self.shadowExtent(MenuMetrics.previewShadow, size: preview.bounds.size, at: preview.visualFrame.center))
        }
        if panelShadowStrength > 0 {
            out.append(
                Self.shadowExtent(MenuMetrics.panelShadow, size: panel.bounds.size, at: panel.visualFrame.center))
        }
        return out
    }

    private static func shadowExtent(_ s: View.Shadow, size: Size, at c: Point) -> Rect {
        let pad = (s.blur * 1.5).rounded(.up) + 1
        return Rect(center: c, size: size).offsetBy(dx: s.offset.x, dy: s.offset.y).insetBy(dx: -pad, dy: -pad)
    }

    /// Draws a soft shadow of `shape` (at the view's full size) centred where the view is now — not
    /// scaled with it: a blurred mask composited under a scale costs seven times one that is only
    /// moved — and only outside the view's current frame, so a translucent panel is not darkened by
    /// its own shadow.
    private func drawShadow(
        _ s: View.Shadow, shape: Path, size: Size, of view: View, strength: Double, in canvas: any Canvas
    ) {
        guard strength > 0.004 else { return }
        let scale = canvas.scale
        let c = view.visualFrame.center
        let origin = Point(
            ((c.x - size.width / 2) * scale).rounded() / scale, ((c.y - size.height / 2) * scale).rounded() / scale)
        let path = shape.applying(Transform(translationX: origin.x, y: origin.y))
        let outer = Self.shadowExtent(s, size: size, at: c)
        let inner = view.visualFrame.intersection(outer)
        let bands =
            inner.isEmpty
            ? [outer]
            : [
                Rect(outer.minX, outer.minY, outer.width, inner.minY - outer.minY),
                Rect(outer.minX, inner.maxY, outer.width, outer.maxY - inner.maxY),
                Rect(outer.minX, inner.minY, inner.minX - outer.minX, inner.height),
                Rect(inner.maxX, inner.minY, outer.maxX - inner.maxX, inner.height),
            ]
        let color = s.color.withAlpha(strength)
        for band in bands where !band.isEmpty {
            canvas.save()
            canvas.clip(to: band)
            if !canvas.clipBounds.isEmpty { canvas.drawShadow(of: path, color: color, blur: s.blur, offset: s.offset) }
            canvas.restore()
        }
    }

    // MARK: Closing

    /// Closes the menu with the close transition; `handler` work has already run.
    func dismiss(_ reason: EndReason, style: CommitStyle = .dismiss) {
        guard isActive, let root else { return }
        transition?.cancel()
        phase = .closing
        endReason = reason
        let animator = ContextMenuAnimator(previewView: displayAnimator.previewView)
        animator.preferredCommitStyle = style
        endAnimator = animator
        if let interaction {
            interaction.delegate?.contextMenuInteraction(interaction, willEndFor: configuration, animator: animator)
        }
        var target = sourceFrame
        if reason != .committed, let interaction,
            let t = interaction.delegate?.contextMenuInteraction(
                interaction, previewForDismissingMenuWithConfiguration: configuration)
        {
            target = t.view.convert(t.visibleRect, to: nil)
        }
        let fromPanelAlpha = panel.alpha
        let fromPanelScale = panel.transform.a
        let fromPreview = preview?.transform ?? .identity
        let previewFrame = layout.previewFrame
        transition = root.animator.animate(
            duration: MenuMetrics.closeDuration, curve: MenuMetrics.closeCurve,
            apply: { [weak self] q in
                guard let self else { return }
                animator.step(q)
                self.setPanel(
                    scale: lerp(fromPanelScale, MenuMetrics.panelCloseScale, q), alpha: fromPanelAlpha * (1 - q))
                self.setShadows(preview: 1 - q, panel: (1 - q) * (1 - q) * self.panel.alpha)
                self.dimLevel = 1 - q
                guard let preview = self.preview else { return }
                switch (reason, style) {
                case (.committed, .pop):
                    preview.transform = Transform(scale: lerp(1, MenuMetrics.popScale, q))
                    preview.alpha = 1 - q
                case (.dragged, _):
                    preview.alpha = 1 - q
                default:
                    let back = Self.morph(previewFrame, toward: target, q)
                    preview.transform = q <= 0 ? fromPreview : back
                }
            },
            completion: { [weak self] _ in self?.finish(reason) })
    }

    /// Takes the overlay away now, without a transition.
    func finish(_ reason: EndReason) {
        guard phase != .closed else { return }
        transition?.cancel()
        transition = nil
        if endReason == nil { endReason = reason }
        if phase != .closing, let interaction {
            let animator = ContextMenuAnimator(previewView: displayAnimator.previewView)
            endAnimator = animator
            interaction.delegate?.contextMenuInteraction(interaction, willEndFor: configuration, animator: animator)
        }
        phase = .closed
        let root = self.root
        removeFromSuperview()
        if let root, root.focusedView == nil || root.focusedView === self {
            if let p = previousFocus, p.root === root { root.setFocus(p) } else { root.setFocus(nil) }
        }
        if Self.current === self { Self.current = nil }
        interaction?.overlayDidClose(self)
        displayAnimator.complete()
        endAnimator?.complete()
    }

    // MARK: Choosing

    private var base: [Int] { submenuPath.last ?? [] }

    /// Chooses row `i` (and tile `tile` of a tiles row) as a tap, a lift or Return would.
    public func choose(row i: Int, tile: Int? = nil) {
        guard isActive, rows.indices.contains(i) else { return }
        let r = rows[i]
        switch r.kind {
        case .action(let a): perform(a, path: base + r.path)
        case .tiles(let m):
            let visible = m.children.indices.filter { k in
                if case .action(let a) = m.children[k] { return !a.isHidden }
                return false
            }
            let t = min(max(tile ?? 0, 0), visible.count - 1)
            guard t >= 0, case .action(let a) = m.children[visible[t]] else { return }
            perform(a, path: base + r.path + [visible[t]])
        case .submenu: openSubmenu(r.path)
        case .back: closeSubmenu()
        case .header, .loading, .band: break
        }
    }

    private func perform(_ action: Action, path: [Int]) {
        guard !action.isDisabled else { return }
        for key in usageKeys(for: path) { screen.menuUsage.record(menu: key, action: action.identifier) }
        var chosen = action
        let parentPath = Array(path.dropLast())
        let parent =
            parentPath.isEmpty ? menu : { if case .menu(let m)? = menu.element(at: parentPath) { m } else { menu } }()
        if parent.options.contains(.singleSelection) {
            chosen.state = .on
            let index = path.last!
            menu = menu.modifying(at: parentPath) { m in
                for k in m.children.indices {
                    guard case .action(var a) = m.children[k] else { continue }
                    a.state = k == index ? .on : .off
                    m.children[k] = .action(a)
                }
            }
        }
        if action.keepsMenuPresented {
            chosen.handler(chosen)
            rebuild()
        } else {
            dismiss(.chose)
            chosen.handler(chosen)
        }
    }

    /// The usage keys a choice counts under: the menu's, and each enclosing menu's own identifier.
    private func usageKeys(for path: [Int]) -> [String] {
        var keys = [usageKey]
        var p: [Int] = []
        for k in path.dropLast() {
            p.append(k)
            if case .menu(let m)? = menu.element(at: p), let id = m.identifier, !keys.contains(id) { keys.append(id) }
        }
        return keys
    }

    /// Opens the submenu at `path` (relative to the level shown) in place of the rows.
    public func openSubmenu(_ path: [Int], highlightFirst: Bool = false) {
        guard case .menu? = currentMenu.element(at: path) else { return }
        submenuPath.append(base + path)
        rebuild(keepHighlight: false)
        if highlightFirst,
            let i = layout.displayOrder.first(where: { k in
                if case .back = rows[k].kind { return false }
                return rows[k].isSelectable
            })
        {
            setHighlight(i)
            panel.scrollToVisible(i)
        }
    }

    /// Goes back from an open submenu to the level above.
    public func closeSubmenu(highlightOrigin: Bool = true) {
        guard let leaving = submenuPath.popLast() else { return }
        rebuild(keepHighlight: false)
        if highlightOrigin, let i = rows.firstIndex(where: { $0.isSelectable && base + $0.path == leaving }) {
            setHighlight(i)
        }
    }

    /// Builds the rows again after the menu changed, keeping the panel's edge next to the preview.
    private func rebuild(keepHighlight: Bool = true) {
        let old = panel.highlight.map { (rows[$0.row].description, $0.tile) }
        rows = MenuRow.rows(for: currentMenu, isSubmenu: !submenuPath.isEmpty)
        layout = MenuLayout.resized(
            layout, bounds: bounds, safeInsets: screen.safeAreaInsets, rows: rows.map(\.spec))
        let shadows = shadowRects
        let t = panel.transform
        panel.transform = .identity
        panel.frame = layout.panelFrame
        panel.transform = t
        for r in shadows + shadowRects { setNeedsDisplay(r) }
        panel.setHighlight(nil)
        panel.setRows(rows, frames: layout.rowFrames, order: layout.displayOrder)
        if keepHighlight, let old, let i = rows.firstIndex(where: { $0.description == old.0 }) {
            panel.setHighlight((i, old.1))
        }
        loadDeferred()
    }

    /// Replaces the menu shown (as `updateVisibleMenu`).
    func update(_ body: (Menu) -> Menu) {
        menu = body(menu)
        submenuPath = submenuPath.filter { if case .menu? = menu.element(at: $0) { true } else { false } }
        rebuild()
    }

    private func loadDeferred() {
        for r in rows where r.kind == .loading {
            guard case .deferred(let d)? = currentMenu.element(at: r.path) else { continue }
            let id = ObjectIdentifier(d)
            guard !requested.contains(id) else { continue }
            requested.insert(id)
            d.load { [weak self] elements in self?.deferredArrived(d, elements) }
        }
    }

    private func deferredArrived(_ d: DeferredMenuElement, _ elements: [MenuElement]) {
        guard phase != .closed else { return }
        menu = menu.replacing(d, with: elements)
        rebuild()
    }

    // MARK: Highlight

    func setHighlight(_ i: Int?, tile: Int? = nil) {
        guard let i, rows.indices.contains(i), rows[i].isSelectable else {
            panel.setHighlight(nil)
            return
        }
        var t = tile
        if case .tiles = rows[i].kind { t = min(max(tile ?? 0, 0), rows[i].tiles.count - 1) } else { t = nil }
        panel.setHighlight((i, t))
    }

    private func moveHighlight(by step: Int) {
        let order = layout.displayOrder
        guard !order.isEmpty else { return }
        let n = order.count
        let k = highlightedRow.flatMap { h in order.firstIndex(of: h) }
        var pos = k ?? (step > 0 ? -1 : n)
        for _ in 0..<n {
            pos = (pos + step + n) % n
            if rows[order[pos]].isSelectable {
                setHighlight(order[pos])
                panel.scrollToVisible(order[pos])
                return
            }
        }
    }

    /// Highlights the first row that can be chosen (a menu opened from the keyboard).
    func highlightFirstRow() { moveHighlight(toFirst: true) }

    private func moveHighlight(toFirst: Bool) {
        let order = toFirst ? layout.displayOrder : layout.displayOrder.reversed()
        if let i = order.first(where: { rows[$0].isSelectable }) {
            setHighlight(i)
            panel.scrollToVisible(i)
        }
    }

    // MARK: Touches

    /// The region at a point on the screen.
    func region(at p: Point) -> Region {
        if layout.panelFrame.contains(p) { return .panel }
        if form == .rich, layout.previewFrame.contains(p) { return .preview }
        return .outside
    }

    /// The row and tile under a point on the screen.
    private func rowAndTile(at p: Point) -> (Int, Int?)? {
        let local = Point(p.x - layout.panelFrame.minX, p.y - layout.panelFrame.minY)
        guard let i = panel.row(at: local), rows[i].isSelectable else { return nil }
        if case .tiles = rows[i].kind { return (i, panel.tile(of: i, at: local)) }
        return (i, nil)
    }

    public override func hitTest(_ p: Point) -> View? { isActive ? self : nil }

    public override var canBecomeFocused: Bool { isActive }

    /// Focus changes do not redraw the screen.
    public override func focusDidChange() {}

    public override func touchBegan(_ touch: Touch, at point: Point) {
        fingerDown(touch.id, at: touch.location)
    }

    public override func touchMoved(_ touch: Touch, at point: Point) {
        fingerMoved(touch.id, to: touch.location)
    }

    public override func touchEnded(_ touch: Touch, at point: Point) {
        fingerUp(touch.id, at: touch.location)
    }

    public override func touchCancelled(_ touch: Touch) { tracks[touch.id] = nil }

    func fingerDown(_ id: Int, at p: Point) {
        guard isActive else { return }
        let r = region(at: p)
        tracks[id] = Track(start: p, region: r, startOffset: panel.contentOffset)
        if r == .panel, let (i, t) = rowAndTile(at: p) { setHighlight(i, tile: t) }
    }

    func fingerMoved(_ id: Int, to p: Point) {
        guard isActive, var t = tracks[id] else { return }
        defer { if isActive { tracks[id] = t } }
        let dx = p.x - t.start.x
        let dy = p.y - t.start.y
        let distance = (dx * dx + dy * dy).squareRoot()
        if distance > MenuMetrics.tapSlop { t.moved = true }
        if t.scrolling {
            panel.contentOffset = min(max(0, t.startOffset - dy), panel.maximumOffset)
            return
        }
        let here = region(at: p)
        if t.region == .panel, !t.opening, layout.scrolls, abs(dy) > MenuMetrics.tapSlop {
            t.scrolling = true
            t.startOffset = panel.contentOffset - (dy > 0 ? -MenuMetrics.tapSlop : MenuMetrics.tapSlop)
            setHighlight(nil)
            return
        }
        // The preview is dragged away when the finger leaves it in any direction but toward the
        // menu: sliding from the preview down (or up) into the menu selects rows instead.
        let panelDirection = layout.panelFrame.midY - t.start.y
        let towardMenu = panelDirection * dy > 0 && abs(dy) >= abs(dx)
        if t.region == .preview, !t.dragAsked, distance > MenuMetrics.dragThreshold, here != .panel, !towardMenu {
            t.dragAsked = true
            if let interaction,
                interaction.delegate?.contextMenuInteraction(interaction, willBeginDragFor: configuration, at: p)
                    == true
            {
                interaction.dragBegan(at: p)
                dismiss(.dragged)
                return
            }
        }
        if !t.opening, t.region != .panel, here != .panel, dy > MenuMetrics.swipeDismissDistance, abs(dx) < dy {
            dismiss(.cancelled)
            return
        }
        // Slide to select.
        if here == .panel, let (i, tile) = rowAndTile(at: p) {
            setHighlight(i, tile: tile)
        } else {
            setHighlight(nil)
        }
    }

    func fingerUp(_ id: Int, at p: Point) {
        guard isActive, let t = tracks.removeValue(forKey: id) else { return }
        if t.scrolling { return }
        let here = region(at: p)
        if here == .panel, let (i, tile) = rowAndTile(at: p) {
            setHighlight(i, tile: tile)
            choose(row: i, tile: tile)
            return
        }
        setHighlight(nil)
        if t.opening { return }
        if t.region == .preview, here == .preview, !t.moved {
            commit()
        } else if t.region == .outside, !t.moved {
            dismiss(.cancelled)
        }
    }

    /// Opens the item: the preview was tapped.
    public func commit() {
        guard isActive, form == .rich else { return }
        let animator = ContextMenuAnimator(previewView: displayAnimator.previewView)
        if let interaction {
            interaction.delegate?.contextMenuInteraction(
                interaction, willPerformPreviewActionForMenuWith: configuration, animator: animator)
        }
        dismiss(.committed, style: animator.preferredCommitStyle)
        // The delegate's completions run when the preview has gone.
        endAnimator?.addCompletion { animator.complete() }
    }

    // MARK: Keys

    public override func handleKey(_ press: KeyPress) -> Bool {
        guard isActive else { return false }
        switch press.key {
        case .down: moveHighlight(by: 1)
        case .up: moveHighlight(by: -1)
        case .home: moveHighlight(toFirst: true)
        case .end: moveHighlight(toFirst: false)
        case .tab: moveHighlight(by: press.modifiers.contains(.shift) ? -1 : 1)
        case .right, .left:
            let forward = press.key == .right
            if let i = highlightedRow, case .tiles = rows[i].kind {
                let n = rows[i].tiles.count
                let t = (highlightedTile ?? 0) + (forward ? 1 : -1)
                if t >= 0 && t < n {
                    setHighlight(i, tile: t)
                    return true
                }
            }
            if forward, let i = highlightedRow, case .submenu = rows[i].kind {
                openSubmenu(rows[i].path, highlightFirst: true)
            } else if !forward, !submenuPath.isEmpty {
                closeSubmenu()
            }
        case .return, .space:
            if let i = highlightedRow {
                if case .submenu = rows[i].kind {
                    openSubmenu(rows[i].path, highlightFirst: true)
                } else {
                    choose(row: i, tile: highlightedTile)
                }
            }
        case .escape: dismiss(.cancelled)
        case .character(let c):
            if press.modifiers.isDisjoint(with: [.control, .command, .alternate]) { typeAhead(String(c)) }
        default: return press.opensContextMenu
        }
        return true
    }

    public override func handleText(_ text: String) -> Bool {
        guard isActive else { return false }
        typeAhead(text)
        return true
    }

    /// Jumps to the next row whose title starts with what was typed (letters typed within a second
    /// add up to one prefix).
    private func typeAhead(_ text: String) {
        let now = root?.clock.now ?? 0
        var query = text.lowercased()
        var extending = false
        if let t = typed, now - t.time < MenuMetrics.typeAheadInterval {
            query = t.text + query
            extending = true
        }
        // The same letter again goes on to the next row that starts with it (as macOS menus do).
        if query.count > 1, Set(query).count == 1 {
            query = String(query.prefix(1))
            extending = false
        }
        typed = (query, now)
        let order = layout.displayOrder
        let n = order.count
        guard n > 0 else { return }
        let start = highlightedRow.flatMap { order.firstIndex(of: $0) } ?? -1
        let lang = screen.language
        for step in (extending ? 0 : 1)...n {
            let k = ((start + step) % n + n) % n
            let r = rows[order[k]]
            if r.isSelectable, r.title.resolved(lang).lowercased().hasPrefix(query) {
                setHighlight(order[k])
                panel.scrollToVisible(order[k])
                return
            }
        }
    }

    public override func handleScroll(dx: Double, dy: Double) -> Bool {
        guard isActive else { return false }
        if layout.scrolls { panel.contentOffset = min(max(0, panel.contentOffset + dy), panel.maximumOffset) }
        return true
    }

    // MARK: Drawing

    public override func draw(in canvas: any Canvas) {
        if let backdrop {
            canvas.drawImage(backdrop.image, in: bounds, opacity: 1)
        } else if form == .rich {
            canvas.fill(bounds, with: MenuMetrics.backdropDim.withAlpha(dimLevel))
        }
        if let preview, preview.alpha > 0.01 {
            drawShadow(
                MenuMetrics.previewShadow, shape: preview.shape, size: preview.bounds.size, of: preview,
                strength: previewShadowStrength * preview.alpha, in: canvas)
        }
        drawShadow(
            MenuMetrics.panelShadow,
            shape: Path.roundedRect(panel.bounds, radius: MenuMetrics.panelCornerRadius), size: panel.bounds.size,
            of: panel, strength: panelShadowStrength, in: canvas)
    }
}

extension Menu {
    /// The menu with cached deferred content that has arrived put in place of its deferred elements.
    @MainActor func resolvingCachedDeferred() -> Menu {
        replacingChildren(
            children.flatMap { e -> [MenuElement] in
                switch e {
                case .menu(let m): [.menu(m.resolvingCachedDeferred())]
                case .deferred(let d) where d.isCached && d.loadedElements != nil:
                    Menu(children: d.loadedElements!).resolvingCachedDeferred().children
                default: [e]
                }
            })
    }

    /// The menu with `elements` in place of the deferred element `d`.
    @MainActor func replacing(_ d: DeferredMenuElement, with elements: [MenuElement]) -> Menu {
        replacingChildren(
            children.flatMap { e -> [MenuElement] in
                switch e {
                case .menu(let m): [.menu(m.replacing(d, with: elements))]
                case .deferred(let x) where x === d: elements
                default: [e]
                }
            })
    }

    /// The menu with the submenu at `path` changed by `body` (the menu itself for an empty path).
    func modifying(at path: [Int], _ body: (inout Menu) -> Void) -> Menu {
        var copy = self
        guard let first = path.first else {
            body(&copy)
            return copy
        }
        guard copy.children.indices.contains(first), case .menu(let m) = copy.children[first] else { return copy }
        copy.children[first] = .menu(m.modifying(at: Array(path.dropFirst()), body))
        return copy
    }
}
