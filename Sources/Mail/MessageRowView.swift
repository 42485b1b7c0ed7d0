import Foundation
import Graphics
import MailStore
import Scenes
import UI

/// A message in a list: unread dot, sender, date, subject, two lines of the text, flag — as iPad Mail.
@MainActor public final class MessageRowView: ListRow {
    public static let height: Double = 96

    let sender = Label("", style: .headline)
    let date = Label("", style: .subheadline, color: .secondaryLabel)
    let subject = Label("", style: .subheadline)
    let snippet = Label("", style: .subheadline, color: .secondaryLabel)
    public private(set) var summary: MessageSummary?
    /// Whether the row waits for its summary (shown blank, "Loading…" to assistive technologies).
    public private(set) var isPlaceholder = false

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        for l in [sender, date, subject, snippet] {
            l.isAccessibilityElement = false
            addSubview(l)
        }
        date.alignment = .right
        snippet.numberOfLines = 2
        accessibilityTraits = .button
    }

    public func configure(_ s: MessageSummary, now: Date) {
        summary = s
        isPlaceholder = false
        sender.text = ShownText.clipped(
            s.fromName.isEmpty ? (s.from?.address ?? "") : s.fromName, ShownText.longestLine)
        date.localizedText = LocalizedString { MailDateFormatter.listString(s.date, now: now, language: $0) }
        subject.localizedText =
            s.subject.isEmpty
            ? MailStrings.noSubject : LocalizedString(verbatim: ShownText.clipped(s.subject, ShownText.longestLine))
        snippet.text = s.snippet
        // Scripts and people find a message by its subject.
        localizedAccessibilityLabel = subject.localizedText
        var value: [LocalizedString] = [sender.localizedText]
        if !s.isSeen { value.append(MailStrings.unread) }
        if s.isFlagged { value.append(MailStrings.flagged) }
        localizedAccessibilityValue = LocalizedString { language in
            value.map { $0.resolved(language) }.joined(separator: ", ")
        }
        identifier = "message-row"
        restyle()
        setNeedsDisplay()
    }

    /// A message whose file cannot be read: the row says so and why, instead of staying blank.
    public func configureUnreadable(reason: String) {
        summary = nil
        isPlaceholder = false
        sender.text = ""
        date.text = ""
        subject.localizedText = MailStrings.cannotRead
        snippet.text = reason
        localizedAccessibilityLabel = subject.localizedText
        accessibilityValue = reason
        identifier = "message-row"
        restyle()
        setNeedsDisplay()
    }

    /// A row whose summary is being read: blank, said to be loading.
    public func configureLoading() {
        summary = nil
        isPlaceholder = true
        sender.text = ""
        date.text = ""
        subject.text = ""
        snippet.text = ""
        localizedAccessibilityLabel = MailStrings.loading
        accessibilityValue = nil
        identifier = "message-row"
        restyle()
        setNeedsDisplay()
    }

    public override func selectionChanged() {
        super.selectionChanged()
        restyle()
    }

    private func restyle() {
        let sel = isSelected
        sender.textColor = sel ? .white : .label
        subject.textColor = sel ? .white : .label
        date.textColor = sel ? Color.white.withAlpha(0.85) : .secondaryLabel
        snippet.textColor = sel ? Color.white.withAlpha(0.85) : .secondaryLabel
        selectionColor = .systemBlue
    }

    public override func layoutSubviews() {
        let left = 32.0
        let w = bounds.width - left - 16
        // The lines and the space around them grow with the text size, as the row does; the date's
        // column too, for its larger digits.
        let metrics = fontMetrics
        let dw = metrics.scaledValue(110)
        sender.frame = Rect(left, metrics.scaledValue(10), w - dw - 8, metrics.scaledValue(22))
        date.frame = Rect(bounds.width - 16 - dw - 18, metrics.scaledValue(10), dw, metrics.scaledValue(22))
        subject.frame = Rect(left, metrics.scaledValue(33), w - 24, metrics.scaledValue(20))
        snippet.frame = Rect(left, metrics.scaledValue(54), w, metrics.scaledValue(38))
    }

    public override func draw(in canvas: any Canvas) {
        super.draw(in: canvas)
        guard let s = summary else { return }
        // Each mark stays beside its line as the lines grow with the text size.
        let metrics = fontMetrics
        if !s.isSeen {
            canvas.fill(
                Path.ellipse(in: Rect(12, metrics.scaledValue(21) - 5, 10, 10)), with: isSelected ? .white : .systemBlue
            )
        }
        if s.isFlagged {
            canvas.drawSymbol(
                "flag.fill", in: Rect(bounds.width - 30, metrics.scaledValue(42) - 8, 16, 16),
                tint: isSelected ? .white : .systemOrange)
        }
        canvas.drawSymbol(
            "chevron.right", in: Rect(bounds.width - 26, metrics.scaledValue(20) - 7, 12, 14),
            tint: isSelected ? .white : .tertiaryLabel)
    }
}

/// A mailbox in the sidebar: its symbol, name and unread count (a `SidebarRowView`, as Notes'
/// folders and Settings' sections).
@MainActor public final class MailboxRowView: SidebarRowView {
    public private(set) var mailbox: Mailbox?

    public func configure(_ m: Mailbox, unread: Int) {
        mailbox = m
        // Every digit, grouped as iPadOS's Mail writes it ("66,667"), never cut into "666…".
        let shown = CountText.grouped(unread, language: language)
        depth = m.depth
        configure(name: MailStrings.name(of: m), symbol: MailStrings.symbol(of: m.role), count: unread > 0 ? shown : "")
        localizedAccessibilityValue =
            unread > 0 ? LocalizedString { "\(shown) \(MailStrings.unread.resolved($0))" } : nil
        identifier = "mailbox-row"
    }
}
