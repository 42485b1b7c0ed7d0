import Foundation
import UI

/// Dates as Mail shows them in a list: the time today, "Yesterday", the weekday within a week, else the date.
///
/// The formatters are made once for each language, pattern and time zone and kept: making one costs
/// about a tenth of a millisecond (ICU sets it up), and a list of rows made each row's.
@MainActor public enum MailDateFormatter {
    private static var formatters: [String: DateFormatter] = [:]

    /// The formatter for `language` in `timeZone` with `pattern`, or with `styles` (date, time).
    private static func formatter(
        _ language: Language, _ timeZone: TimeZone, pattern: String? = nil,
        styles: (DateFormatter.Style, DateFormatter.Style)? = nil
    ) -> DateFormatter {
        let style = styles.map { "\($0.0.rawValue),\($0.1.rawValue)" } ?? ""
        let key = "\(language.rawValue)|\(timeZone.identifier)|\(pattern ?? "")|\(style)"
        if let f = formatters[key] { return f }
        let f = DateFormatter()
        f.locale = Locale(identifier: language == .ru ? "ru_RU" : "en_US")
        f.timeZone = timeZone
        if let pattern { f.dateFormat = pattern }
        if let styles {
            f.dateStyle = styles.0
            f.timeStyle = styles.1
        }
        formatters[key] = f
        return f
    }

    public static func listString(_ date: Date, now: Date, language: Language, timeZone: TimeZone = .current) -> String
    {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = timeZone
        let days = cal.dateComponents([.day], from: cal.startOfDay(for: date), to: cal.startOfDay(for: now)).day ?? 0
        let pattern: String
        switch days {
        case ..<1:
            pattern = language == .ru ? "HH:mm" : "h:mm a"
        case 1:
            return MailStrings.yesterday.resolved(language)
        case 2..<7:
            pattern = "EEEE"
        default:
            pattern = language == .ru ? "dd.MM.yy" : "M/d/yy"
        }
        let s = formatter(language, timeZone, pattern: pattern).string(from: date)
        return language == .ru ? s.prefix(1).uppercased() + s.dropFirst() : s
    }

    /// The full date of a message's header.
    public static func fullString(_ date: Date, language: Language, timeZone: TimeZone = .current) -> String {
        formatter(language, timeZone, styles: (.long, .short)).string(from: date)
    }
}
