import Foundation
import UI

/// Dates as Mail shows them in a list: the time today, "Yesterday", the weekday within a week, else the date.
public enum MailDateFormatter {
    public static func listString(_ date: Date, now: Date, language: Language, timeZone: TimeZone = .current) -> String
    {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = timeZone
        let f = DateFormatter()
        f.locale = Locale(identifier: language == .ru ? "ru_RU" : "en_US")
        f.timeZone = timeZone
        let days = cal.dateComponents([.day], from: cal.startOfDay(for: date), to: cal.startOfDay(for: now)).day ?? 0
        switch days {
        case ..<1:
            f.dateFormat = language == .ru ? "HH:mm" : "h:mm a"
        case 1:
            return MailStrings.yesterday.resolved(language)
        case 2..<7:
            f.dateFormat = "EEEE"
        default:
            f.dateFormat = language == .ru ? "dd.MM.yy" : "M/d/yy"
        }
        let s = f.string(from: date)
        return language == .ru ? s.prefix(1).uppercased() + s.dropFirst() : s
    }

    /// The full date of a message's header.
    public static func fullString(_ date: Date, language: Language, timeZone: TimeZone = .current) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: language == .ru ? "ru_RU" : "en_US")
        f.timeZone = timeZone
        f.dateStyle = .long
        f.timeStyle = .short
        return f.string(from: date)
    }
}
