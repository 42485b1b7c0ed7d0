import Foundation
import Graphics
import Scenes
import SystemUI
import UI
import Windowing

/// Where the windows were on the screen, as the shell keeps it across its own restarts
/// (`$XDG_STATE_HOME/slate/shell/arrangement.json`): the window manager itself — the mode, each
/// mode's arrangement (full screen, Split View and its width, Slide Over, centred; each window's
/// frame, tile, full screen or place in the Dock, and their stacking), which window took input, and
/// each window's app and role. The apps keep what each window shows; this is only where it goes.
public struct SavedArrangement: Codable, Equatable, Sendable {
    /// The window manager as it was.
    public var manager: WindowManager
    /// The format, so a later Slate knows what it reads (1: Full-Screen Apps only, before the
    /// window manager; still read).
    public var version = 2

    /// The left window's share of the screen's width in Split View, when two share it.
    public var fraction: Double? {
        if case .split(_, _, let f) = manager.fullScreen.arrangement { return f }
        return nil
    }

    /// The window that took input.
    public var focused: String? { manager.focused }
}

/// The first format (version 1): Full-Screen Apps' arrangement, read into a window manager.
struct SavedArrangementVersion1: Codable {
    var windows: [String]
    var fraction: Double?
    var slideOver: String?
    var slideOverHidden: Bool
    var center: String?
    var focused: String?
    var owners: [String: String] = [:]
    var auxiliary: [String] = []
    var version: Int

    /// The same arrangement as a window manager on a screen of `screen` points.
    func manager(screen: Size) -> WindowManager {
        var m = WindowManager(screen: screen, chrome: ShellMetrics.windowChrome)
        for id in windows + [slideOver, center].compactMap({ $0 }) {
            m.open(id, app: owners[id] ?? "", auxiliary: auxiliary.contains(id))
        }
        if let first = windows.first { m.showFullScreen(first) }
        if windows.count == 2 {
            m.showSplit(windows[1], on: .right)
            if let fraction { m.setSplitFraction(fraction) }
        }
        if windows.isEmpty { m.goHome() }
        if let s = slideOver {
            m.showSlideOver(s)
            if slideOverHidden { m.setSlideOverHidden(true) }
        }
        if let c = center { m.showCentred(c) }
        if let f = focused { m.focus(f) }
        return m
    }
}

extension Shell {
    /// The file the arrangement is kept in, when the shell keeps state.
    var arrangementFile: URL? {
        stateHome?.appendingPathComponent("slate/shell/arrangement.json")
    }

    /// The arrangement on the screen now.
    public var currentArrangement: SavedArrangement { SavedArrangement(manager: windowManager) }

    /// Writes the arrangement when it changed since it was last written (atomically; a failure is
    /// said once on standard error and the shell goes on).
    func saveArrangementIfChanged() {
        // Nothing is written while the saved arrangement waits for its windows (the windows placed
        // meanwhile are not where the person left them yet).
        guard let file = arrangementFile, !savedLayout.isRestoring, !savedLayout.isHeld, savedLayout.pending == nil
        else { return }
        let now = currentArrangement
        // A shell that never showed a window has nothing to say yet (and must not write over what
        // it is about to read).
        guard now != savedLayout.lastWritten, savedLayout.lastWritten != nil || !windows.isEmpty else { return }
        savedLayout.lastWritten = now
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            try AtomicFile.write(
                try encoder.encode(now), to: file.path, permissions: 0o600, makingFolders: 0o700)
        } catch {
            // Said once (the screen's reporter repeats no line); the windows stay where they are.
            environment.errors.report(FileWriteError(error, path: file.path), while: ShellStrings.saveTheWindowsState)
        }
    }

    /// Reads the saved arrangement, before the apps bring their windows back; `applySavedArrangement`
    /// then puts the windows where they were — the apps' own at once, an app process's as they come
    /// (the processes that had windows there are started). A file that cannot be read is said on one
    /// line, set aside as `arrangement.json.unreadable`, and the windows stay where the apps put them.
    public func loadArrangement() {
        guard let file = arrangementFile, let data = FileManager.default.contents(atPath: file.path) else { return }
        do {
            let version = try JSONDecoder().decode(FormatVersion.self, from: data).version
            let saved: SavedArrangement
            switch version {
            case 1:
                let old = try JSONDecoder().decode(SavedArrangementVersion1.self, from: data)
                saved = SavedArrangement(manager: old.manager(screen: bounds.size))
            case 2:
                saved = try JSONDecoder().decode(SavedArrangement.self, from: data)
            default:
                environment.errors.log("\(file.path) is from a newer Slate (version \(version)); not used")
                return
            }
            savedLayout.pending = saved
            savedLayout.lastWritten = saved
        } catch {
            // Set aside (replacing an older one set aside), then said in one line.
            let aside = file.appendingPathExtension("unreadable")
            let setAside = rename(file.path, aside.path) == 0
            environment.errors.log(
                "\(file.path) cannot be read (\(RestorationStore.oneLine(error))); "
                    + (setAside ? "set aside" : "left as it is") + ", windows stay where they open")
        }
    }

    /// Puts the windows back where the saved arrangement says, once the apps brought back theirs.
    /// An app process's windows are made by the shell first, with the same sessions (showing the
    /// app's icon), and the process is started to connect them, as an iPad shows a window before its
    /// app has launched behind it.
    public func restoreArrangement() {
        guard let saved = savedLayout.pending else { return }
        // The windows that were on the screen, back to front (the others come when their app does).
        for id in saved.manager.visibleWindows.reversed() where windows[id] == nil {
            guard let w = saved.manager.windows[id], let app = app(w.app), app.application is ProcessApp else {
                continue
            }
            app.nextIdentifier.set(id)
            environment.errors.attempt(ShellStrings.openTheWindow, userAction: false) {
                try app.activate(ActivationRequest(forcesNewWindow: true, role: w.isAuxiliary ? .auxiliary : .primary))
            }
            app.nextIdentifier.set(nil)
        }
        applySavedArrangement()
    }

    /// Puts the windows of the saved arrangement where it says (a window that no longer exists is
    /// left out). A mode chosen since the shell started (`--multitasking`) stays.
    func applySavedArrangement() {
        guard let saved = savedLayout.pending else { return }
        savedLayout.pending = nil
        savedLayout.isRestoring = true
        defer {
            savedLayout.isRestoring = false
            saveArrangementIfChanged()
        }
        let mode = windowManager.mode
        manage(animated: false) { m in
            m = m.restored(from: saved.manager)
            if savedLayout.modeChosen { m.setMode(mode) }
        }
        showFocus()
        relayout(animated: false)
    }
}

/// What the shell remembers about saving its arrangement.
@MainActor final class SavedLayoutState {
    /// The arrangement last written (or read), so an unchanged one is not written again.
    var lastWritten: SavedArrangement?
    /// A saved arrangement waiting for its windows (an app process's come after it starts).
    var pending: SavedArrangement?
    var isRestoring = false
    /// Whether the mode was chosen since the shell started (it is kept over the saved one).
    var modeChosen = false
    /// Whether saving waits: a finger moves a window or the divider (saved once it lets go).
    var isHeld = false
}

/// The one field every format of the shell's own files has (the arrangement, the Home screen).
struct FormatVersion: Decodable {
    var version: Int
}

extension ShellStrings {
    /// What was being done (in "cannot save the windows' state: …"), the words the apps' own state
    /// uses, so the shell and an app failing on one folder say one line.
    public static let saveTheWindowsState = LocalizedString(
        en: "save the windows' state", ru: "сохранить состояние окон")
}
