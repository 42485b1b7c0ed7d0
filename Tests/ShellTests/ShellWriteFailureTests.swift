import FailingFolders
import Foundation
import Graphics
import Scenes
import Testing
import UI

@testable import Shell
@testable import SlateScripts

/// The shell's own files — where the windows are, and their last pictures — with a full disk, a
/// read-only state folder and a file where it should be: one clear line, once; the last good file
/// kept; written again once writing works.
@MainActor @Suite(.serialized) struct ShellWriteFailureTests {
    static func reasons(_ kind: FailingFolder.Kind) -> [String] {
        switch kind {
        case .diskFull: ["the disk is full"]
        case .readOnly: ["the disk is read-only", "no permission to write there"]
        case .fileInPlaceOfFolder: ["a file stands where a folder should be"]
        }
    }

    static func solid(_ width: Int, _ height: Int, bgra: [UInt8]) -> PixelImage {
        PixelImage(
            width: width, height: height, pixels: Array([[UInt8]](repeating: bgra, count: width * height).joined()))
    }

    func world(stateHome: URL) -> ShellWorld {
        return ShellWorld(catalog: ["Notes": { NotesApp() }], stateHome: stateHome, scale: 1)
    }

    @Test(arguments: FailingFolder.Kind.allCases)
    func theArrangementSaysOneLineAndIsWrittenLater(_ kind: FailingFolder.Kind) throws {
        let home = try FailingFolder(
            kind, at: FileManager.default.temporaryDirectory.appendingPathComponent("slate-shell-state-\(UUID())"))
        defer { home.tearDown() }
        let w = world(stateHome: home.folder)
        var lines: [String] = []
        w.shell.environment.errors.log = { lines.append($0) }
        try run(w, "launch Notes")
        let file = try #require(w.shell.arrangementFile)
        let saved = FileManager.default.contents(atPath: file.path)
        #expect(saved != nil, "written while it can be")
        try home.breakWrites()
        let app = try #require(w.shell.apps.first)
        w.shell.newWindow(of: app)
        w.host.run(for: 0.5)
        w.shell.newWindow(of: app)
        w.host.run(for: 0.5)
        let said = lines.filter { $0.hasPrefix("cannot save the windows' state: ") }
        #expect(said.count == 1, "once: \(lines) (\(home.way))")
        #expect(Self.reasons(home.madeKind).contains { said.first?.contains($0) == true }, "\(said)")
        #expect(lines.allSatisfy { !$0.contains("Error Domain") && !$0.contains("\n") })
        try home.fixWrites()
        #expect(FileManager.default.contents(atPath: file.path) == saved, "the last good file is whole")
        w.shell.newWindow(of: app)
        w.host.run(for: 0.5)
        let now = try JSONDecoder().decode(
            SavedArrangement.self, from: try #require(FileManager.default.contents(atPath: file.path)))
        #expect(now == w.shell.currentArrangement, "written again")
    }

    @Test(arguments: FailingFolder.Kind.allCases)
    func windowPicturesSayOneFailureAndKeepTheOldOnes(_ kind: FailingFolder.Kind) throws {
        let home = try FailingFolder(
            kind, at: FileManager.default.temporaryDirectory.appendingPathComponent("slate-shell-pictures-\(UUID())"))
        defer { home.tearDown() }
        let w = world(stateHome: home.folder)
        let codec = try #require(w.shell.environment.renderer)
        let pictures = WindowPictures(folder: home.folder.appendingPathComponent("slate/shell/pictures"), codec: codec)
        let red = Self.solid(64, 48, bgra: [0, 0, 255, 255])
        let first = pictures.keep(["s1": red])
        #expect(first == nil)
        try home.breakWrites()
        let blue = Self.solid(300, 300, bgra: [255, 0, 0, 255])
        let kept = pictures.keep(["s1": blue, "s2": blue])
        let failure = try #require(kept, "\(home.way)")
        #expect(Self.reasons(home.madeKind).contains(failure.reason.en), "\(failure)")
        try home.fixWrites()
        #expect(pictures.picture(for: "s1")?.pixel(x: 0, y: 0) == RGBA(1, 0, 0, 1), "the old picture is kept")
        let again = pictures.keep(["s1": blue])
        #expect(again == nil)
        #expect(pictures.picture(for: "s1")?.pixel(x: 0, y: 0) == RGBA(0, 0, 1, 1))
    }
}
