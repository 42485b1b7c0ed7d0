import Foundation
import Graphics
import Rendering
import Scenes
import ShellPorts
import SlateScripts
import Testing
import UI

@_spi(Testing) @testable import Shell

/// The shell follows what Settings writes, the moment it is written: the wallpaper (a built-in one,
/// a PNG file, a file that cannot be read), the language of the Home screen, and apps' notifications.
@MainActor @Suite(.serialized) struct SettingsFollowingTests {
    /// A pixel of the wallpaper, below the Home screen's icons and above the Dock.
    func wallpaperPixel(_ w: ShellWorld) -> RGBA {
        let frame = w.host.frame()
        return frame.pixel(x: 40, y: Int(w.shell.bounds.height * 0.72))
    }

    @Test func theWallpaperFollowsSettings() throws {
        let w = try systemWorld(scale: 1)
        var lines: [String] = []
        w.shell.environment.errors.log = { lines.append($0) }
        let slate = wallpaperPixel(w)
        w.shell.settings[.wallpaper] = "graphite"
        let graphite = wallpaperPixel(w)
        #expect(graphite != slate)
        #expect(abs(graphite.red - graphite.blue) < 0.02, "graphite is grey: \(graphite)")
        // A PNG file: a red picture fills the screen.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("slate-wallpaper-\(UUID()).png")
        defer { try? FileManager.default.removeItem(at: file) }
        let renderer = CairoRenderer()
        let red = renderer.render(size: Size(40, 30), scale: 1, appearance: .light) { c in
            c.fill(Path(Rect(0, 0, 40, 30)), with: Color(RGBA(1, 0, 0)))
        }
        try renderer.writePNG(red, to: file.path)
        w.shell.settings[.wallpaper] = file.path
        let picture = wallpaperPixel(w)
        #expect(picture.red > 0.95 && picture.green < 0.05 && picture.blue < 0.05, "the picture shows: \(picture)")
        #expect(lines.isEmpty)
        // A file that is not a picture: one line says so, and Slate's gradient shows.
        w.shell.settings[.wallpaper] = "/nonexistent/wallpaper.png"
        #expect(wallpaperPixel(w) == slate)
        #expect(lines.count == 1 && lines[0].contains("cannot show the wallpaper"), "\(lines)")
    }

    /// Automatic appearance: dark in the evening, light in the morning, written as Dark Mode (so that
    /// app processes follow it too); Light or Dark chosen turns it off in Settings, not here.
    @Test func automaticAppearanceFollowsTheTimeOfDay() throws {
        let w = try systemWorld(scale: 1)
        var services = SystemServices.fixed()
        services.time = FixedTime(hour: 20, minute: 5)
        w.shell.services = services
        #expect(w.shell.appearance == .light)
        w.shell.settings[.appearanceAutomatic] = true
        #expect(w.shell.settings[.darkMode] && w.shell.appearance == .dark, "20:05 is after sunset")
        services.time = FixedTime(hour: 7, minute: 30)
        w.shell.services = services
        #expect(!w.shell.settings[.darkMode] && w.shell.appearance == .light, "7:30 is after sunrise")
        w.shell.settings[.appearanceAutomatic] = false
        services.time = FixedTime(hour: 23, minute: 0)
        w.shell.services = services
        #expect(w.shell.appearance == .light, "off, the time of day changes nothing")
    }

    @Test func notificationsFollowTheirAppsSettings() throws {
        let w = try systemWorld(scale: 1)
        func post(_ id: UInt32, from app: String) {
            w.shell.post(
                ShellNotification(
                    id: id, appName: "Notes", title: "Title \(id)", body: "Body", date: Date(),
                    origin: .app(identifier: app, activity: nil)))
        }
        func banners() -> [UInt32] { w.shell.notificationBanners.map(\.notification.id) }
        func kept(_ id: UInt32) -> Bool { w.shell.notifications.contains { $0.id == id } }
        w.shell.settings[.notificationsAllowed] = ["org.slate.notes": false]
        post(1, from: "org.slate.notes")
        #expect(banners().isEmpty && !kept(1), "not allowed: not kept")
        w.shell.settings[.notificationsAllowed] = [:]
        w.shell.settings[.notificationBanners] = ["org.slate.notes": false]
        post(2, from: "org.slate.notes")
        #expect(banners().isEmpty, "no banner")
        #expect(kept(2), "kept in Notification Center")
        post(3, from: "org.slate.mail")
        #expect(banners() == [3], "another app's banner shows")
    }
}
