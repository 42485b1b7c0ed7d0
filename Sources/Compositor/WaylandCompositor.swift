import Foundation
import Graphics
import Host
import Scenes
import ShellPorts
import SlateCompositorShim
import UI

/// Why the compositor could not start.
public struct CompositorError: Error, CustomStringConvertible {
    /// What went wrong, in one line.
    public var description: String
}

/// Which wlroots backend the compositor runs on.
public enum CompositorBackend: String, Sendable {
    /// No screen: the output lives in memory (tests, pictures).
    case headless
    /// A window on the X11 or Wayland desktop Slate runs in.
    case nested
    /// The machine's own screen, full screen, from a text console (`slate session`): DRM/KMS and
    /// libinput through a seat (seatd or logind). The screen is the panel's preferred mode.
    case session
}

/// What draws the shell's frame on the nested window or the panel (`--renderer`); the headless
/// backend draws nothing.
public enum ScreenRenderer: String, Sendable, CaseIterable {
    /// GLES2 on a GPU's own driver, pixman where the GL is software (llvmpipe, softpipe,
    /// kms_swrast) or there is none.
    case auto
    /// GLES2 whatever drives it, software GL too (pixman where it cannot be made).
    case gles2
    /// pixman, on the CPU.
    case pixman

    var shim: slate_renderer {
        switch self {
        case .auto: .auto
        case .gles2: .gles2
        case .pixman: .pixman
        }
    }
}

/// Slate's Wayland compositor: wlroots (behind the C shim) with one output, a seat, xdg-shell,
/// Xwayland for X11 programs and the clipboard relay. It talks to the shell through `CompositorShell`: each client toplevel that
/// maps becomes a shell window (`adopt`); each one that goes away leaves (`toplevelDidClose`); its
/// move, resize, maximize, minimize and full-screen requests go to the shell, which decides. The owner drives it: `dispatch` between
/// frames, `framesShown` after each; a live owner draws when the output asks (`takeFrame`).
@MainActor public final class WaylandCompositor {
    /// The shell that shows the clients' windows.
    public weak var shell: (any CompositorShell)? {
        didSet {
            shell?.programDrags = self
            shell?.makeActivationToken = { [weak self] in self?.activationToken() }
            shell?.addRestWork { [weak self] in self?.releaseHiddenPictures() }
            connectPrivacy()
            connectLock()
        }
    }
    /// Who may have the clipboard, the screen, input and other windows (`PrivacyPolicy`). Until an
    /// owner gives one kept in `settings.json`, nothing is allowed and answers last the run.
    public var privacy = PrivacyPolicy(settings: SettingsStore(configHome: nil)) {
        didSet { connectPrivacy() }
    }

    /// The policy names programs by the shell's entries and asks through the shell's alert.
    private func connectPrivacy() {
        privacy.shell = shell
        privacy.ask = { [weak self] program, privilege, answer in
            self?.shell?.askPermission(program: program, privilege: privilege, answer: answer)
        }
    }
    /// The screen's size in points and its scale (pixels a point).
    public private(set) var size: Size
    /// Pixels a point of the output (clients get it as `wl_output` scale).
    public private(set) var scale: Double
    /// The wlroots backend it runs on.
    public let backend: CompositorBackend
    /// The socket clients connect to (`WAYLAND_DISPLAY`).
    public let socketName: String
    /// The wlroots version Slate was built with ("0.15.1").
    public static var wlrootsVersion: String { String(cString: slate_comp_wlroots_version()) }
    /// The runtime folder the socket is in (`XDG_RUNTIME_DIR`).
    public let runtimeDirectory: String
    /// Whether the process `pid` may speak as the Slate app `identifier` (a launcher says: only the
    /// process it started for that app). Nil: any process may (a compositor with no launcher).
    public var mayAnnounce: ((String, Int32) -> Bool)?
    /// Input from the nested backend's window: pointer and touch in points, keys as evdev codes.
    public var onNestedInput: ((NestedInput) -> Void)?
    /// Called after each change a client made to one of its windows (it mapped, committed, unmapped
    /// or went), once the shell has taken it in.
    public var onViewChanged: (() -> Void)?

    private(set) var comp: OpaquePointer?
    var views: [OpaquePointer: ClientView] = [:]
    /// When the person last did something (`MonotonicClock` seconds).
    var lastActivity = MonotonicClock.read()
    /// Whether programs watching for idleness were last told it is held off.
    var idleInhibitionSaid = false
    /// The `wl_touch` ids of the fingers down on clients' windows.
    let touchSlots = TouchSlots()
    /// Toplevels, in the order they mapped.
    public internal(set) var toplevels: [ClientToplevel] = []
    /// The programs whose X11 windows went with the X server this turn, by name.
    var programsLostWithServer: [String] = []
    private var callbacks = slate_comp_callbacks()

