/// Where every line Slate says on its log goes: a `Logger` names its subsystem and the label its
/// lines begin with, and writes through a `LogSink` (standard error, or a test's collection).
///
/// The one path: the shell, the compositor, the host layer, the apps' processes and the command
/// line all say what went wrong through a logger, and only `LogSink.standardError` writes to the
/// process's standard error.
///
/// ```swift
/// let log = Logger("settings")
/// log.warning("settings.json: \"dock\" is not a setting Slate has")
/// // slate: settings.json: "dock" is not a setting Slate has
/// ```
public struct Logger: Sendable {
    /// How much a line matters, least first (as syslog's and swift-log's levels).
    public enum Level: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
        /// What helps find a fault; not written unless asked for (`SLATE_LOG=debug`).
        case debug
        /// What the program did, for a person reading the log.
        case info
        /// Something worth a person's attention that is not a failure (a setting it cannot use).
        case notice
        /// Something failed and a safe fallback took its place (a corrupt file set aside).
        case warning
        /// Something failed and what was asked for did not happen.
        case error

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

        public var description: String {
            switch self {
            case .debug: "debug"
            case .info: "info"
            case .notice: "notice"
            case .warning: "warning"
            case .error: "error"
            }
        }

        /// The level named `name` (`debug`, `info`, …), as `SLATE_LOG` says it.
        public init?(name: String) {
            guard let level = Level.allCases.first(where: { $0.description == name.lowercased() }) else {
                return nil
            }
            self = level
        }
    }

    /// The part of Slate that speaks (`compositor`, `settings`, `spelling`, …): what a sink can
    /// tell apart and a person can filter on.
    public let subsystem: String
    /// What each line begins with, before `: ` (`slate`, `slate lint`); nil: the line as said.
    public let label: String?
    /// Where the lines go.
    public let sink: LogSink

    /// A logger for `subsystem` whose lines begin `label: `, written to `sink`.
    public init(_ subsystem: String, label: String? = "slate", sink: LogSink = .standardError) {
        self.subsystem = subsystem
        self.label = label
        self.sink = sink
    }

    /// The same logger writing to `sink` instead.
    public func writing(to sink: LogSink) -> Logger { Logger(subsystem, label: label, sink: sink) }

    /// The same logger with its lines begun `label: ` instead.
    public func labelled(_ label: String?) -> Logger { Logger(subsystem, label: label, sink: sink) }

    /// Says `message` at `level`. With `once`, a line said before in this process (by any logger
    /// on the same sink) is not said again: a file's problem named at every reload would drown
    /// the log.
    public func log(_ level: Level, _ message: @autoclosure () -> String, once: Bool = false) {
        guard sink.takes(level) else { return }
        let text = message()
        let line = label.map { "\($0): \(text)" } ?? text
        if once, !sink.firstTime(line) { return }
        sink.write(LogRecord(level: level, subsystem: subsystem, line: line))
    }

    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
    public func info(_ message: @autoclosure () -> String, once: Bool = false) { log(.info, message(), once: once) }
    public func notice(_ message: @autoclosure () -> String, once: Bool = false) {
        log(.notice, message(), once: once)
    }
    public func warning(_ message: @autoclosure () -> String, once: Bool = false) {
        log(.warning, message(), once: once)
    }
    public func error(_ message: @autoclosure () -> String, once: Bool = false) { log(.error, message(), once: once) }
}

/// One line said: its level, its subsystem and the text written (label included).
public struct LogRecord: Sendable, Hashable {
    public let level: Logger.Level
    public let subsystem: String
    public let line: String

    public init(level: Logger.Level, subsystem: String, line: String) {
        self.level = level
        self.subsystem = subsystem
        self.line = line
    }
}
