import Foundation
import Graphics
import Host
import Notes
import Scenes
import Shell
import SlateSystem
import UI

/// `slate bench notes…`: Notes' editor typing into a 1 MB note, opening that note, and opening a
/// folder of 10,000 notes — the figures issue 14 sets (≤ 4 ms median and ≤ 8.3 ms p99 a keystroke at
/// 2×, ≤ 100 ms to open the note, ≤ 300 ms to the folder's first frame).
extension Bench {
    static var notesCases: [Case] {
        [
            Case(name: "notes.type-1MB@2x") { notesTyping() },
            Case(name: "notes.open-note-1MB@2x") { notesOpenNote() },
            Case(name: "notes.open-folder-10000@2x") { notesOpenFolder() },
        ]
    }

    static let notesIdentifier = "org.slate.notes"
    static let bigNoteBytes = 1 << 20
    static let folderCount = 10_000

    /// A 1 MB note of English and Russian paragraphs of different lengths, the same on every run.
    static func bigNoteText() -> String {
        let sentences = [
            "The meeting moved to Thursday, and the room on the third floor is booked from ten.",
            "Встреча перенесена на четверг, переговорная на третьем этаже занята с десяти.",
            "Bring the printed report and the budget.",
            "Не забыть распечатку квартального отчёта и бюджет на следующий год.",
            "Short line.",
        ]
        var out = "# A long note\n\n"
        var i = 0
        while out.utf8.count < bigNoteBytes {
            let n = 1 + (i * 7) % 6
            out += (0..<n).map { sentences[($0 + i) % sentences.count] }.joined(separator: " ")
            out += "\n"
            i += 1
        }
        return out
    }

    /// Places whose notes folder is `notes` (no samples) and the rest in a scratch folder.
    static func notesPlaces(_ notes: URL, scratch dir: URL) -> AppPlaces {
        let data = dir.appendingPathComponent("data")
        return AppPlaces(
            isScratch: false, dataHome: data, stateHome: dir.appendingPathComponent("state"),
            options: ["notes-dir": notes.path], environment: ["XDG_DATA_HOME": data.path],
            now: { SystemBuilder.headlessDate })
    }

    static func withNotesScratch<T>(_ body: (URL) -> T) -> T {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "slate-bench-notes-\(getpid())-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        return body(dir)
    }

    /// A scratch notes folder holding the 1 MB note as `Long.md`.
    static func bigNoteFolder(_ dir: URL) -> URL {
        let notes = dir.appendingPathComponent("Notes")
        try? FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        try? Data(bigNoteText().utf8).write(to: notes.appendingPathComponent("Long.md"))
        return notes
    }

    /// The editor of the focused window, if it shows a note.
    static func focusedEditor(_ shell: Shell) -> TextView? {
        guard let id = shell.focusedWindow, let w = shell.windows[id], w.alpha > 0.001 else { return nil }
        return ((w.scene.rootView as? NavigationContainer)?.topPage.content as? NoteEditorView)?.document.textView
    }

    static func openNote(_ s: ShellScreen) -> TextView {
        guard let notes = s.shell.app(notesIdentifier) else { fail("bench: Notes is not installed", code: 1) }
        _ = try? notes.activate(
            ActivationRequest(userActivity: NotesApp.noteActivity(path: "Long.md", title: "A long note", language: .en))
        )
        s.host.run(for: 1)
        guard let t = focusedEditor(s.shell) else { fail("bench: the long note did not open", code: 1) }
        return t
    }

    /// Keystrokes into the middle of the 1 MB note, each the key's event and the frame after it, 120
    /// a second (the autosave waits for a second without typing, so none falls inside). The 620 keys
    /// go into one paragraph, which grows to nine lines.
    static func notesTyping() -> Result {
        withNotesScratch { dir in
            let s = ShellScreen(scale: 2, apps: [.mail, .notes], places: notesPlaces(bigNoteFolder(dir), scratch: dir))
            let t = openNote(s)
            _ = s.shell.setFocus(t)
            t.placeCaret(at: TextPosition(paragraph: t.storage.paragraphs.count / 2, offset: 0))
            t.scrollCaretToVisible()
            s.host.run(for: 0.5)
            // Words of both languages, a key at a time, as a person types them.
            let keys = Array("the quick brown fox jumps over the lazy dog, съешь ещё этих мягких булок. ").map {
                String($0)
            }
            var i = 0
            var cpu: [Double] = []
            let xs = sample(600, warmup: 20) {
                s.clock.advance(by: HeadlessHost.frameInterval)
                let c0 = threadCPUTime()
                s.shell.dispatcher.handleText(keys[i % keys.count])
                s.host.frame()
                cpu.append((threadCPUTime() - c0) * 1000)
                i += 1
            }
            var r = result("notes.type-1MB@2x", xs)
            // The processor time of this thread alone: what the figure is on a machine nobody shares.
            r.extra["cpu-median"] = median(cpu)
            r.extra["cpu-p99"] = p99(cpu)
            r.extra["paragraphs"] = Double(t.storage.paragraphs.count)
            return r
        }
    }