    /// Starts a compositor for a screen of `size` points at `scale`, with a socket in
    /// `$XDG_RUNTIME_DIR` (made, owner-only, under the temporary folder when unset). On the session
    /// backend the screen is the panel's, whatever `size` says, at `scale` or (0) the scale its
    /// size calls for (`sessionScale`). Why it could not start is said in `language`.
    public init(
        backend: CompositorBackend, size: Size, scale: Double, renderer: ScreenRenderer = .auto, language: Language
    ) throws(CompositorError) {
        self.backend = backend
        self.size = size
        self.scale = scale
        (runtimeDirectory, madeRuntimeDirectory) = try Self.ensureRuntimeDirectory()
        // The C side calls back with the box; the box points at this compositor once it is made.
        callbacks.user = Unmanaged.passUnretained(box).toOpaque()
        callbacks.view_new = { user, view, kind, parent in
            guard let user, let view else { return }
            let box = Unmanaged<Box>.fromOpaque(user).takeUnretainedValue()
            MainActor.assumeIsolated { box.current?.viewNew(view, kind: kind, parent: parent) }
        }
        callbacks.view_event = { user, view, event in
            guard let user, let view else { return }
            let box = Unmanaged<Box>.fromOpaque(user).takeUnretainedValue()
            MainActor.assumeIsolated { box.current?.viewEvent(view, event) }
        }
        callbacks.app_event = { user, app, event, text, payload, placement in
            guard let user, let app else { return 0 }
            let box = Unmanaged<Box>.fromOpaque(user).takeUnretainedValue()
            let t = text.map { String(cString: $0) } ?? ""
            let p = payload.map { String(cString: $0) } ?? ""
            return MainActor.assumeIsolated { box.current?.appEvent(app, event, t, p, placement) ?? 0 }
        }
        callbacks.app_search = { user, app, fd, size in
            guard let user, let app else {
                close(fd)
                return
            }
            let box = Unmanaged<Box>.fromOpaque(user).takeUnretainedValue()
            MainActor.assumeIsolated { box.current?.appSearch(app, fd: fd, size: Int(size)) }
        }
        callbacks.layer_event = { user, layer, event in
            guard let user, let layer else { return }
            let box = Unmanaged<Box>.fromOpaque(user).takeUnretainedValue()
            MainActor.assumeIsolated { box.current?.layerEvent(layer, event) }
        }
        callbacks.layer_popup = { user, layer, popup in
            guard let user, let layer, let popup else { return }
            let box = Unmanaged<Box>.fromOpaque(user).takeUnretainedValue()
            MainActor.assumeIsolated { box.current?.layerPopup(layer, popup) }
        }
        callbacks.permission = { user, pid, privilege, asked in
            guard let user else { return .denied }
            let box = Unmanaged<Box>.fromOpaque(user).takeUnretainedValue()
            return MainActor.assumeIsolated {
                box.current?.privacy.permission(pid: pid, Privilege(privilege), asked: asked != 0) ?? .denied
            }
        }
        callbacks.session_lock_event = { user, lock, event in
            guard let user, let lock else { return }
            let box = Unmanaged<Box>.fromOpaque(user).takeUnretainedValue()
            MainActor.assumeIsolated { box.current?.sessionLockEvent(lock, event) }
        }
        callbacks.input = { user, kind, id, x, y, code, age in
            guard let user else { return }
            let box = Unmanaged<Box>.fromOpaque(user).takeUnretainedValue()
            MainActor.assumeIsolated { box.current?.nestedInput(kind, Int(id), x, y, code, ageMsec: age) }
        }
        var err = [CChar](repeating: 0, count: 256)
        let pw = Int32((size.width * scale).rounded())
        let ph = Int32((size.height * scale).rounded())
        let kind: slate_backend =
            switch backend {
            case .headless: .headless
            case .nested: .nested
            case .session: .session
            }
        guard
            let c = slate_comp_create(
                kind, pw, ph, max(1, scale), renderer.shim, &callbacks, &err, err.count)
        else {
            let reason = String(decoding: err.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)
            throw CompositorError(description: SessionStrings.failure(reason)?.resolved(language) ?? reason)
        }
        comp = c
        socketName = String(cString: slate_comp_socket(c))
        if backend == .session { takePanel(c, scale: scale) }
        box.current = self
        installTextInput(c)
    }

    /// The screen's size in points and its scale, once the session backend found its panel.
    func setScreen(_ size: Size, scale: Double) {
        self.size = size
        self.scale = scale
    }

