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
    public internal(set) var phase: Phase = .opening
    public let configuration: ContextMenuConfiguration
    /// The menu as presented: ordered by use where asked, deferred content spliced in as it arrives,
    /// states updated by single-selection choices.
    public internal(set) var menu: Menu
    /// The index paths of the open submenus, outermost first (empty at the top level).
    public internal(set) var submenuPath: [[Int]] = []
    /// The rows shown now.
    public internal(set) var rows: [MenuRow] = []
    /// Where everything is.
    public internal(set) var layout: MenuLayout.Result
    /// Why the menu closed, once it has.
    public internal(set) var endReason: EndReason?
    /// The progress of the open transition (0…1, a spring overshoots a little).
    public internal(set) var openProgress = 0.0

    weak var interaction: ContextMenuInteraction?
    let panel: MenuPanelView
    let preview: MenuPreviewView?
    let backdrop: MenuBackdrop?
    let sourceFrame: Rect
    /// The appearance the menu was made for.
    let appearance: Appearance
    /// Where the menu was asked for (the finger, the pointer, the focused view's centre): the panel
    /// unfolds from there.
    let anchor: Point
    let usageKey: String
    /// The environment of the screen the menu opens on.
    let screen: ScreenEnvironment
    var transition: Animation?
    weak var previousFocus: View?
    var tracks: [Int: Track] = [:]
    var typed: (text: String, time: Double)?
    var requested: Set<ObjectIdentifier> = []
    var endAnimator: ContextMenuAnimator?
    let displayAnimator: ContextMenuAnimator
    /// The id of the finger that opened the menu (it is not a touch of the overlay's own).
    static let openingFinger = -1

    /// A region of the overlay.
    enum Region { case panel, preview, outside }

    struct Track {
        var start: Point
        var region: Region
        var moved = false
        var scrolling = false
        var startOffset = 0.0
        var dragAsked = false
        var opening = false
    }

    /// How strong the plain dim is (0…1) when there is no blurred backdrop.
    /// How much of the blurred backdrop shows (1 while open; it fades out as the menu closes).
    public internal(set) var backdropOpacity = 1.0 {
        didSet { if backdropOpacity != oldValue, backdrop != nil { setNeedsDisplay() } }
    }
    var dimLevel = 0.0 {
        didSet {
            // The dim covers the screen: without a backdrop picture, every change redraws it all.
            if dimLevel != oldValue, backdrop == nil, form == .rich { setNeedsDisplay() }
        }
    }

    /// How strong each shadow is now (0…1): the preview's grows as it lifts; the panel's comes last,
    /// once the panel is nearly full size, because it is drawn at the full size.
    var previewShadowStrength = 0.0
    var panelShadowStrength = 0.0
    /// The shadows' areas when last damaged: a move damages where they were drawn.
    var drawnShadowRects: [Rect] = []

    /// While the menu closes: a picture of what lies beneath it (nil until first drawn), the parts
    /// of it to draw again (nil: all), and the damage observer that finds them.
    var beneath: PixelImage?
    var beneathDirty: [Rect]?
    var beneathObserver: Int?
    /// The close transition has ended: the overlay shows the picture beneath, whole, for one frame.
    var showsBeneathWhole = false
    /// The screen `beneathObserver` watches.
    weak var beneathRoot: RootView?

    init(
        bounds screen: Rect, configuration: ContextMenuConfiguration, menu: Menu, form: Form, location: Point,
        target: TargetedPreview?, customPreview: View?, backdrop: MenuBackdrop?, appearance: Appearance,
        environment: ScreenEnvironment
    ) {
        self.screen = environment
        // A custom preview is drawn before it is on the screen: it measures text as the screen does.
        customPreview?.detachedEnvironment = environment
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
        let fit = MenuRow.fit(
            rows, language: environment.language, measurer: environment.textMeasurer,
            maximumWidth: MenuLayout.usableArea(screen, environment.safeAreaInsets).width,
            metrics: environment.fontMetrics)
        let specs = zip(rows, fit.heights).map { r, h in MenuLayout.RowSpec(height: h, role: r.spec.role) }
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
                    rows: specs, order: configuration.preferredMenuElementOrder, panelWidth: fit.width))
            let lifted = layout.previewFrame.size
            var ready: PixelImage?
            if customPreview == nil, let target, let resting = environment[RestingPreview.self] {
                ready = resting.picture(
                    of: target, size: lifted, scale: environment.displayScale, appearance: appearance)
            }
            let p = MenuPreviewView(
                target: customPreview == nil ? target : nil, custom: customPreview, size: lifted,
                renderer: renderer, scale: environment.displayScale, appearance: appearance, ready: ready)
            p.frame = layout.previewFrame
            preview = p
            panel = MenuPanelView(material: MenuMetrics.material)
        case .compact:
            sourceFrame = Rect(center: location, size: .zero)
            layout = MenuLayout.compact(
                bounds: screen, safeInsets: safe, at: location, rows: specs,
                order: configuration.preferredMenuElementOrder, panelWidth: fit.width)
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
        panel.chooseRow = { [weak self] i in self?.choose(row: i) }
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

    // MARK: Input and drawing (the work is in the extensions)

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

    public override func hoverMoved(to point: Point) { pointerMoved(to: point) }

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

    public override func handleScroll(dx: Double, dy: Double) -> Bool {
        guard isActive else { return false }
        if layout.scrolls { panel.contentOffset = min(max(0, panel.contentOffset + dy), panel.maximumOffset) }
        return true
    }

    public override func draw(in canvas: any Canvas) {
        // Closing: the backdrop fades over the picture of what lies beneath, with the shadows, in one
        // pass where the canvas takes pixels; else the picture, then the backdrop over it.
        if showsBeneathWhole, var below = pictureBeneath(scale: canvas.scale) {
            below.isOpaque = true  // the whole screen: copied, not blended
            canvas.drawImage(below, in: bounds, opacity: 1)
            return
        }
        if let backdrop, backdropOpacity < 1, let below = pictureBeneath(scale: canvas.scale) {
            if backdrop.pixels.block == 2, let shades = shades(in: canvas),
                canvas.drawPixels(
                    FadingBackdrop(
                        backdrop: backdrop.pixels, beneath: below, opacity: backdropOpacity, shades: shades,
                        kernels: canvas.pixelKernels),
                    at: .zero, opacity: 1)
            {
                return
            }
            canvas.drawImage(below, in: bounds, opacity: 1)
            backdrop.draw(in: canvas, rect: bounds, opacity: backdropOpacity)
            drawShadows(in: canvas)
            return
        }
        // The backdrop and the shadows over it in one pass, where the canvas takes pixels.
        if let backdrop, backdropOpacity >= 1, let shades = shades(in: canvas),
            canvas.drawPixels(
                ShadowedBackdrop(
                    backdrop: backdrop.pixels, shades: shades, hole: previewHole(scale: canvas.scale),
                    kernels: canvas.pixelKernels),
                at: .zero, opacity: 1)
        {
            return
        }
        if let backdrop {
            backdrop.draw(in: canvas, rect: bounds, opacity: backdropOpacity)
        } else if form == .rich {
            canvas.fill(bounds, with: MenuMetrics.backdropDim.withAlpha(dimLevel))
        }
        drawShadows(in: canvas)
    }

    /// The preview's and the panel's shadows, through Cairo.
    func drawShadows(in canvas: any Canvas) {
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
