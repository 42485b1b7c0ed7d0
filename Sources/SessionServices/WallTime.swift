import Foundation
import ShellPorts

/// The time of day on the machine's wall clock, in its time zone (`TZ`, else `/etc/localtime`), on a
/// 12- or 24-hour clock as the person's locale (`LC_TIME`, `LC_ALL`, `LANG`) has it.
@MainActor public final class WallTime: TimeService {
    /// The time zone times are shown in.
    public let timeZone: TimeZone
    /// Whether the locale's clock has 24 hours.
    public let uses24HourTime: Bool
    private let calendar: Calendar

    /// The wall clock, read as `environment`'s locale and time zone say.
    public init(environment: [String: String]) {
        timeZone = TimeZone.current
        var c = Calendar(identifier: .gregorian)
        c.timeZone = timeZone
        calendar = c
        uses24HourTime = Self.uses24Hours(locale: Self.timeLocale(environment))
    }

    /// The locale of times: `LC_ALL`, `LC_TIME`, then `LANG` (POSIX's order).
    nonisolated static func timeLocale(_ env: [String: String]) -> String {
        for key in ["LC_ALL", "LC_TIME", "LANG"] {
            if let v = env[key], !v.isEmpty { return v }
        }
        return "C"
    }

    /// Whether a POSIX locale (`en_US.UTF-8`, `ru_RU`, `C`) writes hours 0–23: the CLDR's preferred
    /// hour of the locale (`j`) is not the 12-hour `h`. The C locale's clock has 24 hours (as `date`).
    nonisolated static func uses24Hours(locale name: String) -> Bool {
        let base = name.split(separator: ".").first.map(String.init) ?? name
        if base == "C" || base == "POSIX" { return true }
        let format = DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: Locale(identifier: base)) ?? "H"
        return !format.contains("h") && !format.contains("K")
    }

    /// The wall clock's date now.
    public func now() -> Date { Date() }

    /// The hour and minute now, and the seconds to the next minute.
    public func timeOfDay() -> TimeOfDay {
        let date = Date()
        let c = calendar.dateComponents([.hour, .minute, .second, .nanosecond], from: date)
        let seconds = Double(c.second ?? 0) + Double(c.nanosecond ?? 0) / 1e9
        return TimeOfDay(hour: c.hour ?? 0, minute: c.minute ?? 0, secondsToNextMinute: max(0.001, 60 - seconds))
    }
}
