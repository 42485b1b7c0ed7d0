import Foundation
import Testing

@testable import Notes

@Suite struct NoteSaveKillTests {
    /// `NoteSaveLoop`, built beside the test binary (`.build/debug`).
    static func helper() throws -> URL {
        let arg0 = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        var places = [arg0, Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        var up = arg0
        for _ in 0..<3 {
            up = up.deletingLastPathComponent()
            places.append(up)
        }
        let found = places.map { $0.appendingPathComponent("NoteSaveLoop") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return try #require(found, "the NoteSaveLoop helper is missing; `swift build` builds it")
    }

    /// SIGKILL right after saves, at moments that repeat from run to run: the note on disk is always
    /// one whole save, and never older than the last one acknowledged.
    @Test func aNoteSurvivesSIGKILLWithTheLastAcknowledgedSave() async throws {
        let helper = try Self.helper()
        let dir = temporaryFolder()
        let delays = [30, 120, 45, 200, 60, 250, 40, 300, 80, 150, 55, 350]
        var acknowledged = 0
        var totalAcks = 0
        for (round, ms) in delays.enumerated() {
            let process = Process()
            process.executableURL = helper
            process.arguments = [dir.path]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            let head = firstOutput(of: out)
            try await Task.sleep(for: .milliseconds(ms))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "round \(round): the helper stopped by itself")
            let text = String(decoding: head + out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let acks = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                .compactMap { $0.hasPrefix("ack ") ? Int($0.dropFirst(4)) : nil }
            totalAcks += acks.count
            // Killed before it wrote anything at all: nothing to check yet.
            guard let note = try? String(contentsOf: dir.appendingPathComponent("Kill test.md"), encoding: .utf8) else {
                #expect(acks.isEmpty, "round \(round): acknowledged saves but no note")
                continue
            }
            let first = try #require(note.split(separator: "\n").first)
            let n = try #require(Int(first.dropFirst("save ".count)), "round \(round): \(first)")
            if n > 0 {
                #expect(note.hasSuffix("end \(n)\n"), "round \(round): the note is one whole save")
            }
            // Each run starts its counting from 1 again: what counts is this run's last ack.
            if let last = acks.last { #expect(n >= last, "round \(round): acknowledged \(last), disk holds \(n)") }
            acknowledged = acks.last ?? acknowledged
        }
        #expect(totalAcks > delays.count, "the helper must have saved during the rounds (acks: \(totalAcks))")
        _ = acknowledged
    }
}

/// Waits (at most 20 s) until the helper wrote something — its first acknowledged save — and returns
/// it: the moments of the kill then count from the helper's first save, not from its start, which a
/// sanitizer's build or a loaded machine makes slow and uneven.
private func firstOutput(of pipe: Pipe) -> Data {
    var pfd = pollfd(fd: pipe.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&pfd, 1, 20_000) > 0 else { return Data() }
    return pipe.fileHandleForReading.availableData
}
