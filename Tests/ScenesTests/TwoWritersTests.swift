import Foundation
import Testing

@testable import Scenes

/// Two real processes saving one app's state at once: one saves, the other says the folder is in use
/// and runs without saving; neither fails a save, and the state on disk loads.
@Suite struct TwoWritersTests {
    func start(_ helper: URL, _ home: URL, iterations: Int, stderr: URL) throws -> Process {
        let process = Process()
        process.executableURL = helper
        process.arguments = [home.path, String(iterations)]
        process.standardOutput = FileHandle.nullDevice
        _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: stderr)
        try process.run()
        return process
    }

    @Test func twoProcessesSavingOneStateNeverCollide() throws {
        let helper = try SaveLoopKillTests.helper()
        let home = temporaryStateHome()
        let first = try start(helper, home, iterations: 1, stderr: home.appendingPathComponent("seed.txt"))
        first.waitUntilExit()  // the folder exists, so each process takes the lock when it loads
        let errs = [home.appendingPathComponent("a.txt"), home.appendingPathComponent("b.txt")]
        let a = try start(helper, home, iterations: 300, stderr: errs[0])
        let b = try start(helper, home, iterations: 300, stderr: errs[1])
        a.waitUntilExit()
        b.waitUntilExit()
        let text = errs.map { (try? String(contentsOf: $0, encoding: .utf8)) ?? "" }
        #expect(a.terminationStatus == 0 && b.terminationStatus == 0, "\(text)")
        #expect(!text.joined().contains("No such file"), "\(text)")
        let inUse = text.filter { $0.contains("is in use by another Slate; this one runs without saving") }
        #expect(inUse.count == 1, "one of them is refused: \(text)")
        let lines = LogLines()
        let state = try RestorationStore(appIdentifier: "org.slate.saveloop", stateHome: home, log: lines.sink).load()
        #expect(lines.lines.isEmpty, "\(lines.lines)")
        #expect(!state.openSessions.isEmpty)
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: home.appendingPathComponent("slate/org.slate.saveloop/sessions").path
        ).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }
}
