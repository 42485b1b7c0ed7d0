import Graphics
import Scenes
import UI

/// A note's window content: its text, and above it — when there is something to say — a notice: the
/// note could not be saved (why, what to do, Retry and Copy Text), or text kept from a save that
/// failed before is offered back (Restore, Keep as Copy). The notice appears once, when that starts,
/// and goes when it is over.
@MainActor public final class NoteEditorView: View {
    /// The note shown.
    public let document: NoteDocument
    /// The notice over the text (hidden while there is nothing to say).
    public let notice = NoticeBar()

    init(document: NoteDocument) {
        self.document = document
        super.init()
        backgroundColor = .systemBackground
        identifier = "note-editor"
        addSubview(document.textView)
        addSubview(notice)
        update()
    }

    /// Shows what the document's saving says now.
    func update() {
        if let failure = document.saveFailure {
            notice.symbol = "exclamationmark.triangle"
            notice.tint = .systemOrange
            let text = document.isKeptForRecovery ? NotesStrings.notSaved : NotesStrings.notSavedNotKept
            notice.message = text.formatted(failure.summary, failure.advice)
            notice.setActions([
                (NotesStrings.retry, { [weak self] in self?.retry() }),
                (NotesStrings.copyText, { [weak self] in self?.copyText() }),
            ])
            notice.isHidden = false
        } else if document.recovered != nil {
            notice.symbol = "arrow.uturn.backward"
            notice.tint = .tint
            notice.message = NotesStrings.recoveredText
            notice.setActions([
                (NotesStrings.restore, { [weak self] in self?.document.restoreRecoveredText() }),
                (NotesStrings.keepAsCopy, { [weak self] in self?.document.keepRecoveredTextAsCopy() }),
            ])
            notice.isHidden = false
        } else {
            notice.isHidden = true
        }
        setNeedsLayout()
    }

    /// Tries the save again now.
    func retry() {
        document.save()
    }

    /// Puts the note's whole text on the pasteboard.
    func copyText() {
        pasteboard.string = document.text
    }

    public override func layoutSubviews() {
        let margin = AlertMetrics.noticeMargin
        var top = 0.0
        if !notice.isHidden {
            let width = bounds.width - 2 * margin
            let height = notice.sizeThatFits(Size(width, bounds.height)).height
            notice.frame = Rect(margin, margin, width, height)
            top = notice.frame.maxY + margin
        }
        document.textView.frame = Rect(0, top, bounds.width, max(0, bounds.height - top))
        document.textView.safeAreaInsets = EdgeInsets(bottom: safeAreaInsets.bottom)
    }
}
