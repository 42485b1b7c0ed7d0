import Foundation
@_spi(Testing) import Scenes
import SlateSystem
import UI

/// `slate bench scenes`: restoring, opening and closing windows, and what a save costs. Every case
/// works on real files in a temporary folder, with the same atomic writes (fsync included) as an app.
extension Bench {
    static var scenesCases: [Case] {
        [
            Case(name: "scenes.restore-1000") { scenesRestore(1000) },
            Case(name: "scenes.activate-destroy-100") { scenesActivateDestroy(100) },
            Case(name: "scenes.save-one-of-1000") { scenesSaveOne(of: 1000, versus: 10) },
            Case(name: "scenes.save-one-of-10") { scenesSaveOne(of: 10, versus: nil) },
            Case(name: "scenes.bytes-per-session") { scenesBytesPerSession(1000) },
        ]
    }

    /// A temporary state home, removed when `body` returns.
    private static func withStateHome<T>(_ body: (URL) throws -> T) rethrows -> T {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent(
            "slate-bench-scenes-\(getpid())-\(UInt32.random(in: 0...UInt32.max))", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: home) }
        return try body(home)
    }

    private static func store(_ home: URL) -> RestorationStore {
        do {
            return try RestorationStore(appIdentifier: BenchMailApp.appIdentifier, stateHome: home)
        } catch {
            fail("bench: \(error)", code: 1)
        }
    }

    /// The record of a typical message window: a title, an activity with a small payload.
    private static func messageRecord(_ i: Int) -> SessionRecord {
        let activity = try! UserActivity(
            type: BenchMailApp.message, title: "Re: quarterly figures \(i)", targetContentIdentifier: "message:\(i)",
            payload: ["mailbox": "Inbox", "id": "\(100_000 + i)"])
        return SessionRecord(
            id: UUID().uuidString, role: .auxiliary, configurationName: "Message", title: activity.title ?? "",
            userActivity: activity, targetContentIdentifier: activity.targetContentIdentifier)
    }

    /// Writes `n` sessions (four of them seen, one active) straight to the store.
    private static func writeState(_ home: URL, sessions n: Int) -> RestorationStore {
        let s = store(home)
        let records = (0..<n).map(messageRecord)
        let ids = records.map(\.id)
        do {
            try s.save(
                records: records,
                manifest: RestorationManifest(order: ids, foreground: Array(ids.prefix(4)), active: ids.first))
        } catch {
            fail("bench: \(error)", code: 1)
        }
        return s
    }

    static func scenesRestore(_ n: Int) -> Result {
        withStateHome { home in
            _ = writeState(home, sessions: n)
            var restored = 0
            let xs = sample(15, warmup: 2) {
                let system = LocalSceneSystem(application: BenchMailApp(), store: store(home))
                restored = system.restore().count
            }
            precondition(restored == n, "restored \(restored) of \(n)")
            let reader = store(home)
            let loads = sample(15, warmup: 2) { _ = reader.load() }
            var r = result("scenes.restore-\(n)", xs)
            r.extra["sessions"] = Double(n)
            r.extra["reading-files-ms"] = median(loads)
            return r
        }
    }

    static func scenesActivateDestroy(_ n: Int) -> Result {
        func run(_ system: LocalSceneSystem) {
            let requester = system.openSessions.first?.scene
            var opened: [SceneSession] = []
            for i in 0..<n {
                let a = UserActivity(type: BenchMailApp.message, title: "M\(i)", targetContentIdentifier: "m\(i)")
                if let s = try? system.activate(ActivationRequest(userActivity: a, requestingScene: requester)) {
                    opened.append(s)
                }
            }
            for s in opened { try? system.destroy(s, animation: .commit) }
            precondition(opened.count == n && system.openSessions.count == 1)
        }
        return withStateHome { home in
            let system = LocalSceneSystem(application: BenchMailApp(), store: store(home))
            system.restore()
            let xs = sample(3, warmup: 1) { run(system) }
            let memory = LocalSceneSystem(application: BenchMailApp())
            memory.restore()
            let ys = sample(10, warmup: 2) { run(memory) }
            var r = result("scenes.activate-destroy-\(n)", xs)
            r.extra["without-store-ms"] = median(ys)
            return r
        }
    }

    /// Milliseconds to save after one session of `n` changed.
    private static func saveOneTimes(_ n: Int) -> [Double] {
        withStateHome { home in
            _ = writeState(home, sessions: n)
            let s = store(home)
            let system = LocalSceneSystem(application: BenchMailApp(), store: s)
            system.restore()
            let sessions = system.openSessions
            var i = 0
            let before = s.filesWritten
            let xs = sample(30, warmup: 3) {
                i += 1
                sessions[i % sessions.count].title = "Changed \(i)"  // saved before the setter returns
            }
            precondition(s.filesWritten - before == 33, "one file a save")
            return xs
        }
    }

    static func scenesSaveOne(of n: Int, versus m: Int?) -> Result {
        var r = result("scenes.save-one-of-\(n)", saveOneTimes(n))
        if let m {
            r.extra["ratio-to-\(m)"] = r.median / median(saveOneTimes(m))
        }
        return r
    }

    static func scenesBytesPerSession(_ n: Int) -> Result {
        withStateHome { home in
            let s = writeState(home, sessions: n)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: s.sessionsFolder.path)) ?? []
            let sizes = names.compactMap { name -> Double? in
                let a = try? FileManager.default.attributesOfItem(
                    atPath: s.sessionsFolder.appendingPathComponent(name).path)
                return (a?[.size] as? NSNumber)?.doubleValue
            }
            let manifest =
                (try? FileManager.default.attributesOfItem(atPath: s.manifestURL.path))?[.size] as? NSNumber
            var r = result("scenes.bytes-per-session", sizes, unit: "bytes")
            r.extra["manifest-bytes-per-session"] = (manifest?.doubleValue ?? 0) / Double(n)
            return r
        }
    }
}

/// The app the scene cases exercise: mailbox windows and message windows.
@MainActor private final class BenchMailApp: Application {
    nonisolated static let appIdentifier = "org.slate.bench.mail"
    nonisolated static let message = "org.slate.bench.mail.message"
    let identifier = BenchMailApp.appIdentifier
    let displayName = LocalizedString(en: "Bench Mail", ru: "Почта для замеров")
    let icon = AppIcon(symbol: "envelope.fill", topColor: .systemBlue, bottomColor: .systemIndigo)
    let activityTypes: Set<String> = [BenchMailApp.message]
    var configurations: [SceneConfiguration] {
        [
            SceneConfiguration(name: "Mailbox", role: .primary) { BenchSceneDelegate() },
            SceneConfiguration(name: "Message", role: .auxiliary) { BenchSceneDelegate() },
        ]
    }
    func role(for activity: UserActivity) -> SceneSession.Role { .auxiliary }
}

/// Gives every window a label, as a small app would.
@MainActor private final class BenchSceneDelegate: SceneDelegate {
    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        scene.rootView = Label(session.title)
    }
}
