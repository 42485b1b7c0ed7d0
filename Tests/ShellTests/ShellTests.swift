import Foundation
import Graphics
import Host
import Rendering
import Scenes
import SlateTesting
import Testing
@_spi(Testing) import UI
import Windowing

@testable import Shell
@testable import SlateScripts
@testable import SystemUI

let shellReferences = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References")

@MainActor func world() -> ShellWorld {
    // Other suites change the language; these tests read English labels.
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("slate-shell-\(UUID())")
    return ShellWorld(catalog: ["Notes": { NotesApp() }], stateHome: home, scale: 1)
}

@MainActor func run(_ w: ShellWorld, _ text: String) throws {
    let r = ScriptRunner(
        world: w, outputDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("slate-shell-out"))
    let script = try ScriptParser.parse(text, source: "shell-test")
    do { try r.run(script) } catch { Issue.record("\(error)") }
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
        expectReference(w.host.frame(), "notes-full-screen")
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
        expectReference(w.host.frame(), "w2b-split")
    }

    /// A side's drop target shows only as the item nears that side (not from the drag's start, never
    /// both), grey over a light window, and in the accent colour once a drop would land there.
    @Test func aSidesDropTargetShowsAsTheItemNearsIt() throws {
        let w = world()
        try run(w, "launch Notes")
        let runner = ScriptRunner(world: w, outputDirectory: FileManager.default.temporaryDirectory)
        let item = try #require(try runner.find("Ideas", .anywhere).first)
        let start = runner.visibleCentre(item)
        let id = w.host.touchDown(at: start)
        w.host.run(for: ScriptRunner.dragLift)
        let middle = Point(683, start.y)
        w.host.drag(id, from: start, to: middle, duration: 0.2)
        #expect(w.shell.edgeTargets.left.isHidden && w.shell.edgeTargets.right.isHidden, "in the middle: none")
        let near = Point(w.shell.bounds.width - 150, start.y)
        w.host.drag(id, from: middle, to: near, duration: 0.2)
        #expect(!w.shell.edgeTargets.right.isHidden && !w.shell.edgeTargets.right.isArmed)
        #expect(w.shell.edgeTargets.left.isHidden, "only the side it nears")
        expectReference(w.host.frame(), "edge-target-near")
        let edge = Point(w.shell.bounds.width - 20, start.y)
        w.host.drag(id, from: near, to: edge, duration: 0.1)
        #expect(w.shell.edgeTargets.right.isArmed)
        expectReference(w.host.frame(), "edge-target-armed")
        w.host.drag(id, from: edge, to: middle, duration: 0.2)
        #expect(w.shell.edgeTargets.right.isHidden, "gone as the item leaves the side")
        w.host.touchUp(id, at: middle)
        w.host.run(for: 1)
    }

    @Test func w2aDraggingTheIconOutOfTheDock() throws {
        let w = world()
        try run(w, "launch Notes\ndrag \"Notes\" in dock to left edge")
        // The app has a window already: the choice of its windows and + appears for that side.
        let expose = try #require(w.shell.expose)
        #expect(expose.cells.count == 1)
        expectReference(w.host.frame(), "w2a-choose")
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

    /// Live resize, as iPadOS does it: while the divider moves, neither window's content is laid out
    /// or drawn again (each shows its picture, clipped, over its background); once released and
    /// settled, each is laid out once at its new size.
    @Test func dividerDragDoesNotLayOutTheWindowsUntilRelease() throws {
        let w = world()
        try run(w, "launch Notes\ndrag \"Ideas\" to right edge")
        guard case .split(let l, let r, _) = w.shell.arrangement,
            let left = w.shell.windows[l], let right = w.shell.windows[r]
        else {
            Issue.record("no split")
            return
        }
        w.host.run(for: 0.5)
        let sizes = (left.scene.windowView.frame.size, right.scene.windowView.frame.size)
        let versions = (left.contentGeneration, right.contentGeneration)
        let id = w.host.touchDown(at: Point(683, 500))
        w.host.drag(id, from: Point(683, 500), to: Point(900, 500), duration: 0.3)
        #expect(w.shell.isLiveResizing)
        // The frames follow the finger; the apps' windows keep their sizes and pictures.
        #expect(left.frame.width > sizes.0.width + 150)
        #expect(right.frame.width < sizes.1.width - 150)
        #expect(left.scene.windowView.frame.size == sizes.0)
        #expect(right.scene.windowView.frame.size == sizes.1)
        #expect((left.contentGeneration, right.contentGeneration) == versions)
        // Each frame of the drag draws again only the strip where the edges moved.
        w.host.touchMove(id, to: Point(904, 500))
        w.host.frame()
        let drawn = w.host.lastDamage.reduce(0) { $0 + $1.width * $1.height }
        #expect(drawn > 0 && drawn < w.shell.bounds.width * w.shell.bounds.height * 0.1, "\(w.host.lastDamage) drawn")
        w.host.touchUp(id, at: Point(904, 500))
        w.host.frame()
        // Settling after the release still shows the pictures.
        #expect(w.shell.isLiveResizing)
        #expect(left.scene.windowView.frame.size == sizes.0)
        w.host.run(for: 0.5)
        #expect(!w.shell.isLiveResizing)
        #expect(left.scene.windowView.frame.size == left.frame.size)
        #expect(right.scene.windowView.frame.size == right.frame.size)
        #expect(left.frame.width > sizes.0.width + 150)
        #expect(!left.clipsToBounds && left.backgroundColor == nil)
    }

    @Test func aLiveResizeEndsWhenTheDividerClosesASide() throws {
        let w = world()
        try run(w, "launch Notes\ndrag \"Ideas\" to right edge")
        guard case .split(let l, _, _) = w.shell.arrangement, let left = w.shell.windows[l] else {
            Issue.record("no split")
            return
        }
        let id = w.host.touchDown(at: Point(683, 500))
        w.host.drag(id, from: Point(683, 500), to: Point(1330, 500), duration: 0.3)
        w.host.touchUp(id, at: Point(1330, 500))
        w.host.run(for: 0.5)
        #expect(w.shell.arrangement == .fullScreen(l))
        #expect(!w.shell.isLiveResizing)
        #expect(left.scene.windowView.frame.size == w.shell.bounds.size)
        #expect(left.cornerRadius == 0)
    }

    /// Memory at rest: what is not seen keeps no picture — a window off the screen, the wallpaper
    /// under a settled full-screen window — and comes back when shown.
    @Test func picturesOfWhatIsNotSeenAreLetGo() throws {
        let w = world()
        try run(w, "launch Notes\nkey ctrl+n")
        let shown = try #require(w.shell.focusedWindow.flatMap { w.shell.windows[$0] })
        w.shell.show(fullScreen: shown.id)
        w.host.run(for: 1)
        let others = w.shell.windows.values.filter { $0 !== shown }
        #expect(!others.isEmpty && others.allSatisfy { $0.isHidden && $0.pictureBytes() == 0 })
        #expect(shown.pictureBytes() > 0)
        #expect(w.shell.wallpaper.isHidden && w.shell.wallpaper.pictureBytes() == 0)
        // Exposé shows the wallpaper, dimmed in its picture; closing it hides it again, at rest.
        let app = try #require(w.shell.apps.first)
        w.shell.showExpose(for: app)
        #expect(!w.shell.wallpaper.isHidden && w.shell.wallpaper.pictureBytes() > 0)
        w.host.frame()
        w.shell.closeExpose()
        w.host.run(for: 1)
        #expect(w.shell.wallpaper.isHidden && w.shell.wallpaper.pictureBytes() == 0)
        // Going Home shows it at once.
        try run(w, "key ctrl+h")
        #expect(!w.shell.wallpaper.isHidden)
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
        #expect(
            w.shell.windows[r]?.frame
                == SpaceLayout.slideOverFrame(screen: w.shell.bounds.size, chrome: ShellMetrics.windowChrome))
        expectReference(w.host.frame(), "slide-over")
        // A swipe to the right on its top bar pushes it off the screen…
        let f = SpaceLayout.slideOverFrame(screen: w.shell.bounds.size, chrome: ShellMetrics.windowChrome)
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
        let w2 = ShellWorld(catalog: ["Notes": { NotesApp() }], stateHome: w.stateHome, scale: 1)
        try run(w2, "launch Notes restoring\nexpect windows Notes 2\nexpect window \"Ideas\" auxiliary")
    }

    /// The shell keeps where the windows were: after a relaunch the two windows are side by side
    /// again, on the same sides, at the width the divider left them, the same one taking input.
    @Test func splitViewComesBackOnTheSameSidesAfterARelaunch() throws {
        let w = world()
        try run(w, "launch Notes\ndrag \"Ideas\" to left edge\nexpect split \"Ideas\" | \"Notes\"")
        guard case .split(let l, let r, _) = w.shell.arrangement else {
            Issue.record("not in Split View")
            return
        }
        w.shell.manage(animated: false) { $0.setSplitFraction(0.333) }
        w.shell.focus(r)
        w.host.run(for: 0.5)
        let saved = w.shell.currentArrangement
        let w2 = ShellWorld(catalog: ["Notes": { NotesApp() }], stateHome: w.stateHome, scale: 1)
        try run(w2, "launch Notes restoring\nexpect windows Notes 2\nexpect split \"Ideas\" | \"Notes\"")
        #expect(w2.shell.arrangement == .split(left: l, right: r, fraction: 0.333))
        #expect(w2.shell.focusedWindow == r)
        #expect(w2.shell.currentArrangement == saved)
    }

    /// A saved arrangement that cannot be read is set aside with one line, and the windows open
    /// where the app puts them.
    @Test func anUnreadableArrangementIsSetAside() throws {
        let w = world()
        try run(w, "launch Notes\ndrag \"Ideas\" to left edge\nexpect windows Notes 2")
        let file = w.stateHome.appendingPathComponent("slate/shell/arrangement.json")
        try Data("{\"windows\": 3".utf8).write(to: file)
        let w2 = ShellWorld(catalog: ["Notes": { NotesApp() }], stateHome: w.stateHome, scale: 1)
        try run(w2, "launch Notes restoring\nexpect windows Notes 2")
        #expect(FileManager.default.fileExists(atPath: file.path + ".unreadable"), "set aside, not deleted")
        #expect(!w2.shell.visibleWindows.isEmpty)
    }
}

