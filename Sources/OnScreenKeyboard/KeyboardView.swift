import Foundation
import Graphics
import UI

/// The keyboard's view: the bar and the keys on the keyboard's background (one cached picture, so
/// the keyboard slides without drawing its keys again), and above them the popup of a pressed key,
/// the alternates of a held one and the globe key's list. It takes the touches on the keys itself:
/// each finger types the key it went down on when it lifts; two fingers that move together make
/// the keys a trackpad; two that pinch float the keyboard.
@MainActor public final class KeyboardView: View, AccessibilityDescribing {
    unowned let keyboard: KeyboardController
    /// The background, the bar and the keys: drawn once and kept as a picture.
    let board = View()
    let bar = KeyboardBarView()
    let grabber = View()
    var keyViews: [KeyView] = []
    /// Whether the keyboard floats (small, anywhere, the windows left as they are).
    public var isFloating = false {
        didSet { if isFloating != oldValue { floatingChanged() } }
    }
    /// Whether the screen is wider than tall (the keys' figures follow).
    public var isLandscape = true { didSet { if isLandscape != oldValue { setNeedsLayout() } } }

    init(keyboard: KeyboardController) {
        self.keyboard = keyboard
        super.init()
        board.rasterizes = true
        board.backgroundColor = KeyboardMetrics.background
        board.isOpaqueCover = true
        // Docked, it paints all of its frame: the windows under it are not drawn there.
        isOpaqueCover = true
        // Put away for a moment (a hardware key, the hide key), it keeps its picture to come back in
        // one cheap frame; the shell lets it go once no field takes text (`KeyboardPresenter` in Shell).
        releasesPicturesWhenHidden = false
        addSubview(board)
        board.addSubview(bar)
        grabber.backgroundColor = KeyboardMetrics.secondaryText
        grabber.cornerRadius = 2.5
        grabber.isUserInteractionEnabled = false
        grabber.isHidden = true
        board.addSubview(grabber)
        bar.onSuggestion = { [weak keyboard] i in keyboard?.takeSuggestion(i) }
        bar.onCommand = { [weak keyboard] c in keyboard?.perform(c) }
        // A swipe down on the bar puts the keyboard away.
        let swipe = PanGestureRecognizer()
        swipe.axis = .vertical
        swipe.action = { [weak self] g in
            guard let self, g.state == .ended, let pan = g as? PanGestureRecognizer,
                pan.translation().y > KeyboardMetrics.swipeDownDistance
            else { return }
            self.keyboard.onHide?()
        }
        bar.addGestureRecognizer(swipe)
        localizedAccessibilityLabel = KeyboardStrings.keyboard
        identifier = "keyboard"
    }

    public var accessibilityRole: AccessibilityRole? { .keyboard }

    /// Where the keys are, in the view's coordinates.
    var keysArea: Rect {
        let barH = isFloating ? KeyboardMetrics.floatingBarHeight : KeyboardMetrics.barHeight(landscape: isLandscape)
        var r = Rect(0, barH, bounds.width, max(0, bounds.height - barH))
        if isFloating { r.size.height -= KeyboardMetrics.floatingGrabberHeight }
        if keyboard.traits.keyboardType.isPad {
            let w = (r.width * KeyboardMetrics.padWidthFraction).rounded()
            r = Rect(((r.width - w) / 2).rounded(), r.minY, w, r.height)
        }
        return r
    }

    // MARK: Keys

    /// Makes the keys of the page shown anew (a new page, layout or field).
    func rebuild() {
        endAllPresses()
        for k in keyViews { k.removeFromSuperview() }
        keyViews = keyboard.page.keys.filter { $0.kind != .gap }.map { KeyView(key: $0, title: "") }
        for k in keyViews { board.addSubview(k) }
        refreshKeys()
        setNeedsLayout()
    }

    /// Puts the keys' titles, Shift's look and their spoken names in line with the state.
    func refreshKeys() {
        let state = keyboard.state
        let layout = keyboard.layout
        let speech = layout.language
        for k in keyViews {
            k.shiftState = state.shift
            k.title = title(of: k.key)
            k.secondary =
                state.page == .letters && !keyboard.traits.keyboardType.isPad && !state.isShifted
                ? k.key.secondary : nil
            k.isProminent = k.key.kind == .returnKey && keyboard.traits.returnKeyType.isProminent
            let spoken: String
            switch k.key.kind {
            case .character: spoken = k.title
            case .shift:
                spoken = (state.shift == .locked ? KeyboardStrings.capsLock : KeyboardStrings.shift).resolved(speech)
            case .delete: spoken = KeyboardStrings.delete.resolved(speech)
            case .globe: spoken = KeyboardStrings.globe.resolved(speech)
            case .space: spoken = KeyboardStrings.space.resolved(speech)
            case .hide: spoken = KeyboardStrings.hide.resolved(speech)
            case .returnKey: spoken = k.title
            case .page(.numbers): spoken = KeyboardStrings.numbers.resolved(speech)
            case .page(.letters): spoken = KeyboardStrings.letters.resolved(speech)
            case .page(.symbols): spoken = KeyboardStrings.symbols.resolved(speech)
            case .gap: spoken = ""
            }
            k.accessibilityLabel = spoken
            k.accessibilityTraits = k.key.kind == .shift && state.shift != .off ? [.button, .selected] : .button
        }
    }

