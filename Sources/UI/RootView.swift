import Graphics

/// The root of a view tree: the screen. It owns what the whole tree shares — the clock, the
/// appearance, the damaged region, the animator, keyboard focus and the event dispatcher — and draws
/// only what was damaged since the last frame.
@MainActor open class RootView: View {
    public let clock: any Clock
    public let animator: Animator
    public private(set) var dispatcher: EventDispatcher!
    /// Runs drag and drop in this tree.
    public private(set) var dragCoordinator: DragCoordinator!
    /// What every view on this screen shares (read it as `environment`, as any view does).
    let screenEnvironment: ScreenEnvironment

    /// Light or dark. Changing it redraws everything.
    public var appearance: Appearance = .light {
        didSet { if appearance != oldValue { damageAll() } }
    }

    /// Makes `language` the screen's. Views keep their strings in every language and say them in
    /// the screen's, so every view lays out and draws again (an app that makes its windows' views
    /// anew in the language is told so by its scene runtime, `SceneRuntime.languageDidChange`).
    public func switchLanguage(to language: Language) {
        guard language != screenEnvironment.language else { return }
        screenEnvironment.language = language
        screenDidChange()
    }

    /// Makes `category` the screen's text size: text styles' fonts and the rows around them are
    /// measured, laid out and drawn again at it.
    public func setContentSizeCategory(_ category: ContentSizeCategory) {
        guard category != screenEnvironment.contentSizeCategory else { return }
        screenEnvironment.contentSizeCategory = category
        screenDidChange()
    }

    /// Something every view reads from the screen changed: each lays out and draws again, and a list
    /// reads its rows' heights again.
    private func screenDidChange() {
        for view in allViews() {
            view.environmentDidChange()
            view.setNeedsLayout()
            view.setNeedsDisplay()
        }
        damageAll()
    }

    public init(size: Size, clock: any Clock, environment: ScreenEnvironment = ScreenEnvironment()) {
        self.clock = clock
        self.screenEnvironment = environment
        self.animator = Animator(clock: clock)
        super.init(frame: Rect(size: size))
        dispatcher = EventDispatcher(root: self)
        dragCoordinator = DragCoordinator(root: self)
        damageAll()
    }

    // MARK: Damage

    private var damaged: [Rect] = []
    var needsLayoutPass = true

    /// Whether anything must be drawn: damage, a pending layout, a running animation, a gesture's
    /// timer, or a scheduled action come due.
    public var needsFrame: Bool { needsFrameNow || dispatcher.hasPendingTimers }

    /// Whether the screen is still changing toward a rest: as `needsFrame`, but an ambient
    /// animation (`Animator.loop`) does not count — it runs until its state ends.
    public var isSettling: Bool {
        !damaged.isEmpty || needsLayoutPass || animator.isSettling || dispatcher.hasPendingTimers
            || dispatcher.hasDueTimer || dispatcher.hasDueActionTimer
    }

    /// Whether a frame is wanted now: as `needsFrame`, but a gesture's timer only once it is due. A
    /// host that sleeps until `EventDispatcher.nextTimerTime` draws no frames for a timer meanwhile
    /// (an app's process, while a finger rests on a row with a menu, sleeps instead of spinning).
    public var needsFrameNow: Bool {
        !damaged.isEmpty || needsLayoutPass || animator.isRunning || dispatcher.hasDueTimer
            || dispatcher.hasDueActionTimer
    }

    /// Damage of `r` (root coordinates), which came through the root's subview `through` (nil: the
    /// root's own).
    func addDamage(_ r: Rect, through: View?) {
        let clipped = r.intersection(bounds)
        if clipped.isEmpty { return }
        for (_, o) in damageObservers { o(clipped, through) }
        addDamage(clipped)
    }

    /// Observers of damage, each told every damaged rectangle and the root's subview it came through
    /// (nil: the root's own) — for a view that keeps a picture of what lies beneath it.
    private var damageObservers: [(Int, @MainActor (Rect, View?) -> Void)] = []
    private var nextDamageObserver = 0

