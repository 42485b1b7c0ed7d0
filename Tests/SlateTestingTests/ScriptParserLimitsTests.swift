import Graphics
import Host
import Testing
import UI

@testable import SlateTesting

/// Hostile numbers, durations, line ends and words: every one is a parse error with its line and
/// column (exit 2 from `slate script`), never a trap or a script that runs for ever.
@Suite struct ScriptParserLimitsTests {
    func failure(_ text: String) throws -> ScriptSyntaxError {
        do {
            _ = try ScriptParser.parse(text, source: "bad.slate")
        } catch {
            return error
        }
        Issue.record("parsed: \(text.prefix(80))")
        throw CancellationError()
    }

    @Test(arguments: [
        ("expect windows Mail 1e19", 21), ("expect windows Mail inf", 21), ("expect windows Mail nan", 21),
        ("expect windows Mail 1e999", 21), ("tap \"A\" in window 99999999999999999999", 19),
        ("tap \"A\" in window -1", 19), ("tap 1e300,5", 5), ("tap inf,5", 5), ("scroll \"A\" by 1e300", 15),
        ("scroll \"A\" by nan", 15),
    ])
    func hugeInfiniteAndNaNNumbersAreParseErrorsNotTraps(_ text: String, column: Int) throws {
        let e = try failure(text)
        #expect(e.line == 1)
        #expect(e.column == column, "\(e)")
    }

    @Test(arguments: [
        "wait 99999999s", "wait infs", "wait nans", "wait -1s", "wait -5ms", "hold \"x\" for 99999999s",
        "hold \"x\" for infs", "wait 61s",
    ])
    func waitAndHoldDurationsAreBounded(_ text: String) throws {
        let e = try failure(text)
        #expect(e.line == 1)
        #expect(e.column > 1)
    }

    @Test func theLongestDurationIsAllowed() throws {
        let s = try ScriptParser.parse("wait 60s\nhold \"x\" for 60000ms", source: "t")
        #expect(s.steps.map(\.action) == [.wait(60), .hold(.element("x", .anywhere), duration: 60, slideTo: nil)])
    }

    @Test func crlfLineEndsAreAccepted() throws {
        let s = try ScriptParser.parse("launch Mail\r\ntap \"Inbox\"\r\n\r\nwait 0.5s\r\n", source: "t")
        #expect(s.steps.map(\.line) == [1, 2, 4])
        #expect(s.steps.map(\.text) == ["launch Mail", "tap \"Inbox\"", "wait 0.5s"])
    }

    @Test func echoedWordsAreCutAndControlBytesEscaped() throws {
        let huge = String(repeating: "w", count: 10_000_000)
        let e = try failure(huge)
        #expect(e.message.count < 120, "\(e.message.prefix(200))")
        #expect(e.message.contains("…"))
        let hostile = try failure("fly\u{1B}[2J\u{07}")
        #expect(hostile.message == "unknown step 'fly\\u{1B}[2J\\u{7}'")
        #expect(!hostile.description.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test func aLongLineOfCommasParsesInLinearTime() throws {
        let text = "tap " + String(repeating: "1,", count: 200_000)
        let clock = ContinuousClock()
        let took = clock.measure { _ = try? ScriptParser.parse(text, source: "t") }
        // Well under a second alone; generous for sanitizer builds and a loaded machine. The old lexer
        // read the word so far as a number at every comma: minutes.
        #expect(took < .seconds(20))
    }
}

/// The headless host, asked to run for no finite time, returns at once instead of running for ever.
@MainActor @Suite struct HeadlessRunLimitsTests {
    @Test func runningForANonFiniteOrNegativeTimeReturnsAtOnce() {
        let clock = VirtualClock()
        let host = HeadlessHost(root: RootView(size: Size(100, 100), clock: clock), clock: clock, scale: 1)
        let start = clock.now
        for t in [Double.infinity, .nan, -1, 0] { host.run(for: t) }
        #expect(clock.now == start)
        host.run(for: 0.05)
        #expect(clock.now > start)
    }
}
