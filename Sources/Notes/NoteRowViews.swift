import Foundation
import Graphics
import Scenes
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
        title.localizedText = NotesStrings.title(n.title)
        detail.localizedText = LocalizedString { language in
            NotesDateFormatter.listString(n.modified, now: now, language: language) + "  "
                + (n.preview.isEmpty ? NotesStrings.noText.resolved(language) : n.preview)
        }
        // People and scripts find a note by its title.
        localizedAccessibilityLabel = title.localizedText
        localizedAccessibilityValue = detail.localizedText
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
        // The lines and the space around them grow with the text size, as the row does.
        let metrics = fontMetrics
        title.frame = Rect(left, metrics.scaledValue(11), bounds.width - left - 16, metrics.scaledValue(22))
        detail.frame = Rect(left, metrics.scaledValue(34), bounds.width - left - 16, metrics.scaledValue(20))
    }
}

/// A folder in the sidebar: a folder symbol and the folder's name, indented by its depth (a
/// `SidebarRowView`, as Mail's mailboxes and Settings' sections).
@MainActor public final class FolderRowView: SidebarRowView {
    /// The folder the row shows, from the notes folder ("" for the notes folder itself).
    public private(set) var folder: String?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        identifier = "folder-row"
    }

    /// Shows `folder`, with a count of its notes when given.
    public func configure(_ folder: String, count n: Int?) {
        self.folder = folder
        depth = folder.isEmpty ? 0 : folder.split(separator: "/").count - 1
        configure(
            name: NotesStrings.name(ofFolder: folder), symbol: "folder", tint: .systemYellow,
            count: n.map { "\($0)" } ?? "")
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
