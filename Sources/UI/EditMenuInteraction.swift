import Graphics

/// The edit menu of selectable text (as `UIEditMenuInteraction`): touch and hold the text and a
/// small black bar of commands (Copy, Select All…) appears above it. Guideline C10: an element has
/// this or a context menu, never both — the checker looks for elements that carry both.
@MainActor public final class EditMenuInteraction: Interaction {
    public struct Command {
        public var title: LocalizedString
        public var perform: () -> Void
        public init(title: LocalizedString, perform: @escaping () -> Void) {
            self.title = title
            self.perform = perform
        }
    }

    public private(set) weak var view: View?
    /// The commands, asked each time the bar opens.
    public var commands: () -> [Command]
    private let press = LongPressGestureRecognizer()
    private var bar: EditMenuBar?

    public init(commands: @escaping () -> [Command]) {
        self.commands = commands
        press.action = { [weak self] g in if g.state == .began { self?.show(at: g.location(in: nil)) } }
    }

    public func willMove(to view: View?) { self.view?.removeGestureRecognizer(press) }

    public func didMove(to view: View?) {
        self.view = view
        view?.addGestureRecognizer(press)
    }

    /// Whether the bar is showing.
    public var isShowing: Bool { bar?.superview != nil }

    /// Shows the bar above `point` (root coordinates).
    public func show(at point: Point) {
        guard let root = view?.root else { return }
        dismiss()
        let b = EditMenuBar(commands: commands()) { [weak self] in self?.dismiss() }
        let size = b.sizeThatFits(root.bounds.size)
        var f = Rect(center: Point(point.x, point.y - 44), size: size)
        f.origin.x = min(max(8, f.minX), root.bounds.width - size.width - 8)
        f.origin.y = max(30, f.minY)
        b.frame = f
        root.addSubview(b)
        bar = b
    }

    public func dismiss() {
        bar?.removeFromSuperview()
        bar = nil
    }
}

/// The black rounded bar of an edit menu.
@MainActor final class EditMenuBar: View {
    let commands: [EditMenuInteraction.Command]
    let buttons: [Button]

    init(commands: [EditMenuInteraction.Command], done: @escaping () -> Void) {
        self.commands = commands
        buttons = commands.map { c in
            let b = Button(title: c.title, style: .plain) {
                c.perform()
                done()
            }
            b.tint = .white
            b.font = .preferred(.subheadline)
            return b
        }
        super.init()
        backgroundColor = Color(light: RGBA(0.1, 0.1, 0.1, 0.92), dark: RGBA(0.3, 0.3, 0.32, 0.95))
        cornerRadius = 8
        shadow = Shadow(color: Color.black.withAlpha(0.2), blur: 10, offset: Point(0, 3))
        accessibilityLabel = "Edit menu"
        isAccessibilityElement = false
        for b in buttons { addSubview(b) }
    }

    override func sizeThatFits(_ size: Size) -> Size {
        let w = buttons.map { $0.sizeThatFits(size).width }.reduce(0, +)
        return Size(w, 36)
    }

    override func layoutSubviews() {
        var x = 0.0
        for b in buttons {
            let w = b.sizeThatFits(bounds.size).width
            b.frame = Rect(x, 0, w, bounds.height)
            x += w
        }
    }

    override func draw(in canvas: any Canvas) {
        for b in buttons.dropFirst() {
            canvas.fill(Rect(b.frame.minX, 6, canvas.hairline, bounds.height - 12), with: Color.white.withAlpha(0.3))
        }
    }
}
