import Graphics
import UI

/// Gives a view a context menu (as `UIContextMenuInteraction`): touch and hold it — or right-click
/// it, or press the Menu key or Shift+F10 while it has focus — and the item lifts out as a preview
/// while the rest of the screen blurs and dims, with its commands beside it.
///
/// ```swift
/// let interaction = ContextMenuInteraction(delegate: self)
/// row.addInteraction(interaction)
/// ```
///
/// Beyond iOS: `longPressDuration` is settable, and `present(at:form:)` opens the menu from code.
@MainActor public final class ContextMenuInteraction: MenuTriggerInteraction {
    /// Answers for the menu. Held weakly, as UIKit does.
    public weak var delegate: (any ContextMenuInteractionDelegate)?
    /// A delegate made from a closure, held strongly.
    private var ownDelegate: (any ContextMenuInteractionDelegate)?

    public private(set) weak var view: View?
    /// The touch and hold that opens the menu.
    public let gestureRecognizer = ContextMenuGestureRecognizer()
    /// Elements the system suggests for the item; the configuration's action provider receives them.
    public var suggestedActions: [MenuElement] = []
    /// The open menu, while there is one (closing included).
    public private(set) var overlay: ContextMenuOverlay?
    /// Called when the delegate agreed to drag the item away from the preview, with the finger's
    /// place on the screen: the shell connects the drag and drop here.
    public var onDragBegan: ((Point) -> Void)?

    private var pending: ContextMenuConfiguration?
    /// The menu made while the finger was down — configuration, commands, preview picture, blurred
    /// backdrop, the panel's picture — waiting for the press to be recognised.
    private(set) var prepared: ContextMenuOverlay?

    public init(delegate: any ContextMenuInteractionDelegate) {
        self.delegate = delegate
        setUp()
    }

    /// An interaction whose configuration comes from a closure (for a view that needs nothing else).
    public init(configuration: @escaping @MainActor (Point) -> ContextMenuConfiguration?) {
        let d = ClosureDelegate(configuration)
        ownDelegate = d
        delegate = d
        setUp()
    }

    private func setUp() {
        gestureRecognizer.shouldBegin = { [weak self] g in
            guard let self, let view = self.view else { return false }
            if self.prepared != nil { return true }
            self.pending = self.delegate?.contextMenuInteraction(
                self, configurationForMenuAtLocation: g.location(in: view))
            return self.pending != nil
        }
        gestureRecognizer.action = { [weak self] g in self?.handle(g) }
        gestureRecognizer.onPreparation = { [weak self] in self?.prepare() }
        gestureRecognizer.onAbandon = { [weak self] in self?.dropPrepared() }
    }

    /// How long a touch must be held to open the menu. Beyond iOS, which fixes it.
    public var longPressDuration: Double {
        get { gestureRecognizer.minimumPressDuration }
        set { gestureRecognizer.minimumPressDuration = newValue }
    }

    /// Whether a menu is open or opening.
    public var isMenuVisible: Bool { overlay?.isActive ?? false }

    /// Where the interaction's gesture is, in `view`'s coordinates (nil: the screen's).
    public func location(in view: View?) -> Point { gestureRecognizer.location(in: view) }

    // MARK: Interaction

    public func willMove(to view: View?) {
        self.view?.removeGestureRecognizer(gestureRecognizer)
    }

    public func didMove(to view: View?) {
        self.view = view
        view?.addGestureRecognizer(gestureRecognizer)
        if let root = view?.root { Self.prepareAtRest(on: root) }
    }

    /// The item left the screen (its window closed): its menu goes with it.
    public func viewDidMoveToRoot(_ root: RootView?) {
        if root == nil, let overlay, overlay.isActive { overlay.finish(.cancelled) }
        if let root { Self.prepareAtRest(on: root) }
    }

    /// A screen with context menus makes, whenever it comes to rest, what a menu opened with no press
    /// before it would otherwise make in its first frame: the backdrop, and the focused item's preview.
    private static func prepareAtRest(on root: RootView) {
        RestingBackdrop.install(on: root)
        RestingPreview.install(on: root)
    }

    // MARK: Opening

    private func handle(_ g: GestureRecognizer) {
        let p = g.location(in: nil)
        switch g.state {
        case .began:
            let config = pending
            pending = nil
            if let o = prepared {
                prepared = nil
                show(o, keyboard: false)
            } else if let config {
                _ = open(config, at: p, form: .rich, keyboard: false)
            }
        case .changed:
            overlay?.fingerMoved(ContextMenuOverlay.openingFinger, to: p)
        case .ended:
            overlay?.fingerUp(ContextMenuOverlay.openingFinger, at: p)
        case .cancelled:
            overlay?.touchCancelled(
                Touch(id: ContextMenuOverlay.openingFinger, phase: .cancelled, location: p, timestamp: 0))
        default: break
        }
    }

    /// Makes the menu while the finger is still down (as UIKit asks for the configuration as the
    /// press begins, to lift the preview), so that the frame in which the press is recognised only
    /// has to show it.
    private func prepare() {
        guard let view, view.root != nil else { return }
        let p = gestureRecognizer.location(in: view)
        guard let config = delegate?.contextMenuInteraction(self, configurationForMenuAtLocation: p) else { return }
        dropPrepared()
        prepared = makeOverlay(config, at: view.convert(p, to: nil), form: .rich)
        prepared?.prerender()
        if let root = view.root { prepared?.takeShownScreenAsBeneath(of: root) }
    }

