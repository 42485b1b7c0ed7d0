import Graphics

/// What a dragged item can become, loaded only when it is dropped: a drop target sees the types while
/// the finger hovers, but not the data (as `NSItemProvider`).
@MainActor public final class ItemProvider {
    /// Type identifiers, most faithful first (`org.slate.user-activity`, `public.plain-text`, `public.file-url`…).
    public private(set) var registeredTypes: [String] = []
    private var loaders: [String: () -> [UInt8]?] = [:]
    /// Set by the drag session when the item is dropped; until then nothing loads.
    public internal(set) var isReleased = false
    /// A name for the item (a window title, a file name).
    public var suggestedName: String?

    public init() {}

    /// Registers a representation; `load` runs only after the drop.
    public func register(type: String, load: @escaping () -> [UInt8]?) {
        if loaders[type] == nil { registeredTypes.append(type) }
        loaders[type] = load
    }

    public func register(text: String) {
        register(type: ItemType.plainText) { Array(text.utf8) }
    }

    public func register(fileURL path: String) {
        register(type: ItemType.fileURL) { Array(path.utf8) }
    }

    public func hasItem(conformingTo type: String) -> Bool { registeredTypes.contains(type) }

    /// The item was dropped somewhere the host knows of (another program asked for its data): it
    /// may be read now. Only a host calls this.
    @_spi(Hosting) public func releaseForDrop() { isReleased = true }

    /// The data of a representation. Fails before the drop, so a target that is only hovered over never
    /// reads what it was not given.
    public func load(_ type: String) throws(DragError) -> [UInt8] {
        guard isReleased else { throw .notDropped }
        guard let loader = loaders[type] else { throw .typeNotProvided(type) }
        guard let data = loader() else { throw .loadFailed(type) }
        return data
    }

    public func loadText() throws(DragError) -> String {
        String(decoding: try load(ItemType.plainText), as: UTF8.self)
    }
}

/// Well-known item types.
public enum ItemType {
    public static let plainText = "public.plain-text"
    public static let fileURL = "public.file-url"
    /// A user activity (what a window shows), encoded as JSON: dropping it on a screen edge opens a window.
    public static let userActivity = "org.slate.user-activity"
    /// An app, dragged out of the Dock.
    public static let application = "org.slate.application"
}

public enum DragError: Error, Equatable, CustomStringConvertible {
    case notDropped
    case typeNotProvided(String)
    case loadFailed(String)

    public var description: String {
        switch self {
        case .notDropped: "the item's data is given only on drop"
        case .typeNotProvided(let t): "the item has no \(t) representation"
        case .loadFailed(let t): "the item's \(t) representation could not be loaded"
        }
    }
}

/// One thing being dragged.
@MainActor public final class DragItem {
    public let provider: ItemProvider
    /// An object for drops inside the same app (never leaves the process).
    public var localObject: AnyObject?
    /// The picture that follows the finger.
    public var preview: PixelImage?
    public var previewSize: Size

    public init(provider: ItemProvider, previewSize: Size = Size(120, 60)) {
        self.provider = provider
        self.previewSize = previewSize
    }
}

/// What a drop target would do with the drag under the finger.
public enum DropOperation: Sendable, Hashable {
    case cancel, forbidden, copy, move
}

/// A drag under way: its items, where the finger is, where it came from.
@MainActor public final class DragSession {
    public let items: [DragItem]
    /// The view the drag started from.
    public private(set) weak var sourceView: View?
    /// An identifier of the app the drag started in, for cross-app drops.
    public let sourceApp: String?
    /// The finger, in root coordinates.
    public internal(set) var location: Point
    public let touchID: Int

    /// A drag that comes from elsewhere — another program's, as the system shows it — with its
    /// `items`, the finger at `location` (root coordinates).
    public convenience init(items: [DragItem], location: Point) {
        self.init(items: items, sourceView: nil, sourceApp: nil, location: location, touchID: -1)
    }

