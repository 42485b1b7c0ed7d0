import Foundation
import Graphics
import Testing
@_spi(Testing) import UI

@testable import Shell
@testable import SlateScripts

/// App Exposé as a person reads it: Recently Closed legible over the wallpaper and in the
/// accessibility tree, and windows of one title told apart.
@MainActor @Suite struct ExposeTests {
    /// WCAG's relative luminance of an sRGB colour.
    static func luminance(_ c: RGBA) -> Double {
        func lin(_ v: Double) -> Double { v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        return 0.2126 * lin(c.red) + 0.7152 * lin(c.green) + 0.0722 * lin(c.blue)
    }

    static func contrast(_ a: RGBA, _ b: RGBA) -> Double {
        let (l1, l2) = (luminance(a), luminance(b))
        return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
    }

    @Test func recentlyClosedIsReadableAndInTheTree() throws {
        let w = world()
        try run(w, "launch Notes\ndrag \"Ideas\" to right edge\ntap \"Done\"")
        let app = try #require(w.shell.apps.first)
        #expect(app.recentlyClosed.map(\.title) == ["Ideas"])
        w.shell.showExpose(for: app)
        w.host.run(for: 0.5)
        let expose = try #require(w.shell.expose)
        let chip = try #require(expose.closedCells.first)
        let image = w.host.frame()
        // The chip's own colour, just inside its corner radius, against its white text.
        let f = chip.frameInRoot
        let ground = image.pixel(x: Int(f.minX + 6), y: Int(f.midY))
        let ratio = Self.contrast(ground, RGBA(1, 1, 1))
        #expect(ratio >= 4.5, "Recently Closed text contrast \(ratio):1")
        let elements = expose.accessibilityElements()
        let header = try #require(elements.first { $0.label == "Recently Closed" })
        #expect(header.traits.contains(.header))
        let item = try #require(elements.first { $0.label == "Ideas" })
        #expect(item.traits.contains(.button))
    }

    @Test func windowsWithOneTitleAreToldApart() throws {
        // The world first: it sets English, which another suite's script may have left Russian.
        let w = world()
        #expect(
            ExposeView.subtitles(
                [("Inbox", ""), ("Drafts", ""), ("Inbox", ""), ("Inbox", "3 unread")], language: .en)
                == ["Window 1", "", "Window 2", "3 unread"])
        try run(w, "launch Notes\nkey ctrl+n\nkey ctrl+n")
        let app = try #require(w.shell.apps.first)
        w.shell.showExpose(for: app)
        w.host.run(for: 0.5)
        let labels = try #require(w.shell.expose).cells.map { $0.accessibilityLabel ?? "" }
        #expect(labels.sorted() == ["Notes, Window 1", "Notes, Window 2", "Notes, Window 3"])
    }

    /// Exposé's snapshots and their pictures are made before its first frame: its frames, and the
    /// frames of a snapshot swiped under a finger, only copy pictures.
    @Test func exposeFramesDrawNoPictures() throws {
        let w = world()
        try run(w, "launch Notes\nkey ctrl+n\nkey ctrl+n")
        let app = try #require(w.shell.apps.first)
        w.shell.showExpose(for: app)
        let before = View.picturesDrawn
        w.host.frame()
        let cell = try #require(w.shell.expose?.cells.first)
        let start = cell.frameInRoot.center
        let id = w.host.touchDown(at: start)
        w.host.drag(id, from: start, to: Point(start.x, start.y - 50), duration: 0.2)
        w.host.drag(id, from: Point(start.x, start.y - 50), to: start, duration: 0.2)
        w.host.touchUp(id, at: start)
        w.host.run(for: 0.3)
        #expect(View.picturesDrawn == before)
        #expect(w.shell.expose?.cells.count == 3)
        #expect(cell.thumbnail.snapshot != nil)
    }
}
