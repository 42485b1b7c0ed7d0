import SlateLog
import Testing

/// The one log: labels, levels below a sink's threshold not made, a line said once.
@Suite struct LoggerTests {
    @Test func aLineCarriesItsLabelLevelAndSubsystem() {
        let lines = CollectedLog()
        let log = Logger("settings", sink: .collecting(into: lines))
        log.warning("settings.json is corrupt")
        log.labelled("slate lint").error("no app named Foo")
        log.labelled(nil).info("as said")
        #expect(lines.lines == ["slate: settings.json is corrupt", "slate lint: no app named Foo", "as said"])
        #expect(lines.records.map(\.level) == [.warning, .error, .info])
        #expect(lines.records.allSatisfy { $0.subsystem == "settings" })
    }

    @Test func linesBelowTheThresholdAreNotEvenMade() {
        let lines = CollectedLog()
        var madeCount = 0
        let sink = LogSink(threshold: .notice) { record in lines.append(record) }
        let log = Logger("compositor", sink: sink)
        func made(_ text: String) -> String {
            madeCount += 1
            return text
        }
        log.debug(made("a frame"))
        log.info(made("a client"))
        log.notice("a setting it cannot use")
        #expect(madeCount == 0, "a message below the threshold was built")
        #expect(lines.lines == ["slate: a setting it cannot use"])
    }

    @Test func aLineSaidOnceIsNotSaidAgainOnTheSameSink() {
        let lines = CollectedLog()
        let sink = LogSink.collecting(into: lines)
        let first = Logger("settings", sink: sink)
        let second = Logger("settings", sink: sink)
        first.notice("“volume” is not a setting", once: true)
        second.notice("“volume” is not a setting", once: true)
        first.notice("“volume” is not a setting")
        let other = Logger("settings", sink: .collecting(into: lines))
        other.notice("“volume” is not a setting", once: true)
        #expect(lines.lines.count == 3, "\(lines.lines)")
    }

    @Test func levelsAreNamedAsSlateLogSaysThem() {
        #expect(Logger.Level(name: "DEBUG") == .debug)
        #expect(Logger.Level(name: "warning") == .warning)
        #expect(Logger.Level(name: "loud") == nil)
        #expect(Logger.Level.debug < .error)
    }
}
