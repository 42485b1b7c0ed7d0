/// The pasteboard text views cut and copy to and paste from (as `UIPasteboard.general`). It lives in
/// the process: every app Slate hosts shares it; the host's own clipboard is not wired.
@MainActor public enum Pasteboard {
    /// The text on the pasteboard, if any.
    public static var string: String?
}

/// The words of the text editor's edit menu, in English and Russian.
public enum TextViewStrings {
    public static let cut = LocalizedString(en: "Cut", ru: "Вырезать")
    public static let copy = UIStrings.copy
    public static let paste = LocalizedString(en: "Paste", ru: "Вставить")
    public static let selectAll = UIStrings.selectAll
    public static let select = LocalizedString(en: "Select", ru: "Выбрать")
}
