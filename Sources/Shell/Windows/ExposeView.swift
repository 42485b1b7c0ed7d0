import Graphics
import Scenes
import SystemUI
import UI
import Windowing

/// App Exposé (one app's windows, with + for a new one — W2c) and the switcher (every window):
/// downscaled snapshots with titles over a dimmed wallpaper. Tap a snapshot to open its window; swipe
/// it up to close the window (it joins Recently Closed); tap a recently closed one to reopen it.
@MainActor public final class ExposeView: View {
    unowned let shell: Shell
    let app: ShellApp?
    let side: EdgeSide?
    let title = Label("", style: .title2, color: .white)
    public let addButton = Button(symbol: "plus", style: .gray)
    public private(set) var cells: [ExposeCell] = []
    public private(set) var closedCells: [Button] = []
    let closedHeader = Label("", style: .headline, color: .white)

    init(shell: Shell, app: ShellApp?, side: EdgeSide?) {
        self.shell = shell
        self.app = app
        self.side = side
        super.init()
        // The dim is drawn into the wallpaper's picture (the shell dims it while Exposé shows): each
        // frame copies it, rather than blending a dim over the whole screen.
        let name = app.map { ShellStrings.windowsOf.formatted($0.application.displayName) } ?? ShellStrings.switcher
        localizedAccessibilityLabel = name
        accessibilityTraits = .window
        title.alignment = .center
        title.localizedText = side != nil ? ShellStrings.chooseWindow : name
        title.isAccessibilityElement = false
        addSubview(title)
        if app != nil {
            addButton.localizedAccessibilityLabel = ShellStrings.addWindow
            addButton.style = .plain
            addButton.tint = .white
            addButton.backgroundColor = Color.white.withAlpha(0.22)
            addButton.cornerRadius = 22
            addButton.action = { [weak self] in
                guard let self, let app = self.app else { return }
                self.shell.newWindow(of: app, placement: self.side?.placement ?? .automatic)
            }
            addSubview(addButton)
        }
        closedHeader.localizedText = ShellStrings.recentlyClosed
        closedHeader.accessibilityTraits = [.header, .staticText]
        addSubview(closedHeader)
        // A tap on the background goes back.
        addGestureRecognizer(
            TapGestureRecognizer { [weak self] g in
                guard let self else { return }
                let p = g.location(in: self)
                if !self.cells.contains(where: { $0.frame.contains(p) }) && !self.addButton.frame.contains(p) {
                    self.shell.closeExpose()
                }
            })
    }

    func reload() {
        let language = shell.language
        for c in cells { c.removeFromSuperview() }
        for c in closedCells { c.removeFromSuperview() }
        let frames: [WindowFrameView]
        if let app {
            frames = shell.windows(of: app)
        } else {
            frames =
                shell.recency.compactMap { shell.windows[$0] }
                + shell.windows.values.filter { !shell.recency.contains($0.id) }
        }
        // Sessions of the app without a window now (disconnected in the background) are shown by title.
        var items: [(String, String, WindowFrameView?)] = frames.map { ($0.id, $0.scene.title, $0) }
        if let app {
            for s in app.openSessions where shell.windows[s.persistentIdentifier] == nil {
                items.append((s.persistentIdentifier, s.title, nil))
            }
        }
        let titled = items.map { id, t, frame in
            (id, app == nil ? "\(frame?.app.application.displayName.resolved(language) ?? "") — \(t)" : t, frame)
        }
        let subtitles = Self.subtitles(titled.map { ($0.1, $0.2?.scene.subtitle ?? "") }, language: language)
        cells = zip(titled, subtitles).map { item, subtitle in
            let (id, title, frame) = item
            let c = ExposeCell(id: id, title: title, subtitle: subtitle, frame: frame, shell: shell)
            c.onOpen = { [weak self] in self?.shell.choose(id, side: self?.side) }
            c.onClose = { [weak self] in self?.close(id) }
            return c
        }
        for c in cells { addSubview(c) }
        if let app {
            closedCells = app.recentlyClosed.prefix(ShellMetrics.recentlyClosedLimit).map { closed in
                let title = closed.title.isEmpty ? app.application.displayName.resolved(language) : closed.title
                let b = Button(title: title, style: .plain)
                b.tint = ShellMetrics.recentlyClosedText
                b.backgroundColor = ShellMetrics.recentlyClosedChip
                b.cornerRadius = ShellMetrics.recentlyClosedChipRadius
                b.accessibilityLabel = title
                b.action = { [weak self] in
                    self?.shell.environment.errors.attempt(ShellStrings.reopenTheWindow, userAction: true) {
                        try app.reopen(closed)
                    }
                    self?.shell.closeExpose()
                }
                return b
            }
            for c in closedCells { addSubview(c) }
        }
        closedHeader.isHidden = closedCells.isEmpty
        setNeedsLayout()
    }

    /// The second line of each window: its own subtitle, and where a title and subtitle are shared
    /// by several windows, their place among them ("Window 2"), so that no two read the same.
    static func subtitles(_ items: [(title: String, subtitle: String)], language: Language) -> [String] {
        var seen: [String: Int] = [:]
        let counts = Dictionary(items.map { ("\($0.title)\u{1F}\($0.subtitle)", 1) }, uniquingKeysWith: +)
        return items.map { item in
            let key = "\(item.title)\u{1F}\(item.subtitle)"
            guard counts[key, default: 0] > 1 else { return item.subtitle }
            seen[key, default: 0] += 1
            let n = ShellStrings.windowNumber.formatted(String(seen[key]!)).resolved(language)
            return item.subtitle.isEmpty ? n : "\(item.subtitle) · \(n)"
        }
    }

