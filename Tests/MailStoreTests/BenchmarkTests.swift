import Foundation
import Testing

@testable import MailStore

/// Timing of the 10,000-message list. Off by default (timings on a shared
/// machine are not pass/fail material); run with MAILSTORE_BENCHMARK=1.
@Suite struct BenchmarkTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["MAILSTORE_BENCHMARK"] != nil))
    func tenThousandMessages() throws {
        let count = Int(ProcessInfo.processInfo.environment["MAILSTORE_BENCHMARK_COUNT"] ?? "") ?? 10_000
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mailstore-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let clock = ContinuousClock()
        var maildir: Maildir?
        let write = try clock.measure { maildir = try Maildir.generateBenchmark(at: root, count: count) }
        var contents: MailboxContents?
        let load = try clock.measure { contents = try maildir!.contents(of: maildir!.inbox) }
        #expect(contents?.messages.count == count)
        #expect(contents?.problems == [])
        print("generateBenchmark(\(count)): \(write); contents(of: inbox): \(load)")

        // Where the time goes: reading heads vs parsing them (one thread).
        let refs = try maildir!.messages(in: maildir!.inbox)
        var heads: [Data] = []
        let read = try clock.measure {
            heads = try refs.map { try FileSystem.read($0.url.path, limit: Maildir.summaryHeadSize).data }
        }
        let parse = clock.measure { for head in heads { _ = MessageParser.summary(head) } }
        print("read heads: \(read); parse summaries: \(parse)")
        var paths: [String] = []
        let pathTime = clock.measure { paths = refs.map { $0.url.path } }
        let readOnly = try clock.measure {
            for p in paths { _ = try FileSystem.read(p, limit: Maildir.summaryHeadSize) }
        }
        let listTime = try clock.measure { _ = try maildir!.messages(in: maildir!.inbox) }
        print("paths: \(pathTime); reads: \(readOnly); list: \(listTime)")
    }
}
