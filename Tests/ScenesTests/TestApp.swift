import Foundation
import Graphics
import Scenes
import UI

/// What the delegates of a test app were told, in order, as "title: callback".
@MainActor final class CallLog {
    var lines: [String] = []
    func take() -> [String] {
        defer { lines.removeAll() }
        return lines
    }
}

/// A mailbox reference, the payload of the test app's activities.
struct MessageRef: Codable, Hashable {
    var mailbox: String
    var id: String
}

/// A delegate that logs every callback and can return a restoration activity.
@MainActor final class RecordingDelegate: SceneDelegate {
    let log: CallLog
    weak var scene: WindowScene?
    var options: ConnectionOptions?
    var continued: [UserActivity] = []
    /// Returned from `stateRestorationActivity(for:)`.
    var restorationActivity: UserActivity?

    init(log: CallLog) { self.log = log }

    private func note(_ scene: WindowScene, _ what: String) { log.lines.append("\(scene.title): \(what)") }

    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        self.scene = scene
        self.options = options
        note(scene, "willConnect(\(options.reason.rawValue))")
        let label = Label(scene.title)
        label.accessibilityLabel = "content of \(scene.title)"
        scene.rootView = label
    }
    func sceneDidBecomeActive(_ scene: WindowScene) { note(scene, "didBecomeActive") }
    func sceneWillResignActive(_ scene: WindowScene) { note(scene, "willResignActive") }
    func sceneWillEnterForeground(_ scene: WindowScene) { note(scene, "willEnterForeground") }
    func sceneDidEnterBackground(_ scene: WindowScene) { note(scene, "didEnterBackground") }
    func sceneDidDisconnect(_ scene: WindowScene) { note(scene, "didDisconnect") }
    func scene(_ scene: WindowScene, continue userActivity: UserActivity) {
        continued.append(userActivity)
        note(scene, "continue")
    }
    func stateRestorationActivity(for scene: WindowScene) -> UserActivity? { restorationActivity }
}

/// A small mail app: primary mailbox windows, auxiliary message windows.
@MainActor final class TestApp: Application {
    nonisolated static let mailbox = "org.slate.test.mailbox"
    nonisolated static let message = "org.slate.test.message"

    let identifier: String
    let displayName = LocalizedString(en: "Test Mail", ru: "Тестовая почта")
    let icon = AppIcon(symbol: "envelope.fill", topColor: .systemBlue, bottomColor: .systemIndigo)
    let activityTypes: Set<String> = [TestApp.mailbox, TestApp.message]
    let log = CallLog()
    var closingButtonStyle: ClosingButtonStyle = .done
    var hasAuxiliary = true
    /// The delegates made, newest last.
    var delegates: [RecordingDelegate] = []
    var discarded: [String] = []

    init(identifier: String = "org.slate.test") { self.identifier = identifier }

    var configurations: [SceneConfiguration] {
        var out = [SceneConfiguration(name: "Mailbox", role: .primary) { [unowned self] in self.makeDelegate() }]
        if hasAuxiliary {
            out.append(
                SceneConfiguration(name: "Message", role: .auxiliary, closingButtonStyle: closingButtonStyle) {
                    [unowned self] in self.makeDelegate()
                })
        }
        return out
    }

    func role(for activity: UserActivity) -> SceneSession.Role {
        activity.activityType == TestApp.message ? .auxiliary : .primary
    }

    func didDiscard(_ sessions: [SceneSession]) { discarded += sessions.map(\.persistentIdentifier) }

    private func makeDelegate() -> RecordingDelegate {
        let d = RecordingDelegate(log: log)
        delegates.append(d)
        return d
    }

    /// The delegate of `scene`.
    func delegate(of scene: WindowScene?) -> RecordingDelegate? { scene?.delegate as? RecordingDelegate }
}

func mailbox(_ name: String) -> UserActivity {
    try! UserActivity(
        type: TestApp.mailbox, title: name, targetContentIdentifier: "mailbox:\(name)",
        payload: MessageRef(mailbox: name, id: ""))
}

func message(_ id: String, in box: String = "Inbox") -> UserActivity {
    try! UserActivity(
        type: TestApp.message, title: "Message \(id)", targetContentIdentifier: "message:\(id)",
        payload: MessageRef(mailbox: box, id: id))
}

/// Session identifiers s1, s2, … in order, so tests can name them.
@MainActor func counter(_ prefix: String = "s") -> () -> String {
    var n = 0
    return {
        n += 1
        return "\(prefix)\(n)"
    }
}

/// A fresh temporary folder for a test's state.
func temporaryStateHome(_ name: String = #function) -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "slate-scenes-tests-\(getpid())-\(name.filter { $0.isLetter || $0.isNumber })-\(UInt32.random(in: 0...UInt32.max))",
        isDirectory: true)
    try? FileManager.default.removeItem(at: url)
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Collects log lines from a store.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []
    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
    func append(_ line: String) {
        lock.lock()
        storage.append(line)
        lock.unlock()
    }
    var sink: @Sendable (String) -> Void { { [self] in self.append($0) } }
}