    /// What a key shows now.
    func title(of key: KeyboardKey) -> String {
        let state = keyboard.state
        let layout = keyboard.layout
        switch key.kind {
        case .character: return key.text(shifted: state.isShifted) ?? ""
        case .returnKey: return keyboard.traits.returnKeyType.title.resolved(language)
        case .space: return layout.name.resolved(layout.language)
        case .page(.numbers):
            // The floating keyboard's narrow key says 123, as an iPhone's does.
            return state.page == .symbols || isFloating
                ? KeyboardStrings.numbersPageKeyTitle.resolved(language)
                : KeyboardStrings.numbersKeyTitle.resolved(language)
        case .page(.letters): return KeyboardStrings.lettersKeyTitle.resolved(layout.language)
        case .page(.symbols): return KeyboardStrings.symbolsKeyTitle.resolved(language)
        default: return ""
        }
    }

    public override func layoutSubviews() {
        board.frame = bounds
        board.cornerRadius = isFloating ? KeyboardMetrics.floatingCornerRadius : 0
        // The grabber under the floating keyboard, to move it by.
        grabber.isHidden = !isFloating
        grabber.frame = Rect(bounds.midX - 18, bounds.height - KeyboardMetrics.floatingGrabberHeight / 2 - 2.5, 36, 5)
        let barH = isFloating ? KeyboardMetrics.floatingBarHeight : KeyboardMetrics.barHeight(landscape: isLandscape)
        bar.frame = Rect(0, 0, bounds.width, barH)
        let frames = KeyboardGeometry.frames(
            keyboard.page, in: keysArea, landscape: isLandscape && !isFloating, compact: isFloating)
        bar.showsShortcuts = !isFloating
        var i = 0
        let scale = isFloating ? KeyboardMetrics.floatingTextScale : 1
        for (r, row) in keyboard.page.rows.enumerated() {
            for (c, key) in row.enumerated() where key.kind != .gap {
                guard i < keyViews.count else { break }
                keyViews[i].frame = frames[r][c]
                keyViews[i].scale = scale
                i += 1
            }
        }
    }

    func floatingChanged() {
        refreshKeys()
        shadow = isFloating ? Shadow(color: Color.black.withAlpha(0.3), blur: 24, offset: Point(0, 6)) : nil
        board.isOpaqueCover = !isFloating
        isOpaqueCover = !isFloating
        board.clipsToBounds = isFloating
        setNeedsLayout()
        setNeedsDisplay()
    }

    // MARK: Touches

    /// What a finger on the keys is doing.
    struct Press {
        /// The key it went down on (an index into `keyViews`).
        var key: Int?
        var start: Point
        var location: Point
        /// A flick down on a key with a small character above: that character is typed.
        var flicked = false
        /// The timer of its hold (alternates, the globe's list, Delete's repeat).
        var timer: Animation?
        /// How many times Delete has repeated.
        var repeats = 0
    }

    var presses: [Int: Press] = [:]
    var popup: KeyPopupView?
    var popupTouch: Int?
    var alternates: AlternatesView?
    var alternatesTouch: Int?
    var layoutList: AlternatesView?
    var layoutListTouch: Int?
    /// Two fingers on the keys: where they started (their distance and centre), and once they move
    /// together, the trackpad's travel not yet turned into caret steps.
    var twoFingers: (distance: Double, centre: Point)?
    var isTrackpad = false
    var trackpadTravel = Point.zero
    var trackpadLast = Point.zero
    /// The floating keyboard dragged by its grabber: where the finger took it.
    var dragOffset: Point?

    public override func hitTest(_ p: Point) -> View? {
        guard !isHidden, alpha > 0.01, bounds.contains(p) else { return nil }
        if p.y < bar.frame.maxY, let hit = super.hitTest(p), hit !== board, hit !== self { return hit }
        return self
    }

    /// The key under `p` (the view's coordinates): the one whose frame, with half a gap around it,
    /// holds it, else the nearest.
    func keyIndex(at p: Point) -> Int? {
        let pad = KeyboardMetrics.keyGap(landscape: isLandscape).across / 2 + 1
        if let i = keyViews.firstIndex(where: { $0.frame.insetBy(dx: -pad, dy: -pad).contains(p) }) { return i }
        guard keysArea.insetBy(dx: -pad, dy: -pad).contains(p) else { return nil }
        return keyViews.indices.min { a, b in distance(p, keyViews[a].frame) < distance(p, keyViews[b].frame) }
    }