/// The drawing shortcuts — views below opaque ones drawn only where they show, a window's picture
/// drawn again only where it changed — give the same pixels as drawing everything.
@MainActor @Suite struct DrawingShortcutsTests {
    /// The screen drawn whole, with every cached picture made anew.
    func drawnWhole(_ w: ShellWorld, culling: Bool) -> PixelImage {
        w.shell.environment.drawsOnlyWhatShows = culling
        defer { w.shell.environment.drawsOnlyWhatShows = true }
        for v in w.shell.allViews() where v.rasterizes { v.rasterizes = true }
        w.shell.damageAll()
        return w.host.frame()
    }

    /// The corners of the windows on screen, rounded in Split View: there the whole drawing lays the
    /// antialiased edge of every layer of the window over the last (a layer drawn over another, each
    /// covering part of an edge pixel, lets less of the wallpaper through than one layer would), and
    /// the shortcuts draw it once.
    func windowCorners(_ w: ShellWorld) -> [Rect] {
        let c = (ShellMetrics.windowCornerRadius * 1.528665).rounded(.up)
        return w.shell.visibleWindows.compactMap { w.shell.windows[$0]?.frameInRoot }.flatMap { f in
            [
                Rect(f.minX, f.minY, c, c), Rect(f.maxX - c, f.minY, c, c), Rect(f.minX, f.maxY - c, c, c),
                Rect(f.maxX - c, f.maxY - c, c, c),
            ]
        }
    }

