// libFuzzer target: the restoration decoder, through RestorationStore.load() on a real state folder.
// The first byte says which file the rest becomes: "s" the session file s1.json, anything else the
// manifest; the other files are sound. Each input starts from the same folder.
import Foundation
import Scenes

// In memory (/dev/shm) when there is one: the folder is made afresh for every input.
let home = URL(fileURLWithPath: access("/dev/shm", W_OK) == 0 ? "/dev/shm" : NSTemporaryDirectory())
    .appendingPathComponent("slate-fuzz-restoration-\(getpid())")
let folder = home.appendingPathComponent("slate/org.slate.fuzz")
let soundManifest = Data(
    #"{"active":"s1","foreground":["s1"],"order":["s1","s2"],"recentlyClosed":[],"schemaVersion":1}"#.utf8)
let soundSession = Data(#"{"configurationName":"Main","id":"s2","role":"primary","schemaVersion":1}"#.utf8)

nonisolated(unsafe) var prepared = false

/// Writes `data` to `path` with plain POSIX calls (the cheapest way, thousands of times a second).
func put(_ data: Data, _ path: String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { return }
    data.withUnsafeBytes { buf in
        if let base = buf.baseAddress { _ = write(fd, base, buf.count) }
    }
    close(fd)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRestoration(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Data(bytes: data, count: size)
    let isSession = input.first == UInt8(ascii: "s")
    let content = input.isEmpty ? Data() : input.dropFirst()
    // The folder is kept between inputs; the three files are rewritten and whatever load() moved aside
    // or rebuilt is cleared after it.
    let sessions = folder.appendingPathComponent("sessions")
    if !prepared {
        try? FileManager.default.createDirectory(at: sessions, withIntermediateDirectories: true)
        prepared = true
    }
    put(isSession ? soundManifest : Data(content), folder.path + "/manifest.json")
    put(isSession ? Data(content) : soundSession, sessions.path + "/s1.json")
    put(soundSession, sessions.path + "/s2.json")
    if let store = try? RestorationStore(appIdentifier: "org.slate.fuzz", stateHome: home, log: { _ in }) {
        let state = store.load()
        // A damaged file never costs the sound session: with the manifest naming it, or with a manifest
        // set aside (then the sessions are read back from their files).
        let manifestSetAside = state.problems.contains { $0.contains("manifest.json") && $0.contains("corrupt") }
        if (isSession || manifestSetAside) && state.records["s2"] == nil && !store.isReadOnly {
            fatalError("the sound session s2 was lost: \(state.problems)")
        }
        if !state.problems.isEmpty {
            for dir in [folder.path, sessions.path] {
                for name in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
                where name.contains(".corrupt-") {
                    unlink(dir + "/" + name)
                }
            }
        }
    }
    return 0
}