    /// Stops the compositor: every client is disconnected.
    public func shutdown() {
        guard let c = comp else { return }
        comp = nil
        for v in views.values { v.isAlive = false }
        views.removeAll()
        slate_comp_destroy(c)
        box.current = nil
    }

    /// The environment a client program gets: this compositor's socket, and its X display for X11
    /// programs (Xwayland's, started when the first connects), or none when Xwayland is missing.
    public func clientEnvironment(_ base: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        var env = base
        env["WAYLAND_DISPLAY"] = socketName
        env["XDG_RUNTIME_DIR"] = runtimeDirectory
        env["DISPLAY"] = x11Display
        env["GDK_BACKEND"] = "wayland"
        env["QT_QPA_PLATFORM"] = "wayland"
        env["XDG_CURRENT_DESKTOP"] = DesktopEntry.desktopName
        for (name, value) in extraEnvironment { env[name] = value }
        return env
    }

    /// The environment a program the shell starts gets: `clientEnvironment`, with a token that lets
    /// it bring its first window forward (`XDG_ACTIVATION_TOKEN`, and `DESKTOP_STARTUP_ID` for
    /// programs that read the older name).
    public func launchEnvironment() -> [String: String] {
        var env = clientEnvironment()
        if let c = comp, let token = slate_comp_activation_token(c) {
            env["XDG_ACTIVATION_TOKEN"] = String(cString: token)
            env["DESKTOP_STARTUP_ID"] = String(cString: token)
        }
        return env
    }

    /// What else the programs the shell starts get in their environment (the notification server's
    /// name for Slate's app processes).
    public var extraEnvironment: [String: String] = [:]

    /// A new XDG activation token of the shell's (a program holding it may bring its window forward).
    public func activationToken() -> String? {
        guard let c = comp, let token = slate_comp_activation_token(c) else { return nil }
        return String(cString: token)
    }

    /// Runs the event loop once, waiting up to `timeout` seconds for a client.
    public func dispatch(timeout: Double = 0) {
        guard let c = comp else { return }
        _ = slate_comp_dispatch(c, Int32((timeout * 1000).rounded()))
    }

    /// The file descriptor that becomes readable when clients have spoken.
    public var eventFD: Int32 { comp.map { slate_comp_event_fd($0) } ?? -1 }

    /// Whether a client committed since frames were last shown: it may wait for its frame callback.
    public internal(set) var clientsCommitted = false

    /// Tells every client whose window is on the screen that its last picture was shown (its frame
    /// callbacks, at every depth of its surfaces), so it may draw the next; then the turn's work
    /// (`turnEnded`). Called after each frame the output asked for, or each step of a stepped host.
    public func framesShown() {
        clientsCommitted = false
        let t = slate_comp_now_msec()
        // Only windows on the screen draw again (as iPadOS suspends what is not seen); the others
        // keep their last picture until they are shown.
        refreshShownViews()
        for v in shownViews where v.isAlive && v.isMapped { slate_view_frame_done(v.handle, t) }
        for l in layers.values where l.isMapped { l.surface.frameDone(t) }
        if let lock = sessionLock, lock.isAlive { lock.surface.frameDone(t) }
        tellX11Positions(shownViews)
        turnEnded()
    }

    /// What decides which windows are on the screen (the shell's key and `viewsChanged`): while it
    /// stays the same, a turn touches only the views shown (never every window a program made).
    private struct ShownKey: Equatable {
        var shell: VisibilityKey?
        var views: Int
    }
    /// Bumped when a view is made, mapped, unmapped or destroyed.
    var viewsChanged = 0
    private var shownKey: ShownKey?
    /// The mapped views whose window is on the screen, as of `shownKey`.
    private var shownViews: [ClientView] = []

    /// Finds the views shown, tells Slate's app processes whether each window is seen and task
    /// switchers how each is shown — only when the screen's windows or the views changed.
    private func refreshShownViews() {
        let key = ShownKey(shell: shell?.visibilityKey, views: viewsChanged)
        guard key.shell == nil || key != shownKey else { return }
        shownKey = key
        shownViews = views.values.filter { $0.isMapped && isShown($0) }
        for case let s as ClientSceneToplevel in toplevels where s.isMapped { s.isSeen = isSeen(s) }
        updateTaskSwitcherStates()
    }

