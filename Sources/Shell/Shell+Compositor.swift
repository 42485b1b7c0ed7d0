import Foundation
import Graphics
import Scenes
import ShellPorts
import UI

// The shell's side of the ports the compositor speaks through (`ShellPorts`): what a program's windows,
// layer surfaces, drags and processes ask, and the launcher's and the conformance suite's questions.
// Most is handed to `ProgramsController`.
extension Shell: CompositorShell, LiveScreenShell, LaunchingShell, ConformanceShell {
    public func visibility(of toplevel: any ForeignToplevel) -> ProgramWindowVisibility? {
        guard let w = window(showing: toplevel) else { return nil }
        // Locked, no window is on the screen: none of its pixels is drawn.
        if isLocked { return .offScreen }
        if expose != nil { return .inExpose }
        return isOnScreen(w.id) ? .onScreen : .offScreen
    }

    public var visibilityKey: VisibilityKey {
        VisibilityKey(
            visible: isLocked ? [] : visibleWindows, focused: isLocked ? nil : focusedWindow,
            exposeShown: expose != nil, windowCount: windows.count)
    }

    public func isFocused(_ toplevel: any ForeignToplevel) -> Bool {
        guard !isLocked, let w = window(showing: toplevel) else { return false }
        return focusedWindow == w.id
    }

    public func screenRect(ofPicture toplevel: any ForeignToplevel) -> Rect? {
        guard let w = window(showing: toplevel), let view = w.scene.rootView as? ForeignSurfaceView else { return nil }
        return view.convert(view.pictureRect(for: toplevel.pictureSize ?? view.surfaceRect.size), to: nil)
    }

    public func program(launchedAs pid: Int32) -> KnownProgram? {
        app(launchedAs: pid).map(KnownProgram.init)
    }

    public var installedPrograms: [KnownProgram] { foreignApps.map(KnownProgram.init) }

    /// A program asked to be maximized, full screen or minimized, or to be moved or resized by the
    /// finger on it: its window does so where the mode allows (Full-Screen Apps has no floating
    /// windows to move or resize).
    public func toplevel(_ toplevel: any ForeignToplevel, requested request: ToplevelRequest) {
        guard let w = window(showing: toplevel) else { return }
        if programs.placedWindowRequested(w, request) { return }
        let id = w.id
        switch request {
        case .move: beginProgramWindowDrag(w, edges: nil)
        case .resize(let edges): beginProgramWindowDrag(w, edges: edges)
        case .maximize(true): manage { $0.tile(id, .fill) }
        case .maximize(false): manage { $0.untile(id) }
        case .fullScreen(true): manage { $0.showFullScreen(id) }
        case .fullScreen(false): manage { $0.exitFullScreen(id) }
        case .minimize: manage { $0.minimize(id) }
        }
    }

    /// A program's move or resize of its window, with the finger or pointer down on it: Windowed
    /// Apps only.
    func beginProgramWindowDrag(_ w: WindowFrameView, edges: WindowEdges?) {
        guard multitasking == .windowed, let surface = w.scene.rootView as? ForeignSurfaceView else { return }
        surface.beginWindowDrag(edges: edges)
    }

    // MARK: Programs (`ProgramsController`)

    /// Adds another program to the Home screen and the Dock (its windows are not restored: they
    /// live in the program).
    @discardableResult
    public func install(foreign app: ForeignApp) -> ShellApp { programs.install(foreign: app) }

    /// Installs the catalog's programs on the Home screen (those in its dock list in the Dock too),
    /// printing one warning for each file it skipped; `icon` draws each one's icon (nil: a
    /// neutral symbol).
    public func install(catalog: DesktopCatalog, icon: (DesktopEntry) -> PixelImage? = { _ in nil }) {
        programs.install(catalog: catalog, icon: icon)
    }

    /// Applies a catalog read again: new programs installed, those whose desktop file changed
    /// updated (name, icon, actions), and those an earlier catalog installed that this one lacks
    /// uninstalled (`uninstall`: a program running keeps its windows until they close). Slate's own
    /// apps are never uninstalled by it.
    public func apply(catalog: DesktopCatalog, icon: (DesktopEntry) -> PixelImage? = { _ in nil }) {
        programs.apply(catalog: catalog, icon: icon)
    }

