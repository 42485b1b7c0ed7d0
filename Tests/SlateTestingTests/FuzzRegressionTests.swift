import Foundation
import Testing

@testable import SlateTesting

/// Every input that ever crashed the `script` fuzz target (Fuzz/Crashes/script), replayed.
@Suite struct ScriptFuzzRegressionTests {
    @Test func scriptParserCrashesStayFixed() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Crashes/script")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        for name in names.sorted() where name != "README.md" {
            let text = String(decoding: try Data(contentsOf: dir.appendingPathComponent(name)), as: UTF8.self)
            do {
                _ = try ScriptParser.parse(text, source: name)
            } catch {
                #expect(error.description.count < 400, "a short error: \(error.description.prefix(200))")
            }
        }
    }
}