    /// Adds a damage observer; returns what removes it.
    public func addDamageObserver(_ o: @escaping @MainActor (Rect, View?) -> Void) -> Int {
        nextDamageObserver += 1
        damageObservers.append((nextDamageObserver, o))
        return nextDamageObserver
    }

    public func removeDamageObserver(_ id: Int) { damageObservers.removeAll { $0.0 == id } }

    func addDamage(_ r: Rect) {
        let clipped = r.intersection(bounds)
        if clipped.isEmpty { return }
        damageCount &+= 1
        // Merge into an overlapping rectangle when their union wastes little (two places of one
        // moving view, a caret at the edge of its line); a handful of rectangles are cheaper than a
        // union of all. Two that overlap only a little (a lifted preview's shadow and a menu's beside
        // it) stay apart: their union would draw the empty corners too, and the clip takes overlaps
        // as one.
        func area(_ r: Rect) -> Double { r.width * r.height }
        if damaged.contains(where: { $0.contains(clipped) }) { return }
        if let i = damaged.firstIndex(where: {
            guard $0.intersects(clipped) else { return false }
            let whole = area($0.union(clipped))
            let covered = area($0) + area(clipped) - area($0.intersection(clipped))
            return whole - covered <= Self.damageWaste * whole
        }) {
            damaged[i] = damaged[i].union(clipped)
        } else if damaged.count >= 8 {
            damaged[damaged.count - 1] = damaged[damaged.count - 1].union(clipped)
        } else {
            damaged.append(clipped)
        }
    }

    /// Two overlapping damaged rectangles become one when their union is at most this share larger
    /// than what they cover. Slate, measured: a menu's preview and panel stay apart (their union is
    /// nearly half empty), a view's two places merge.
    static let damageWaste = 0.25

    // MARK: Rest

    /// Grows with every change to what the screen shows: something made from the screen as it was
    /// (a menu's blurred backdrop) still shows it while this has not moved.
    public private(set) var damageCount = 0
    private var restWork: [@MainActor () -> Void] = []
    private var preparedAtDamageCount: Int?

    /// Adds work that prepares for what may come next from the screen as it is (a menu's backdrop,
    /// before any menu is asked for). It runs when the screen comes to rest, once a rest.
    public func addRestWork(_ work: @escaping @MainActor () -> Void) { restWork.append(work) }

    /// Whether the screen changed since its rest work last ran (the host tells it when it rests).
    public var isRestPending: Bool { preparedAtDamageCount != damageCount }

    /// The host tells the screen it is at rest: the last frame drew nothing and nothing moves. The
    /// rest work runs, unless it already has since the screen last changed; returns whether it ran.
    @discardableResult
    public func screenIsAtRest() -> Bool {
        guard preparedAtDamageCount != damageCount, !animator.isRunning else { return false }
        preparedAtDamageCount = damageCount
        for w in restWork { w() }
        return true
    }

    /// Marks the whole screen damaged.
    public func damageAll() { addDamage(bounds, through: nil) }

    /// The damaged rectangles since the last call, in points; clears them.
    public func takeDamage(scale: Double) -> [Rect] {
        let out = damaged.map { $0.integral(scale: scale) }
        damaged.removeAll()
        return out
    }

    public var pendingDamage: [Rect] { damaged }

    // MARK: Frames

    /// Steps animations and timers to the clock's time and lays out what asked for it. The host calls
    /// it before drawing a frame.
    public func prepareFrame() {
        dispatcher.fireTimers()
        animator.step()
        if needsLayoutPass {
            needsLayoutPass = false
            layoutIfNeeded()
        }
    }

    /// Draws the tree clipped to `rects` (root coordinates); the canvas's user space is the root's.
    public func renderFrame(in canvas: any Canvas, renderer: (any RasterRenderer)?) {
        renderContent(in: canvas, renderer: renderer)
        for work in frameWork { work() }
    }

    private var frameWork: [@MainActor () -> Void] = []

