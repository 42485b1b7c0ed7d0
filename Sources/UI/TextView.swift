import Graphics

/// Multi-line editable text (as `UITextView`): a caret and a selection moved by touch, pointer and
/// keyboard, typing in any script, undo and redo, the edit menu (Cut, Copy, Paste, Select All — and
/// no context menu, C10), long lines wrapped, and scrolling that keeps the caret in view.
///
/// It stays fast on long texts: the text is kept as paragraphs, each laid out on its own and only
/// when it comes into view (the rest have estimated heights until then), and a keystroke lays out
/// and draws again only its paragraph.
@MainActor open class TextView: ScrollView {
    public init(text: String = "") {
        storage = TextStorage(text)
        editMenu = EditMenuInteraction { [] }
        super.init(frame: .zero)
        accessibilityTraits = .textEntry
        accessibilityValue = storage.string
        editMenu.commands = { [weak self] in self?.editMenuCommands() ?? [] }
        addInteraction(editMenu)
        installTouchHandling()
    }

    /// The Edit menu's commands this view can do now: undo and redo what was typed, cut and copy a
    /// selection, paste into editable text, select all of a text that is not all selected.
    open override func canPerform(_ command: StandardEditCommand) -> Bool {
        switch command {
        case .undo: isEditable && history.canUndo
        case .redo: isEditable && history.canRedo
        case .cut: isEditable && !selection.isEmpty
        case .copy: !selection.isEmpty
        case .paste: isEditable && pasteboard.hasString
        case .selectAll: !storage.string.isEmpty && selection != storage.all
        }
    }

    open override func perform(_ command: StandardEditCommand) {
        switch command {
        case .undo: undo()
        case .redo: redo()
        case .cut: cut()
        case .copy: copy()
        case .paste: paste()
        case .selectAll: selectAll()
        }
    }

    // MARK: Text and selection

    /// The text, paragraphs and the whole string.
    public internal(set) var storage: TextStorage

    /// The whole text. Setting it replaces everything, puts the caret at the start and forgets undo.
    public var text: String {
        get { storage.string }
        set {
            editMenu.dismiss()
            storage = TextStorage(newValue)
            history.removeAll()
            anchor = .start
            head = .start
            goalX = nil
            // Laid out when the view has a width; before that, there is nothing to estimate against.
            if bounds.width > 0 { invalidateLayout() } else { heights = [] }
            setNeedsLayout()
            setNeedsDisplay()
            accessibilityValue = storage.string
        }
    }

    /// The fixed end of the selection (where a Shift-selection started).
    public internal(set) var anchor: TextPosition = .start
    /// The moving end of the selection: the caret.
    public internal(set) var head: TextPosition = .start

    /// The selected text's range; empty for a caret.
    public var selection: TextRange {
        get { TextRange(anchor, head) }
        set { select(anchor: newValue.start, head: newValue.end) }
    }

    /// The selected text.
    public var selectedText: String { storage.text(in: selection) }

    /// Undo and redo of this view's edits.
    public internal(set) var history = EditHistory()

    /// The font of the whole text (body by default).
    public var font: Font = .preferred(.body) {
        didSet {
            guard font != oldValue else { return }
            invalidateLayout()
            setNeedsDisplay()
        }
    }
    /// The colour of the whole text.
    public var textColor: Color = .label { didSet { setNeedsDisplay() } }
    /// Whether typing and the edit commands change the text; a read-only view still selects and copies.
    public var isEditable = true
    /// The space between the view's edges and the text.
    public var textInsets = TextView.defaultInsets {
        didSet {
            invalidateLayout()
            setNeedsDisplay()
        }
    }
    /// What the view asks of the on-screen keyboard: by default multi-line text (return makes a new
    /// line) with capitals at the start of sentences and suggestions.
    public var textInputTraits = TextInputTraits(isMultiline: true) {
        didSet { if textInputTraits != oldValue { root?.textInputDidChange() } }
    }
    /// Called after each change of the text (typing, a command, undo, a drop).
    public var onChange: (() -> Void)?

    /// The edit menu on the text.
    public let editMenu: EditMenuInteraction

