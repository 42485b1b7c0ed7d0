import Foundation
import Testing

@testable import Scenes

/// Every input that ever crashed the `restoration` fuzz target (Fuzz/Crashes/restoration), replayed
/// as the target does: the first byte "s" makes the rest a session file, else the manifest.
@Suite struct RestorationFuzzRegressionTests {
    @Test func restorationCrashesStayFixed() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Crashes/restoration")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        for name in names.sorted() where name != "README.md" {
            let input = try Data(contentsOf: dir.appendingPathComponent(name))
            let home = temporaryStateHome()
            let folder = home.appendingPathComponent("slate/org.slate.fuzz")
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("sessions"), withIntermediateDirectories: true)
            let sound = Data(#"{"configurationName":"Main","id":"s2","role":"primary","schemaVersion":1}"#.utf8)
            let manifest = Data(
                #"{"order":["s1","s2"],"foreground":["s1"],"recentlyClosed":[],"schemaVersion":1}"#.utf8)
            let isSession = input.first == UInt8(ascii: "s")
            let content = Data(input.dropFirst())
            try (isSession ? manifest : content).write(to: folder.appendingPathComponent("manifest.json"))
            try (isSession ? content : sound).write(to: folder.appendingPathComponent("sessions/s1.json"))
            try sound.write(to: folder.appendingPathComponent("sessions/s2.json"))
            let store = try RestorationStore(appIdentifier: "org.slate.fuzz", stateHome: home, log: { _ in })
            let state = store.load()
            if isSession && !store.isReadOnly { #expect(state.records["s2"] != nil, "\(name)") }
        }
    }
}
