import Graphics

/// An interaction that can open a menu without a touch: from a secondary click at a point, or from
/// the keyboard (the Menu key, Shift+F10) while its view has focus. The context menu interaction is one.
@MainActor public protocol MenuTriggerInteraction: Interaction {
    /// Opens the menu for a secondary click at `point` (the view's coordinates); false if it has none.
    func presentFromSecondaryClick(at point: Point) -> Bool
    /// Opens the menu from the keyboard; false if it has none.
    func presentFromKeyboard() -> Bool
}

/// Routes touches, pointer events and keys to the views and gesture recognizers of a root view, and
/// runs the recognizers' timers on the root's clock.
@MainActor public final class EventDispatcher {
    unowned let root: RootView

    init(root: RootView) { self.root = root }

    private struct Track {
        var view: View?
        var recognizers: [GestureRecognizer]
        var viewCancelled = false
        /// The device that made the touch (a cancel made here says the same).
        var type: Touch.TouchType = .direct
    }

    private var tracks: [Int: Track] = [:]
    /// Recognizers that take part in the touches now on the screen.
    private var active: [GestureRecognizer] = []

    private struct Timer {
        weak var recognizer: GestureRecognizer?
        var time: Double
        var tag: Int
        var seq: Int
    }
    private var timers: [Timer] = []
    private var timerSeq = 0
    /// Work to run at a time on the clock (`schedule(at:_:)`), by id.

    /// Handlers that see every key press first (the system's shortcuts); return true to consume it.
    public var keyFilters: [(KeyPress) -> Bool] = []

    /// Called for each touch before any view sees it; return true to consume it. The shell watches
    /// with it (a touch in a window focuses that window) and consumes nothing.
    public var touchFilter: ((Touch) -> Bool)?

    /// Called for each text typed on a hardware keyboard before the focused view sees it; return true
    /// to consume it. The lock screen takes it while the screen is locked.
    public var textFilter: ((String) -> Bool)?

    /// Told when a key the host reports the release of comes up (the power key: held, it offers
    /// Power Off and Restart).
    public var onKeyRelease: ((Key) -> Void)?

    /// Called for each pointer event before any view sees it; return true to consume it. The shell
    /// watches the pointer pushed against the top edge with it (the menu bar).
    public var pointerFilter: ((PointerEvent) -> Bool)?

    /// Key equivalents (the menu bar's shortcuts): tried, in order, for a press that neither the
    /// system's filters nor the focused view and its ancestors took — so a text view's own Ctrl+Z
    /// comes first, as UIKit's responder chain has it. Return true when one performed a command.
    public var keyEquivalentHandlers: [(KeyPress) -> Bool] = []

    /// Told of every key, text and modifier the host delivers: a hardware keyboard is in use (the
    /// on-screen keyboard steps aside for it, as on iPadOS). The on-screen keyboard's own typing does
    /// not come this way.
    public var onHardwareKey: (() -> Void)?

    /// The modifier keys held now, as the host last said (`handleModifiers`).
    public private(set) var heldModifiers: KeyModifiers = []

    /// Told each time the modifier keys held change (pressed or let go alone, or with a key): the
    /// shell shows the keyboard shortcuts while Ctrl is held a moment.
    public var onModifiersChanged: ((KeyModifiers) -> Void)?

    /// The system's own gestures (the Dock swipe, Slide Over's swipe): they take part in every touch,
    /// ahead of the views' recognizers, in the same arena — one that begins makes the others give
    /// way and cancels the touches in the views. Add them with `RootView.addSystemGestureRecognizer`.
    public internal(set) var systemGestureRecognizers: [GestureRecognizer] = []

    /// The views under each touch now down.
    public var touchedViews: [View] { tracks.values.compactMap(\.view) }

    /// Whether a touch is down.
    public var hasTouches: Bool { !tracks.isEmpty }

    // MARK: Touches

    public func handle(_ touch: Touch) {
        fireTimers(upTo: touch.timestamp)
        if let capture = captures[touch.id] {
            if touch.phase == .ended || touch.phase == .cancelled { captures[touch.id] = nil }
            capture(touch)
            return
        }
        if let filter = touchFilter, filter(touch) { return }
        switch touch.phase {
        case .began: began(touch)
        case .moved, .stationary: moved(touch)
        case .ended: ended(touch, cancelled: false)
        case .cancelled: ended(touch, cancelled: true)
        }
    }