    /// Where the catalog is read again from when its files change; nil (the default): it is read
    /// once, at start.
    public var catalogSource: CatalogSource? {
        get { programs.catalogState.source }
        set { programs.catalogState.source = newValue }
    }

    /// The desktop files changed (the host's watch saw a program installed, changed or removed):
    /// once they have been quiet a moment (a package's burst of files is one change), the catalog
    /// is read again from `catalogSource` off the main thread and applied (`apply(catalog:)`).
    public func programFilesChanged() { programs.catalogFilesChanged() }

    /// How many catalogs read again were applied (a burst of changed files is one).
    @_spi(Testing) public var catalogReadingsApplied: Int { programs.catalogState.readingsApplied }

    /// The installed foreign apps.
    public var foreignApps: [ShellApp] { programs.foreignApps }

    /// Starts the program of a foreign app (its `.desktop` Exec line); a failure shows a banner.
    public func launch(_ app: ShellApp) { programs.launch(app) }

    /// Starts one of the `.desktop` file's actions of a foreign app; a failure shows a banner.
    public func launch(_ app: ShellApp, action: DesktopEntry.Action) { programs.launch(app, action: action) }

    /// A program started for the app `identifier` could not start or ended before showing a window,
    /// with a failure: a banner says so.
    public func programFailed(app identifier: String) { programs.programFailed(app: identifier) }

    /// A program's window drew in a buffer the shell cannot show (too big to read): a banner names
    /// it, so the window is not taken for one left blank.
    public func programCannotBeShown(_ name: String) { programs.programCannotBeShown(name) }

    /// The app process `pid` was started for, if Slate started it.
    public func app(launchedAs pid: Int32) -> ShellApp? { programs.app(launchedAs: pid) }

    /// Remembers that process `pid` was started for the app `identifier`, so its first window joins
    /// that app.
    public func noteLaunch(ofApp identifier: String, processID pid: Int32) {
        programs.noteLaunch(ofApp: identifier, processID: pid)
    }

    /// A new window of another program: it becomes a window of its app — the one whose desktop
    /// file matches its app id, the one that launched its process, or a new app named after it —
    /// and opens full screen (a dialog or a window of fixed size: centred on top), taking input.
    public func adopt(_ toplevel: any ForeignToplevel) { programs.adopt(toplevel) }

    /// A foreign window went away (the client closed it, or died): its window leaves the screen.
    public func toplevelDidClose(_ toplevel: any ForeignToplevel) { programs.toplevelDidClose(toplevel) }

    public func hasAdopted(_ toplevel: any ForeignToplevel) -> Bool { programs.hasAdopted(toplevel) }

    public func programName(of toplevel: any ForeignToplevel) -> String? { programs.programName(of: toplevel) }

    /// Programs whose windows went with what showed them (X11 programs when Xwayland crashed or was
    /// killed): a banner names them, as programs that stopped. Every other window stays.
    public func programsStopped(_ names: [String]) { programs.programsStopped(names) }

    /// The window showing `toplevel`, if it has one.
    public func window(showing toplevel: any ForeignToplevel) -> WindowFrameView? { programs.window(showing: toplevel) }

    public var contentSizeCategory: ContentSizeCategory { programs.contentSizeCategory }

    public func displayName(ofApp identifier: String) -> LocalizedString? { programs.displayName(ofApp: identifier) }

    public func isLaunching(app identifier: String) -> Bool { programs.isLaunching(app: identifier) }

    public func appProcessFailedToStart(_ identifier: String) { programs.appProcessFailedToStart(identifier) }

    public func hasWindows(app identifier: String) -> Bool { programs.hasWindows(app: identifier) }

    /// The installed app processes.
    public var processApps: [ShellApp] { programs.processApps }

    /// A process announced itself as the app `identifier`: true when the shell knows that app and it
    /// does not run already (the process is then its one running instance and gets the windows the
    /// shell asked for meanwhile).
    public func processDidAnnounce(_ identifier: String, channel: any AppChannel) -> Bool {
        programs.processDidAnnounce(identifier, channel: channel)
    }

