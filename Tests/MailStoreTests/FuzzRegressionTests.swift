import Foundation
import Testing

@testable import MailStore

/// Every input that ever crashed the `mime` or `headers` fuzz target (`make fuzz` keeps them in
/// Fuzz/Crashes/), replayed: each must now parse without a trap.
@Suite struct FuzzRegressionTests {
    static func crashes(_ target: String) -> [URL] {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Crashes/\(target)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0 != "README.md" }.sorted().map { dir.appendingPathComponent($0) }
    }

    @Test func mimeParserCrashesStayFixed() throws {
        for url in Self.crashes("mime") {
            let data = try Data(contentsOf: url)
            _ = MessageParser.parse(data)
            _ = MessageParser.summary(data)
        }
    }

    @Test func headerDecoderCrashesStayFixed() throws {
        for url in Self.crashes("headers") {
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            var problems: [String] = []
            _ = EncodedWordDecoder.decode(text, problems: &problems)
            _ = MIMEParameters(headerValue: text, problems: &problems)
        }
    }
}