    private func began(_ touch: Touch) {
        let hit = root.hitTest(touch.location)
        var recognizers = systemGestureRecognizers.filter { $0.isEnabled && $0.state == .possible }
        var v = hit
        // As in UIKit, a control's own tap wins over taps recognised by the views around it.
        var insideControl = false
        while let cur = v {
            recognizers += cur.gestureRecognizers.filter {
                $0.isEnabled && $0.state == .possible && !(insideControl && $0 is TapGestureRecognizer)
            }
            if cur.handlesOwnTaps { insideControl = true }
            v = cur.superview
        }
        // A recognizer already tracking another touch (a multi-touch gesture) keeps its place.
        for g in recognizers where !active.contains(where: { $0 === g }) {
            g.dispatcher = self
            g.resetAll()
            active.append(g)
        }
        tracks[touch.id] = Track(view: hit, recognizers: recognizers, type: touch.type)
        for g in recognizers where g.state == .possible || g.state.isActive {
            g.touches[touch.id] = touch
            g.lastLocation = touch.location
            g.touchBegan(touch)
        }
        if let hit, !(tracks[touch.id]?.viewCancelled ?? true) {
            hit.touchBegan(touch, at: hit.convert(touch.location, from: nil))
        }
    }

    private func moved(_ touch: Touch) {
        guard let track = tracks[touch.id] else { return }
        for g in track.recognizers where g.state == .possible || g.state == .began || g.state == .changed {
            g.touches[touch.id] = touch
            g.lastLocation = touch.location
            g.touchMoved(touch)
        }
        if let v = track.view, !(tracks[touch.id]?.viewCancelled ?? true) {
            v.touchMoved(touch, at: v.convert(touch.location, from: nil))
        }
    }

    private func ended(_ touch: Touch, cancelled: Bool) {
        guard let track = tracks[touch.id] else { return }
        for g in track.recognizers {
            g.touches[touch.id] = touch
            g.lastLocation = touch.location
            if g.state == .possible || g.state == .began || g.state == .changed {
                if cancelled { g.touchCancelled(touch) } else { g.touchEnded(touch) }
            }
            g.touches[touch.id] = nil
        }
        if let v = track.view, !(tracks[touch.id]?.viewCancelled ?? true) {
            if cancelled {
                v.touchCancelled(touch)
            } else {
                v.touchEnded(touch, at: v.convert(touch.location, from: nil))
            }
        }
        tracks[touch.id] = nil
        if tracks.isEmpty {
            // The sequence is over: what is still possible and waits for nothing has failed.
            for g in active
            where g.state == .possible && !timers.contains(where: { $0.recognizer === g }) && g.pendingState == nil {
                g.setState(.failed)
            }
            settle()
        }
    }

    /// Drops recognizers that are done; keeps those still waiting for a timer (a double tap).
    private func settle() {
        guard tracks.isEmpty else { return }
        let done = active.filter { g in
            switch g.state {
            case .ended, .cancelled, .failed: true
            case .possible: !timers.contains { $0.recognizer === g } && g.pendingState == nil
            default: false
            }
        }
        for g in done { g.resetAll() }
        active.removeAll { g in done.contains { $0 === g } }
    }

    private var captures: [Int: (Touch) -> Void] = [:]

    /// Takes a touch away from the views and recognizers that had it (they see it cancelled) and sends
    /// its further events to `handler`: a drag that began from a long press owns the finger from then on.
    public func capture(touchID: Int, handler: @escaping (Touch) -> Void) {
        if let track = tracks[touchID] {
            let now = root.clock.now
            let t = Touch(
                id: touchID, phase: .cancelled, location: track.recognizers.first?.lastLocation ?? .zero,
                timestamp: now,
                type: track.type)
            for g in track.recognizers {
                g.touches[touchID] = nil
                if g.state == .possible {
                    g.setState(.failed)
                } else if g.state == .began || g.state == .changed {
                    g.setState(.cancelled)
                }
            }
            if let v = track.view, !track.viewCancelled { v.touchCancelled(t) }
            tracks[touchID] = nil
            if tracks.isEmpty { settle() }
        }
        captures[touchID] = handler
    }

    /// Whether a touch has been captured.
    public func isCaptured(_ touchID: Int) -> Bool { captures[touchID] != nil }

    /// Cancels every touch now down (a system gesture took over, or a window went away).
    public func cancelAllTouches() {
        let now = root.clock.now
        for (id, track) in tracks {
            ended(Touch(id: id, phase: .cancelled, location: .zero, timestamp: now, type: track.type), cancelled: true)
        }
    }

