// NoteSaveLoop NOTES_DIR [ITERATIONS]
//
// Edits a note and saves it through Notes' own document, over and over, printing `ack N` (unbuffered)
// after each save has returned. The notes kill test SIGKILLs it at random moments and checks that the
// file is always whole and holds at least the last acknowledged text.
import Foundation
import Notes
import SlateLog

/// Lines of filler after each save's first line, so that a write takes long enough to be interrupted.
let fillerLines = 2000

@MainActor func runLoop() -> Int32 {
    let args = CommandLine.arguments
    guard args.count >= 2 else {
        Logger("note-save-loop", label: "usage").error("NoteSaveLoop NOTES_DIR [ITERATIONS]")
        return 2
    }
    let limit = args.count >= 3 ? Int(args[2]) ?? Int.max : Int.max
    let root = URL(fileURLWithPath: args[1])
    // A fixed time: the loop never moves anything to the Trash, and reads no clock.
    let store = NoteStore(
        root: root, trash: root.appendingPathComponent(".Trash"), now: { Date(timeIntervalSince1970: 0) })
    let path = "Kill test.md"
    if !store.exists(path) { try? store.write("save 0\n", to: path) }
    let doc = NoteDocument(store: store, path: path)
    let filler = (0..<fillerLines).map { "filler line \($0) — строка" }.joined(separator: "\n")
    var i = 1
    while i <= limit {
        doc.textView.selectAll()
        doc.textView.insert("save \(i)\n\(filler)\nend \(i)\n")
        doc.save()
        if doc.hasUnsavedChanges { return 1 }
        // Unbuffered: the line is in the pipe when the write returns.
        FileHandle.standardOutput.write(Data("ack \(i)\n".utf8))
        i += 1
    }
    return 0
}

exit(MainActor.assumeIsolated { runLoop() })
