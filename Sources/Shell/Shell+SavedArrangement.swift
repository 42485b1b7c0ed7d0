import Foundation
import Graphics
import Scenes
import UI

/// Where the windows were on the screen, as the shell keeps it across its own restarts
/// (`$XDG_STATE_HOME/slate/shell/arrangement.json`): which windows were full screen or on which side
/// of Split View and how wide, which was in Slide Over or centred, and which took input. The apps keep
/// what each window shows; this is only where it goes.
public struct SavedArrangement: Codable, Equatable, Sendable {
    /// The windows of the main space, left to right (one: full screen; two: Split View).
    public var windows: [String]
    /// The left window's share of the screen's width in Split View.
    public var fraction: Double?
    public var slideOver: String?
    public var slideOverHidden: Bool
    public var center: String?
    public var focused: String?
    /// The app each window belongs to (its identifier), by window.
    public var owners: [String: String] = [:]
    /// The windows that are auxiliary (the others are primary).
    public var auxiliary: [String] = []
    /// The format, so a later Slate knows what it reads.
    public var version = 1

    /// Every window it names.
    var allWindows: [String] { windows + [slideOver, center].compactMap { $0 } }
}

extension Shell {
    /// The file the arrangement is kept in, when the shell keeps state.
    var arrangementFile: URL? {
        stateHome?.appendingPathComponent("slate/shell/arrangement.json")
    }

    /// The arrangement on the screen now.
    public var currentArrangement: SavedArrangement {
        var fraction: Double?
        if case .split(_, _, let f) = arrangement { fraction = f }
        var saved = SavedArrangement(
            windows: arrangement.windows, fraction: fraction, slideOver: slideOver, slideOverHidden: slideOverHidden,
            center: centerWindow, focused: focusedWindow)
        for id in saved.allWindows {
            saved.owners[id] = windows[id]?.app.identifier
            if windows[id]?.scene.session.role == .auxiliary { saved.auxiliary.append(id) }
        }
        return saved
    }

    /// Writes the arrangement when it changed since it was last written (atomically; a failure is
    /// said once on standard error and the shell goes on).
    func saveArrangementIfChanged() {
        // Nothing is written while the saved arrangement waits for its windows (the windows placed
        // meanwhile are not where the person left them yet).
        guard let file = arrangementFile, !savedLayout.isRestoring, savedLayout.pending == nil else { return }
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
            let saved = try JSONDecoder().decode(SavedArrangement.self, from: data)
            guard saved.version == 1 else {
                environment.errors.log("\(file.path) is from a newer Slate (version \(saved.version)); not used")
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
        for id in saved.allWindows where windows[id] == nil {
            guard let owner = saved.owners[id], let app = app(owner), app.application is ProcessApp else { continue }
            app.nextIdentifier.set(id)
            environment.errors.attempt(ShellStrings.openTheWindow, userAction: false) {
                try app.activate(
                    ActivationRequest(
                        forcesNewWindow: true, role: saved.auxiliary.contains(id) ? .auxiliary : .primary))
            }
            app.nextIdentifier.set(nil)
        }
        applySavedArrangement()
    }

    /// Puts the windows of the saved arrangement where it says (a window that no longer exists is
    /// left out).
    func applySavedArrangement() {
        guard let saved = savedLayout.pending else { return }
        savedLayout.pending = nil
        savedLayout.isRestoring = true
        defer {
            savedLayout.isRestoring = false
            saveArrangementIfChanged()
        }
        let main = saved.windows.filter { windows[$0] != nil }
        if main.count == 2 {
            show(fullScreen: main[0])
            show(split: main[1], on: .right)
            if let f = saved.fraction, case .split(let l, let r, _) = arrangement {
                arrangement = .split(left: l, right: r, fraction: f)
            }
        } else if let only = main.first {
            show(fullScreen: only)
        }
        if let s = saved.slideOver, windows[s] != nil {
            show(slideOver: s)
            if saved.slideOverHidden { setSlideOverHidden(true) }
        }
        if let c = saved.center, windows[c] != nil {
            detachFloating(c)
            centerWindow = c
        }
        if let f = saved.focused, windows[f] != nil, isOnScreen(f) { focus(f, animated: false) }
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

}

extension ShellStrings {
    /// What was being done (in "cannot save the windows' state: …"), the words the apps' own state
    /// uses, so the shell and an app failing on one folder say one line.
    public static let saveTheWindowsState = LocalizedString(
        en: "save the windows' state", ru: "сохранить состояние окон")
}
