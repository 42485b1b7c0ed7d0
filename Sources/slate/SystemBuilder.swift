import Foundation
import Graphics
import Guidelines
import Mail
import MailStore
import Menus
import Rendering
import Scenes
import Shell
import UI

/// Puts the system together: the shell, the apps, where their data and state live.
@MainActor enum SystemBuilder {
    /// The date headless runs believe it is: iPad marketing's 9:41, on the day the tour was made.
    nonisolated static let headlessDate = ISO8601DateFormatter().date(from: "2026-11-29T09:41:00Z")!

    struct Places {
        var stateHome: URL?
        var maildir: URL
        var now: @Sendable () -> Date
        /// Whether a sample may be written into an empty `maildir`: only Slate's own folders, never a
        /// path the user gave.
        var writesSample = true
    }

    /// The user's places: `$XDG_STATE_HOME`, the Maildir from `--maildir`, `SLATE_MAILDIR` or
    /// `$XDG_DATA_HOME/slate/mail` (a sample is written there on first run).
    static func userPlaces(_ args: Arguments) throws -> Places {
        let env = ProcessInfo.processInfo.environment
        let dataHome: URL
        if let d = env["XDG_DATA_HOME"], d.hasPrefix("/") {
            dataHome = URL(fileURLWithPath: d)
        } else {
            dataHome = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
        }
        let given = args.options["maildir"] ?? env["SLATE_MAILDIR"].flatMap { $0.isEmpty ? nil : $0 }
        if let given {
            // A Maildir the user names must be one: never create it or write the sample into it.
            var isFolder: ObjCBool = false
            let cur = URL(fileURLWithPath: given).appendingPathComponent("cur").path
            guard FileManager.default.fileExists(atPath: cur, isDirectory: &isFolder), isFolder.boolValue else {
                throw UsageError("no Maildir at \(given) (a Maildir has cur, new and tmp folders)")
            }
        }
        let maildir = given.map { URL(fileURLWithPath: $0) } ?? dataHome.appendingPathComponent("slate/mail")
        let state =
            args.options["state-dir"].map { URL(fileURLWithPath: $0) }
            ?? RestorationStore.defaultStateHome(environment: env)
        return Places(stateHome: state, maildir: maildir, now: { Date() }, writesSample: given == nil)
    }

    /// Places of a throwaway run: a fresh sample Maildir and state in a temporary folder, a fixed date.
    static func scratchPlaces() -> Places {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "slate-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        ScratchFolders.shared.add(dir)
        return Places(
            stateHome: dir.appendingPathComponent("state"), maildir: dir.appendingPathComponent("mail"),
            now: { headlessDate })
    }

    /// Mail over the Maildir at `places.maildir`; a sample is written only into an empty or new folder.
    static func makeMail(_ places: Places) throws -> MailApp {
        let isUserMaildir = FileManager.default.fileExists(atPath: places.maildir.appendingPathComponent("cur").path)
        let library = try MailLibrary.open(
            root: places.maildir, writeSampleIfEmpty: places.writesSample && !isUserMaildir, now: places.now)
        for p in library.problems { FileHandle.standardError.write(Data("slate mail: \(p)\n".utf8)) }
        return MailApp(library: library)
    }

    /// The apps scripts and the tour can launch by name.
    static func catalog(_ places: Places) -> [String: () -> any Application] {
        var mail: MailApp?
        return [
            "Mail": {
                if let m = mail { return m }
                do {
                    let m = try makeMail(places)
                    mail = m
                    return m
                } catch {
                    fatalError("slate: cannot open the Maildir \(places.maildir.path): \(error)")
                }
            }
        ]
    }

    /// Dresses a shell with the layers the shell does not know: context menus on icons and items.
    static func prepare(_ shell: Shell) {
        MenusWiring.install(on: shell)
    }

    /// The shell with Mail installed; Mail's windows come back, or its first window opens.
    static func makeShell(device: Device, clock: any Clock, places: Places) throws -> Shell {
        let shell = Shell(device: device, clock: clock, stateHome: places.stateHome)
        prepare(shell)
        #if DEBUG
            // Debug builds say in the console where the apps break the guidelines, once per finding.
            let monitor = GuidelineMonitor()
            shell.onWindowPlaced = { app in monitor.check(scenes: app.connectedScenes) }
        #endif
        let mail = try makeMail(places)
        let app = shell.install(mail)
        if shell.visibleWindows.isEmpty { shell.openApp(app) }
        return shell
    }
}

/// Connects the context menus to the shell: the app icon's menu (W2c) and the multitasking menu.
@MainActor enum MenusWiring {
    static func install(on shell: Shell) {
        MenuEnvironment.renderer = CairoRenderer()
        MenuEnvironment.safeAreaInsets = shell.device.safeAreaInsets
        shell.iconDecorator = { [weak shell] icon, app in
            let interaction = ContextMenuInteraction { [weak shell, weak app] _ in
                guard let shell, let app else { return nil }
                return ContextMenuConfiguration(identifier: "system.app-icon") { _ in
                    Menu(identifier: "system.app-icon") {
                        Menu(options: .displayInline) {
                            for q in app.application.quickActions {
                                Action(q.title, image: q.symbol) { _ in
                                    _ = try? app.activate(ActivationRequest(userActivity: q.activity))
                                }
                            }
                        }
                        Menu(options: .displayInline) {
                            Action(
                                ShellStrings.showAllWindows, image: "square.grid.2x2", identifier: "show-all-windows"
                            ) { _ in
                                shell.showExpose(for: app)
                            }
                            Action(ShellStrings.newWindow, image: "plus", identifier: "new-window") { _ in
                                shell.newWindow(of: app)
                            }
                        }
                    }
                }
            }
            icon.addInteraction(interaction)
        }
        shell.multitaskingPresenter = { [weak shell] frame in
            guard let shell else { return }
            let id = frame.id
            let interaction = ContextMenuInteraction { _ in
                ContextMenuConfiguration(identifier: "system.multitasking") { _ in
                    Menu(identifier: "system.multitasking") {
                        Action(ShellStrings.fullScreen, image: "rectangle", identifier: "full-screen") { _ in
                            shell.show(fullScreen: id)
                        }
                        Action(ShellStrings.splitView, image: "square.split.2x1", identifier: "split-view") { _ in
                            shell.show(split: id, on: .left)
                        }
                        Action(ShellStrings.slideOver, image: "rectangle.on.rectangle", identifier: "slide-over") { _ in
                            shell.show(slideOver: id)
                        }
                    }
                }
            }
            frame.control.interactions.forEach { frame.control.removeInteraction($0) }
            frame.control.addInteraction(interaction)
            _ = interaction.present(
                at: frame.control.convert(Point(frame.control.bounds.midX, frame.control.bounds.maxY), to: nil),
                form: .compact)
        }
    }
}