    func distance(_ p: Point, _ r: Rect) -> Double {
        let dx = max(r.minX - p.x, 0, p.x - r.maxX)
        let dy = max(r.minY - p.y, 0, p.y - r.maxY)
        return dx * dx + dy * dy
    }

    public override func touchBegan(_ touch: Touch, at p: Point) {
        if isFloating, p.y > bounds.height - KeyboardMetrics.floatingGrabberHeight, presses.isEmpty {
            dragOffset = p
            return
        }
        if isTrackpad {
            presses[touch.id] = Press(key: nil, start: p, location: p)
            return
        }
        if let (otherID, other) = presses.first, presses.count == 1 {
            // A second finger: both may be the start of the trackpad or a pinch.
            _ = otherID
            twoFingers = (hypot(p.x - other.location.x, p.y - other.location.y), midpoint(p, other.location))
        }
        var press = Press(key: keyIndex(at: p), start: p, location: p)
        if let i = press.key {
            let k = keyViews[i]
            k.isPressed = true
            keyboard.keyDown(k.key, at: touch.timestamp)
            if case .character = k.key.kind { showPopup(for: i, touch: touch.id, text: k.title) }
            press.timer = startHoldTimer(for: i, touch: touch.id)
        }
        presses[touch.id] = press
    }

    public override func touchMoved(_ touch: Touch, at p: Point) {
        if let offset = dragOffset, let sv = superview {
            var f = frame
            f.origin = Point(frame.minX + p.x - offset.x, frame.minY + p.y - offset.y)
            f.origin.x = min(max(0, f.minX), sv.bounds.width - f.width)
            f.origin.y = min(max(0, f.minY), sv.bounds.height - f.height)
            frame = f
            return
        }
        guard var press = presses[touch.id] else { return }
        press.location = p
        presses[touch.id] = press
        if presses.count == 2, twoFingers != nil || isTrackpad {
            twoFingersMoved()
            return
        }
        if let alternates, alternatesTouch == touch.id {
            alternates.selected = alternates.cell(atX: convert(p, to: alternates).x)
            return
        }
        if let list = layoutList, layoutListTouch == touch.id {
            list.selected = list.cell(atX: convert(p, to: list).x)
            return
        }
        // A flick down on a key with a small character above it types that character.
        guard let i = press.key, let secondary = keyViews[i].secondary else { return }
        let k = keyViews[i]
        let flicked =
            p.y - press.start.y > k.frame.height * KeyboardMetrics.flickFraction
            && abs(p.x - press.start.x) < k.frame.width
        if flicked != press.flicked {
            press.flicked = flicked
            presses[touch.id] = press
            popup?.text = flicked ? secondary : k.title
            press.timer?.cancel()
        }
    }

    public override func touchEnded(_ touch: Touch, at p: Point) {
        if dragOffset != nil {
            dragOffset = nil
            return
        }
        guard let press = presses.removeValue(forKey: touch.id) else { return }
        press.timer?.cancel()
        if presses.isEmpty { twoFingers = nil }
        if isTrackpad {
            if presses.isEmpty { endTrackpad() }
            return
        }
        defer { if popupTouch == touch.id { hidePopup() } }
        if let alternates, alternatesTouch == touch.id {
            let text = alternates.cells[alternates.selected].text
            hideAlternates()
            if let i = press.key {
                keyViews[i].isPressed = false
                keyboard.keyUp(keyViews[i].key, text: text)
            }
            return
        }
        if let list = layoutList, layoutListTouch == touch.id {
            let chosen = list.selected
            hideLayoutList()
            if let i = press.key { keyViews[i].isPressed = false }
            keyboard.choose(layout: chosen)
            return
        }
        guard let i = press.key, i < keyViews.count else { return }
        let k = keyViews[i]
        k.isPressed = false
        // Delete acted as it went down (and repeated); a held globe whose list never opened switches.
        if k.key.kind == .delete { return }
        keyboard.keyUp(k.key, text: press.flicked ? k.secondary : nil)
    }

    public override func touchCancelled(_ touch: Touch) {
        dragOffset = nil
        guard let press = presses.removeValue(forKey: touch.id) else { return }
        press.timer?.cancel()
        if let i = press.key, i < keyViews.count { keyViews[i].isPressed = false }
        if popupTouch == touch.id { hidePopup() }
        if alternatesTouch == touch.id { hideAlternates() }
        if layoutListTouch == touch.id { hideLayoutList() }
        keyboard.keyCancelled()
        if presses.isEmpty {
            twoFingers = nil
            if isTrackpad { endTrackpad() }
        }
    }

    /// Lets go of every finger's press without typing (the page or the field changed under them).
    public func endAllPresses() {
        for (_, p) in presses { p.timer?.cancel() }
        presses.removeAll()
        hidePopup()
        hideAlternates()
        hideLayoutList()
        twoFingers = nil
        if isTrackpad { endTrackpad() }
        for k in keyViews { k.isPressed = false }
    }
}
