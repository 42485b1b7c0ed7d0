import Foundation
import Graphics
import MailStore
import UI

/// One message: its headers, the problems met reading it, its text and attachments, scrolling.
/// The text is selectable with an edit menu (Copy, Select All) and carries no context menu (C10).
@MainActor public final class MessageBodyView: ScrollView {
    let sender = Label("", style: .headline)
    let recipients = Label("", style: .subheadline, color: .secondaryLabel)
    let date = Label("", style: .subheadline, color: .secondaryLabel)
    let subject = Label("", style: .title2)
    let problems = Label("", style: .footnote)
    let body = Label("", style: .body)
    let attachmentsLabel = Label("", style: .footnote, color: .secondaryLabel)
    /// "Loading…", while the message is read off the main thread.
    let loadingLabel = Label("", style: .body, color: .secondaryLabel)
    public private(set) var message: Message?
    /// Whether the message is being read (the window shows its subject and "Loading…").
    public var isLoading: Bool { reading != nil || pendingRead != nil }
    /// Called with the message once it is shown after a `load`.
    public var onLoad: ((Message) -> Void)?
    private var pendingRead: (@Sendable () -> Message)?
    private var pendingLanguage = Language.en
    private var reading: BackgroundWork.Ticket?
    /// What Copy puts on the pasteboard (the host's clipboard is not wired; kept for the app and tests).
    public private(set) var copied: String?
    public let edit: EditMenuInteraction

    public override init(frame: Rect = .zero) {
        var copyTarget: (() -> String)? = nil
        var sink: ((String) -> Void)? = nil
        edit = EditMenuInteraction {
            [
                EditMenuInteraction.Command(title: UIStrings.copy) { if let t = copyTarget?() { sink?(t) } },
                EditMenuInteraction.Command(title: UIStrings.selectAll) {},
            ]
        }
        super.init(frame: frame)
        backgroundColor = .systemBackground
        subject.numberOfLines = 0
        body.numberOfLines = 0
        body.alignment = .natural
        problems.numberOfLines = 0
        problems.textColor = Color(light: RGBA(hex: 0x8A5A00), dark: RGBA(hex: 0xFFD60A))
        problems.backgroundColor = Color(light: RGBA(hex: 0xFFF4D6), dark: RGBA(hex: 0x3A3000))
        problems.cornerRadius = 8
        attachmentsLabel.numberOfLines = 0
        loadingLabel.isHidden = true
        for v in [sender, recipients, date, subject, problems, body, attachmentsLabel, loadingLabel] { addSubview(v) }
        body.identifier = "message-body"
        body.localizedAccessibilityLabel = MailStrings.messageText
        body.addInteraction(edit)
        copyTarget = { [weak self] in self?.body.text ?? "" }
        sink = { [weak self] t in self?.copied = t }
    }

    /// Shows `subject` and "Loading…", and reads the message with `read` off the main thread once the
    /// view is on a screen (the screen's `backgroundWork`); then shows it. A view on no screen reads
    /// it when first laid out.
    public func load(subject shownSubject: String, language: Language, read: @escaping @Sendable () -> Message) {
        reading?.cancel()
        reading = nil
        message = nil
        for l in [sender, recipients, date, problems, body, attachmentsLabel] { l.text = "" }
        problems.isHidden = true
        body.accessibilityValue = ""
        subject.text =
            shownSubject.isEmpty
            ? MailStrings.noSubject.resolved(language) : ShownText.clipped(shownSubject, ShownText.longestLine)
        loadingLabel.text = MailStrings.loading.resolved(language)
        loadingLabel.isHidden = false
        pendingRead = read
        pendingLanguage = language
        contentOffset = .zero
        setNeedsLayout()
        if root != nil { startReading() }
    }

    public override func didMoveToRoot() {
        super.didMoveToRoot()
        if root != nil { startReading() }
    }

