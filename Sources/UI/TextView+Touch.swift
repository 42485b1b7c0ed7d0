import Graphics

/// Touch and pointer: a tap places the caret (a tap on the caret shows the edit menu), a double tap
/// or double click selects a word and a triple one the paragraph, a double click held and dragged
/// selects word by word, touching and holding places the caret and dragging on selects, the
/// selection's handles drag its ends. A drag without holding scrolls.
extension TextView {
    /// Which end of the selection a finger is dragging.
    enum Handle {
        case start, end
    }

    /// Taps closer together than this (seconds) count as one double or triple tap (UIKit's interval).
    static let multiTapInterval = 0.35
    /// How far apart two taps of a double tap may be, in points.
    static let multiTapDistance: Double = 10

    func installTouchHandling() {
        let hold = LongPressGestureRecognizer()
        hold.minimumPressDuration = 0.5
        hold.shouldRecognizeSimultaneously = { _, other in other is LongPressGestureRecognizer }
        hold.shouldBegin = { [weak self] _ in self?.touchState.handle == nil }
        hold.action = { [weak self] g in self?.held(g) }
        addGestureRecognizer(hold)
        pan.shouldBegin = { [weak self] _ in
            guard let self else { return true }
            return self.touchState.handle == nil && self.touchState.wordAnchor == nil
        }
    }

    private func contentPoint(_ g: GestureRecognizer) -> Point { g.location(in: self) }

    private func held(_ g: GestureRecognizer) {
        switch g.state {
        case .began:
            _ = root?.setFocus(self)
            let p = position(at: contentPoint(g))
            touchState.holdAnchor = p
            placeCaret(at: p)
        case .changed:
            guard let a = touchState.holdAnchor else { return }
            select(anchor: a, head: position(at: contentPoint(g)))
        case .ended:
            touchState.holdAnchor = nil
            showEditMenu()
        default:
            touchState.holdAnchor = nil
        }
    }

    func touchDidBegin(at point: Point, time: Double) {
        touchState.handle = nil
        touchState.wordAnchor = nil
        touchState.dragged = false
        // The second press of a double click: dragging from here selects word by word.
        if let last = touchState.lastTap, time - last.time <= Self.multiTapInterval,
            last.point.distance(to: point) <= Self.multiTapDistance
        {
            touchState.wordAnchor = storage.wordRange(at: position(at: point))
            return
        }
        guard isFocused, !selection.isEmpty else { return }
        let s = caretRect(for: selection.start)
        let e = caretRect(for: selection.end)
        let ds = point.distance(to: Point(s.midX, s.minY))
        let de = point.distance(to: Point(e.midX, e.maxY))
        if min(ds, de) <= Self.handleReach {
            touchState.handle = ds <= de ? .start : .end
            editMenu.dismiss()
        }
    }

    func touchDidMove(to point: Point) {
        if let a = touchState.wordAnchor {
            guard touchState.dragged || point.distance(to: touchState.lastTap?.point ?? point) > Self.multiTapDistance
            else { return }
            touchState.dragged = true
            editMenu.dismiss()
            let w = storage.wordRange(at: position(at: point))
            if w.start < a.start {
                select(anchor: a.end, head: w.start)
            } else {
                select(anchor: a.start, head: max(w.end, a.end))
            }
            scrollCaretToVisible()
            return
        }
        guard let h = touchState.handle else { return }
        let p = position(at: point)
        let sel = selection
        switch h {
        case .start: if p < sel.end { select(anchor: sel.end, head: p) }
        case .end: if p > sel.start { select(anchor: sel.start, head: p) }
        }
        scrollCaretToVisible()
    }

    func touchDidEnd(_ touch: Touch, at point: Point) {
        if touchState.handle != nil || touchState.dragged {
            touchState.handle = nil
            touchState.wordAnchor = nil
            touchState.dragged = false
            touchState.lastTap = nil
            showEditMenu()
            return
        }
        touchState.wordAnchor = nil
        let now = touch.timestamp
        let t = touchState
        if let last = t.lastTap, now - last.time <= Self.multiTapInterval,
            last.point.distance(to: point) <= Self.multiTapDistance
        {
            touchState.tapCount += 1
        } else {
            touchState.tapCount = 1
        }
        touchState.lastTap = (now, point)
        tapped(at: point, count: touchState.tapCount)
    }

    /// A tap, a double tap or a triple tap at `point` (content coordinates).
    func tapped(at point: Point, count: Int) {
        let wasFocused = isFocused
        _ = root?.setFocus(self)
        let p = position(at: point)
        switch count {
        case 1:
            if wasFocused, selection.isEmpty, p == head, !editMenu.isShowing {
                showEditMenu()
            } else {
                editMenu.dismiss()
                placeCaret(at: p)
            }
        case 2:
            selection = storage.wordRange(at: p)
            showEditMenu()
        default:
            let n = storage.paragraphs[p.paragraph].utf8.count
            selection = TextRange(
                TextPosition(paragraph: p.paragraph, offset: 0), TextPosition(paragraph: p.paragraph, offset: n))
            showEditMenu()
        }
    }
}

/// What a text view remembers between the events of one touch, and between taps.
struct TextTouchState {
    var handle: TextView.Handle?
    /// The word a double click pressed on, while its press lasts.
    var wordAnchor: TextRange?
    /// Whether the press has dragged a selection (it is then no tap).
    var dragged = false
    var holdAnchor: TextPosition?
    var lastTap: (time: Double, point: Point)?
    var tapCount = 0
}