    /// From asking for the 1 MB note's window to the end of the first frame that shows its text.
    static func notesOpenNote() -> Result {
        withNotesScratch { dir in
            let s = ShellScreen(scale: 2, apps: [.mail, .notes], places: notesPlaces(bigNoteFolder(dir), scratch: dir))
            guard let notes = s.shell.app(notesIdentifier) else { fail("bench: Notes is not installed", code: 1) }
            var frames: [Double] = []
            var cpu: [Double] = []
            let xs = sample(5, warmup: 1) {
                let c0 = threadCPUTime()
                var count = 1
                _ = try? notes.activate(
                    ActivationRequest(
                        userActivity: NotesApp.noteActivity(path: "Long.md", title: "A long note", language: .en),
                        forcesNewWindow: true))
                s.host.frame()
                // The window fades in: the first frame may draw it fully transparent.
                while focusedEditor(s.shell) == nil {
                    precondition(count < 10, "the note did not show")
                    s.clock.advance(by: HeadlessHost.frameInterval)
                    s.host.frame()
                    count += 1
                }
                frames.append(Double(count))
                cpu.append((threadCPUTime() - c0) * 1000)
            }
            var r = result("notes.open-note-1MB@2x", xs)
            r.extra["frames"] = median(frames)
            r.extra["cpu-median"] = median(cpu)
            return r
        }
    }

    /// A folder of 10,000 short notes in the temporary folder, made once and kept across runs.
    static func benchNotesFolder() -> URL {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("slate-bench-notes-\(folderCount)")
        if ((try? fm.contentsOfDirectory(atPath: root.path))?.count ?? 0) == folderCount { return root }
        try? fm.removeItem(at: root)
        let making = fm.temporaryDirectory.appendingPathComponent("slate-bench-notes-\(getpid())-\(UUID())")
        do {
            try fm.createDirectory(at: making, withIntermediateDirectories: true)
            for i in 0..<folderCount {
                let text = "# Note \(i)\n\nЗаметка номер \(i): a line of text to show in the list.\n"
                try Data(text.utf8).write(to: making.appendingPathComponent("Note \(i).md"))
            }
            try fm.moveItem(at: making, to: root)
        } catch {
            try? fm.removeItem(at: making)
            fail("bench: cannot make the folder of \(folderCount) notes: \(error)", code: 1)
        }
        return root
    }

    /// From tapping Notes (its first window, over the folder of 10,000) to the end of the first frame
    /// that shows the list's rows.
    static func notesOpenFolder() -> Result {
        let folder = benchNotesFolder()
        var frames: [Double] = []
        var xs: [Double] = []
        var cpu: [Double] = []
        withNotesScratch { dir in
            for n in 0..<6 {
                let s = ShellScreen(
                    scale: 2, apps: [.mail, .notes],
                    places: notesPlaces(folder, scratch: dir.appendingPathComponent("\(n)")))
                guard let notes = s.shell.app(notesIdentifier) else { fail("bench: Notes is not installed", code: 1) }
                let t0 = now()
                let c0 = threadCPUTime()
                s.shell.openApp(notes)
                var count = 1
                s.host.frame()
                while !showsNotes(s.shell) {
                    precondition(count < 10, "the notes did not show")
                    s.clock.advance(by: HeadlessHost.frameInterval)
                    s.host.frame()
                    count += 1
                }
                // The first run warms the caches of the file system and the text engine.
                if n > 0 {
                    xs.append((now() - t0) * 1000)
                    cpu.append((threadCPUTime() - c0) * 1000)
                    frames.append(Double(count))
                }
            }
        }
        var r = result("notes.open-folder-10000@2x", xs)
        r.extra["frames"] = median(frames)
        r.extra["cpu-median"] = median(cpu)
        return r
    }

    /// This thread's processor time in seconds.
    static func threadCPUTime() -> Double { MonotonicClock.threadCPUTime() }

    static func showsNotes(_ shell: Shell) -> Bool {
        guard let id = shell.focusedWindow, let w = shell.windows[id], w.alpha > 0.001,
            let v = w.scene.rootView as? NotesWindowView
        else { return false }
        return !v.noteList.visibleRows.isEmpty
    }
}
