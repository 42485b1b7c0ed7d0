import Graphics
import SystemUI
import UI

/// A place on a Home-screen page, as its view: an app's icon or a folder's.
@MainActor public protocol HomePlaceView: View {
    /// The place it shows (`HomeItem.key`).
    var placeKey: String { get }
    /// The square of the icon within the view.
    var iconRect: Rect { get }
}

extension AppIconView: HomePlaceView {
    public var placeKey: String { appIdentifier }
}

/// A folder's icon on the Home screen: a frosted square holding its first nine apps small, in three
/// rows of three, and the folder's name below. A tap opens the folder.
@MainActor public final class FolderIconView: View, HomePlaceView {
    /// The folder it shows.
    public let folder: HomeScreenFolder
    /// Its name as shown.
    public let nameLabel: Label
    /// The small icons of its first nine apps.
    public let miniIcons: [AppIconView]
    /// Room kept above the square for its shadow (as `AppIconView.shadowRoom`).
    public var shadowRoom: Double = 0 { didSet { setNeedsLayout() } }
    /// Whether its name shows below the square (not in the Dock, where the square fills the view).
    public var showsName = true {
        didSet {
            nameLabel.isHidden = !showsName
            setNeedsLayout()
        }
    }

    /// The icon of `folder`, called `name`, holding `miniIcons` (its first nine apps' icons, which it
    /// shows small and which take no touches).
    public init(folder: HomeScreenFolder, name: LocalizedString, miniIcons: [AppIconView]) {
        self.folder = folder
        self.miniIcons = Array(miniIcons.prefix(FolderMetrics.miniColumns * FolderMetrics.miniColumns))
        nameLabel = Label(name, style: .caption1, color: .white)
        nameLabel.alignment = .center
        nameLabel.isAccessibilityElement = false
        super.init()
        localizedAccessibilityLabel = HomeStrings.folderDescription.formatted(
            name, LocalizedString(verbatim: "\(folder.apps.count)"))
        accessibilityTraits = .button
        addSubview(nameLabel)
        for icon in self.miniIcons {
            icon.isUserInteractionEnabled = false
            icon.isAccessibilityElement = false
            addSubview(icon)
        }
    }

    public var placeKey: String { folder.key }

    /// The square of the folder's icon within the view.
    public var iconRect: Rect {
        let side = min(bounds.width, bounds.height - (showsName ? 22 : 0) - shadowRoom)
        return Rect(bounds.midX - side / 2, shadowRoom, side, side)
    }

    public override func layoutSubviews() {
        let square = iconRect
        nameLabel.frame = Rect(square.minX - 10, square.maxY + 5, square.width + 20, 16)
        let columns = Double(FolderMetrics.miniColumns)
        let inset = square.width * FolderMetrics.miniInsetFraction
        let gap = square.width * FolderMetrics.miniGapFraction
        let side = (square.width - 2 * inset - (columns - 1) * gap) / columns
        for (index, icon) in miniIcons.enumerated() {
            let column = Double(index % FolderMetrics.miniColumns)
            let row = Double(index / FolderMetrics.miniColumns)
            icon.frame = Rect(
                square.minX + inset + column * (side + gap), square.minY + inset + row * (side + gap), side, side)
        }
    }

    public override func draw(in canvas: any Canvas) {
        let square = iconRect
        let radius = square.width * ShellMetrics.homeIconCornerRadius / ShellMetrics.homeIconSize
        let path = Path.roundedRect(square, radius: radius)
        canvas.drawShadow(of: path, color: Color.black.withAlpha(0.18), blur: 6, offset: Point(0, 2))
        canvas.fill(path, with: FolderMetrics.frost)
    }
}

/// The "−" badge at an icon's corner while the Home screen is edited: a tap asks whether to take the
/// app off the Home screen (or out of the Dock).
@MainActor public final class RemoveBadgeView: View {
    /// Told when it is tapped.
    public var onTap: (() -> Void)?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        accessibilityTraits = .button
        isHidden = true
        // The disc and its shadow as the view's own background and shadow, so that where the shadow
        // reaches is drawn again when the badge shows or hides (a shadow drawn by hand past the
        // bounds stayed on the screen after Done).
        backgroundColor = Color(light: RGBA(0.92, 0.92, 0.93, 0.96), dark: RGBA(0.3, 0.3, 0.32, 0.96))
        cornerStyle = .circular
        shadow = View.Shadow(color: Color.black.withAlpha(0.2), blur: 3, offset: Point(0, 1))
        addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.onTap?() })
    }

    public override func layoutSubviews() {
        cornerRadius = bounds.width / 2
    }

    public override func draw(in canvas: any Canvas) {
        let bar = Rect(bounds.midX - bounds.width * 0.27, bounds.midY - 1, bounds.width * 0.54, 2)
        canvas.fill(Path.roundedRect(bar, radius: 1), with: Color(light: RGBA(0, 0, 0), dark: RGBA(1, 1, 1)))
    }
}
