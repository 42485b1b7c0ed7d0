import Graphics
import ShellPorts
import SystemUI
import UI

/// The layer surfaces on the screen, in their layers: the background over the wallpaper, the
/// bottom under the windows, the top over them and the Dock, the overlay over everything, the
/// status bar included. Each is placed by `LayerLayout` in the screen below the status bar (an
/// overlay may cover it); the space their exclusive zones leave is the windows'.
@MainActor public final class LayerSurfaces {
    /// The surfaces and their views, in the order they came.
    var entries: [(surface: any LayerSurface, view: LayerSurfaceView)] = []
    /// One container a layer, made and placed by the shell.
    var containers: [LayerPlacement.Layer: PassthroughView] = [:]
    /// Their popups (a panel's menus), over every layer: over the windows a panel's menu drops onto.
    let popups = PassthroughView()
    /// What their exclusive zones leave for the windows, in screen points.
    public internal(set) var usable: Rect = .zero

    init() {}

    /// The views of the surfaces shown now.
    public var views: [LayerSurfaceView] { entries.map(\.view) }
}

extension ProgramsController {
    /// Makes a container for each layer, under and over the shell's own views.
    func installLayers() {
        for layer in LayerPlacement.Layer.allCases {
            let container = PassthroughView()
            layers.containers[layer] = container
            switch layer {
            case .background: shell.insertSubview(container, above: shell.wallpaper)
            case .bottom: shell.insertSubview(container, below: shell.windowLayer)
            case .top: shell.insertSubview(container, below: shell.overlayLayer)
            case .overlay: shell.insertSubview(container, above: shell.banner)
            }
        }
        if let overlay = layers.containers[.overlay] { shell.insertSubview(layers.popups, above: overlay) }
    }

    /// A layer surface mapped: shown in its layer and placed. (The compositor gives it the keyboard
    /// as wlr-layer-shell says: asked for exclusively, or on demand on the top or overlay layer.)
    func adopt(layer surface: any LayerSurface) {
        guard !layers.entries.contains(where: { $0.surface === surface }) else { return }
        let view = LayerSurfaceView(surface: surface)
        layers.entries.append((surface, view))
        surface.onChange = { [weak self, weak view] in
            view?.pictureChanged()
            self?.arrangeLayers()
        }
        // (A popup's change redraws its popups alone; the surface and the layout stay.)
        surface.onPopupsChange = { [weak self, weak view] in
            if let self, let view { self.placePopups(of: view, picturesChanged: true) }
        }
        arrangeLayers()
    }

    /// A layer surface unmapped or gone.
    func remove(layer surface: any LayerSurface) {
        guard let i = layers.entries.firstIndex(where: { $0.surface === surface }) else { return }
        layers.entries[i].view.removeFromSuperview()
        layers.entries[i].view.popupsView.removeFromSuperview()
        layers.entries.remove(at: i)
        arrangeLayers()
    }

    /// Places every layer surface (each told its size), and the windows in what is left; with
    /// `placing`, one not shown yet is placed too (told its size, so that it may map).
    func arrangeLayers(placing newcomer: (any LayerSurface)? = nil) {
        // (With no status bar — the conformance suite's test mode — the whole screen.)
        let top = shell.statusBar.isHidden ? 0 : ShellMetrics.statusBarHeight
        let area = Rect(0, top, shell.bounds.width, max(0, shell.bounds.height - top))
        var placements = layers.entries.map(\.surface.placement)
        if let newcomer {
            placements.append(newcomer.placement)
            let frame = LayerLayout.arrange(placements, in: area).frames.last ?? .zero
            newcomer.configure(size: frame.size)
            placements.removeLast()
        }
        var (frames, usable) = LayerLayout.arrange(placements, in: area)
        for (i, entry) in layers.entries.enumerated() {
            var frame = frames[i]
            // The overlay may reach the screen's top edge, over the status bar.
            if placements[i].layer == .overlay, placements[i].anchor.contains(.top),
                frame.minY == area.minY + placements[i].margins.top
            {
                frame.origin.y -= top
            }
            // (Where the conformance suite put it, in its test mode.)
            if let placed = placedWindows.origin(of: entry.surface) { frame.origin = placed }
            entry.surface.configure(size: frame.size)
            let container = layers.containers[placements[i].layer]
            if entry.view.superview !== container { container?.addSubview(entry.view) }
            entry.view.frame = frame
            placePopups(of: entry.view, picturesChanged: false)
        }
        // Untouched by any zone, the windows' space is the whole screen (their own insets keep them
        // clear of the status bar).
        if usable.minY == area.minY { usable = Rect(usable.minX, 0, usable.width, usable.maxY) }
        guard usable != layers.usable else { return }
        layers.usable = usable
        placedFillChanged()
        shell.relayout(animated: false)
    }

    /// A layer surface's popups, over everything, from its corner; kept on the screen. Drawn again
    /// when `picturesChanged`, or when they or the surface moved.
    func placePopups(of view: LayerSurfaceView, picturesChanged: Bool) {
        let corner = view.convert(Point.zero, to: layers.popups)
        view.surface.popupArea = Rect(-corner.x, -corner.y, layers.popups.bounds.width, layers.popups.bounds.height)
        if view.popupsView.superview !== layers.popups { layers.popups.addSubview(view.popupsView) }
        view.popupsView.update(surfaceOrigin: corner, picturesChanged: picturesChanged)
    }
}
