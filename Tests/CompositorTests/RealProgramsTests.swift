import Compositor
import Foundation
import Graphics
import Host
import Shell
import Testing
import UI

/// Real programs nobody here wrote, each drawing in a way of its own, on the real clock: Firefox
/// (its page in a subsurface) beside Mail, mpv's GPU output (OpenGL through Mesa's software path,
/// in a 10-bit format), and a Qt Quick window (OpenGL too). Set-up installs every one of them; a
/// missing one fails its test.
@MainActor @Suite(.serialized, .timeLimit(.minutes(minutesAllowed(3)))) struct RealProgramsTests {
    /// Where a toplevel's window is on the screen (points), and the picture's scale there.
    static func screenRect(_ rig: Rig, _ top: ClientToplevel) -> Rect? {
        guard let frame = rig.shell.window(showing: top), let view = frame.scene.rootView as? ForeignSurfaceView
        else { return nil }
        return view.convert(view.surfaceRect, to: nil)
    }

    /// The colour of the screen at a point (points).
    static func colour(_ rig: Rig, _ p: Point) -> RGBA {
        let fb = rig.framebuffer
        return fb.pixel(x: Int(p.x * fb.scale), y: Int(p.y * fb.scale))
    }

    /// How many sampled points of `r` (points, every 2) are `colour`, within `tolerance`.
    static func count(_ rig: Rig, _ r: Rect, _ colour: RGBA, _ tolerance: Double = 0.08) -> Int {
        var n = 0
        for y in stride(from: r.minY, to: r.maxY, by: 2) {
            for x in stride(from: r.minX, to: r.maxX, by: 2)
            where close(Self.colour(rig, Point(x, y)), colour, tolerance) {
                n += 1
            }
        }
        return n
    }

    // MARK: Firefox

    static let pageBlue = RGBA(0, 80.0 / 255, 1, 1)
    static let bandYellow = RGBA(1, 1, 0, 1)
    static let pageGreen = RGBA(0, 160.0 / 255, 0, 1)

    /// A page of known colours: a yellow band with large black text on a blue page, long enough to
    /// scroll, whose lower part is green.
    static func writePages(in dir: URL) throws -> (first: URL, second: URL) {
        let first = dir.appendingPathComponent("page.html")
        try """
        <!doctype html><meta charset="utf-8"><title>Slate test page</title>
        <style>html, body { margin: 0; background: #0050ff }
        #band { background: #ffff00; color: #000; height: 200px; font: bold 120px sans-serif }</style>
        <div id="band">SLATE</div><div style="height: 4000px"></div>
        <div style="background: #00a000; height: 4000px"></div>
        """.write(to: first, atomically: true, encoding: .utf8)
        let second = dir.appendingPathComponent("second.html")
        try """
        <!doctype html><meta charset="utf-8"><title>Second page</title>
        <style>html, body { margin: 0; background: #00a000 } input { font-size: 40px }</style><p>Typed</p>
        <input id="field" autofocus oninput="document.title = 'Typed: ' + this.value">
        """.write(to: second, atomically: true, encoding: .utf8)
        return (first, second)
    }

    /// A Firefox profile that opens just the page asked for: no first-run pages, no default-browser
    /// question, nothing fetched from the network.
    static func writeProfile(in dir: URL) throws -> URL {
        let profile = dir.appendingPathComponent("profile")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        let prefs = [
            "browser.shell.checkDefaultBrowser": "false", "browser.startup.homepage_override.mstone": "\"ignore\"",
            "browser.aboutwelcome.enabled": "false", "datareporting.policy.dataSubmissionEnabled": "false",
            "toolkit.telemetry.reportingpolicy.firstRun": "false", "browser.startup.firstrunSkipsHomepage": "true",
            "app.update.enabled": "false", "browser.sessionstore.resume_from_crash": "false",
            "extensions.autoDisableScopes": "15", "network.proxy.type": "0",
            "browser.tabs.warnOnClose": "false", "general.smoothScroll": "false",
        ]
        let userJS = prefs.map { "user_pref(\"\($0.key)\", \($0.value));" }.sorted().joined(separator: "\n")
        try userJS.write(to: profile.appendingPathComponent("user.js"), atomically: true, encoding: .utf8)
        return profile
    }

    /// Firefox opens a local page beside Mail in Split View and draws it — the page's colours and its
    /// text in Firefox's half, Mail's in the other —, fills the half it is given, scrolls the page
    /// under the wheel, opens its context menu at a right click, and takes an address typed into it.
    @Test func firefoxDrawsItsPageBesideMailScrollsOpensItsMenuAndIsTypedInto() throws {
        #expect(tool("firefox-esr"), "set-up installs firefox-esr")
        guard tool("firefox-esr") else { return }
        let dir = try AppProcessTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pages = try Self.writePages(in: dir)
        let profile = try Self.writeProfile(in: dir)
        let rig = try Rig()
        defer { rig.shutdown() }
        guard let (_, _, inbox) = rig.openMail(in: dir) else { return }

        try rig.launch([
            "env", "HOME=\(dir.path)", "MOZ_ENABLE_WAYLAND=1", "firefox-esr", "--new-instance", "--profile",
            profile.path,
            pages.first.absoluteString,
        ])
        let firefox = { rig.host.compositor.toplevels.first { $0.appID.hasPrefix("firefox") } }
        guard rig.wait(60, "Firefox's window", { firefox()?.picture != nil }), let top = firefox(),
            let window = rig.shell.window(showing: top)
        else { return }
        // It opens full screen and fills the screen below the status bar (it once stayed 1281 points wide).
        guard rig.wait(20, "Firefox full screen", { top.picture?.size == Size(1366, 980) }) else {
            Issue.record("Firefox's picture full screen: \(String(describing: top.picture?.size))")
            return
        }
        rig.shell.show(fullScreen: inbox)
        rig.shell.show(split: window.id, on: .right)
        let half = Size((1366 - 10) / 2, 980)
        guard rig.wait(20, "Firefox at half the screen", { top.picture?.size == half }) else {
            Issue.record("Firefox's picture: \(String(describing: top.picture?.size)), not \(half)")
            return
        }
        rig.settle()
        let r = try #require(Self.screenRect(rig, top))
        #expect(r.minX > 600, "Firefox at the right: \(r)")
        #expect(abs(r.width - half.width) < 1, "Firefox fills its half: \(r)")
        // The page: below Firefox's toolbars (at most 150 pt of them), blue with the yellow band.
        let page = Rect(r.minX, r.minY + 150, r.width, r.height - 150)
        guard
            rig.wait(
                30, "the page drawn", { Self.count(rig, page, Self.pageBlue) > Int(page.width * page.height / 4 * 0.5) }
            )
        else {
            rig.snapshot("firefox-no-page")
            Issue.record("the page's blue is not in Firefox's half: \(rig.meanColor(page))")
            return
        }
        rig.settle()
        rig.snapshot("firefox-beside-mail")
        let top150 = Rect(r.minX, r.minY, r.width, 400)
        let yellow = Self.count(rig, top150, Self.bandYellow)
        #expect(yellow > 2000, "the page's yellow band: \(yellow) points")
        // Its text: black on the band, the band's rows found by their yellow.
        let bandRows = stride(from: r.minY, to: r.minY + 400, by: 2).filter {
            close(Self.colour(rig, Point(r.maxX - 20, $0)), Self.bandYellow)
        }
        let band = Rect(r.minX, bandRows.first ?? r.minY, r.width, Double(bandRows.count * 2))
        let text = Self.count(rig, band, RGBA(0, 0, 0, 1), 0.25)
        #expect(text > 300, "the page's text on its band: \(text) dark points in \(band)")
        // Mail keeps its half, light with its text.
        let mailHalf = Rect(20, 100, 600, 800)
        #expect(rig.meanColor(mailHalf).red > 0.7 && rig.darkPixels(in: mailHalf) > 200, "Mail's half")

        // The wheel over the page scrolls it down to the green part.
        let middle = Point(page.midX, page.midY)
        rig.host.host.pointer(.hover(middle))
        for _ in 0..<30 {
            rig.host.host.pointer(.scroll(middle, dx: 0, dy: 200))
            rig.host.run(for: 0.05)
        }
        rig.wait(20, "the page scrolled to its green part") {
            Self.count(rig, page, Self.pageGreen) > Int(page.width * page.height / 4 * 0.5)
        }

        // A right click on the page opens Firefox's own context menu (a popup of its window), and
        // Escape closes it.
        rig.host.host.pointer(.secondaryClick(middle))
        if rig.wait(10, "Firefox's context menu", { !top.openPopups.isEmpty }) {
            rig.settle()
            rig.snapshot("firefox-context-menu")
            let menu = try #require(top.openPopups.first)
            #expect(menu.frame.width > 100 && menu.frame.height > 100, "its menu: \(menu.frame)")
            rig.host.host.key(KeyPress(.escape))
            rig.wait(10, "the menu to close") { top.openPopups.isEmpty }
        }

        // An address typed into it (Ctrl+L, then the keys) opens that page.
        rig.shell.focus(window.id)
        rig.host.host.key(try #require(KeyPress(parsing: "ctrl+l")))
        rig.host.run(for: 0.5)
        rig.host.host.type(pages.second.absoluteString)
        rig.host.host.key(KeyPress(.return))
        guard rig.wait(20, "the page typed in", { top.title.contains("Second page") }) else {
            Issue.record("Firefox did not open the typed address: \(top.title)")
            return
        }

        // On the glass: the page's field has the focus (autofocus), so the keyboard comes up for it
        // (Firefox through GTK's text-input-v3), and a word tapped on its keys reaches the page.
        rig.shell.keyboardPolicy = .onScreen
        guard rig.wait(20, "the keyboard for Firefox's field", { rig.shell.isKeyboardShown }) else {
            rig.snapshot("firefox-no-keyboard")
            Issue.record("the keyboard did not come up for the page's field")
            return
        }
        rig.settle()
        // (The window's title is the page's with " — Mozilla Firefox" after it.)
        try rig.tapKey("H", holding: { top.title.hasPrefix("Typed: H") })
        // Shift, on at the field's start, goes off after the capital.
        rig.wait(5, "the keys in lower case") {
            rig.shell.onScreenKeyboard?.view.allViews().contains { $0.accessibilityLabel == "i" } == true
        }
        try rig.tapKey("i", holding: { top.title.hasPrefix("Typed: Hi") })
        #expect(rig.wait(10, "Hi typed into the page") { top.title.hasPrefix("Typed: Hi") }, "title: \(top.title)")
        rig.snapshot("firefox-typed-on-the-glass")
    }

    // MARK: mpv

    /// mpv's GPU output (OpenGL, Mesa's software renderer drawing into shared memory in a 10-bit
    /// format) shows lavfi's test pattern: its eight bars in their colours, at the top and bottom of
    /// the picture, scaled to the window.
    @Test func mpvsGPUOutputShowsItsTestPattern() throws {
        #expect(tool("mpv"), "set-up installs mpv")
        guard tool("mpv") else { return }
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.launch([
            "mpv", "--no-config", "--vo=gpu", "--gpu-context=wayland", "--no-audio", "--loop=inf", "--pause",
            "--title=mpv test pattern", "av://lavfi:testsrc=size=640x480:rate=30",
        ])
        guard rig.wait(30, "mpv's window", { rig.toplevel(titled: "mpv test pattern")?.picture != nil }),
            let top = rig.toplevel(titled: "mpv test pattern")
        else { return }
        let full = Size(1366, 980)
        guard rig.wait(20, "mpv at the full screen's size", { top.picture?.size == full }) else {
            Issue.record("mpv's picture: \(String(describing: top.picture?.size))")
            return
        }
        rig.host.run(for: 1)
        rig.settle()
        rig.snapshot("mpv-gpu")
        let picture = try #require(top.picture)
        // 640 × 480 scaled to fit 1366 × 980: 1306.7 × 980, centred across.
        let scale = 980.0 / 480
        let left = (1366 - 640 * scale) / 2
        let bars = [
            RGBA(0, 0, 0, 1), RGBA(1, 0, 0, 1), RGBA(1, 0, 1, 1), RGBA(0, 0, 1, 1), RGBA(1, 1, 0, 1), RGBA(0, 1, 0, 1),
            RGBA(0, 1, 1, 1), RGBA(1, 1, 1, 1),
        ]
        for (k, colour) in bars.enumerated() {
            for row in [10.0, 450.0] {
                let x = Int(left + (40 + 80 * Double(k)) * scale)
                let y = Int(row * scale)
                let p = picture.pixel(x: x, y: y)
                #expect(close(p, colour, 0.1), "bar \(k) at (\(x), \(y)): \(p), not \(colour)")
            }
        }
    }

    // MARK: Qt Quick

    /// A Qt Quick window (OpenGL through Mesa's software path) shows its two colours and its text.
    @Test func aQtQuickWindowShowsWhatItDraws() throws {
        let qml = "/usr/lib/qt6/bin/qml"
        #expect(FileManager.default.isExecutableFile(atPath: qml), "set-up installs qml-qt6")
        guard FileManager.default.isExecutableFile(atPath: qml) else { return }
        let dir = try ProgramsDrawTests.folder("qml")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("colours.qml")
        try """
        import QtQuick
        import QtQuick.Window
        Window {
            visible: true; title: "Qt Quick colours"; color: "#ff00ff"; width: 400; height: 300
            Rectangle { width: parent.width / 2; height: parent.height; color: "#00ffff" }
            Text { anchors.centerIn: parent; text: "Qt Quick"; font.pixelSize: 64; color: "black" }
        }
        """.write(to: file, atomically: true, encoding: .utf8)
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.launch([qml, file.path])
        guard rig.wait(30, "the Qt Quick window", { rig.toplevel(titled: "Qt Quick colours")?.picture != nil }),
            let top = rig.toplevel(titled: "Qt Quick colours")
        else { return }
        guard rig.wait(20, "it at the full screen's size", { top.picture?.size == Size(1366, 980) }) else {
            Issue.record("its picture: \(String(describing: top.picture?.size))")
            return
        }
        rig.host.run(for: 0.5)
        rig.settle()
        rig.snapshot("qt-quick")
        let r = try #require(Self.screenRect(rig, top))
        #expect(close(rig.meanColor(Rect(r.minX + 20, r.minY + 20, 300, 300)), RGBA(0, 1, 1, 1)), "the left half")
        #expect(close(rig.meanColor(Rect(r.maxX - 320, r.minY + 20, 300, 300)), RGBA(1, 0, 1, 1)), "the right half")
        let text = Self.count(rig, Rect(r.midX - 200, r.midY - 50, 400, 100), RGBA(0, 0, 0, 1), 0.25)
        #expect(text > 200, "its text: \(text) dark points")
    }
}