    /// An app process changed its items in Spotlight (`SearchableChange` as JSON): decoded away from
    /// the frame, then made in the order sent.
    public func processChangedSearch(_ channel: any AppChannel, change: Data) {
        guard let app = programs.processApps.first(where: { ($0.application as? ProcessApp)?.channel === channel })
        else {
            return
        }
        spotlight.received(change, from: app)
    }

    /// An app process's connection ended (it quit or crashed): its windows stay, dimmed.
    public func processDidEnd(_ channel: any AppChannel) { programs.processDidEnd(channel) }

    /// A program started for an app process ended before it connected: a banner says so.
    public func processFailedToStart(_ app: ProcessApp) { programs.processFailedToStart(app) }

    /// The app asked for its window again (`bring_forward`).
    public func sceneWantsForward(_ toplevel: any SceneToplevel) { programs.sceneWantsForward(toplevel) }

    /// The app destroyed the session its toplevel shows (`remove`): the window goes as it asked.
    public func sceneWasRemoved(_ toplevel: any SceneToplevel, animation: DismissalAnimation) {
        programs.sceneWasRemoved(toplevel, animation: animation)
    }

    /// An app process asks for a window of whichever app declares the activity's type.
    public func openActivity(from channel: any AppChannel, activity: UserActivity, placement: Placement) {
        programs.openActivity(from: channel, activity: activity, placement: placement)
    }

    /// Keeps the picture of every window of an app process, for the next start (the shell is ending).
    public func keepWindowPictures() { programs.keepWindowPictures() }

    /// A layer surface mapped: shown in its layer, placed, and given the keyboard if it takes it
    /// whenever shown.
    public func adopt(layer surface: any LayerSurface) { programs.adopt(layer: surface) }

    /// A layer surface unmapped or gone.
    public func remove(layer surface: any LayerSurface) { programs.remove(layer: surface) }

    /// Places every layer surface (each told its size), and the windows in what is left; with
    /// `placing`, one not shown yet is placed too (told its size, so that it may map).
    public func arrangeLayers(placing newcomer: (any LayerSurface)? = nil) { programs.arrangeLayers(placing: newcomer) }

    /// Called each frame: a program that began its drag after the finger stopped moving (a slow one)
    /// has it seen where the finger rests — over a side, the side takes it — with no further move.
    public func programDragMayHaveBegun() { programs.programDragMayHaveBegun() }

    /// Whether the shell shows a program's drag under the finger now, and the picture it shows.
    public var programDragPicture: PixelImage? { programs.programDragPicture }

    /// Turns the suite's test mode on: from now on each new window of another program is placed at
    /// the screen's corner (until `place(_:at:)` moves it) at its program's size, in front, with no
    /// status bar or home indicator over the screen.
    public func placeProgramWindowsFreely() { programs.placeProgramWindowsFreely() }

    /// Puts the window showing `toplevel` with its corner at `origin` (screen points), in front,
    /// laid out at once. False when the toplevel has no placed window.
    public func place(_ toplevel: any ForeignToplevel, at origin: Point) -> Bool {
        programs.place(toplevel, at: origin)
    }

    /// Puts a layer surface's corner at `origin` (screen points) whatever its anchors say, now or
    /// once it is shown (the suite's test mode).
    public func place(layer: any LayerSurface, at origin: Point) { programs.place(layer: layer, at: origin) }

    public func toplevel(_ toplevel: any ForeignToplevel, askedBeforeShown request: ToplevelRequest) {
        programs.placedWindowAskedBeforeShown(toplevel, request)
    }

    public func shownWindowFrames() -> [String: Rect] { programs.shownWindowFrames() }

    public func describeHit(at point: Point) -> String { programs.describeHit(at: point) }

    /// Other programs' layer surfaces (panels, docks, wallpapers), in their layers.
    public var layers: LayerSurfaces { programs.layers }

    /// Other programs' windows where the conformance suite puts them (its test mode only).
    @_spi(Testing) public var placedWindows: PlacedWindows { programs.placedWindows }

    /// The drag between programs under way, as the shell shows and takes it.
    @_spi(Testing) public var programDrag: ProgramDragState? { programs.programDrag }
}

extension KnownProgram {
    @MainActor init(_ app: ShellApp) {
        let entry = (app.application as? ForeignApp)?.entry
        self.init(
            id: entry?.id ?? app.identifier, name: app.application.displayName.resolved(app.environment.language),
            entry: entry)
    }
}
