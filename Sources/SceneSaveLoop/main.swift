// SceneSaveLoop STATE_HOME [ITERATIONS]
//
// Changes an app's windows and saves them, over and over, printing `ack N` (unbuffered) after each
// save has returned. The scenes kill test SIGKILLs it at random moments and checks that the state on
// disk is always readable and holds at least the last acknowledged change.
import Foundation
import Scenes
import SlateLog
import UI

/// This file's lines on the log.
private let log = Logger("scene-save-loop", label: "SceneSaveLoop")

@MainActor final class LoopApp: Application {
    nonisolated static let message = "org.slate.saveloop.message"
    let identifier = "org.slate.saveloop"
    let displayName = LocalizedString(en: "Save Loop", ru: "Цикл сохранения")
    let icon = AppIcon(symbol: "arrow.clockwise", topColor: .systemGray, bottomColor: .systemGray2)
    let activityTypes: Set<String> = [LoopApp.message]
    var configurations: [SceneConfiguration] {
        [
            SceneConfiguration(name: "Main", role: .primary) { LoopDelegate() },
            SceneConfiguration(name: "Message", role: .auxiliary) { LoopDelegate() },
        ]
    }
    func role(for activity: UserActivity) -> SceneSession.Role { .auxiliary }
}

@MainActor final class LoopDelegate: SceneDelegate {}

/// A small deterministic generator (SplitMix64), seeded by the process id so rounds differ.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@MainActor func runLoop() -> Int32 {
    let args = CommandLine.arguments
    guard args.count >= 2 else {
        log.labelled("usage").error("SceneSaveLoop STATE_HOME [ITERATIONS]")
        return 2
    }
    let limit = args.count >= 3 ? Int(args[2]) ?? Int.max : Int.max
    let system: LocalSceneSystem
    do {
        let store = try RestorationStore(appIdentifier: "org.slate.saveloop", stateHome: URL(fileURLWithPath: args[1]))
        system = LocalSceneSystem(application: LoopApp(), store: store)
    } catch {
        log.error("\(error)")
        return 1
    }
    let runtime = system.runtime
    system.restore()
    guard
        let counter = runtime.openSessions.first(where: { $0.userInfo["counter"] != nil })
            ?? runtime.openSessions.first(where: { $0.role == .primary })
    else {
        log.error("no primary window")
        return 1
    }
    var n = Int(counter.userInfo["counter"] ?? "0") ?? 0
    var rng = SplitMix(state: UInt64(getpid()))
    var done = 0
    while done < limit {
        n += 1
        done += 1
        do {
            try runtime.performBatchUpdates { () throws(SceneError) in
                counter.userInfo["counter"] = String(n)
                counter.title = "Count \(n)"
                if Int.random(in: 0..<3, using: &rng) == 0 {
                    let a = UserActivity(
                        type: LoopApp.message, title: "Message \(n)", targetContentIdentifier: "m\(n)")
                    try system.activate(ActivationRequest(userActivity: a))
                }
                let others = runtime.openSessions.filter { $0 !== counter }
                if others.count > 6 || (others.count > 2 && Int.random(in: 0..<4, using: &rng) == 0) {
                    try system.destroy(others[others.count - 1], animation: .commit)
                }
                if let other = runtime.openSessions.filter({ $0 !== counter }).randomElement(using: &rng) {
                    other.title = "Seen at \(n)"
                }
            }
        } catch {
            log.error("\(error)")
            return 1
        }
        if let e = runtime.lastSaveError {
            log.error("\(e)")
            return 1
        }
        // Unbuffered: the line is in the pipe when the write returns.
        FileHandle.standardOutput.write(Data("ack \(n)\n".utf8))
    }
    return 0
}

exit(MainActor.assumeIsolated { runLoop() })
