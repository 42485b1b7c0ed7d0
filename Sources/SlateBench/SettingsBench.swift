import Compositor
import Foundation
import Graphics
import Host
import Mail
import Scenes
import Settings
import Shell
import SlateSystem
import UI

/// Settings' figures: its first frame beside Mail's, measured the same way, and a change of
/// appearance made in Settings until every window on the screen is drawn again.
extension Bench {
    static var settingsCases: [Case] {
        [
            Case(name: "settings.first-frame@2x") { firstFrame(of: "org.slate.settings") },
            Case(name: "settings.mail-first-frame@2x") { firstFrame(of: "org.slate.mail") },
            Case(name: "settings.dark-all-windows@2x") { appearanceEveryWindow() },
            Case(name: "settings.text-size-all-windows@2x") { appearanceEveryWindow(textSize: true) },
            Case(name: "settings.dark-app-processes@2x") { appearanceAppProcesses() },
        ]
    }

    /// From tapping the app's icon (Notes in front, the app not yet opened) to the end of the first
    /// frame that shows its window's list — the same for Settings and Mail, on fresh screens.
    static func firstFrame(of identifier: String) -> Result {
        var xs: [Double] = []
        var frames: [Double] = []
        for n in 0..<12 {
            let s = ShellScreen(scale: 2, apps: [.notes, .mail, .settings])
            defer { s.close() }
            guard let app = s.shell.app(identifier) else { fail("bench: \(identifier) is not installed", code: 1) }
            let t0 = now()
            s.shell.openApp(app)
            var count = 1
            s.host.frame()
            while !showsList(s.shell, of: identifier) {
                precondition(count < 10, "\(identifier)'s window did not show")
                s.clock.advance(by: HeadlessHost.frameInterval)
                s.host.frame()
                count += 1
            }
            // The first runs warm the text engine's and the symbols' caches.
            if n > 1 {
                xs.append((now() - t0) * 1000)
                frames.append(Double(count))
            }
        }
        var r = result(
            identifier == "org.slate.settings" ? "settings.first-frame@2x" : "settings.mail-first-frame@2x", xs)
        r.extra["frames"] = median(frames)
        return r
    }

    /// Whether the focused window is `identifier`'s and shows its list's rows.
    static func showsList(_ shell: Shell, of identifier: String) -> Bool {
        guard let id = shell.focusedWindow, let w = shell.windows[id], w.alpha > 0.001,
            w.app.identifier == identifier
        else { return false }
        if let settings = w.scene.rootView as? SettingsWindowView { return !settings.sectionList.visibleRows.isEmpty }
        if let mail = w.scene.rootView as? MailboxWindowView { return !mail.messageList.visibleRows.isEmpty }
        return false
    }

    /// Four windows of Mail, Notes and Settings side by side in Windowed Apps; Dark Mode (or with
    /// `textSize`, the largest text size and the default) turned on and off in the settings store as
    /// Settings does, each time until the end of the frame that draws every window again with it.
    static func appearanceEveryWindow(textSize: Bool = false) -> Result {
        let s = ShellScreen(scale: 2, apps: [.mail, .notes, .settings])
        defer { s.close() }
        s.shell.setMultitasking(.windowed)
        for id in ["org.slate.notes", "org.slate.settings"] {
            guard let app = s.shell.app(id) else { fail("bench: \(id) is not installed", code: 1) }
            s.shell.openApp(app)
            s.host.run(for: 1)
        }
        s.shell.environment.errors.attempt(SceneStrings.openTheWindow, userAction: false) {
            try s.mail.activate(ActivationRequest(forcesNewWindow: true, role: .primary))
        }
        s.host.run(for: 1)
        let windows = Double(s.shell.windows.values.filter { s.shell.isOnScreen($0.id) }.count)
        var on = false
        let xs = sample(40, warmup: 4) {
            on.toggle()
            if textSize {
                s.shell.settings[.textSize] = on ? 23 : 17
            } else {
                s.shell.settings[.darkMode] = on
            }
            s.host.frame()
        }
        var r = result(textSize ? "settings.text-size-all-windows@2x" : "settings.dark-all-windows@2x", xs)
        r.extra["windows"] = windows
        return r
    }

    /// Mail, Notes and Settings each a process of its own in the headless compositor, their windows
    /// side by side in Windowed Apps, sharing a settings file with the shell: Dark Mode turned on and
    /// off in the shell's store (saved to the file as Settings saves it), each time until every app's
    /// window on the shell shows the new appearance (each process saw the file change through inotify,
    /// drew again and committed its buffer).
    static func appearanceAppProcesses() -> Result {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("slate-bench-dark-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = compositorRig(scale: 2)
        defer { rig.shutdown() }
        let config = dir.appendingPathComponent("config")
        rig.shell.settings = SettingsStore(configHome: config)
        var apps: [(process: ProcessApp, app: ShellApp)] = []
        for entry in [AppEntry.mail, .notes, .settings] {
            do {
                let p = try AppCommand.processApp(
                    entry, options: ["state-dir": dir.appendingPathComponent("state").path],
                    environment: [
                        "XDG_DATA_HOME=\(dir.appendingPathComponent("data").path)", "XDG_CONFIG_HOME=\(config.path)",
                        "SLATE_NOTES_DIR=\(dir.appendingPathComponent("Notes").path)",
                    ])
                apps.append((p, rig.shell.install(p, restoring: false)))
            } catch {
                fail("bench: cannot describe \(entry.name): \(error)", code: 1)
            }
        }
        rig.launcher.install()
        rig.shell.setMultitasking(.windowed)
        for (process, app) in apps {
            rig.shell.openApp(app)
            guard rig.run(until: { process.toplevels.values.contains { $0.picture != nil } }, timeout: 20) else {
                fail("bench: \(app.identifier) showed no window", code: 1)
            }
        }
        rig.run(for: 1)
        /// Whether the app's window shows `dark`: a pixel of its background, low in the window.
        func shows(_ process: ProcessApp, dark: Bool) -> Bool {
            guard let picture = process.toplevels.values.first?.picture, picture.width > 0 else { return false }
            let p = picture.pixel(x: picture.width / 2, y: picture.height * 9 / 10)
            return ((p.red + p.green + p.blue) / 3 < 0.5) == dark
        }
        var xs: [Double] = []
        for n in 0..<12 {
            let dark = n % 2 == 0
            let t0 = now()
            rig.shell.settings[.darkMode] = dark
            guard rig.run(until: { apps.allSatisfy { shows($0.process, dark: dark) } }, timeout: 5) else {
                fail("bench: the app processes did not turn \(dark ? "dark" : "light")", code: 1)
            }
            if n > 1 { xs.append((now() - t0) * 1000) }
        }
        var r = result("settings.dark-app-processes@2x", xs)
        r.extra["processes"] = Double(apps.count)
        return r
    }
}