    /// What each turn of the loop does after serving the clients: the programs that stopped
    /// answering are marked, a drag a program began is taken up, and what is queued is sent.
    public func turnEnded() {
        let now = MonotonicClock.read()
        // The window with the keys is pinged, and each still to answer is looked at again.
        var watched = awaitingAnswer
        if let c = comp, let handle = slate_comp_keyboard_view(c), let t = views[handle]?.toplevel,
            !watched.contains(where: { $0 === t })
        {
            watched.append(t)
        }
        for t in watched { t.checkResponding(now: now) }
        awaitingAnswer = watched.filter { $0.isAlive && $0.awaitsAnswer }
        updateIdleInhibition()
        sayProgramsLostWithServer()
        shell?.programDragMayHaveBegun()
        if let c = comp { slate_comp_flush(c) }
    }

    /// Toplevels pinged and not answered yet, or marked not responding.
    private var awaitingAnswer: [ClientToplevel] = []

    /// Whether the output asked for a frame since the last call (its frame event, at the display's
    /// refresh): the time to draw one and then tell the clients (`framesShown`).
    public func takeFrame() -> Bool {
        guard let c = comp else { return false }
        return slate_comp_take_frame(c) != 0
    }

    /// Something wants drawing: asks the output for a frame. Returns whether one may be drawn now
    /// (an idle nested or session output); else the output's frame event comes when it can take one.
    public func scheduleFrame() -> Bool {
        guard let c = comp else { return false }
        return slate_comp_schedule_frame(c) != 0
    }

    /// Whether a program waits for a copy of the screen (grim, a screen recorder): the next frame must
    /// be shown even if nothing changed, as the copy is made from it.
    public var screenCopyPending: Bool { comp.map { slate_comp_screencopy_pending($0) != 0 } ?? false }

    /// How many frames the output has asked for since it was made (its refresh, while it runs).
    public var outputFrames: UInt64 { comp.map { slate_comp_output_frames($0) } ?? 0 }

    /// The output's refresh in hertz (0 when unknown).
    public var refreshRate: Double { comp.map { Double(slate_comp_output_refresh($0)) / 1000 } ?? 0 }

    /// Lets go of the pictures of windows not on the screen, once it is at rest: each is read again
    /// from its client's buffer when it is shown (4 ms for a full-screen window at 2×).
    /// (Not Slate's app processes' windows: the shell keeps their last picture to show if the app
    /// ends, when no buffer is left to read.)
    func releaseHiddenPictures() {
        for t in toplevels where t.isMapped && !(t is ClientSceneToplevel) && !isShown(t) { t.releasePicture() }
    }

    /// Tells task switchers (wlr-foreign-toplevel-management) how each window is shown: the one with
    /// the keys is activated, one not on the screen minimized; maximized and full screen as its
    /// program was told (`ClientToplevel.configure` tells them too as that changes).
    func updateTaskSwitcherStates() {
        guard let shell else { return }
        for t in toplevels where t.isMapped && t.isAlive {
            t.tellTaskSwitchers(
                ClientToplevel.TaskSwitcherState(
                    activated: shell.isFocused(t), minimized: !isSeen(t),
                    maximized: t.requestedStates.contains(.maximized),
                    fullScreen: t.requestedStates.contains(.fullScreen)))
        }
    }

    /// Whether a person sees a toplevel's window (not under Home, App Exposé or the switcher).
    private func isSeen(_ t: ClientToplevel) -> Bool {
        guard let shell else { return true }
        return shell.visibility(of: t) == .onScreen
    }

    /// Whether a view's window is on the screen (with no shell, or not taken in by it yet: yes; taken
    /// in with no window, as one let go of in the background: no).
    func isShown(_ v: ClientView) -> Bool {
        guard let shell, let top = v.toplevel else { return true }
        guard let visibility = shell.visibility(of: top) else { return !shell.hasAdopted(top) }
        return visibility != .offScreen
    }

    /// The pen's pressure (0…1) and tilt (degrees from upright, −90…90, toward +x and +y) as the
    /// shell's own input gives them: on a backend with no tablet (headless: scripts and tests), the
    /// first call makes the shell's pen, which programs that read tablets are told of. A touch of
    /// type `.pencil` then reaches them as that pen.
    public func setPen(pressure: Double, tiltX: Double = 0, tiltY: Double = 0) {
        if let c = comp { slate_comp_pen_axes(c, pressure, tiltX, tiltY) }
    }

    /// Names the nested backend's window (its title on the desktop); nothing on other backends.
    public func setTitle(_ title: String) {
        if let c = comp { slate_comp_set_title(c, title) }
    }