    /// The x the caret keeps while moving up and down through lines of different lengths.
    var goalX: Double?
    /// The touch under way and the last taps.
    var touchState = TextTouchState()

    // MARK: Figures

    /// The margins of iPad's Notes text: 20 pt at the sides (the readable margin of a regular-width
    /// window), 12 pt above and below.
    public static let defaultInsets = EdgeInsets(vertical: 12, horizontal: 20)
    /// The caret: 2 pt wide in the tint colour, as UIKit draws it.
    public static let caretWidth: Double = 2
    /// The selection's fill: the tint at 25 % (UIKit's selection highlight over white).
    public static let selectionAlpha: Double = 0.25
    /// The selection handles' knobs: 10 pt circles (UIKit's grabber dots).
    public static let handleDiameter: Double = 10
    /// How far from a handle a touch still grabs it: half of the 44 pt minimum hit target.
    public static let handleReach: Double = 22
    /// The average character width used to guess the height of paragraphs not yet laid out, in em.
    static let estimatedCharacterWidth = 0.5

    // MARK: Layout per paragraph

    /// Each paragraph's height: measured once it has been in view, estimated before.
    var heights: [Double] = []
    var measured: [Bool] = []
    /// The top of each paragraph from the text's top; one more entry for the bottom.
    var tops: [Double] = [0]
    var wrapWidth: Double = 0
    var lineHeight: Double = 22
    /// `font` at the screen's text size, as the text is measured and drawn (set as the layout is).
    var shownFont: Font = .preferred(.body)

    /// The text engine the caret is measured with; nil for the screen's (`environment.textMeasurer`). It
    /// must be the one that draws: tests of pure editing give the approximate one.
    public var caretMeasurer: (any TextCaretMeasuring)? {
        didSet {
            if bounds.width > 0 { invalidateLayout() } else { heights = [] }
            setNeedsDisplay()
        }
    }

    var measurer: any TextCaretMeasuring {
        caretMeasurer ?? (environment.textMeasurer as? any TextCaretMeasuring) ?? ApproximateTextMeasurer()
    }

    /// The layout of paragraph `i`: what is drawn and what the caret is measured in.
    func paragraphLayout(_ i: Int) -> TextLayout {
        TextLayout(
            storage.paragraphs[i], font: shownFont, color: textColor, lineLimit: 0, truncation: .none, width: wrapWidth)
    }

    func estimatedHeight(_ i: Int) -> Double {
        let p = storage.paragraphs[i]
        let perLine = max(1, wrapWidth) / (shownFont.size * Self.estimatedCharacterWidth)
        // A paragraph with no more bytes than a line holds characters is one line, unread.
        if Double(p.utf8.count) <= perLine { return lineHeight }
        let n = Double(p.unicodeScalars.count)
        let lines = max(1, (n * shownFont.size * Self.estimatedCharacterWidth / max(1, wrapWidth)).rounded(.up))
        return lines * lineHeight
    }

    /// Forgets every paragraph's measured height (the width, the font or the text size changed).
    func invalidateLayout() {
        wrapWidth = max(1, bounds.width - textInsets.left - textInsets.right)
        shownFont = fontMetrics.scaledFont(font)
        lineHeight = measurer.measure(TextLayout("Ag", font: shownFont)).height
        heights = storage.paragraphs.indices.map(estimatedHeight)
        measured = Array(repeating: false, count: heights.count)
        tops = [0]
        recomputeTops(from: 0)
        setNeedsLayout()
    }

    func recomputeTops(from i: Int) {
        let n = heights.count
        if tops.count > n + 1 { tops.removeLast(tops.count - n - 1) }
        while tops.count < n + 1 { tops.append(0) }
        var y = tops[min(i, n)]
        for j in min(i, n)..<n {
            tops[j] = y
            y += heights[j]
        }
        tops[n] = y
        let size = Size(bounds.width, textInsets.top + y + textInsets.bottom)
        if contentSize != size { contentSize = size }
    }