    /// Opens the menu from code, as a touch and hold at `location` (the view's coordinates; its
    /// centre by default) would — or, with `.compact`, as a secondary click there would. Returns
    /// whether a menu opened. Beyond iOS.
    @discardableResult
    public func present(at location: Point? = nil, form: ContextMenuOverlay.Form = .rich) -> Bool {
        guard let view else { return false }
        let p = location ?? view.bounds.center
        guard let config = delegate?.contextMenuInteraction(self, configurationForMenuAtLocation: p) else {
            return false
        }
        return open(config, at: view.convert(p, to: nil), form: form, keyboard: false)
    }

    public func presentFromSecondaryClick(at point: Point) -> Bool {
        present(at: point, form: .compact)
    }

    /// Opens the menu for the focused view, lifted as a touch would, with the first command
    /// highlighted for the arrow keys.
    public func presentFromKeyboard() -> Bool {
        guard let view,
            let config = delegate?.contextMenuInteraction(
                self, configurationForMenuAtLocation: view.bounds.center)
        else { return false }
        return open(config, at: view.convert(view.bounds.center, to: nil), form: .rich, keyboard: true)
    }

    private func open(_ config: ContextMenuConfiguration, at p: Point, form: ContextMenuOverlay.Form, keyboard: Bool)
        -> Bool
    {
        guard let o = makeOverlay(config, at: p, form: form) else { return false }
        show(o, keyboard: keyboard)
        return true
    }

    /// Makes (but does not show) the menu for `config` at `p` on the screen.
    private func makeOverlay(_ config: ContextMenuConfiguration, at p: Point, form: ContextMenuOverlay.Form)
        -> ContextMenuOverlay?
    {
        guard let view, let root = view.root else { return nil }
        let suggested = allSuggestedActions
        let menu = config.actionProvider?(suggested) ?? Menu(children: suggested)
        var target: TargetedPreview?
        var custom: View?
        var backdrop: MenuBackdrop?
        switch form {
        case .rich:
            target =
                delegate?.contextMenuInteraction(self, previewForHighlightingMenuWithConfiguration: config)
                ?? TargetedPreview(view: view)
            custom = config.previewProvider?()
            if let renderer = root.environment.renderer {
                backdrop = MenuBackdrop.make(
                    of: root, excluding: root.subviews.filter { $0 is ContextMenuOverlay }, renderer: renderer,
                    scale: root.environment.displayScale)
            }
        case .compact:
            if MenuRow.rows(for: menu).isEmpty { return nil }
        }
        let o = ContextMenuOverlay(
            bounds: root.bounds, configuration: config, menu: menu, form: form, location: p, target: target,
            customPreview: custom, backdrop: backdrop, appearance: root.appearance,
            environment: root.environment)
        o.interaction = self
        return o
    }

    /// Lets go of the menu made ahead, which will not open.
    private func dropPrepared() {
        prepared?.forgetPictureBeneath()
        prepared = nil
    }

    private func show(_ o: ContextMenuOverlay, keyboard: Bool) {
        guard let root = view?.root else { return }
        overlay?.finish(.replaced)
        if prepared !== o { dropPrepared() }
        prepared = nil
        overlay = o
        o.present(in: root)
        if keyboard { o.highlightFirstRow() }
    }

    // MARK: While open

    /// Closes the open menu as a tap outside it would.
    public func dismissMenu() { overlay?.dismiss(.cancelled) }

    /// Changes the menu while it is shown (as `updateVisibleMenu`).
    public func updateVisibleMenu(_ body: (Menu) -> Menu) { overlay?.update(body) }

    /// The preview was dragged away: the shell's hook, else the view's own drag interaction takes the
    /// finger over and carries the item (C3).
    /// `touchID` is the finger on the preview: the one that opened the menu (nil), or a new touch
    /// after that one lifted — a person who let go can still pick the preview up and drag it.
    func dragBegan(at p: Point, touchID: Int?) {
        if let onDragBegan {
            onDragBegan(p)
            return
        }
        guard let view, let drag = view.interactions.lazy.compactMap({ $0 as? DragInteraction }).first else { return }
        if let id = touchID ?? gestureRecognizer.touches.keys.first { drag.beginDrag(touchID: id, at: p) }
    }

    /// Elements the system adds to this menu's suggestions, asked each time the menu opens (the
    /// scenes layer offers "Open in New Window" for an item that opens as a window — W2d).
    public var systemSuggestionProviders: [@MainActor (ContextMenuInteraction) -> [MenuElement]] = []

    /// What the configuration's action provider is given: the interaction's own suggestions, then
    /// the system's.
    public var allSuggestedActions: [MenuElement] {
        suggestedActions + systemSuggestionProviders.flatMap { $0(self) }
    }

    func overlayDidClose(_ o: ContextMenuOverlay) {
        if overlay === o { overlay = nil }
    }
}

/// A delegate that asks a closure for the configuration.
@MainActor private final class ClosureDelegate: ContextMenuInteractionDelegate {
    let provider: @MainActor (Point) -> ContextMenuConfiguration?
    init(_ provider: @escaping @MainActor (Point) -> ContextMenuConfiguration?) { self.provider = provider }
    func contextMenuInteraction(
        _ interaction: ContextMenuInteraction, configurationForMenuAtLocation location: Point
    ) -> ContextMenuConfiguration? { provider(location) }
}