    init(items: [DragItem], sourceView: View?, sourceApp: String?, location: Point, touchID: Int) {
        self.items = items
        self.sourceView = sourceView
        self.sourceApp = sourceApp
        self.location = location
        self.touchID = touchID
    }

    public func location(in view: View) -> Point { view.convert(location, from: nil) }

    public func hasItems(conformingTo type: String) -> Bool {
        items.contains { $0.provider.hasItem(conformingTo: type) }
    }
}

/// Supplies a drag's items when a drag begins on the interaction's view.
@MainActor public protocol DragInteractionDelegate: AnyObject {
    /// The items to drag from `point` (view coordinates); empty for none.
    func itemsForBeginning(_ interaction: DragInteraction, at point: Point) -> [DragItem]
    /// The drag ended: dropped (with the operation) or cancelled.
    func dragInteraction(_ interaction: DragInteraction, sessionDidEnd session: DragSession, operation: DropOperation)
}

extension DragInteractionDelegate {
    public func dragInteraction(
        _ interaction: DragInteraction, sessionDidEnd session: DragSession, operation: DropOperation
    ) {}
}

/// Makes a view a drag source: touch and hold, then move, and the item lifts and follows the finger.
@MainActor public final class DragInteraction: Interaction {
    public private(set) weak var view: View?
    public weak var delegate: (any DragInteractionDelegate)?
    /// The app the view belongs to, for cross-app drops.
    public var appIdentifier: String?
    /// How long the touch is held before the item lifts (UIKit's drag lift ≈ 0.5 s on iPad).
    public var liftDelay = GestureSettings.longPressDuration {
        didSet { press.minimumPressDuration = liftDelay }
    }
    /// How far the finger must move after the lift for the drag to start.
    public var startDistance = GestureSettings.touchSlop

    let press = LongPressGestureRecognizer()
    private var start: Point = .zero

    public init(delegate: (any DragInteractionDelegate)? = nil) {
        self.delegate = delegate
        press.minimumPressDuration = liftDelay
        press.cancelsTouchesInView = true
        press.shouldRecognizeSimultaneously = { _, other in other is LongPressGestureRecognizer }
        // A view that has a context menu starts its drags from the menu's lifted preview instead.
        press.shouldBegin = { [weak self] _ in
            !(self?.view?.interactions.contains { $0 is any MenuTriggerInteraction } ?? false)
        }
        press.action = { [weak self] g in self?.pressed(g) }
    }

    public func willMove(to view: View?) {
        self.view?.removeGestureRecognizer(press)
    }

    public func didMove(to view: View?) {
        self.view = view
        view?.addGestureRecognizer(press)
    }

    private func pressed(_ g: GestureRecognizer) {
        switch g.state {
        case .began: start = g.location(in: nil)
        case .changed:
            let p = g.location(in: nil)
            if p.distance(to: start) > startDistance, let id = g.touches.keys.first {
                _ = beginDrag(touchID: id, at: p)
            }
        default: break
        }
    }

    /// Starts a drag now with the touch `touchID` at `point` (root coordinates); the coordinator takes
    /// the touch over. Used by the context menu when its preview is dragged away (C3).
    @discardableResult
    public func beginDrag(touchID: Int, at point: Point) -> Bool {
        guard let view, let root = view.root, let delegate else { return false }
        let items = delegate.itemsForBeginning(self, at: view.convert(point, from: nil))
        guard !items.isEmpty else { return false }
        for item in items where item.preview == nil {
            if let r = root.environment.renderer {
                item.preview = view.snapshot(renderer: r, scale: 1, appearance: root.appearance)
                item.previewSize = view.bounds.size
            }
        }
        let session = DragSession(
            items: items, sourceView: view, sourceApp: appIdentifier, location: point, touchID: touchID)
        root.dragCoordinator.begin(session) { [weak self] op in
            guard let self else { return }
            self.delegate?.dragInteraction(self, sessionDidEnd: session, operation: op)
        }
        return true
    }
}

