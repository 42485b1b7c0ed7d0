import Foundation
import Testing

@testable import MailStore

/// Timing of the 10,000-message list. Off by default (timings on a shared
/// machine are not pass/fail material); run with MAILSTORE_BENCHMARK=1.
@Suite struct BenchmarkTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["MAILSTORE_BENCHMARK"] != nil))
    func tenThousandMessages() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mailstore-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let clock = ContinuousClock()
        var maildir: Maildir?
        let write = try clock.measure { maildir = try Maildir.generateBenchmark(at: root, count: 10_000) }
        var contents: MailboxContents?
        let load = try clock.measure { contents = try maildir!.contents(of: maildir!.inbox) }
        #expect(contents?.messages.count == 10_000)
        #expect(contents?.problems == [])
        print("generateBenchmark(10,000): \(write); contents(of: inbox): \(load)")
    }
}
