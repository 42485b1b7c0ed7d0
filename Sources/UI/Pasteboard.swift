extension View {
    /// The pasteboard of the screen the view is on (`ScreenEnvironment.pasteboard`), as
    /// `UIPasteboard.general`: what its text is cut and copied to and pasted from.
    public var pasteboard: any PasteboardStore { environment.pasteboard }
}

/// Where the pasteboard's text is kept: in the process, or on the system's clipboard.
@MainActor public protocol PasteboardStore: AnyObject {
    /// The text on it, if any (reading may ask another program for it).
    var string: String? { get set }
    /// Whether there may be text on it, told without reading it (which may ask another program), as
    /// `UIPasteboard.hasStrings`: what greys Paste in the Edit menu.
    var hasString: Bool { get }
}

extension PasteboardStore {
    public var hasString: Bool { !(string ?? "").isEmpty }
}

/// The pasteboard of one process.
@MainActor public final class ProcessPasteboard: PasteboardStore {
    public var string: String?
    public init() {}
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