    private func startReading() {
        guard let read = pendingRead else { return }
        pendingRead = nil
        let language = pendingLanguage
        reading = environment.backgroundWork.run(for: self, { Self.shownForm(read()) }) { [weak self] m in
            guard let self else { return }
            self.reading = nil
            self.show(m, language: language)
            self.onLoad?(m)
        }
    }

    /// What a window keeps of a message: everything but the attachments' bytes and the HTML source,
    /// which the file keeps (a 50 MB attachment is not held to show its name).
    nonisolated static func shownForm(_ m: Message) -> Message {
        var m = m
        m.attachments = m.attachments.map { $0.withoutData() }
        m.html = nil
        return m
    }

    public func show(_ m: Message, language: Language) {
        reading?.cancel()
        reading = nil
        pendingRead = nil
        loadingLabel.isHidden = true
        message = m
        let clip = ShownText.clipped
        sender.text = clip(m.from.map(\.displayName).joined(separator: ", "), ShownText.longestLine)
        recipients.text = clip(
            MailStrings.to.resolved(language) + " " + m.to.map(\.displayName).joined(separator: ", "),
            ShownText.longestLine)
        date.text = m.date.map { MailDateFormatter.fullString($0, language: language) } ?? ""
        subject.text =
            m.subject.isEmpty ? MailStrings.noSubject.resolved(language) : clip(m.subject, ShownText.longestLine)
        // A huge body is cut, and the cut said: the text laid out stays a few hundred kilobytes, so the
        // window opens at once and its memory stays bounded whatever the message.
        let text = clip(m.text, ShownText.longestBody)
        var notes: [String] = []
        if !m.problems.isEmpty {
            notes.append(
                MailStrings.couldNotShow.formatted(clip(m.problems.joined(separator: "; "), ShownText.longestLine))
                    .resolved(language))
        }
        if text.utf8.count < m.text.utf8.count {
            notes.append(MailStrings.textCut.formatted(ShownText.longestBody.formatted()).resolved(language))
        }
        problems.text = notes.isEmpty ? "" : "  " + notes.joined(separator: "\n  ")
        problems.isHidden = notes.isEmpty
        body.text = text
        body.accessibilityValue = text
        // Thousands of parts list the first few and say how many more: the label stays a few lines.
        var names = m.attachments.prefix(Self.mostAttachmentsListed).map { a in
            "• \(clip(a.filename, ShownText.longestLine)) "
                + "(\(ByteCountFormatter.string(fromByteCount: Int64(a.size), countStyle: .file)))"
        }
        if m.attachments.count > Self.mostAttachmentsListed {
            names.append(
                MailStrings.moreAttachments.formatted((m.attachments.count - Self.mostAttachmentsListed).formatted())
                    .resolved(language))
        }
        attachmentsLabel.text =
            names.isEmpty ? "" : MailStrings.attachments.resolved(language) + "\n" + names.joined(separator: "\n")
        contentOffset = .zero
        setNeedsLayout()
    }

    /// The most attachments listed by name; the rest are counted.
    public static let mostAttachmentsListed = 50

    public override func layoutSubviews() {
        if pendingRead != nil && root == nil { startReading() }
        let pad = 24.0
        let w = max(100, bounds.width - 2 * pad)
        var y = 20.0
        func place(_ l: Label, gap: Double = 4) {
            guard !l.isHidden, !l.text.isEmpty else {
                l.frame = Rect(pad, y, w, 0)
                return
            }
            let h = l.sizeThatFits(Size(w, .infinity)).height
            l.frame = Rect(pad, y, w, h)
            y += h + gap
        }
        place(sender)
        place(recipients)
        place(date, gap: 12)
        place(subject, gap: 12)
        place(problems, gap: 12)
        place(loadingLabel, gap: 12)
        y += 4
        place(body, gap: 20)
        place(attachmentsLabel)
        contentSize = Size(bounds.width, y + 40)
        super.layoutSubviews()
    }

    public override func draw(in canvas: any Canvas) {
        // The hairline between the headers and the text.
        let y = subject.frame.maxY + 5
        canvas.fill(Rect(24, y, bounds.width - 48, canvas.hairline), with: .separator)
    }
}
