import Foundation
import Graphics
import Host
import Rendering
import Scenes
import ShellPorts
import SlateTesting
import Testing
@_spi(Testing) import UI

@_spi(Testing) @testable import Shell
@testable import SlateScripts
@testable import SystemUI

/// Screenshots: the keys, the flash and thumbnail, the file, and a folder that cannot be written.
@MainActor @Suite(.serialized) struct ScreenshotTests {
    @Test func printSavesAPNGAndShowsItsThumbnailWhichOpensAndGoesAway() throws {
        let w = try systemWorld(window: true, scale: 1)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("slate-shots-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        w.shell.screenshotsFolder = folder
        w.host.key(KeyPress(.print))
        #expect(w.shell.isScreenshotThumbnailShown)
        w.host.run(for: 0.5)
        expectReference(w.host.frame(), "screenshot-thumbnail")
        let saved = try #require(w.shell.savedScreenshots.first)
        #expect(URL(fileURLWithPath: saved).lastPathComponent == "Screenshot from 2026-11-29 09-41-00.png")
        let png = try CairoRenderer().readPNG(saved, scale: 1)
        #expect(png.width == 1366 && png.height == 1024)
        // Ctrl+Shift+3, and power with volume up: two more, named apart.
        w.host.key(KeyPress(.character("3"), modifiers: [.control, .shift]))
        w.host.key(KeyPress(.power))
        w.host.key(KeyPress(.volumeUp))
        w.host.run(for: 0.5)
        #expect(
            w.shell.savedScreenshots.map { URL(fileURLWithPath: $0).lastPathComponent }.dropFirst() == [
                "Screenshot from 2026-11-29 09-41-00 (2).png", "Screenshot from 2026-11-29 09-41-00 (3).png",
            ])
        // Volume up alone is the volume.
        let audio = try #require(w.shell.services.audio as? FixedAudio)
        w.host.key(KeyPress(.volumeUp))
        #expect(audio.output?.volume == 0.5 + ShellMetrics.volumeStep)
        // A tap on the thumbnail shows the picture whole; Done closes it.
        try run(w, "tap \"Screenshot\"\nexpect visible \"Done\"\ntap \"Done\"\nexpect not visible \"Done\"")
        // Another, swiped away to the left.
        w.host.key(KeyPress(.print))
        w.host.run(for: 0.5)
        let thumb = try #require(w.shell.screenCapture.screenshot).frameInRoot
        let id = w.host.touchDown(at: thumb.center)
        w.host.drag(id, from: thumb.center, to: Point(thumb.midX - 200, thumb.midY), duration: 0.15)
        w.host.touchUp(id, at: Point(thumb.midX - 200, thumb.midY))
        #expect(!w.shell.isScreenshotThumbnailShown)
        // Left alone, a thumbnail goes after a while.
        w.host.key(KeyPress(.print))
        w.host.run(for: ShellMetrics.screenshotThumbnailLife + 0.5)
        #expect(!w.shell.isScreenshotThumbnailShown)
    }

    @Test func aFolderThatCannotBeWrittenIsSaidToThePerson() throws {
        let w = try systemWorld(window: true, scale: 1)
        let blocked = FileManager.default.temporaryDirectory.appendingPathComponent("slate-blocked-\(UUID())")
        try Data().write(to: blocked)
        defer { try? FileManager.default.removeItem(at: blocked) }
        w.shell.screenshotsFolder = blocked.appendingPathComponent("Screenshots")
        w.host.key(KeyPress(.print))
        w.host.run(for: 0.3)
        #expect(w.shell.savedScreenshots.isEmpty)
        #expect(
            w.shell.bannerMessage?.hasPrefix("cannot save the screenshot") == true, "\(w.shell.bannerMessage ?? "")")
    }
}
