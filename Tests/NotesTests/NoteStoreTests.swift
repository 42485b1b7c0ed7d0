import Foundation
import Testing

@testable import Notes

@MainActor @Suite struct NoteStoreTests {
    @Test func foldersAndNotesAreAsOnDisk() throws {
        let store = try makeStore()
        #expect(store.folders() == ["", "Travel", "Рецепты"])
        let notes = try store.notes(in: "")
        #expect(notes.map(\.path) == ["Shopping.md", "Ideas.md", "Встреча.md"], "newest first")
        let s = store.summary(notes[2])
        #expect(s.title == "Встреча в понедельник")
        #expect(s.preview == "Обсудить план на квартал")
        #expect(try store.notes(in: "Travel").map { store.summary($0).title } == ["Packing list"])
    }

    @Test func savesAreAtomicAndLeaveNoTemporaryFiles() throws {
        let store = try makeStore()
        try store.write("# Shopping\n\nTea", to: "Shopping.md")
        #expect(try store.read("Shopping.md") == "# Shopping\n\nTea")
        let names = try FileManager.default.contentsOfDirectory(atPath: store.root.path)
        #expect(!names.contains { $0.hasSuffix(".tmp") })
        let date = try FileManager.default.attributesOfItem(atPath: store.url("Shopping.md").path)[.modificationDate]
        #expect((date as? Date) == testNow, "a note's date is the app's time")
    }

    @Test func duplicateMoveAndConflictedCopiesKeepEveryText() throws {
        let store = try makeStore()
        let copy = try store.duplicate("Ideas.md", suffix: "copy")
        #expect(copy == "Ideas copy.md")
        #expect(try store.read(copy) == store.read("Ideas.md"))
        let moved = try store.move(copy, to: "Travel")
        #expect(moved == "Travel/Ideas copy.md")
        #expect(!store.exists(copy))
        let c = try store.writeConflictedCopy(of: "Ideas.md", text: "theirs", suffix: "conflicted copy")
        #expect(c == "Ideas (conflicted copy).md")
        #expect(
            try store.writeConflictedCopy(of: "Ideas.md", text: "again", suffix: "conflicted copy")
                == "Ideas (conflicted copy) 2.md")
    }

    @Test func deleteMovesIntoTheTrashWithItsTrashInfo() throws {
        let store = try makeStore()
        let original = store.url("Рецепты/Блины.md").standardizedFileURL.path
        let text = try store.read("Рецепты/Блины.md")
        let name = try store.moveToTrash("Рецепты/Блины.md")
        #expect(name == "Блины.md")
        #expect(!store.exists("Рецепты/Блины.md"))
        let files = store.trash.appendingPathComponent("files")
        #expect(
            try String(contentsOf: files.appendingPathComponent(name), encoding: .utf8) == text, "moved, not unlinked")
        let info = try String(
            contentsOf: store.trash.appendingPathComponent("info/\(name).trashinfo"), encoding: .utf8)
        let lines = info.split(separator: "\n").map(String.init)
        #expect(lines.first == "[Trash Info]")
        let path = try #require(lines.first { $0.hasPrefix("Path=") }).dropFirst(5)
        #expect(path.removingPercentEncoding == original)
        #expect(!path.contains("Б"), "the path is percent-encoded")
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        #expect(lines.contains("DeletionDate=\(f.string(from: testNow))"), "\(lines)")
        // A second note of the same name takes the next free name.
        try store.write("again", to: "Блины.md")
        #expect(try store.moveToTrash("Блины.md") == "Блины.2.md")
        #expect(
            FileManager.default.fileExists(atPath: store.trash.appendingPathComponent("info/Блины.2.md.trashinfo").path)
        )
    }

    @Test func theDocumentsFolderFollowsUserDirs() throws {
        let home = URL(fileURLWithPath: "/home/anna")
        #expect(
            NotesLocation.documentsEntry(in: "# c\nXDG_DOCUMENTS_DIR=\"$HOME/Документы\"\n", home: home.path)
                == "/home/anna/Документы")
        #expect(NotesLocation.documentsEntry(in: "XDG_DOCUMENTS_DIR=\"/data/docs\"", home: home.path) == "/data/docs")
        let cfg = temporaryFolder()
        try "XDG_DOCUMENTS_DIR=\"$HOME/Docs\"\n".write(
            to: cfg.appendingPathComponent("user-dirs.dirs"), atomically: true, encoding: .utf8)
        #expect(
            NotesLocation.notesDirectory(environment: ["XDG_CONFIG_HOME": cfg.path], home: home).path
                == "/home/anna/Docs/Notes")
        #expect(
            NotesLocation.notesDirectory(environment: [:], home: URL(fileURLWithPath: "/nonexistent")).path
                == "/nonexistent/Documents/Notes")
        #expect(NotesLocation.notesDirectory(environment: ["SLATE_NOTES_DIR": "/x/y"], home: home).path == "/x/y")
        #expect(NotesLocation.trashDirectory(environment: [:], home: home).path == "/home/anna/.local/share/Trash")
    }
}