/// Receives drops on the interaction's view.
@MainActor public protocol DropInteractionDelegate: AnyObject {
    func dropInteraction(_ interaction: DropInteraction, canHandle session: DragSession) -> Bool
    /// What a drop here would do, as the finger moves; the data cannot be read yet.
    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DragSession) -> DropOperation
    func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DragSession)
    func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DragSession)
    /// The drop: now the items' data can be loaded.
    func dropInteraction(_ interaction: DropInteraction, performDrop session: DragSession)
}

extension DropInteractionDelegate {
    public func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DragSession) {}
    public func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DragSession) {}
}

/// Makes a view a drop target.
@MainActor public final class DropInteraction: Interaction {
    public private(set) weak var view: View?
    public weak var delegate: (any DropInteractionDelegate)?

    public init(delegate: (any DropInteractionDelegate)? = nil) { self.delegate = delegate }

    public func willMove(to view: View?) {}
    public func didMove(to view: View?) { self.view = view }
}

/// A place to drop that is not a view's: the shell's screen-edge targets (W2a, W2b).
@MainActor public protocol SystemDropTarget: AnyObject {
    /// Whether the finger at `p` is over this target for the session; called as the finger moves.
    func update(_ session: DragSession, at p: Point) -> DropOperation
    func exit(_ session: DragSession)
    func performDrop(_ session: DragSession)
}

/// Runs drags in a view tree: the preview follows the finger, targets under it are asked what they
/// would do, and on lift the one under the finger gets the drop.
@MainActor public final class DragCoordinator {
    unowned let root: RootView

    /// Targets above all views, asked first (the shell's screen edges).
    public var systemTargets: [any SystemDropTarget] = []

    /// Takes a drag from the moment it begins: an app in a process of its own hands it to the system
    /// (a Wayland drag), which draws it under the finger and offers it to every window — other
    /// programs', the shell's screen sides, and this app's own, which get it back through
    /// `enter(_:at:)`. Returns whether it took the drag; if so, it calls `finish` once with how the
    /// drag ended, and this root shows nothing of it meanwhile.
    public var handOff: (@MainActor (DragSession, _ finish: @escaping @MainActor (DropOperation) -> Void) -> Bool)?

    /// The drag under way, if any.
    public private(set) var session: DragSession?
    /// The drag was handed off (`handOff`): its end comes from there.
    public private(set) var isHandedOff = false
    private var ended: ((DropOperation) -> Void)?
    private var current: AnyObject?
    private var currentOperation: DropOperation = .cancel
    let previewView = DragPreviewView()

    init(root: RootView) { self.root = root }

    func begin(_ session: DragSession, ended: @escaping (DropOperation) -> Void) {
        self.session = session
        self.ended = ended
        if let handOff,
            handOff(
                session,
                { [weak self, weak session] op in
                    guard let self, let session, self.session === session, self.isHandedOff else { return }
                    if op == .copy || op == .move { for item in session.items { item.provider.isReleased = true } }
                    self.finish(op)
                })
        {
            // The touch is the system's now (the window may even hear it leave): it is let be.
            isHandedOff = true
            return
        }
        previewView.item = session.items.first
        previewView.count = session.items.count
        root.addSubview(previewView)
        previewView.center(at: session.location)
        root.dispatcher.capture(touchID: session.touchID) { [weak self] t in self?.handle(t) }
        update(at: session.location)
    }

    private func handle(_ t: Touch) {
        // Handed off, the touch is the system's now (the window may even hear it leave).
        guard !isHandedOff else { return }
        switch t.phase {
        case .moved, .stationary, .began: update(at: t.location)
        case .ended: drop(at: t.location)
        case .cancelled: finish(.cancel)
        }
    }

    /// Who would take a drop at `p`: a system target, else the deepest view with a drop interaction.
    private func update(at p: Point) {
        guard let session, !isHandedOff else { return }
        session.location = p
        previewView.center(at: p)
        let (found, op) = target(for: session, at: p)
        if found !== current {
            exitCurrent()
            if let d = found as? DropInteraction { d.delegate?.dropInteraction(d, sessionDidEnter: session) }
            current = found
        }
        currentOperation = op
        previewView.operation = op
    }

