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

    /// The drag under way, if any.
    public private(set) var session: DragSession?
    private var ended: ((DropOperation) -> Void)?
    private var current: AnyObject?
    private var currentOperation: DropOperation = .cancel
    let previewView = DragPreviewView()

    init(root: RootView) { self.root = root }

    func begin(_ session: DragSession, ended: @escaping (DropOperation) -> Void) {
        self.session = session
        self.ended = ended
        previewView.item = session.items.first
        previewView.count = session.items.count
        root.addSubview(previewView)
        previewView.center(at: session.location)
        root.dispatcher.capture(touchID: session.touchID) { [weak self] t in self?.handle(t) }
        update(at: session.location)
    }

    private func handle(_ t: Touch) {
        switch t.phase {
        case .moved, .stationary, .began: update(at: t.location)
        case .ended: drop(at: t.location)
        case .cancelled: finish(.cancel)
        }
    }

    /// Who would take a drop at `p`: a system target, else the deepest view with a drop interaction.
    private func update(at p: Point) {
        guard let session else { return }
        session.location = p
        previewView.center(at: p)
        var found: AnyObject? = nil
        var op = DropOperation.cancel
        for t in systemTargets {
            let o = t.update(session, at: p)
            if o != .cancel {
                found = t
                op = o
                break
            }
        }
        if found == nil {
            previewView.isHidden = true
            var v = root.hitTest(p)
            previewView.isHidden = false
            outer: while let cur = v {
                for case let d as DropInteraction in cur.interactions {
                    guard let delegate = d.delegate, delegate.dropInteraction(d, canHandle: session) else { continue }
                    found = d
                    op = delegate.dropInteraction(d, sessionDidUpdate: session)
                    break outer
                }
                v = cur.superview
            }
        }
        if found !== current {
            exitCurrent()
            if let d = found as? DropInteraction { d.delegate?.dropInteraction(d, sessionDidEnter: session) }
            current = found
        }
        currentOperation = op
        previewView.operation = op
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

/// The lifted item under the finger.
@MainActor final class DragPreviewView: View {
    var item: DragItem? { didSet { setNeedsDisplay() } }
    var count = 1
    var operation: DropOperation = .cancel { didSet { if operation != oldValue { setNeedsDisplay() } } }

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        shadow = Shadow(color: Color.black.withAlpha(0.25), blur: 18, offset: Point(0, 8))
        cornerRadius = 12
        accessibilityIdentifierForDrag()
    }

    private func accessibilityIdentifierForDrag() { identifier = "drag-preview" }

    func center(at p: Point) {
        let size =
            item.map { s -> Size in
                // Lifted items shrink to at most 300 pt wide, as iPad drag previews do.
                let k = min(1, 300 / max(1, s.previewSize.width))
                return s.previewSize * k
            } ?? Size(120, 60)
        frame = Rect(center: p, size: size)
    }

    override func draw(in canvas: any Canvas) {
        let path = Path.roundedRect(bounds, radius: cornerRadius)
        canvas.withState {
            canvas.clip(to: path)
            if let image = item?.preview {
                canvas.drawImage(image, in: bounds, opacity: 0.92)
            } else {
                canvas.fill(bounds, with: .secondarySystemBackground)
            }
        }
        if count > 1 || operation == .copy {
            let badge = Rect(bounds.maxX - 14, bounds.minY - 10, 24, 24)
            canvas.fill(Path.ellipse(in: badge), with: count > 1 ? .systemRed : .systemGreen)
            canvas.drawText(
                TextLayout(
                    count > 1 ? "\(count)" : "+", font: Font(size: 14, weight: .bold), color: .white,
                    alignment: .center, width: 24),
                at: Point(badge.minX, badge.minY + 3))
        }
    }
}