    /// Shows the shell's frame on the output, of which `damage` (points; nil: all of it) changed
    /// since the frame shown last. False when the output cannot take a frame now (the last one is
    /// not shown yet), so the caller shows it whole once it can. On the headless backend the
    /// frame's pixels become the output's buffer as they are (screencopy and presentation
    /// feedback see them): `image` must be the host's frame buffer, kept until the next present.
    @discardableResult
    public func present(_ image: PixelImage, damage: [Rect]?) -> Bool {
        guard let c = comp else { return true }
        // The windows on the screen are in this frame: presentation feedback tells their programs
        // when it was shown.
        refreshShownViews()
        for v in shownViews where v.isAlive && v.isMapped { slate_view_sampled(v.handle) }
        for l in layers.values where l.isMapped { l.surface.sampled() }
        // A copy waiting (a program the person allowed) is made from this frame.
        if slate_comp_screencopy_pending(c) != 0 { shell?.screenWasCopied() }
        let s = scale
        let rects: [Int32] =
            damage?.flatMap { r -> [Int32] in
                let x0 = (r.minX * s).rounded(.down)
                let y0 = (r.minY * s).rounded(.down)
                let x1 = (r.maxX * s).rounded(.up)
                let y1 = (r.maxY * s).rounded(.up)
                return [Int32(x0), Int32(y0), Int32(x1 - x0), Int32(y1 - y0)]
            } ?? []
        return image.pixels.withUnsafeBufferPointer { buf in
            rects.withUnsafeBufferPointer { r in
                // (wlroots reads the pixels; the pointer is mutable only in its buffer interface.)
                slate_comp_present(
                    c, UnsafeMutablePointer(mutating: buf.baseAddress), Int32(image.width), Int32(image.height),
                    Int32(image.width * 4), r.baseAddress, damage == nil ? -1 : Int32(rects.count / 4)) == 0
            }
        }
    }

    /// Layer surfaces (panels, docks, wallpapers) by their handles.
    var layers: [OpaquePointer: ClientLayer] = [:]
    /// A program's lock of the screen (ext-session-lock-v1), while it holds.
    var sessionLock: ClientSessionLock?
    /// The app processes connected now, by their scene manager.
    var apps: [OpaquePointer: ClientApp] = [:]

    /// Whether `$XDG_RUNTIME_DIR` was unset (the login made none) and Slate made its own folder.
    public let madeRuntimeDirectory: Bool

    /// `$XDG_RUNTIME_DIR`, or a private folder made for it when it is unset (`made`).
    static func ensureRuntimeDirectory() throws(CompositorError) -> (path: String, made: Bool) {
        if let d = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], !d.isEmpty { return (d, false) }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("slate-runtime-\(getuid())").path
        mkdir(dir, 0o700)
        var st = stat()
        guard stat(dir, &st) == 0, st.st_uid == getuid(), st.st_mode & 0o077 == 0 else {
            throw CompositorError(description: "$XDG_RUNTIME_DIR is unset and \(dir) is not a private folder")
        }
        setenv("XDG_RUNTIME_DIR", dir, 1)
        return (dir, true)
    }

    /// What the C callbacks reach: this compositor (kept weakly, so the C side never holds it).
    final class Box {
        weak var current: WaylandCompositor?
    }
    let box = Box()
}

/// Input from the nested backend's window.
public enum NestedInput: Sendable {
    case pointerMoved(Point)
    case button(UInt32, down: Bool)
    /// A finger (or the pen's tip): its id, phase and place, and how long ago it happened, in
    /// seconds, by the device's own time (0 where that is not known).
    case touch(Int, Touch.Phase, Point, age: Double = 0)
    case key(UInt32, down: Bool)
    case scroll(dx: Double, dy: Double)
    /// The window was closed: nothing more can be shown.
    case closed
    /// The session's panel went (unplugged, its connector off): nothing is shown until one comes.
    case screenGone
    /// The screen is Slate's again (`slate session`: back on its virtual terminal, the panel on
    /// again, or a panel back after one went): draw all of it. `resized`: the screen's new size in
    /// points, when a panel of another size came.
    case screenRestored(resized: Size?)
    /// How many keyboards a person types on are attached now (one came or went).
    case keyboards(Int)
    /// An input device went away (`slate session`: unplugged, its driver gone); what was held on it
    /// came first as lifts, cancels and releases.
    case deviceGone(InputDeviceKind, name: String)
}

/// What kind of input device a session's event is about.
public enum InputDeviceKind: Sendable, Equatable {
    case touchscreen, pen, keyboard, pointer
    /// A power button, a lid's switch, a tablet's volume keys: keys, but not a keyboard.
    case buttons

    init(_ kind: slate_device_kind) {
        switch kind {
        case .touchscreen: self = .touchscreen
        case .pen: self = .pen
        case .keyboard: self = .keyboard
        case .pointer: self = .pointer
        case .buttons: self = .buttons
        }
    }
}
