import UI

/// A message row as a screen reader says it: sender, subject, unread, flagged, date
/// ("Анна Смирнова, Встреча завтра, unread, 6:41"); scripts still find it by its subject (the label).
extension MessageRowView: AccessibilityDescribing {
    public var accessibilitySpokenLabel: String? {
        guard let s = summary else { return nil }
        var parts = [sender.text, subject.text]
        if !s.isSeen { parts.append(MailStrings.unread.text(for: self)) }
        if s.isFlagged { parts.append(MailStrings.flagged.text(for: self)) }
        if !date.text.isEmpty { parts.append(date.text) }
        return parts.filter { !$0.isEmpty }.joined(separator: ", ")
    }
}
