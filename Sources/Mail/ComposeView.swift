import Graphics
import UI

/// A message being written: To, Subject and the text, and the question of keeping a draft on Close.
@MainActor final class ComposeView: View {
    let to = TextField(placeholder: "")
    let subject = TextField(placeholder: MailStrings.subjectPlaceholder)
    let body = TextField(multiline: true)
    let toLabel = Label(MailStrings.to, style: .body, color: .secondaryLabel)
    let subjectLabel = Label(MailStrings.subject, style: .body, color: .secondaryLabel)
    let from: String
    let inReplyTo: String?
    private var sheet: View?
    /// Says the message could not be sent or saved, with Retry and Copy Text (hidden otherwise).
    let notice = NoticeBar()

    init(message: OutgoingMessage) {
        from = message.from
        inReplyTo = message.inReplyTo
        super.init()
        backgroundColor = .systemBackground
        to.text = message.to
        subject.text = message.subject
        body.text = message.body
        to.localizedAccessibilityLabel = MailStrings.to
        subject.localizedAccessibilityLabel = MailStrings.subjectPlaceholder
        body.localizedAccessibilityLabel = MailStrings.compose
        for v in [toLabel, to, subjectLabel, subject, body, notice] as [View] { addSubview(v) }
        notice.isHidden = true
        toLabel.isAccessibilityElement = false
        subjectLabel.isAccessibilityElement = false
        addInteraction(DropInteraction(delegate: Self.textDrop))
    }

    private static let textDrop = ComposeTextDrop()

    var message: OutgoingMessage {
        OutgoingMessage(from: from, to: to.text, subject: subject.text, body: body.text, inReplyTo: inReplyTo)
    }

    /// Where the fields begin: under the notice when it shows.
    private var fieldsTop = 0.0

    override func layoutSubviews() {
        let w = bounds.width - 40
        fieldsTop = 0
        if !notice.isHidden {
            let margin = AlertMetrics.noticeMargin
            let h = notice.sizeThatFits(Size(bounds.width - 2 * margin, bounds.height)).height
            notice.frame = Rect(margin, margin, bounds.width - 2 * margin, h)
            fieldsTop = notice.frame.maxY + margin
        }
        let top = fieldsTop
        // The fields grow with the text size, and the labels' column with its longest label.
        let row = fontMetrics.scaledValue(40)
        let labelWidth = max(
            80, [toLabel, subjectLabel].map { $0.sizeThatFits(Size(.infinity, row)).width }.max()! + 12)
        toLabel.frame = Rect(20, top + 8, labelWidth, row)
        to.frame = Rect(20 + labelWidth, top + 8, w - labelWidth, row)
        separators = [to.frame.maxY + 2 - top]
        subjectLabel.frame = Rect(20, top + separators[0] + 2, labelWidth, row)
        subject.frame = Rect(20 + labelWidth, subjectLabel.frame.minY, w - labelWidth, row)
        separators.append(subject.frame.maxY + 4 - top)
        let bodyTop = top + separators[1] + 8
        body.frame = Rect(20, bodyTop, w, max(60, bounds.height - bodyTop - 20))
        sheet?.frame = bounds
        setNeedsDisplay()
    }

    /// Where the lines under To and Subject are, from the top of the fields.
    private var separators: [Double] = [50, 96]

    override func draw(in canvas: any Canvas) {
        for y in separators {
            canvas.fill(Rect(20, fieldsTop + y, bounds.width - 20, canvas.hairline), with: .separator)
        }
    }

    /// The message as a person would copy it: To, Subject, a blank line, the text.
    var copiedText: String {
        "\(MailStrings.to.text(for: self)) \(to.text)\n\(MailStrings.subject.text(for: self)) \(subject.text)\n\n\(body.text)"
    }

    /// Shows `text` in the notice with Retry and Copy Text; nil hides it.
    func showProblem(_ text: LocalizedString?, retry: @escaping () -> Void) {
        notice.isHidden = text == nil
        if let text {
            notice.message = text
            notice.setActions([
                (MailStrings.retry, retry),
                (MailStrings.copyText, { [weak self] in self.map { $0.pasteboard.string = $0.copiedText } }),
            ])
        }
        setNeedsLayout()
    }

    /// Asks whether to keep the message as a draft: Save Draft or Delete Draft.
    func askToKeepDraft(_ answer: @escaping (Bool) -> Void) {
        let cover = View()
        cover.backgroundColor = Color.black.withAlpha(0.25)
        let panel = View()
        panel.backgroundColor = .secondarySystemBackground
        panel.cornerRadius = 14
        let q = Label(MailStrings.keepDraftQuestion, style: .headline)
        q.alignment = .center
        q.numberOfLines = 2
        let save = Button(title: MailStrings.saveDraft, style: .plain)
        let delete = Button(title: MailStrings.deleteDraft, style: .plain)
        delete.tint = .systemRed
        save.action = { [weak self] in
            self?.dismissSheet()
            answer(true)
        }
        delete.action = { [weak self] in
            self?.dismissSheet()
            answer(false)
        }
        panel.addSubview(q)
        panel.addSubview(save)
        panel.addSubview(delete)
        cover.addSubview(panel)
        let pw = 300.0
        panel.frame = Rect(0, 0, pw, 160)
        q.frame = Rect(16, 12, pw - 32, 48)
        save.frame = Rect(0, 64, pw, 44)
        delete.frame = Rect(0, 110, pw, 44)
        addSubview(cover)
        sheet = cover
        cover.frame = bounds
        panel.frame.origin = Point((bounds.width - pw) / 2, max(20, (bounds.height - 160) / 3))
    }

    private func dismissSheet() {
        sheet?.removeFromSuperview()
        sheet = nil
    }
}

/// Text dropped on a message being written (a note from Notes) goes at the end of its text.
@MainActor final class ComposeTextDrop: DropInteractionDelegate {
    func dropInteraction(_ interaction: DropInteraction, canHandle session: DragSession) -> Bool {
        guard let view = interaction.view else { return false }
        return session.hasItems(conformingTo: ItemType.plainText)
            && !(session.sourceView?.isDescendant(of: view) ?? false)
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DragSession) -> DropOperation {
        .copy
    }

    func dropInteraction(_ interaction: DropInteraction, performDrop session: DragSession) {
        guard let compose = interaction.view as? ComposeView else { return }
        for item in session.items {
            // An item that does not load as text has nothing to add: passed over.
            guard let text = try? item.provider.loadText(), !text.isEmpty else { continue }
            let body = compose.body.text
            compose.body.text = body.isEmpty || body.hasSuffix("\n") ? body + text : body + "\n" + text
        }
    }
}
