import Foundation
import Scenes
import UI

/// One app the shell hosts: the app, the runtime that keeps its sessions, and the door it talks to
/// the system through (`SceneSystem`). Where windows go is the shell's business (`SceneHosting`).
@MainActor public final class ShellApp: RuntimeBackedSceneSystem, SceneHosting {
    public let application: any Application
    public let runtime: SceneRuntime
    unowned let shell: Shell

    /// The identifier the next new session takes, when the shell must match one an app process chose.
    let nextIdentifier = NextIdentifier()

    init(application: any Application, store: RestorationStore?, shell: Shell) {
        self.application = application
        self.shell = shell
        let next = nextIdentifier
        runtime = SceneRuntime(application: application, store: store) { next.take() ?? UUID().uuidString }
        runtime.system = self
        runtime.hosting = self
    }

    public var identifier: String { application.identifier }

    // MARK: SceneSystem

    @discardableResult
    public func open(_ request: ActivationRequest) throws(SceneError) -> SceneSession? {
        if let s = try openOwn(request, app: application) { return s }
        let type = request.userActivity?.activityType ?? ""
        guard let other = shell.apps.first(where: { $0.application.activityTypes.contains(type) }) else {
            throw .activityTypeNotDeclared(type: type, app: identifier)
        }
        var r = request
        r.requestingScene = nil
        return try other.activate(r)
    }

    /// The shell's settings: Settings in the shell's process shows and changes these.
    public var systemSettings: SettingsStore? { shell.settings }

    public func post(_ notification: UserNotification) throws(SceneError) {
        shell.notificationController.post(notification, from: self)
    }

    public func changeSearchableItems(_ change: SearchableChange) throws(SceneError) {
        try shell.spotlight.change(change, from: self)
    }

    // MARK: SceneHosting

    /// The shell's screen: the app's windows are made in its language.
    public var environment: ScreenEnvironment { shell.environment }

    public func place(_ scene: WindowScene, placement: Placement, beside: WindowScene?) {
        shell.place(scene, of: self, placement: placement, beside: beside)
    }

    public func bringForward(_ scene: WindowScene, placement: Placement) {
        shell.bringForward(scene, of: self, placement: placement)
    }

    public func remove(_ scene: WindowScene, animation: DismissalAnimation) {
        shell.remove(scene, animation: animation)
    }

    public func didDisconnect(_ scene: WindowScene) {
        shell.forget(scene)
    }
}

/// An identifier handed once to the runtime's identifier maker.
@MainActor final class NextIdentifier {
    private var value: String?
    func set(_ v: String?) { value = v }
    func take() -> String? {
        defer { value = nil }
        return value
    }
}