    func expectSame(
        _ a: PixelImage, _ b: PixelImage, _ what: String, except corners: [Rect] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var elsewhere: [String] = []
        a.pixels.withUnsafeBytes { pa in
            b.pixels.withUnsafeBytes { pb in
                let (ua, ub) = (pa.bindMemory(to: UInt32.self), pb.bindMemory(to: UInt32.self))
                for i in 0..<min(ua.count, ub.count) where ua[i] != ub[i] {
                    let (x, y) = (i % a.width, i / a.width)
                    let p = Point((Double(x) + 0.5) / a.scale, (Double(y) + 0.5) / a.scale)
                    if !corners.contains(where: { $0.contains(p) }) { elsewhere.append("(\(x), \(y))") }
                }
            }
        }
        #expect(
            elsewhere.isEmpty, "\(what): \(elsewhere.count) pixels differ: \(elsewhere.prefix(10))",
            sourceLocation: sourceLocation)
    }

    @Test(arguments: [1.0, 2.0]) func coveredViewsAreDrawnOnlyWhereTheyShow(scale: Double) throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("slate-shell-\(UUID())")
        let w = ShellWorld(catalog: ["Notes": { NotesApp() }], stateHome: home, scale: scale)
        try run(w, "launch Notes")
        expectSame(drawnWhole(w, culling: true), drawnWhole(w, culling: false), "full screen")
        try run(w, "drag \"Ideas\" to right edge")
        w.host.run(for: 1)
        expectSame(
            drawnWhole(w, culling: true), drawnWhole(w, culling: false), "Split View", except: windowCorners(w))
        w.shell.showExpose(for: w.shell.apps[0])
        w.host.run(for: 0.5)
        expectSame(drawnWhole(w, culling: true), drawnWhole(w, culling: false), "Exposé")
    }

    @Test func aWindowsPictureIsDrawnAgainOnlyWhereItChanged() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("slate-shell-\(UUID())")
        let w = ShellWorld(catalog: ["Notes": { NotesApp() }], stateHome: home, scale: 2)
        try run(w, "launch Notes\ndrag \"Ideas\" to right edge")
        w.host.run(for: 1)
        let rows = w.shell.allViews().compactMap { $0 as? Label }.filter { $0.identifier == "note-row" }
        try #require(rows.count == 3)
        // One change, then another in the next frame: the first draws into the picture, the second
        // (content changing frame after frame) straight to the screen.
        rows[0].text = "Shopping list"
        let once = w.host.frame()
        expectSame(once, drawnWhole(w, culling: true), "a row changed once", except: windowCorners(w))
        rows[1].textColor = .systemRed
        w.host.frame()
        rows[1].textColor = .systemBlue
        let twice = w.host.frame()
        expectSame(
            twice, drawnWhole(w, culling: true), "a row changed in two frames running", except: windowCorners(w))
    }
}