    /// Lays out the paragraphs in `range` that have only an estimate; true when a height changed.
    @discardableResult
    func measureParagraphs(_ range: Range<Int>) -> Bool {
        var first: Int?
        for i in range.clamped(to: 0..<heights.count) where !measured[i] {
            measured[i] = true
            let h = max(lineHeight, measurer.measure(paragraphLayout(i)).height)
            if h != heights[i] {
                heights[i] = h
                if first == nil { first = i }
            }
        }
        if let first { recomputeTops(from: first) }
        return first != nil
    }

    /// The paragraph at `y` (content coordinates), clamped to the text.
    func paragraphIndex(atY y: Double) -> Int {
        let t = y - textInsets.top
        var lo = 0
        var hi = heights.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if tops[mid] <= t { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The paragraphs that meet `rect` (content coordinates).
    func paragraphs(in rect: Rect) -> Range<Int> {
        let first = paragraphIndex(atY: rect.minY)
        var last = first
        while last < heights.count, textInsets.top + tops[last] < rect.maxY { last += 1 }
        return first..<max(last, first + 1)
    }

    /// The top of paragraph `i` in content coordinates.
    func paragraphTop(_ i: Int) -> Double { textInsets.top + tops[i] }

    /// The text size (or the screen) changed: every paragraph is measured again at the new size.
    open override func environmentDidChange() {
        super.environmentDidChange()
        if bounds.width > 0 { invalidateLayout() } else { heights = [] }
    }

    open override func didMoveToRoot() {
        super.didMoveToRoot()
        if fontMetrics.scaledFont(font) != shownFont { environmentDidChange() }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if abs(wrapWidth - max(1, bounds.width - textInsets.left - textInsets.right)) > 0.01 || heights.isEmpty {
            invalidateLayout()
        }
        // What is in view, and half a screen around it, gets laid out for real.
        let around = bounds.insetBy(dx: 0, dy: -bounds.height / 2)
        for _ in 0..<3 where measureParagraphs(paragraphs(in: around)) {}
    }

    // MARK: Geometry of positions

    /// The caret's rectangle before `p`, in content coordinates.
    public func caretRect(for p: TextPosition) -> Rect {
        if heights.isEmpty { invalidateLayout() }
        let p = storage.clamped(p)
        measureParagraphs(p.paragraph..<(p.paragraph + 1))
        let layout = paragraphLayout(p.paragraph)
        let lines = measurer.lines(layout)
        let c = measurer.caret(layout, at: p.offset)
        let line = lines[min(max(0, c.line), lines.count - 1)]
        return Rect(
            textInsets.left + min(c.x, wrapWidth) - Self.caretWidth / 2, paragraphTop(p.paragraph) + line.top,
            Self.caretWidth, line.height)
    }

    /// The position nearest to `point` (content coordinates).
    public func position(at point: Point) -> TextPosition {
        if heights.isEmpty { invalidateLayout() }
        if point.y < textInsets.top && heights.count == 1 { return .start }
        var i = paragraphIndex(atY: point.y)
        if measureParagraphs(i..<(i + 1)) { i = paragraphIndex(atY: point.y) }
        if point.y >= paragraphTop(heights.count) { return storage.end }
        let off = measurer.offset(
            paragraphLayout(i), at: Point(point.x - textInsets.left, max(0, point.y - paragraphTop(i))))
        return storage.clamped(TextPosition(paragraph: i, offset: off))
    }

    /// The rectangles the selection covers in paragraph `i`, content coordinates.
    func selectionRects(in i: Int, _ sel: TextRange) -> [Rect] {
        let len = storage.paragraphs[i].utf8.count
        let a = i == sel.start.paragraph ? sel.start.offset : 0
        let b = i == sel.end.paragraph ? sel.end.offset : len
        let pastEnd = i < sel.end.paragraph
        let layout = paragraphLayout(i)
        let lines = measurer.lines(layout)
        let newlineWidth = shownFont.size * 0.3
        var out: [Rect] = []
        for (li, line) in lines.enumerated() {
            let isLast = li == lines.count - 1
            let le = isLast ? len : line.end
            if b < line.start || a > le || (a == le && !isLast) { continue }
            if b == line.start && b < len { continue }
            let x0 = a > line.start ? measurer.caret(layout, at: a).x : 0
            let x1: Double
            if b < le || (isLast && !pastEnd) {
                x1 = b == line.start ? 0 : measurer.caret(layout, at: b).x
            } else if isLast {
                x1 = measurer.caret(layout, at: len).x + newlineWidth
            } else {
                x1 = wrapWidth
            }
            if x1 <= x0 { continue }
            out.append(Rect(textInsets.left + x0, paragraphTop(i) + line.top, x1 - x0, line.height))
        }
        return out
    }

    // MARK: Drawing

    open override func draw(in canvas: any Canvas) {
        if heights.isEmpty { return }
        let range = paragraphs(in: canvas.clipBounds)
        let sel = selection
        let fill = Color.tint.withAlpha(isFocused ? Self.selectionAlpha : Self.selectionAlpha / 2)
        for i in range {
            if !sel.isEmpty, sel.start.paragraph <= i, i <= sel.end.paragraph {
                for r in selectionRects(in: i, sel) { canvas.fill(r, with: fill) }
            }
            canvas.drawText(paragraphLayout(i), at: Point(textInsets.left, paragraphTop(i)))
        }
        guard isFocused else { return }
        if sel.isEmpty {
            if isEditable { canvas.fill(caretRect(for: head), with: .tint) }
        } else {
            drawHandles(in: canvas, sel)
        }
    }

    /// The selection's two grabbers: a bar at each end, the knob above the start and below the end.
    func drawHandles(in canvas: any Canvas, _ sel: TextRange) {
        let d = Self.handleDiameter
        let s = caretRect(for: sel.start)
        let e = caretRect(for: sel.end)
        canvas.fill(s, with: .tint)
        canvas.fill(e, with: .tint)
        canvas.fill(Path.ellipse(in: Rect(s.midX - d / 2, s.minY - d, d, d)), with: .tint)
        canvas.fill(Path.ellipse(in: Rect(e.midX - d / 2, e.maxY, d, d)), with: .tint)
    }

    /// Damages the paragraphs from `a` to `b` (and, when `below`, everything under them in view), or
    /// from the content y `from` when what is above it did not change.
    func damageParagraphs(_ a: Int, _ b: Int, below: Bool = false, from: Double? = nil) {
        guard !heights.isEmpty else { return }
        let lo = min(max(0, min(a, b)), heights.count - 1)
        let hi = min(max(0, max(a, b)), heights.count - 1)
        let pad = Self.handleDiameter + 2
        let top = from ?? (paragraphTop(lo) - pad)
        let bottom = below ? bounds.maxY : paragraphTop(hi + 1) + pad
        let r = Rect(bounds.minX, top, bounds.width, bottom - top).intersection(bounds.insetBy(dx: 0, dy: -pad))
        if !r.isEmpty { setNeedsDisplay(r) }
    }

    // MARK: Focus and accessibility

    open override var canBecomeFocused: Bool { true }

    /// The keyboard came or went: the caret stays in view above it.
    open override func keyboardFrameDidChange() {
        super.keyboardFrameDidChange()
        if isFocused, !heights.isEmpty { scrollCaretToVisible() }
    }

    open override func focusDidChange() {
        if !isFocused { editMenu.dismiss() }
        let sel = selection
        damageParagraphs(sel.start.paragraph, sel.end.paragraph)
    }

    // MARK: Events (the work is in the extensions)

    open override func handleText(_ s: String) -> Bool { typed(s) }
    open override func handleKey(_ press: KeyPress) -> Bool { keyPressed(press) }
    open override func touchBegan(_ touch: Touch, at point: Point) {
        touchDidBegin(at: point, time: touch.timestamp)
    }
    open override func touchMoved(_ touch: Touch, at point: Point) { touchDidMove(to: point) }
    open override func touchEnded(_ touch: Touch, at point: Point) { touchDidEnd(touch, at: point) }
    open override func touchCancelled(_ touch: Touch) {
        touchState.handle = nil
        touchState.wordAnchor = nil
        touchState.dragged = false
    }

    open override var accessibilityLabelOrText: String? { accessibilityLabel ?? storage.paragraphs.first }
}
