import UI

/// Notes' words, in English and Russian.
public enum NotesStrings {
    public static let appName = LocalizedString(en: "Notes", ru: "Заметки")
    public static let folders = LocalizedString(en: "Folders", ru: "Папки")
    public static let allNotes = LocalizedString(en: "Notes", ru: "Заметки")
    public static let newNote = LocalizedString(en: "New Note", ru: "Новая заметка")
    public static let openMail = LocalizedString(en: "open a message in Mail", ru: "открыть письмо в Почте")
    public static let search = LocalizedString(en: "Search", ru: "Поиск")
    public static let noNotes = LocalizedString(en: "No Notes", ru: "Нет заметок")
    public static let noResults = LocalizedString(en: "No Results", ru: "Ничего не найдено")
    public static let noText = LocalizedString(en: "No additional text", ru: "Нет текста")
    public static let noteText = LocalizedString(en: "Note text", ru: "Текст заметки")
    public static let duplicate = LocalizedString(en: "Duplicate", ru: "Дублировать")
    public static let moveTo = LocalizedString(en: "Move to", ru: "Переместить")
    public static let share = LocalizedString(en: "Share", ru: "Поделиться")
    public static let sendWithMail = LocalizedString(en: "Send with Mail", ru: "Отправить по почте")
    public static let delete = LocalizedString(en: "Delete", ru: "Удалить")
    public static let conflictedCopy = LocalizedString(en: "conflicted copy", ru: "конфликтующая копия")
    public static let copySuffix = LocalizedString(en: "copy", ru: "копия")
    public static let notesUnreadable = LocalizedString(
        en: "The notes folder could not be read: %@", ru: "Папку заметок не удалось прочитать: %@")
    public static let noteUnreadable = LocalizedString(
        en: "This note could not be read: %@", ru: "Эту заметку не удалось прочитать: %@")
    public static let yesterday = LocalizedString(en: "Yesterday", ru: "Вчера")

    /// The shown name of a folder: the notes folder itself is "Notes", others by their last name.
    @MainActor public static func name(ofFolder folder: String) -> String {
        folder.isEmpty ? allNotes.text : String(folder.split(separator: "/").last ?? Substring(folder))
    }

    /// A note's shown title: its own, or "New Note" while it has none.
    @MainActor public static func title(_ title: String) -> String { title.isEmpty ? newNote.text : title }
}
