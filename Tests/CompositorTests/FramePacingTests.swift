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
        let rig = try LiveRig(stateHome: dir)
        defer { rig.shutdown() }
        try rig.launch([client, reportPath])
        let shell = rig.shell
        let compositor = rig.compositor
        rig.run(for: 20) { rig.window(titled: "Frame pace") != nil && (Self.report(reportPath)?.callbacks ?? 0) > 10 }
        let window = try #require(rig.window(titled: "Frame pace"), "the window never showed")
        #expect((Self.report(reportPath)?.callbacks ?? 0) > 10, "the program never got its frame callbacks")

        // Two seconds of the program drawing as fast as it is let: its callbacks against the
        // output's frames over the same time.
        let framesBefore = compositor.outputFrames
        let before = try #require(Self.report(reportPath))
        rig.run(for: 2)
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
        rig.run(for: 0.5)
        let hidden = try #require(Self.report(reportPath))
        rig.run(for: 1)
        let stillHidden = try #require(Self.report(reportPath))
        #expect(stillHidden.callbacks - hidden.callbacks <= 1, "callbacks while hidden: \(hidden) → \(stillHidden)")

        // Back on the screen, it draws again.
        shell.show(fullScreen: window.id)
        rig.run(for: 5) { (Self.report(reportPath)?.callbacks ?? 0) >= stillHidden.callbacks + 10 }
        #expect(
            (Self.report(reportPath)?.callbacks ?? 0) >= stillHidden.callbacks + 10, "no callbacks once shown again")
    }
}
