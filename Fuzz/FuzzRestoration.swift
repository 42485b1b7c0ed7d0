// libFuzzer target: the restoration decoder, through RestorationStore.load() on a real state folder.
// The first byte says which file the rest becomes: "s" the session file s1.json, anything else the
// manifest; the other files are sound. Each input starts from the same folder.
import Foundation
import Scenes

let home = URL(fileURLWithPath: NSTemporaryDirectory())
    .appendingPathComponent("slate-fuzz-restoration-\(getpid())")
let folder = home.appendingPathComponent("slate/org.slate.fuzz")
let soundManifest = Data(
    #"{"active":"s1","foreground":["s1"],"order":["s1","s2"],"recentlyClosed":[],"schemaVersion":1}"#.utf8)
let soundSession = Data(#"{"configurationName":"Main","id":"s2","role":"primary","schemaVersion":1}"#.utf8)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRestoration(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Data(bytes: data, count: size)
    let isSession = input.first == UInt8(ascii: "s")
    let content = input.isEmpty ? Data() : input.dropFirst()
    let fm = FileManager.default
    try? fm.removeItem(at: folder)
    try? fm.createDirectory(at: folder.appendingPathComponent("sessions"), withIntermediateDirectories: true)
    try? (isSession ? soundManifest : Data(content)).write(to: folder.appendingPathComponent("manifest.json"))
    try? (isSession ? Data(content) : soundSession).write(to: folder.appendingPathComponent("sessions/s1.json"))
    try? soundSession.write(to: folder.appendingPathComponent("sessions/s2.json"))
    if let store = try? RestorationStore(appIdentifier: "org.slate.fuzz", stateHome: home, log: { _ in }) {
        let state = store.load()
        // A damaged file never costs the sound session: with the manifest naming it, or with a manifest
        // set aside (then the sessions are read back from their files).
        let manifestSetAside = state.problems.contains { $0.contains("manifest.json") && $0.contains("corrupt") }
        if (isSession || manifestSetAside) && state.records["s2"] == nil && !store.isReadOnly {
            fatalError("the sound session s2 was lost: \(state.problems)")
        }
    }
    return 0
}
