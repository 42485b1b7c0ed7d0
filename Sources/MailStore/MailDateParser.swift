import Foundation

/// Parses RFC 5322 dates, including the obsolete forms of RFC 5322 §4.3:
/// two- and three-digit years, named zones (UT, GMT, EST … PDT), military
/// zones, missing seconds, missing day of week, comments, and the asctime
/// order some old software writes (`Tue Jul  1 10:52:37 2003`).
public enum MailDateParser {
    /// Parses `value`, or returns nil when no date can be made out.
    public static func parse(_ value: String) -> Date? {
        // Drop comments, turn commas into spaces, split on whitespace.
        var cleaned = String.UnicodeScalarView()
        var depth = 0
        for c in value.unicodeScalars {
            if c == "(" {
                depth += 1
                continue
            }
            if c == ")" {
                depth = max(0, depth - 1)
                continue
            }
            if depth > 0 { continue }
            cleaned.append(c == "," ? " " : c)
        }
        let tokens = String(cleaned).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" })

        var day: Int?
        var month: Int?
        var year: Int?
        var time: (Int, Int, Int)?
        var zone: Int?  // seconds east of UTC

        for token in tokens {
            let t = token.lowercased()
            if let first = t.first, first == "+" || first == "-", t.count == 6, t.contains(Character(":")) {
                let digits = String(t.dropFirst().filter { $0 != ":" })
                if let n = Int(digits) {
                    zone = (first == "-" ? -1 : 1) * ((n / 100) * 3600 + (n % 100) * 60)
                }
                continue
            }
            if t.contains(Character(":")) {
                guard time == nil else { continue }
                let parts = t.split(separator: ":", omittingEmptySubsequences: false)
                guard parts.count == 2 || parts.count == 3,
                    let h = Int(parts[0]), let m = Int(parts[1])
                else { return nil }
                var s = 0
                if parts.count == 3 {
                    guard let sec = Int(parts[2].prefix(2)) else { return nil }
                    s = sec
                }
                time = (h, m, s)
                continue
            }
            if let first = t.first, first == "+" || first == "-", t.count == 5, let n = Int(t.dropFirst()) {
                let sign = first == "-" ? -1 : 1
                zone = sign * ((n / 100) * 3600 + (n % 100) * 60)
                continue
            }
            if let n = Int(t) {
                if t.count >= 3 {
                    if year == nil { year = n < 1000 ? n + 1900 : n }
                } else if day == nil, n >= 1, n <= 31 {
                    day = n
                } else if year == nil {
                    year = n < 50 ? 2000 + n : 1900 + n
                }
                continue
            }
            if let m = months[String(t.prefix(3))], month == nil, t.count >= 3, t.allSatisfy(\.isLetter) {
                month = m
                continue
            }
            if let offset = namedZones[t] {
                zone = offset * 3600
                continue
            }
            if t.count == 1, let c = t.first, c.isLetter, c != "j" {
                zone = 0  // Military zones: RFC 5322 says to treat them as -0000.
                continue
            }
            // Day names and unknown words are ignored.
        }

        guard let day, let month, let year, let time, (1000...9999).contains(year),
            (0...23).contains(time.0), (0...59).contains(time.1), (0...60).contains(time.2),
            day <= daysIn(month: month, year: year)
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + time.0 * 3600 + time.1 * 60 + min(time.2, 59) - (zone ?? 0)
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static let months: [String: Int] = [
        "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
        "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12,
    ]

    private static let namedZones: [String: Int] = [
        "ut": 0, "utc": 0, "gmt": 0, "z": 0,
        "est": -5, "edt": -4, "cst": -6, "cdt": -5,
        "mst": -7, "mdt": -6, "pst": -8, "pdt": -7,
    ]

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 for a proleptic Gregorian date (H. Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