    func close(_ id: String) {
        for app in shell.hostedApps {
            if let s = app.runtime.session(withIdentifier: id) {
                shell.environment.errors.attempt(ShellStrings.closeTheWindow, userAction: true) {
                    try app.destroy(s, animation: .standard)
                }
            }
        }
        reload()
        preparePictures()
    }

    public override func layoutSubviews() {
        title.frame = Rect(0, 44, bounds.width, 34)
        addButton.frame = Rect(bounds.width - 88, 40, 44, 44)
        let bottom = closedCells.isEmpty ? 60.0 : 140.0
        let area = Rect(40, 96, bounds.width - 80, bounds.height - 96 - bottom)
        for (c, r) in zip(cells, SpaceLayout.exposeCells(count: cells.count, area: area, screen: shell.bounds.size)) {
            c.frame = Rect(r.minX, r.minY, r.width, r.height + ExposeCell.captionHeight)
        }
        closedHeader.frame = Rect(40, bounds.height - 128, 300, 24)
        var x = 40.0
        for b in closedCells {
            let w = min(260, b.sizeThatFits(bounds.size).width)
            b.frame = Rect(x, bounds.height - 96, w, 44)
            x += w + 12
        }
    }
}

/// One window in Exposé: its snapshot, cached and downscaled, and its title below.
@MainActor public final class ExposeCell: View {
    public let windowID: String
    let titleLabel: Label
    let subtitleLabel: Label
    /// The snapshot with its rounded corners: a cached picture, its shadow drawn around it.
    let thumbnail: ExposeThumbnail
    var snapshot: PixelImage? { thumbnail.snapshot }
    var onOpen: (() -> Void)?
    var onClose: (() -> Void)?
    private var dragStart: Point?

    init(id: String, title: String, subtitle: String = "", frame: WindowFrameView?, shell: Shell) {
        windowID = id
        titleLabel = Label(title, style: .subheadline, color: .white)
        subtitleLabel = Label(subtitle, style: .caption1, color: ShellMetrics.exposeSubtitleText)
        thumbnail = ExposeThumbnail(snapshot: frame.flatMap { shell.snapshot(of: $0) })
        super.init()
        titleLabel.alignment = .center
        titleLabel.isAccessibilityElement = false
        // Small pictures, made before Exposé's first frame: its frames copy text rather than set it.
        titleLabel.rasterizes = true
        subtitleLabel.rasterizes = true
        subtitleLabel.alignment = .center
        subtitleLabel.isAccessibilityElement = false
        addSubview(thumbnail)
        addSubview(titleLabel)
        addSubview(subtitleLabel)
        accessibilityLabel = subtitle.isEmpty ? title : "\(title), \(subtitle)"
        accessibilityTraits = .button
        addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.onOpen?() })
        let pan = PanGestureRecognizer()
        pan.axis = .vertical
        pan.action = { [weak self] g in self?.panned(g as! PanGestureRecognizer) }
        addGestureRecognizer(pan)
    }

    /// Swiping a snapshot up closes its window.
    private func panned(_ g: PanGestureRecognizer) {
        let dy = g.translation().y
        switch g.state {
        case .changed: transform = Transform(translationX: 0, y: min(0, dy))
        case .ended:
            if dy < -80 || g.velocity.y < -600 { onClose?() } else { transform = .identity }
        default: transform = .identity
        }
    }

    /// Room under the snapshot for the title and the subtitle.
    static let captionHeight = 44.0

    public override func layoutSubviews() {
        thumbnail.frame = Rect(0, 0, bounds.width, max(0, bounds.height - Self.captionHeight))
        let top = bounds.height - Self.captionHeight + 6
        titleLabel.frame = Rect(0, top, bounds.width, 20)
        subtitleLabel.frame = Rect(0, top + 20, bounds.width, 16)
    }
}

/// A window's snapshot in Exposé, rounded, with its shadow: drawn once into a cached picture (before
/// Exposé's first frame) and then only copied, as the cell moves under a finger.
@MainActor final class ExposeThumbnail: View {
    let snapshot: PixelImage?

    init(snapshot: PixelImage?) {
        self.snapshot = snapshot
        super.init()
        rasterizes = true
        clipsToBounds = true
        cornerRadius = ShellMetrics.exposeThumbnailCornerRadius
        // Opaque under the snapshot, so that the picture's body is copied rather than blended.
        backgroundColor = .secondarySystemBackground
        shadow = Shadow(color: Color.black.withAlpha(0.35), blur: 16, offset: Point(0, 4))
        isUserInteractionEnabled = false
    }

    override func draw(in canvas: any Canvas) {
        if let snapshot {
            canvas.drawImage(snapshot, in: bounds, opacity: 1)
        } else {
            canvas.drawSymbol(
                "macwindow.badge.plus", in: Rect(center: bounds.center, size: Size(40, 40)), tint: .tertiaryLabel)
        }
    }
}
