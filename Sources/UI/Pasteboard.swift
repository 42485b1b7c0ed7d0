/// The pasteboard text views cut and copy to and paste from (as `UIPasteboard.general`). It lives in
/// the process: every app Slate hosts shares it; the host's own clipboard is not wired.
@MainActor public enum Pasteboard {
    /// The text on the pasteboard, if any.
    public static var string: String?
}

/// The words of the text editor's edit menu, in English and Russian.
public enum TextViewStrings {
    /// Cut the selection.
    public static let cut = LocalizedString(en: "Cut", ru: "Вырезать")
    /// Copy the selection.
    public static let copy = UIStrings.copy
    /// Paste the pasteboard's text.
    public static let paste = LocalizedString(en: "Paste", ru: "Вставить")
    /// Select the whole text.
    public static let selectAll = UIStrings.selectAll
    /// Select the word at the caret.
    public static let select = LocalizedString(en: "Select", ru: "Выбрать")
}
