/// The pasteboard text views cut and copy to and paste from (as `UIPasteboard.general`). By default
/// it lives in the process (every app Slate hosts in it shares it); an app running as a process of
/// its own in the Slate shell keeps it on the system's clipboard (the Wayland selection), shared with
/// every program.
@MainActor public enum Pasteboard {
    /// Where the text is kept.
    public static var store: any PasteboardStore = ProcessPasteboard()

    /// The text on the pasteboard, if any.
    public static var string: String? {
        get { store.string }
        set { store.string = newValue }
    }

    /// Whether there may be text to paste, without reading it (as `UIPasteboard.hasStrings`): what
    /// greys Paste in the Edit menu.
    public static var hasString: Bool { store.hasString }
}

/// Where the pasteboard's text is kept: in the process, or on the system's clipboard.
@MainActor public protocol PasteboardStore: AnyObject {
    /// The text on it, if any (reading may ask another program for it).
    var string: String? { get set }
    /// Whether there may be text on it, told without reading it (which may ask another program).
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