    func mustWait(_ g: GestureRecognizer) -> Bool {
        g.requiredToFail.contains { r in active.contains { $0 === r } && r.state == .possible }
    }

    func recognizerChanged(_ g: GestureRecognizer) {
        switch g.state {
        case .began, .ended:
            if g.state == .began || !wasActiveBefore(g) {
                // Exclusivity: the others give way unless both may recognise together.
                for other in active where other !== g {
                    let together =
                        (g.shouldRecognizeSimultaneously?(g, other) ?? false)
                        || (other.shouldRecognizeSimultaneously?(other, g) ?? false)
                    if together { continue }
                    if other.state == .possible {
                        other.setState(.failed)
                    } else if other.state == .began || other.state == .changed {
                        other.setState(.cancelled)
                    }
                }
                if g.cancelsTouchesInView {
                    for (id, track) in tracks
                    where track.recognizers.contains(where: { $0 === g }) && !track.viewCancelled {
                        tracks[id]?.viewCancelled = true
                        if let v = track.view, let t = g.touches[id] { v.touchCancelled(t) }
                    }
                }
            }
            began.insert(ObjectIdentifier(g))
        case .failed:
            // Anything waiting for this one may go ahead if nothing else holds it back.
            for w in active where w.pendingState != nil && w.requiredToFail.contains(where: { $0 === g }) {
                if !mustWait(w), let s = w.pendingState {
                    w.pendingState = nil
                    w.setState(s)
                    if s == .began && w.touches.isEmpty { w.setState(.ended) }
                }
            }
            cancelTimers(of: g)
        default: break
        }
        if g.state == .ended || g.state == .cancelled || g.state == .failed {
            began.remove(ObjectIdentifier(g))
            if g.state != .failed {
                // Those waiting for this one to fail never will.
                for w in active where w.pendingState != nil && w.requiredToFail.contains(where: { $0 === g }) {
                    w.pendingState = nil
                    w.setState(.failed)
                }
            }
            if tracks.isEmpty { settle() }
        }
    }

    private var began: Set<ObjectIdentifier> = []
    private func wasActiveBefore(_ g: GestureRecognizer) -> Bool { began.contains(ObjectIdentifier(g)) }

    // MARK: Timers

    func schedule(_ g: GestureRecognizer, at time: Double, tag: Int) {
        timerSeq += 1
        timers.append(Timer(recognizer: g, time: time, tag: tag, seq: timerSeq))
    }

    func cancelTimers(of g: GestureRecognizer) {
        timers.removeAll { $0.recognizer === g || $0.recognizer == nil }
    }

    var hasPendingTimers: Bool { !timers.isEmpty }

    /// Whether a gesture's timer is due at the clock's time now.
    var hasDueTimer: Bool {
        let now = root.clock.now
        return timers.contains { $0.time <= now }
    }

    /// The clock time of the next timer, if any (a gesture's or scheduled work's): a host that sleeps
    /// while idle wakes then.
    public var nextTimerTime: Double? {
        (timers.map(\.time) + actionTimers.filter { !$0.isCancelled }.map(\.time)).min()
    }

    /// Whether scheduled work is due: the host draws a frame, which runs it. Work not yet due asks
    /// for no frame (a save retried in 5 s, a status bar's next minute keep no loop turning meanwhile).
    var hasDueActionTimer: Bool {
        let now = root.clock.now
        return actionTimers.contains { !$0.isCancelled && $0.time <= now }
    }

    /// Fires timers due at the clock's time now.
    public func fireTimers() { fireTimers(upTo: root.clock.now) }

    func fireTimers(upTo time: Double) {
        while let next = timers.filter({ $0.time <= time }).min(by: { ($0.time, $0.seq) < ($1.time, $1.seq) }) {
            timers.removeAll { $0.seq == next.seq }
            next.recognizer?.timerFired(next.tag)
        }
        actionTimers.removeAll(where: \.isCancelled)
        while let next = actionTimers.filter({ $0.time <= time }).min(by: { ($0.time, $0.seq) < ($1.time, $1.seq) }) {
            actionTimers.removeAll { $0 === next }
            next.fire()
        }
        if tracks.isEmpty { settle() }
    }

    private var actionTimers: [ScheduledAction] = []

