import Foundation
import Menus
import Scenes
import ShellPorts
import SlateCompositorShim
import SlateLog
import UI

/// This file's lines on the log.
private let log = Logger("compositor")

/// A toplevel of a Slate app process: a client toplevel that shows one of the app's scene sessions
/// (Slate's scene protocol).
@MainActor public final class ClientSceneToplevel: ClientToplevel, SceneToplevel {
    /// Read once: a scene's session and role never change.
    public let sessionIdentifier: String
    public let role: SceneSession.Role

    /// An app's window keeps its picture: the shell shows it if the app ends, when no buffer is
    /// left to read.
    override var drawsLive: Bool { false }

    override init(handle: OpaquePointer, comp: OpaquePointer, touchSlots: TouchSlots) {
        sessionIdentifier = slate_view_scene_session(handle).map { String(cString: $0) } ?? ""
        role = slate_view_scene_role(handle) == .auxiliary ? .auxiliary : .primary
        super.init(handle: handle, comp: comp, touchSlots: touchSlots)
    }

    public var placement: Placement {
        guard isAlive else { return .automatic }
        return Placement(slate_view_scene_placement(handle))
    }

    public var besideSession: String? {
        guard isAlive, let s = slate_view_scene_beside(handle) else { return nil }
        let v = String(cString: s)
        return v.isEmpty ? nil : v
    }

    public var subtitle: String {
        guard isAlive, let s = slate_view_scene_subtitle(handle) else { return "" }
        return String(cString: s)
    }

    /// The animation the app asked for in its last `remove`.
    var removeAnimation: DismissalAnimation {
        DismissalAnimation(slate_view_scene_animation(handle))
    }

    /// The state the shell gives the scene, and the one last sent to the app.
    private var givenState = SceneToplevelState.background
    private var sentState: SceneToplevelState?

    /// Whether a person sees the window now: not under the Home screen, App Exposé or the switcher
    /// (which show pictures of it). A window not seen is in the background, whatever its scene's
    /// state in the shell, as on iPadOS; its app's accessibility tree drops it then.
    var isSeen = true {
        didSet { if isSeen != oldValue { sendState() } }
    }

    public func setSceneState(_ state: SceneToplevelState) {
        givenState = state
        sendState()
    }

    private func sendState() {
        let state = isSeen ? givenState : .background
        guard isAlive, state != sentState else { return }
        sentState = state
        let shown: slate_scene_state =
            switch state {
            case .background: .background
            case .inactive: .inactive
            case .active: .active
            }
        slate_view_scene_state(handle, shown)
    }

    public func discardScene() {
        guard isAlive else { return }
        slate_view_scene_discard(handle)
    }

    /// The menu bar read at the commit counted `serial` (nil: none, or one that could not be read).
    private var readMenuBar: (serial: UInt32, declaration: MenuBarDeclaration?)?

    /// The menu bar the app last committed, read once a commit (version 2 of the scene protocol). One
    /// that cannot be read is said once, in one line, and the window shows the system's menus alone.
    public var menuBarDeclaration: MenuBarDeclaration? {
        guard isAlive else { return readMenuBar?.declaration }
        let serial = slate_view_scene_menu_bar_serial(handle)
        if let r = readMenuBar, r.serial == serial { return r.declaration }
        let json = slate_view_scene_menu_bar(handle).map { String(cString: $0) } ?? ""
        var declaration: MenuBarDeclaration?
        if !json.isEmpty {
            do {
                declaration = try MenuBarDeclaration.parse(json)
            } catch {
                log.warning("the menu bar of window \(sessionIdentifier) is refused: \(error)")
            }
        }
        readMenuBar = (serial, declaration)
        return declaration
    }

    /// The app's field taking text in this window (scene protocol version 3), made once.
    private(set) lazy var sceneTextInput = SceneTextInput(toplevel: self)

    /// The field taking text in this window: the app's, while it declares one.
    public override var activeTextInput: (any TextInputClient)? {
        sceneTextInput.info != nil ? sceneTextInput : nil
    }

    public func performMenuCommand(_ path: [Int]) {
        guard isAlive else { return }
        slate_view_scene_menu_command(handle, path.map(String.init).joined(separator: "."))
    }
}

/// A running Slate app process as the shell talks to it (one client's scene manager).
@MainActor final class ClientApp: AppChannel {
    let handle: OpaquePointer
    let processID: Int32

    init(handle: OpaquePointer) {
        self.handle = handle
        processID = slate_app_pid(handle)
    }

    /// Set false when the connection is gone: nothing is sent any more.
    var isAlive = true

    func connect(session: String, role: SceneSession.Role, activity: UserActivity?) {
        guard isAlive else { return }
        let json = activity.flatMap { try? JSONEncoder().encode($0) }.map { String(decoding: $0, as: UTF8.self) }
        slate_app_connect(handle, session, role == .auxiliary ? .auxiliary : .primary, json ?? "")
    }
}
