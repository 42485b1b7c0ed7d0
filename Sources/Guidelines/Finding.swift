import Foundation

/// How bad a breach is.
public enum Severity: String, Sendable, Codable, Comparable {
    case warning, error

    public static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .error }
}

/// One breach of a rule, found where it is.
public struct Finding: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The rule's ID from `GUIDELINES.md` (`C7`, `W6`).
    public var rule: String
    public var severity: Severity
    /// Where: the app, the window, the view and the menu path, outermost first.
    public var location: [String]
    /// What is wrong, in one line.
    public var message: String
    /// What to do.
    public var advice: String

    public init(rule: String, severity: Severity, location: [String], message: String, advice: String? = nil) {
        self.rule = rule
        self.severity = severity
        self.location = location
        self.message = message
        self.advice = advice ?? Rule.named(rule).advice
    }

    public var description: String {
        "\(severity.rawValue) \(rule) \(location.joined(separator: " › ")): \(message) — \(advice)"
    }
}

/// A set of findings and how to print them.
public struct Report: Sendable {
    public var findings: [Finding]

    public init(_ findings: [Finding]) {
        // Errors first, then by rule and place, without repeats.
        var seen = Set<Finding>()
        self.findings = findings.filter { seen.insert($0).inserted }.sorted {
            ($0.severity == .error ? 0 : 1, $0.rule, $0.location.joined(separator: "/"))
                < ($1.severity == .error ? 0 : 1, $1.rule, $1.location.joined(separator: "/"))
        }
    }

    public var errors: [Finding] { findings.filter { $0.severity == .error } }
    public var warnings: [Finding] { findings.filter { $0.severity == .warning } }
    public var isEmpty: Bool { findings.isEmpty }

    /// One line a finding and a closing count.
    public var text: String {
        var lines = findings.map(\.description)
        lines.append("\(errors.count) errors, \(warnings.count) warnings")
        return lines.joined(separator: "\n")
    }

    /// `{"findings": [{"rule", "severity", "location", "message", "advice"}…], "errors": N, "warnings": N}`.
    public var json: String {
        struct Out: Encodable {
            var findings: [Finding]
            var errors: Int
            var warnings: Int
        }
        let enc = JSONEncoder()
        enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data =
            (try? enc.encode(Out(findings: findings, errors: errors.count, warnings: warnings.count)))
            ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