    /// Runs `action` once `delay` seconds of the screen's clock have passed (at the first frame
    /// after). The host sleeps meanwhile: no frame is drawn for it until it is due. Cancel the
    /// returned timer to forget it.
    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) -> ScheduledAction {
        schedule(at: root.clock.now + max(0, delay), action)
    }

    /// Runs `action` in the first frame at or after `time` on the screen's clock (a status bar's
    /// minute); work due at one time runs in the order it was scheduled. Unlike a gesture's timer
    /// it keeps no frames coming meanwhile: a host that sleeps wakes for it (`nextTimerTime`).
    @discardableResult
    public func schedule(at time: Double, _ action: @escaping @MainActor () -> Void) -> ScheduledAction {
        timerSeq += 1
        let timer = ScheduledAction(time: time, seq: timerSeq, action: action)
        actionTimers.append(timer)
        return timer
    }

    func viewLeft(_ view: View) {
        for (id, track) in tracks where track.view?.isDescendant(of: view) ?? false {
            tracks[id]?.viewCancelled = true
            tracks[id]?.view = nil
        }
        if let h = hovered, h.isDescendant(of: view) { hovered = nil }
    }

    // MARK: Pointer

    private weak var hovered: View?

    public func handle(_ event: PointerEvent) {
        if let filter = pointerFilter, filter(event) { return }
        switch event {
        case .hover(let p):
            let hit = root.hitTest(p)
            if hit !== hovered {
                hovered?.hoverChanged(false)
                hovered = hit
                hit?.hoverChanged(true)
            }
            if let hit { hit.hoverMoved(to: hit.convert(p, from: nil)) }
        case .exit:
            hovered?.hoverChanged(false)
            hovered = nil
        case .secondaryClick(let p):
            var v = root.hitTest(p)
            while let cur = v {
                for case let i as any MenuTriggerInteraction in cur.interactions {
                    if i.presentFromSecondaryClick(at: cur.convert(p, from: nil)) { return }
                }
                if cur.handleSecondaryClick(at: cur.convert(p, from: nil)) { return }
                v = cur.superview
            }
        case .middleClick(let p):
            var v = root.hitTest(p)
            while let cur = v {
                if cur.handleMiddleClick(at: cur.convert(p, from: nil)) { return }
                v = cur.superview
            }
        case .scroll(let p, let dx, let dy):
            var v = root.hitTest(p)
            while let cur = v {
                if cur.handleScroll(dx: dx, dy: dy) { return }
                v = cur.superview
            }
        }
    }

    // MARK: Keys

    /// Delivers a key press: system filters, then the focused view and its ancestors; Tab moves focus;
    /// the Menu key or Shift+F10 opens the focused element's context menu.
    @discardableResult
    public func handle(_ press: KeyPress) -> Bool {
        onHardwareKey?()
        for f in keyFilters where f(press) { return true }
        var v = root.focusedView
        while let cur = v {
            if cur.handleKey(press) { return true }
            v = cur.superview
        }
        if press.opensContextMenu {
            for i in root.menuKeyInteractions where i.presentFromKeyboard() { return true }
            return false
        }
        for h in keyEquivalentHandlers where h(press) { return true }
        if press.key == .tab {
            root.moveFocus(backward: press.modifiers.contains(.shift))
            return true
        }
        return false
    }

    /// A key came up (the host says so for the system's keys: the power key).
    public func handleKeyRelease(_ key: Key) {
        onKeyRelease?(key)
    }

    /// The host says which modifier keys are held now (each time that changes: a modifier pressed or
    /// let go, alone or around another key).
    public func handleModifiers(_ modifiers: KeyModifiers) {
        guard modifiers != heldModifiers else { return }
        if !modifiers.isEmpty { onHardwareKey?() }
        heldModifiers = modifiers
        onModifiersChanged?(modifiers)
    }

    /// Delivers typed text to the focused view and its ancestors.
    @discardableResult
    public func handleText(_ text: String) -> Bool {
        onHardwareKey?()
        if let filter = textFilter, filter(text) { return true }
        var v = root.focusedView
        while let cur = v {
            if cur.handleText(text) { return true }
            v = cur.superview
        }
        return false
    }
}

/// An action waiting for its time on a screen's clock (`EventDispatcher.schedule(after:_:)`).
@MainActor public final class ScheduledAction {
    /// When it runs, on the screen's clock.
    public let time: Double
    private var action: (@MainActor () -> Void)?

    /// The order it was scheduled in, among work due at one time.
    let seq: Int

    init(time: Double, seq: Int, action: @escaping @MainActor () -> Void) {
        self.time = time
        self.seq = seq
        self.action = action
    }

    /// Whether it was cancelled or has run.
    public var isCancelled: Bool { action == nil }

    /// Forgets the action: it will not run.
    public func cancel() { action = nil }

    func fire() {
        let run = action
        action = nil
        run?()
    }
}