    /// Adds work that runs after each frame is drawn (the lock screen's first frame tells those
    /// waiting for it).
    public func addFrameWork(_ work: @escaping @MainActor () -> Void) { frameWork.append(work) }

    /// Adds a system gesture: it sees every touch on the screen before the views' recognizers do.
    public func addSystemGestureRecognizer(_ g: GestureRecognizer) {
        g.view?.removeGestureRecognizer(g)
        g.view = self
        dispatcher.systemGestureRecognizers.append(g)
    }

    // MARK: Focus

    public private(set) weak var focusedView: View?

    /// Gives `view` keyboard focus (nil clears it). Returns whether it took focus.
    @discardableResult
    public func setFocus(_ view: View?) -> Bool {
        if let view, !view.canBecomeFocused { return false }
        guard view !== focusedView else { return true }
        let old = focusedView
        focusedView = view
        old?.focusDidChange()
        view?.focusDidChange()
        textInputDidChange()
        return true
    }

    // MARK: Text input and the on-screen keyboard

    /// Told when the text input of the screen may have changed: focus moved, or the focused field's
    /// text or caret changed (the on-screen keyboard follows it: it shows, hides, capitalises).
    public var onTextInputChange: (() -> Void)?

    /// A text field or view says its text or caret changed (and the focus change says it too).
    public func textInputDidChange() { onTextInputChange?() }

    /// The docked on-screen keyboard's frame on this screen (screen points), nil while none is docked:
    /// views read how much of them it covers (`keyboardOverlap`), as UIKit's `keyboardLayoutGuide`.
    /// Each view hears of a change (`keyboardFrameDidChange`).
    public var keyboardFrame: Rect? {
        didSet {
            guard keyboardFrame != oldValue else { return }
            for v in allViews() { v.keyboardFrameDidChange() }
        }
    }

    /// The interactions the Menu key (or Shift+F10) tries, in order, with focus where it is now: up
    /// from the focused view, each view's item (`menuKeyItem`) before the view itself.
    public var menuKeyInteractions: [any MenuTriggerInteraction] {
        var out: [any MenuTriggerInteraction] = []
        var v = focusedView
        while let cur = v {
            for w in [cur.menuKeyItem, cur].compactMap({ $0 }) {
                for case let i as any MenuTriggerInteraction in w.interactions { out.append(i) }
            }
            v = cur.superview
        }
        return out
    }

    /// Moves focus to the next (or previous) focusable view in reading order.
    public func moveFocus(backward: Bool = false) {
        let candidates = allViews().filter { $0.canBecomeFocused && $0.isVisibleOnScreen }
        guard !candidates.isEmpty else { return }
        let i = candidates.firstIndex { $0 === focusedView }
        let next: Int
        if let i {
            next = (i + (backward ? candidates.count - 1 : 1)) % candidates.count
        } else {
            next = backward ? candidates.count - 1 : 0
        }
        setFocus(candidates[next])
    }

    func viewLeft(_ view: View) {
        if let f = focusedView, f.isDescendant(of: view) {
            focusedView = nil
            textInputDidChange()
        }
        dispatcher.viewLeft(view)
    }

    // MARK: Accessibility

    /// Bumped whenever a label changes, so scripts and tools can tell the tree is new.
    public private(set) var accessibilityGeneration = 0
    func accessibilityChanged() { accessibilityGeneration += 1 }
}

extension View {
    /// Whether the view and all its ancestors are shown and it lies at least partly on the screen.
    public var isVisibleOnScreen: Bool {
        var v: View? = self
        while let cur = v {
            if cur.isHidden || cur.alpha <= 0.01 { return false }
            v = cur.superview
        }
        guard let root else { return false }
        let f = frameInRoot
        // Inside every clipping ancestor.
        var a = superview
        while let cur = a {
            if cur.clipsToBounds && !cur.frameInRoot.intersects(f) { return false }
            a = cur.superview
        }
        return f.intersects(root.bounds)
    }
}