    /// Who would take a drop of `session` at `p`, and what it would do.
    private func target(for session: DragSession, at p: Point) -> (AnyObject?, DropOperation) {
        for t in systemTargets {
            let o = t.update(session, at: p)
            if o != .cancel { return (t, o) }
        }
        previewView.isHidden = true
        var v = root.hitTest(p)
        previewView.isHidden = false
        while let cur = v {
            for case let d as DropInteraction in cur.interactions {
                guard let delegate = d.delegate, delegate.dropInteraction(d, canHandle: session) else { continue }
                return (d, delegate.dropInteraction(d, sessionDidUpdate: session))
            }
            v = cur.superview
        }
        return (nil, .cancel)
    }

    // MARK: A drag brought in by the host

    /// A drag the host brings over this root (an app process: a Wayland drag over its window, another
    /// program's or the app's own come back). Its targets are asked as it moves; it shows no preview
    /// (the system draws it).
    public private(set) var incoming: DragSession?
    private var incomingTarget: AnyObject?
    /// What a drop of the incoming drag would do where it is now.
    public private(set) var incomingOperation = DropOperation.cancel

    /// The drag `session` came over the root at `p`; returns what a drop there would do.
    @discardableResult
    public func enter(_ session: DragSession, at p: Point) -> DropOperation {
        if incoming !== session { exit() }
        incoming = session
        return move(to: p)
    }

    /// The incoming drag moved to `p`; returns what a drop there would do.
    @discardableResult
    public func move(to p: Point) -> DropOperation {
        guard let session = incoming else { return .cancel }
        session.location = p
        let (found, op) = target(for: session, at: p)
        if found !== incomingTarget {
            if let d = incomingTarget as? DropInteraction { d.delegate?.dropInteraction(d, sessionDidExit: session) }
            if let d = found as? DropInteraction { d.delegate?.dropInteraction(d, sessionDidEnter: session) }
            incomingTarget = found
        }
        incomingOperation = op
        return op
    }

    /// The incoming drag left the root.
    public func exit() {
        guard let session = incoming else { return }
        if let d = incomingTarget as? DropInteraction { d.delegate?.dropInteraction(d, sessionDidExit: session) }
        incoming = nil
        incomingTarget = nil
        incomingOperation = .cancel
    }

    /// The incoming drag was let go: the target under it takes it (its items are readable now).
    /// Returns what was done (cancel when nothing here takes it).
    @discardableResult
    public func dropIncoming() -> DropOperation {
        guard let session = incoming else { return .cancel }
        let op = incomingOperation
        let d = incomingTarget as? DropInteraction
        incoming = nil
        incomingTarget = nil
        incomingOperation = .cancel
        guard op == .copy || op == .move, let d else {
            if let d { d.delegate?.dropInteraction(d, sessionDidExit: session) }
            return .cancel
        }
        for item in session.items { item.provider.isReleased = true }
        d.delegate?.dropInteraction(d, performDrop: session)
        return op
    }

    private func exitCurrent() {
        guard let session else { return }
        if let d = current as? DropInteraction { d.delegate?.dropInteraction(d, sessionDidExit: session) }
        if let t = current as? any SystemDropTarget { t.exit(session) }
        current = nil
    }

    private func drop(at p: Point) {
        update(at: p)
        guard let session, currentOperation == .copy || currentOperation == .move else {
            finish(.cancel)
            return
        }
        for item in session.items { item.provider.isReleased = true }
        let op = currentOperation
        if let d = current as? DropInteraction {
            d.delegate?.dropInteraction(d, performDrop: session)
        } else if let t = current as? any SystemDropTarget {
            t.performDrop(session)
        }
        current = nil
        finish(op)
    }

    private func finish(_ op: DropOperation) {
        isHandedOff = false
        if op == .cancel { exitCurrent() }
        if let session { for t in systemTargets { t.exit(session) } }
        previewView.removeFromSuperview()
        previewView.item = nil
        let end = ended
        session = nil
        ended = nil
        end?(op)
    }
}
