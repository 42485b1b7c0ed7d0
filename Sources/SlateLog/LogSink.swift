import Foundation

/// Where a logger's lines go: the process's standard error, or a collection a test reads. Lines
/// below the sink's threshold are not made at all.
public final class LogSink: Sendable {
    /// The least level written.
    public let threshold: Logger.Level
    private let output: @Sendable (LogRecord) -> Void
    private let state = Said()

    /// A sink that hands each record from `threshold` up to `output`.
    public init(threshold: Logger.Level = .info, _ output: @escaping @Sendable (LogRecord) -> Void) {
        self.threshold = threshold
        self.output = output
    }

    /// The process's standard error, one line a record, from the level `SLATE_LOG` names (`debug`,
    /// `info`, `notice`, `warning`, `error`; `info` when unset or unknown). The only place Slate
    /// writes to standard error.
    public static let standardError = LogSink(
        threshold: ProcessInfo.processInfo.environment["SLATE_LOG"].flatMap(Logger.Level.init(name:)) ?? .info
    ) { record in
        FileHandle.standardError.write(Data((record.line + "\n").utf8))
    }

    /// A sink that keeps its records in `lines` (every level), for a test to read.
    public static func collecting(into lines: CollectedLog) -> LogSink {
        LogSink(threshold: .debug) { lines.append($0) }
    }

    func takes(_ level: Logger.Level) -> Bool { level >= threshold }

    func write(_ record: LogRecord) { output(record) }

    /// Whether `line` is said for the first time on this sink (and remembers that it was).
    func firstTime(_ line: String) -> Bool { state.insert(line) }

    /// The lines said once, across threads.
    private final class Said: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: Set<String> = []

        func insert(_ line: String) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            return lines.insert(line).inserted
        }
    }
}

/// Records kept by `LogSink.collecting`, safe to append from any thread.
public final class CollectedLog: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [LogRecord] = []

    public init() {}

    /// Keeps `record` (what a collecting sink does with each).
    public func append(_ record: LogRecord) {
        lock.lock()
        kept.append(record)
        lock.unlock()
    }

    /// The records so far, oldest first.
    public var records: [LogRecord] {
        lock.lock()
        defer { lock.unlock() }
        return kept
    }

    /// The lines so far, oldest first.
    public var lines: [String] { records.map(\.line) }
}
