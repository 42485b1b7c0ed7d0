import Graphics
import Menus
import SystemUI
import UI

/// An open folder over the blurred Home screen: its name, and its apps on a frosted platter, four to
/// a row. A tap outside puts it away. While the Home screen is edited the name is a field to rename
/// it, the apps show their "−" badges, and an app dragged off the platter leaves the folder.
@MainActor public final class FolderView: View, AccessibilityDescribing {
    /// The folder shown.
    public let folder: HomeScreenFolder
    /// Its name (a label; a field while editing).
    public let nameLabel: Label
    public let nameField: TextField
    /// Its apps' icons, in order.
    public let icons: [AppIconView]
    /// The platter the icons are on.
    public let platter = View()
    /// The blurred screen behind it (nil: dimmed only).
    var backdrop: MenuBackdrop? { didSet { isOpaqueCover = backdrop != nil } }
    /// Told when a tap outside puts it away.
    var onDismiss: (() -> Void)?
    /// Told as the person drags one of its apps while editing: the app, the gesture's state and
    /// where the finger is (root coordinates).
    var onAppDrag: ((String, GestureRecognizer.State, Point) -> Void)?
    private var draggedApp: String?

    /// The name as shown when it opened (in the screen's language).
    let shownName: String
    /// The apps in the order their icons are shown: the folder's, or with room made for an app
    /// dragged over the platter (`show(order:animated:)`).
    private(set) var shownOrder: [String]
    private var reflow: Animation?

    /// The open `folder`, called `name` (`shownName` in the screen's language), showing `icons`;
    /// `editing` while the Home screen is edited.
    init(folder: HomeScreenFolder, name: LocalizedString, shownName: String, icons: [AppIconView], editing: Bool) {
        self.folder = folder
        self.icons = icons
        self.shownName = shownName
        shownOrder = icons.map(\.appIdentifier)
        nameLabel = Label(name, style: .largeTitle, color: .white)
        nameLabel.alignment = .center
        nameField = TextField(text: shownName, placeholder: name)
        nameField.font = Font.preferred(.largeTitle)
        super.init()
        localizedAccessibilityLabel = name
        accessibilityTraits = .window
        isAccessibilityElement = false
        platter.backgroundColor = FolderMetrics.frost
        platter.cornerRadius = FolderMetrics.platterCornerRadius
        addSubview(platter)
        addSubview(nameLabel)
        nameField.localizedAccessibilityLabel = HomeStrings.folderName
        nameField.textColor = .white
        nameField.alignment = .center
        addSubview(nameField)
        nameLabel.isHidden = editing
        nameField.isHidden = !editing
        for icon in icons {
            icon.removeBadge.isHidden = !editing
            for gesture in icon.gestureRecognizers { gesture.isEnabled = !editing }
            platter.addSubview(icon)
        }
        addGestureRecognizer(
            TapGestureRecognizer { [weak self] gesture in
                guard let self else { return }
                let point = gesture.location(in: self)
                if !self.platter.frame.contains(point) && !self.nameField.frame.contains(point) { self.onDismiss?() }
            })
        let drag = PanGestureRecognizer()
        drag.shouldBegin = { [weak self] gesture in
            guard let self, editing, let pan = gesture as? PanGestureRecognizer else { return false }
            return self.icon(at: pan.startLocation) != nil
        }
        drag.action = { [weak self] gesture in
            guard let self, let pan = gesture as? PanGestureRecognizer else { return }
            if pan.state == .began { self.draggedApp = self.icon(at: pan.startLocation)?.appIdentifier }
            guard let app = self.draggedApp else { return }
            self.onAppDrag?(app, pan.state, pan.location(in: nil))
            if pan.state != .began && pan.state != .changed { self.draggedApp = nil }
        }
        addGestureRecognizer(drag)
    }

    /// The app's icon under `point` (root coordinates).
    func icon(at point: Point) -> AppIconView? {
        icons.first { !$0.isHidden && $0.visualFrame.contains(platter.convert(point, from: nil)) }
    }

    /// The place among the icons an app let go at `point` (root coordinates) takes: the cell under
    /// it, in reading order, clamped to the icons there are.
    func slot(at point: Point) -> Int {
        let local = platter.convert(point, from: nil)
        let cell = FolderMetrics.cellSize
        let column = max(0, min(FolderMetrics.columns - 1, Int((local.x - FolderMetrics.platterInset) / cell.width)))
        let row = max(0, Int((local.y - FolderMetrics.platterInset) / cell.height))
        return max(0, min(icons.count - 1, row * FolderMetrics.columns + column))
    }

    /// Shows the icons in `order` (their apps' identifiers), sliding them there when `animated`, as
    /// the icons make room for one dragged over the platter.
    func show(order: [String], animated: Bool) {
        guard order != shownOrder else { return }
        let before = icons.map(\.frame)
        shownOrder = order
        reflow?.cancel()
        layoutIcons()
        guard animated, let animator = root?.animator else { return }
        let moves = zip(icons, before).filter { $0.0.frame != $0.1 && !$0.0.isHidden }.map { ($0.0, $0.1, $0.0.frame) }
        for (icon, from, _) in moves { icon.frame = from }
        reflow = animator.animate(duration: HomeMetrics.makeRoomDuration, curve: .easeOut) { progress in
            for (icon, from, to) in moves { icon.frame = lerp(from, to, progress) }
        }
    }

    /// The name typed in its field (while editing).
    var typedName: String { nameField.text }

    public override func layoutSubviews() {
        let columns = min(FolderMetrics.columns, max(1, icons.count))
        let rows = (icons.count + FolderMetrics.columns - 1) / FolderMetrics.columns
        let cell = FolderMetrics.cellSize
        let inset = FolderMetrics.platterInset
        let size = Size(Double(columns) * cell.width + 2 * inset, Double(max(rows, 1)) * cell.height + 2 * inset)
        let top = max(
            ShellMetrics.statusBarHeight + FolderMetrics.nameHeight + FolderMetrics.nameGap,
            (bounds.height - size.height) / 2)
        platter.frame = Rect((bounds.width - size.width) / 2, top, size.width, size.height)
        let name = Rect(
            platter.frame.minX, top - FolderMetrics.nameGap - FolderMetrics.nameHeight, platter.frame.width,
            FolderMetrics.nameHeight)
        nameLabel.frame = name
        nameField.frame = name.insetBy(dx: max(0, (name.width - 360) / 2), dy: 0)
        layoutIcons()
    }

    /// Puts each icon in its cell of `shownOrder`.
    private func layoutIcons() {
        let cell = FolderMetrics.cellSize
        let inset = FolderMetrics.platterInset
        let side = HomeMetrics.iconSize + 2 * HomeMetrics.nameOverhang
        for (listed, icon) in icons.enumerated() {
            let index = shownOrder.firstIndex(of: icon.appIdentifier) ?? listed
            let column = Double(index % FolderMetrics.columns)
            let row = Double(index / FolderMetrics.columns)
            icon.frame = Rect(
                inset + column * cell.width + (cell.width - side) / 2, inset + row * cell.height, side,
                HomeMetrics.shadowRoom + HomeMetrics.iconSize + HomeMetrics.nameHeight)
        }
    }

    public override func draw(in canvas: any Canvas) {
        if let backdrop {
            backdrop.draw(in: canvas, rect: bounds, opacity: 1)
        } else {
            canvas.fill(Path.roundedRect(bounds, radius: 0), with: Color.black.withAlpha(0.3))
        }
    }

    public var accessibilityIsModal: Bool { true }
}
