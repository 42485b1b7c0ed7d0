import Foundation
import Graphics
import Host
import Rendering
import Scenes
import Testing
import UI

@testable import Shell
@testable import SlateTesting

let shellReferences = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References")

@MainActor func world() -> ShellWorld {
    // Other suites change the language; these tests read English labels.
    Language.current = .en
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("slate-shell-\(UUID())")
    return ShellWorld(catalog: ["Notes": { NotesApp() }], stateHome: home, scale: 1)
}

@MainActor func run(_ w: ShellWorld, _ text: String) throws {
    let r = ScriptRunner(
        world: w, outputDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("slate-shell-out"))
    let script = try ScriptParser.parse(text, source: "shell-test")
    do { try r.run(script) } catch { Issue.record("\(error)") }
}

func expectPicture(_ image: PixelImage, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let outcome = ReferenceImage.compare(image, named: name, in: shellReferences)
    switch outcome {
    case .matched, .recorded: break
    default: Issue.record("\(name): \(outcome)", sourceLocation: sourceLocation)
    }
}

@MainActor @Suite struct ShellTests {
    @Test func launchingOpensTheFirstWindowFullScreen() throws {
        let w = world()
        try run(w, "launch Notes\nexpect windows Notes 1\nexpect window \"Notes\" primary")
        guard case .fullScreen(let id) = w.shell.arrangement else {
            Issue.record("not full screen")
            return
        }
        #expect(w.shell.focusedWindow == id)
        #expect(w.shell.windows[id]?.scene.activationState == .foregroundActive)
        expectPicture(w.host.frame(), "notes-full-screen")
    }

    @Test func w2bDraggingAnObjectToTheSideOpensItBeside() throws {
        let w = world()
        try run(
            w,
            """
            launch Notes
            drag "Ideas" to right edge
            expect windows Notes 2
            expect window "Ideas" auxiliary
            expect split "Notes" | "Ideas"
            expect focused "Ideas"
            """)
        expectPicture(w.host.frame(), "w2b-split")
    }

    @Test func w2aDraggingTheIconOutOfTheDock() throws {
        let w = world()
        try run(w, "launch Notes\ndrag \"Notes\" in dock to left edge")
        // The app has a window already: the choice of its windows and + appears for that side.
        let expose = try #require(w.shell.expose)
        #expect(expose.cells.count == 1)
        expectPicture(w.host.frame(), "w2a-choose")
        try run(w, "tap \"Add\"\nexpect windows Notes 2")
        guard case .split(let l, _, _) = w.shell.arrangement else {
            Issue.record("no split: \(w.shell.arrangement)")
            return
        }
        #expect(w.shell.windows[l]?.scene.session.role == .primary)
        #expect(w.shell.focusedWindow == l)
    }

    @Test func w2cExposeAddMakesANewPrimaryWindow() throws {
        let w = world()
        try run(w, "launch Notes")
        let app = try #require(w.shell.app("org.slate.test.notes"))
        w.shell.showExpose(for: app)
        w.host.frame()
        try run(w, "expect visible \"Notes\"\ntap \"Add\"\nexpect windows Notes 2")
        #expect(w.shell.expose == nil)
        #expect(app.openSessions.allSatisfy { $0.role == .primary })
    }

    @Test func dividerSnapsAndClosesASide() throws {
        let w = world()
        try run(w, "launch Notes\ndrag \"Ideas\" to right edge")
        guard case .split(let l, let r, let f) = w.shell.arrangement else {
            Issue.record("no split")
            return
        }
        #expect(f == 0.5)
        // Drag the divider from the middle to 900 pt: it rests at two thirds.
        let id = w.host.touchDown(at: Point(683, 500))
        w.host.drag(id, from: Point(683, 500), to: Point(900, 500), duration: 0.3)
        w.host.touchUp(id, at: Point(900, 500))
        w.host.run(for: 0.5)
        #expect(w.shell.arrangement == .split(left: l, right: r, fraction: 2.0 / 3))
        // Push it to the right edge: the right window leaves the screen.
        let id2 = w.host.touchDown(at: Point(911, 500))
        w.host.drag(id2, from: Point(911, 500), to: Point(1330, 500), duration: 0.3)
        w.host.touchUp(id2, at: Point(1330, 500))
        w.host.run(for: 0.5)
        #expect(w.shell.arrangement == .fullScreen(l))
        #expect(w.shell.windows[r]?.scene.activationState == .background)
    }

    @Test func tappingAWindowFocusesIt() throws {
        let w = world()
        try run(w, "launch Notes\ndrag \"Ideas\" to right edge")
        guard case .split(let l, let r, _) = w.shell.arrangement else {
            Issue.record("no split")
            return
        }
        #expect(w.shell.focusedWindow == r)
        w.host.tap(at: Point(300, 600))
        #expect(w.shell.focusedWindow == l)
        #expect(w.shell.windows[l]?.scene.activationState == .foregroundActive)
        #expect(w.shell.windows[r]?.scene.activationState == .foregroundInactive)
    }

    @Test func shortcutsOpenAndCloseWindows() throws {
        let w = world()
        try run(w, "launch Notes\nkey ctrl+n\nexpect windows Notes 2\nkey ctrl+w\nexpect windows Notes 1")
        let app = try #require(w.shell.app("org.slate.test.notes"))
        #expect(app.recentlyClosed.count == 1)
    }

    @Test func slideOverFloatsAndHides() throws {
        let w = world()
        try run(w, "launch Notes\ndrag \"Ideas\" to right edge")
        guard case .split(_, let r, _) = w.shell.arrangement else {
            Issue.record("no split")
            return
        }
        w.shell.show(slideOver: r)
        w.host.run(for: 0.5)
        #expect(w.shell.slideOver == r)
        #expect(w.shell.windows[r]?.frame == SpaceLayout.slideOverFrame(screen: w.shell.bounds.size))
        expectPicture(w.host.frame(), "slide-over")
        // A swipe to the right on its top bar pushes it off the screen…
        let f = SpaceLayout.slideOverFrame(screen: w.shell.bounds.size)
        let id = w.host.touchDown(at: Point(f.midX, f.minY + 20))
        w.host.drag(id, from: Point(f.midX, f.minY + 20), to: Point(f.midX + 150, f.minY + 20), duration: 0.2)
        w.host.touchUp(id, at: Point(f.midX + 150, f.minY + 20))
        w.host.run(for: 0.5)
        #expect(w.shell.slideOverHidden)
        #expect(w.shell.windows[r]?.scene.activationState == .background)
        #expect(!w.shell.visibleWindows.contains(r))
        // …and one from the screen's side brings it back.
        let e = w.host.touchDown(at: Point(1360, 500))
        w.host.drag(e, from: Point(1360, 500), to: Point(1250, 500), duration: 0.2)
        w.host.touchUp(e, at: Point(1250, 500))
        w.host.run(for: 0.5)
        #expect(!w.shell.slideOverHidden)
        #expect(w.shell.focusedWindow == r)
    }

    @Test func windowsComeBackAfterARelaunch() throws {
        let w = world()
        try run(w, "launch Notes\ndrag \"Ideas\" to right edge\nexpect windows Notes 2")
        Language.current = .en
        let w2 = ShellWorld(catalog: ["Notes": { NotesApp() }], stateHome: w.stateHome, scale: 1)
        try run(w2, "launch Notes restoring\nexpect windows Notes 2\nexpect window \"Ideas\" auxiliary")
    }
}
