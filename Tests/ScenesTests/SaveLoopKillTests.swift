import Foundation
import Testing

@testable import Scenes

/// A small deterministic generator (SplitMix64), so the kill moments repeat from run to run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct SaveLoopKillTests {
    /// `SceneSaveLoop`, built beside the test binary (`.build/debug`).
    static func helper() throws -> URL {
        let arg0 = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        var places = [arg0, Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        var up = arg0
        for _ in 0..<3 {
            // macOS puts the test binary in X.xctest/Contents/MacOS/.
            up = up.deletingLastPathComponent()
            places.append(up)
        }
        let found = places.map { $0.appendingPathComponent("SceneSaveLoop") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return try #require(
            found,
            """
            the SceneSaveLoop helper is missing (looked in \(places.map(\.path).joined(separator: ", "))); \
            `swift build` builds it
            """)
    }

    @Test func stateSurvivesSIGKILLAtRandomMomentsWithTheLastAcknowledgedSave() async throws {
        let helper = try Self.helper()
        let home = temporaryStateHome()
        var rng = SeededGenerator(state: 0x5EED_5CE7E5)
        var acknowledged = 0  // the counter the disk is known to hold at least
        var totalAcks = 0
        for round in 1...20 {
            let process = Process()
            process.executableURL = helper
            process.arguments = [home.path]
            let out = Pipe()
            process.standardOutput = out
            let errURL = home.appendingPathComponent("stderr-\(round).txt")
            _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: errURL)
            try process.run()
            let head = firstOutput(of: out)
            try await Task.sleep(for: .milliseconds(Int.random(in: 5...160, using: &rng)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let errors = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
            #expect(
                process.terminationReason == .uncaughtSignal,
                "round \(round): the helper stopped by itself (\(process.terminationStatus)): \(errors)")
            let text = String(decoding: head + out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            // Only whole lines count: a line cut by the kill was not acknowledged.
            let acks = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                .compactMap { $0.hasPrefix("ack ") ? Int($0.dropFirst(4)) : nil }
            totalAcks += acks.count
            if let last = acks.last { acknowledged = max(acknowledged, last) }

            let lines = LogLines()
            let store = try RestorationStore(appIdentifier: "org.slate.saveloop", stateHome: home, log: lines.sink)
            let state = store.load()
            #expect(lines.lines.isEmpty, "round \(round): the state must load cleanly: \(lines.lines)")
            #expect(!store.isReadOnly)
            // Before the first acknowledged save the window may not be counting yet.
            let counter = state.openSessions.first { $0.userInfo["counter"] != nil }
            if counter == nil && acknowledged == 0 { continue }
            let counted = try #require(
                counter, "round \(round): the counting window is missing after \(acknowledged) acknowledged saves")
            let stored = try #require(Int(counted.userInfo["counter"] ?? ""))
            #expect(
                stored >= acknowledged,
                "round \(round): acknowledged \(acknowledged), but the disk holds \(stored): an acknowledged save was lost"
            )
            #expect(stored <= acknowledged + 1, "round \(round): at most the save in flight is ahead of the last ack")
            #expect(counted.title == "Count \(stored)", "the session file is whole and of one save")
            #expect(state.manifest.order.count == state.openSessions.count)
            acknowledged = stored
        }
        #expect(totalAcks > 20, "the helper must have saved during the rounds (acks: \(totalAcks))")
    }

    @Test func theHelperRunsToItsLimitAndRestoresWhereItStopped() throws {
        let helper = try Self.helper()
        let home = temporaryStateHome()
        for expected in [3, 6] {
            let process = Process()
            process.executableURL = helper
            process.arguments = [home.path, "3"]
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(text.split(separator: "\n").last == "ack \(expected)")
        }
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
