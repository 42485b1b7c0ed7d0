import Compositor
import Foundation
import Graphics
import SlateClientShim
import Testing

/// The `scene` fuzz target's inputs, replayed through the same world (`SceneWireWorld`): its seeds
/// (Fuzz/Corpus/scene: a Slate app's life on the wire, and the rules broken one by one) and every
/// input that ever broke the shell (Fuzz/Crashes/scene). Each leaves nothing of its client behind
/// and the good client served.
@MainActor @Suite(.serialized, .timeLimit(.minutes(minutesAllowed(2)))) struct SceneFuzzRegressionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func inputs(_ folder: String) throws -> [(String, [UInt8])] {
        let dir = root.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
            .filter { $0 != "README.md" }
            .map { ($0, Array(try Data(contentsOf: dir.appendingPathComponent($0)))) }
    }

    func replay(_ folder: String) throws {
        let world = try SceneWireWorld()
        defer { world.shutdown() }
        let inputs = try Self.inputs(folder)
        for (name, bytes) in inputs {
            let broken = world.run(bytes)
            #expect(broken == nil, "\(folder)/\(name): \(broken ?? "")")
        }
        #expect(world.runs == inputs.count)
    }

    @Test func seedsLeaveNothingBehind() throws {
        #expect(try Self.inputs("Fuzz/Corpus/scene").count >= 8, "the seed corpus is where the fuzz script reads it")
        try replay("Fuzz/Corpus/scene")
    }

    @Test func sceneCrashesStayFixed() throws {
        let names = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("Fuzz/Crashes/scene").path)
        #expect(names.contains("README.md"), "the crash folder is where the fuzz script keeps it")
        try replay("Fuzz/Crashes/scene")
    }
}

/// What the shell keeps of an app process's sessions, with the app played by a real client
/// (`SlateClientShim`) in the scene fuzz target's world: rules the fuzzer found broken.
@MainActor @Suite(.serialized, .timeLimit(.minutes(minutesAllowed(1)))) struct AppProcessSessionTests {
    /// The sessions the shell asked a client to connect (its connect events come on the thread
    /// that connects it, too).
    final class Connects: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        var sessions: [String] { lock.withLock { list } }

        var callbacks: slate_client_callbacks {
            var cb = slate_client_callbacks()
            cb.user = Unmanaged.passUnretained(self).toOpaque()
            cb.connect = { user, session, _, _ in
                guard let user, let session else { return }
                let me = Unmanaged<Connects>.fromOpaque(user).takeUnretainedValue()
                let s = String(cString: session)
                me.lock.withLock { me.list.append(s) }
            }
            return cb
        }
    }

    /// Lets the shell's animations end (windows closing leave the shell when theirs does).
    func settle(_ world: SceneWireWorld) {
        for _ in 0..<4 {
            world.clock.advance(by: 0.5)
            world.shell.prepareFrame()
        }
    }

    @Test func aWindowTheAppRemovedIsNotAskedForAgain() throws {
        let world = try SceneWireWorld()
        defer { world.shutdown() }
        let c = try #require(SceneWireWorld.connect(world.compositor, SceneWireWorld.fuzzID))
        let w = try #require(SceneWireWorld.openWindow(world.compositor, c, session: "s1"))
        #expect(world.shell.windows["s1"] != nil)
        // The app closes its window itself (Done), then quits.
        slate_window_remove(w, .commit)
        world.serve(c) { world.fuzz.toplevels["s1"] == nil }
        settle(world)
        #expect(world.shell.windows["s1"] == nil, "the window went as the app asked")
        slate_window_destroy(w)
        slate_client_destroy(c)
        for _ in 0..<10 { world.serve() }
        #expect(!world.fuzz.isRunning)
        #expect(world.fuzz.discardedWhileAway.isEmpty, "the app destroyed it itself: nothing to tell it")
        // Started again, the app is not asked to connect the window it closed.
        let connects = Connects()
        let again = try #require(
            SceneWireWorld.connect(world.compositor, SceneWireWorld.fuzzID, callbacks: connects.callbacks))
        defer { slate_client_destroy(again) }
        world.serve(again, turns: 50) { false }
        #expect(!connects.sessions.contains("s1"), "asked to connect: \(connects.sessions)")
    }

    @Test func aWindowClosedInTheShellAndConnectedAgainOpensUnderItsSession() throws {
        let world = try SceneWireWorld()
        defer { world.shutdown() }
        let c = try #require(SceneWireWorld.connect(world.compositor, SceneWireWorld.fuzzID))
        defer { slate_client_destroy(c) }
        let w = try #require(SceneWireWorld.openWindow(world.compositor, c, session: "s1"))
        // Closed in the shell (it joins Recently Closed); the app, which did not heed the discard,
        // shows the session again in a new toplevel.
        world.shell.windows["s1"]?.scene.close(.standard)
        settle(world)
        #expect(world.shell.windows["s1"] == nil)
        slate_window_destroy(w)
        let again = try #require(SceneWireWorld.openWindow(world.compositor, c, session: "s1"))
        defer { slate_window_destroy(again) }
        settle(world)
        let t = try #require(world.fuzz.toplevels["s1"], "the toplevel was refused")
        #expect(world.shell.windows["s1"] != nil, "the session's window is open again")
        #expect(world.shell.window(showing: t) === world.shell.windows["s1"], "shown in the window of its own session")
        #expect(world.shell.windows.count == 2, "no other window made for it: \(world.shell.windows.keys.sorted())")
    }

    /// A finger down on a window whose program closes it before the finger lifts: the toplevel goes
    /// (the pointer's grab held it, and its picture, for good).
    @Test func aToplevelClosedUnderTheFingerIsFreed() throws {
        let world = try SceneWireWorld()
        defer { world.shutdown() }
        let c = try #require(SceneWireWorld.connect(world.compositor, SceneWireWorld.fuzzID))
        defer { slate_client_destroy(c) }
        let w = try #require(SceneWireWorld.openWindow(world.compositor, c, session: "s1"))
        weak let top = world.fuzz.toplevels["s1"] as? ClientToplevel
        try #require(top != nil)
        top?.pointer(.down(Point(10, 10)))
        slate_window_destroy(w)
        world.serve(c) { world.fuzz.toplevels["s1"] == nil }
        settle(world)
        #expect(top == nil, "the toplevel is still alive after its window closed under the finger")
    }
}
