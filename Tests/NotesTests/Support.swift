import Foundation
import Graphics
import Scenes
import UI

@testable import Notes

/// A fresh folder for one test, under the temporary directory.
func temporaryFolder(_ name: String = #function) -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "slate-notes-tests-\(getpid())-\(name.filter { $0.isLetter || $0.isNumber })-\(UInt32.random(in: 0...UInt32.max))",
        isDirectory: true)
    try? FileManager.default.removeItem(at: url)
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The time the tests' app is given: 29 November 2026, 09:41 UTC.
let testNow = Date(timeIntervalSince1970: 1_795_945_260)

/// A store over a fresh folder with the sample notes, its Trash beside it.
@MainActor func makeStore(_ name: String = #function) throws -> NoteStore {
    let dir = temporaryFolder(name)
    let root = dir.appendingPathComponent("Notes")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    try SampleNotes.write(into: root, modified: testNow)
    return NoteStore(root: root, trash: dir.appendingPathComponent("Trash"), now: { testNow })
}
