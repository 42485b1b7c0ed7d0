import Compositor
import Foundation
import Graphics
import Host
import Shell
import Testing
import UI

/// The live loop (`slate run`, `slate session`) is paced by the output: a program that draws at
/// every frame callback, as a video or a game does, gets one callback for each frame the output
/// showed, not more (it would draw frames no one sees, burning its CPU and the shell's), and none
/// while its window is off the screen.
@MainActor @Suite(.serialized, .timeLimit(.minutes(minutesAllowed(2)))) struct FramePacingTests {
    /// The callbacks the pacing client had so far, and the monotonic milliseconds of the last.
    static func report(_ path: String) -> (callbacks: Int, msec: Int)? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let fields = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        return fields.count == 2 ? (fields[0], fields[1]) : nil
    }

    @Test func aProgramGetsOneCallbackForEachFrameShownAndNoneWhileHidden() throws {
        let client = try #require(
            ProgramsDrawTests.fixture("frame-pace-client"), "the frame pace test client did not compile")
        let dir = try ProgramsDrawTests.folder("frame-pace")
        defer { try? FileManager.default.removeItem(at: dir) }
        let reportPath = dir.appendingPathComponent("frames.txt").path
        let clock = VirtualClock()
        let shell = Shell(device: Device(), clock: clock, stateHome: dir)
        let live = try LiveHost(root: shell, clock: clock, backend: .headless, scale: 1)
        let compositor = live.compositor
        defer { compositor.shutdown() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: client)
        process.arguments = [reportPath]
        process.environment = compositor.clientEnvironment()
        try process.run()
        defer {
            // (Killed and reaped directly: Foundation's `waitUntilExit` did not return here.)
            kill(process.processIdentifier, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(process.processIdentifier, &status, 0)
        }

        // Runs the live loop until `done` says so, or `seconds` of real time pass.
        func run(for seconds: Double, until done: @escaping () -> Bool = { false }) {
            let end = MonotonicClock.read() + seconds * testSlowdown
            live.onTurn = { if done() || MonotonicClock.read() > end { live.stop() } }
            live.run()
        }
        run(for: 20) {
            shell.windows.values.contains { $0.scene.title == "Frame pace" }
                && (Self.report(reportPath)?.callbacks ?? 0) > 10
        }
        let window = try #require(
            shell.windows.values.first { $0.scene.title == "Frame pace" }, "the window never showed")
        #expect((Self.report(reportPath)?.callbacks ?? 0) > 10, "the program never got its frame callbacks")

        // Two seconds of the program drawing as fast as it is let: its callbacks against the
        // output's frames over the same time.
        let framesBefore = compositor.outputFrames
        let before = try #require(Self.report(reportPath))
        run(for: 2)
        let framesAfter = compositor.outputFrames
        let after = try #require(Self.report(reportPath))
        let callbacks = after.callbacks - before.callbacks
        let frames = Int(framesAfter - framesBefore)
        #expect(frames > 60, "the output showed \(frames) frames in 2 s")
        #expect(callbacks <= frames + 1, "\(callbacks) callbacks for \(frames) frames shown: not paced by the output")
        #expect(
            Double(callbacks) >= Double(frames) * 0.8,
            "\(callbacks) callbacks for \(frames) frames shown: the program was held back")

        // Off the screen (under the Home screen), it gets none: one answered as the screen changed
        // may still come.
        shell.goHome()
        run(for: 0.5)
        let hidden = try #require(Self.report(reportPath))
        run(for: 1)
        let stillHidden = try #require(Self.report(reportPath))
        #expect(stillHidden.callbacks - hidden.callbacks <= 1, "callbacks while hidden: \(hidden) → \(stillHidden)")

        // Back on the screen, it draws again.
        shell.show(fullScreen: window.id)
        run(for: 5) { (Self.report(reportPath)?.callbacks ?? 0) >= stillHidden.callbacks + 10 }
        #expect(
            (Self.report(reportPath)?.callbacks ?? 0) >= stillHidden.callbacks + 10, "no callbacks once shown again")
    }
}
