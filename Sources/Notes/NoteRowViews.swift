import Foundation
import Graphics
import UI

/// A note in the list: its title, then its date and first line of text, as iPad's Notes shows them.
@MainActor public final class NoteRowView: ListRow {
    /// Two lines of 22 and 20 pt with 11 pt above and below (iPad Notes' list rows).
    public static let height: Double = 64

    let title = Label("", style: .headline)
    let detail = Label("", style: .subheadline, color: .secondaryLabel)
    /// The note the row shows.
    public private(set) var note: NoteSummary?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        for l in [title, detail] {
            l.isAccessibilityElement = false
            addSubview(l)
        }
        accessibilityTraits = .button
        identifier = "note-row"
    }

    /// Shows `n`; its date is said against `now` (today's time, Yesterday, or the date).
    public func configure(_ n: NoteSummary, now: Date) {
        note = n
        title.text = NotesStrings.title(n.title)
        let date = NotesDateFormatter.listString(n.modified, now: now, language: Language.current)
        detail.text = date + "  " + (n.preview.isEmpty ? NotesStrings.noText.text : n.preview)
        // People and scripts find a note by its title.
        accessibilityLabel = title.text
        accessibilityValue = detail.text
        restyle()
        setNeedsDisplay()
    }

    public override func selectionChanged() {
        super.selectionChanged()
        restyle()
    }

    private func restyle() {
        title.textColor = isSelected ? .black : .label
        detail.textColor = isSelected ? Color.black.withAlpha(0.6) : .secondaryLabel
        // Notes' selection is its yellow.
        selectionColor = .systemYellow
    }

    public override func layoutSubviews() {
        let left = 20.0
        title.frame = Rect(left, 11, bounds.width - left - 16, 22)
        detail.frame = Rect(left, 34, bounds.width - left - 16, 20)
    }
}

/// A folder in the sidebar: a folder symbol and the folder's name, indented by its depth.
@MainActor public final class FolderRowView: ListRow {
    public static let height: Double = 44
    let icon = ImageView(symbol: "folder", tint: .systemYellow)
    let name = Label("", style: .body)
    let count = Label("", style: .body, color: .secondaryLabel)
    /// The folder the row shows, from the notes folder ("" for the notes folder itself).
    public private(set) var folder: String?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = .secondarySystemBackground
        for v in [icon, name, count] as [View] {
            v.isAccessibilityElement = false
            addSubview(v)
        }
        count.alignment = .right
        accessibilityTraits = .button
        identifier = "folder-row"
    }

    /// Shows `folder`, with a count of its notes when given.
    public func configure(_ folder: String, count n: Int?) {
        self.folder = folder
        name.text = NotesStrings.name(ofFolder: folder)
        count.text = n.map { "\($0)" } ?? ""
        accessibilityLabel = name.text
        selectionColor = Color(light: RGBA(hex: 0xD1D1D6), dark: RGBA(hex: 0x3A3A3C))
        setNeedsLayout()
    }

    var depth: Int { folder.map { $0.isEmpty ? 0 : $0.split(separator: "/").count - 1 } ?? 0 }

    public override func layoutSubviews() {
        let indent = 16 + Double(depth) * 20
        icon.frame = Rect(indent, (bounds.height - 24) / 2, 24, 24)
        name.frame = Rect(indent + 36, 0, bounds.width - indent - 36 - 64, bounds.height)
        count.frame = Rect(bounds.width - 64, 0, 48, bounds.height)
    }
}

/// Dates in the note list: the time today, "Yesterday", else the date. Its formatters are made once
/// for each language, pattern and time zone (a tenth of a millisecond each) and kept.
@MainActor enum NotesDateFormatter {
    private static var formatters: [String: DateFormatter] = [:]

    static func listString(_ date: Date, now: Date, language: Language) -> String {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = .current
        let pattern: String
        if cal.isDate(date, inSameDayAs: now) {
            pattern = "HH:mm"
        } else if let y = cal.date(byAdding: .day, value: -1, to: now), cal.isDate(date, inSameDayAs: y) {
            return NotesStrings.yesterday.resolved(language)
        } else {
            pattern = language == .ru ? "dd.MM.yy" : "dd/MM/yy"
        }
        let key = "\(language.rawValue)|\(TimeZone.current.identifier)|\(pattern)"
        let f: DateFormatter
        if let made = formatters[key] {
            f = made
        } else {
            f = DateFormatter()
            f.locale = Locale(identifier: language == .ru ? "ru_RU" : "en_US_POSIX")
            f.timeZone = .current
            f.dateFormat = pattern
            formatters[key] = f
        }
        return f.string(from: date)
    }
}
