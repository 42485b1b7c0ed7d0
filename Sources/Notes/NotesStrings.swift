import UI

/// Notes' words, in English and Russian.
public enum NotesStrings {
    public static let appName = LocalizedString(en: "Notes", ru: "Заметки")
    public static let folders = LocalizedString(en: "Folders", ru: "Папки")
    public static let allNotes = LocalizedString(en: "Notes", ru: "Заметки")
    public static let newNote = LocalizedString(en: "New Note", ru: "Новая заметка")
    /// What was being done (in "cannot make a note: …").
    public static let makeANote = LocalizedString(en: "make a note", ru: "создать заметку")
    /// What was being done (in "cannot duplicate the note: …").
    public static let duplicateTheNote = LocalizedString(en: "duplicate the note", ru: "дублировать заметку")
    /// What was being done (in "cannot move the note: …").
    public static let moveTheNote = LocalizedString(en: "move the note", ru: "переместить заметку")
    /// What was being done (in "cannot read the note: …").
    public static let readTheNote = LocalizedString(en: "read the note", ru: "прочитать заметку")
    /// What was being done (in "cannot move the note to the Trash: …").
    public static let moveToTheTrash = LocalizedString(
        en: "move the note to the Trash", ru: "переместить заметку в Корзину")
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

    // Saving that fails, and text kept meanwhile.
    /// What was being done (in "cannot save the note Shopping.md: …").
    public static let saveTheNote = LocalizedString(en: "save the note %@", ru: "сохранить заметку %@")
    /// What was being done (in "cannot keep the text of Shopping.md for recovery: …").
    public static let keepTheText = LocalizedString(
        en: "keep the text of %@ for recovery", ru: "сохранить текст %@ для восстановления")
    /// The note could not be saved; the reason (a `FileWriteError`'s) and its advice follow.
    public static let notSaved = LocalizedString(
        en:
            "This note could not be saved: %@. %@ The text is kept here and in a recovery file, and saved as soon as it can be.",
        ru:
            "Эту заметку не удалось сохранить: %@. %@ Текст хранится здесь и в файле восстановления и будет сохранён, как только получится."
    )
    /// The same, when the recovery file could not be written either.
    public static let notSavedNotKept = LocalizedString(
        en: "This note could not be saved: %@. %@ The text is only in this window: keep it open, or copy the text.",
        ru:
            "Эту заметку не удалось сохранить: %@. %@ Текст есть только в этом окне: не закрывайте его или скопируйте текст."
    )
    public static let retry = LocalizedString(en: "Retry", ru: "Повторить")
    public static let copyText = LocalizedString(en: "Copy Text", ru: "Скопировать текст")
    /// Done on a note that is not saved.
    public static let closeUnsavedTitle = LocalizedString(
        en: "This note is not saved", ru: "Заметка не сохранена")
    public static let closeUnsavedKept = LocalizedString(
        en: "Its text is kept in a recovery file and offered again when Notes opens. Close the window?",
        ru: "Её текст хранится в файле восстановления, и Заметки предложат его при следующем открытии. Закрыть окно?")
    public static let closeUnsavedNotKept = LocalizedString(
        en: "Its text is only in this window and would be lost. Copy it, or keep the window open until it is saved.",
        ru: "Её текст есть только в этом окне и пропадёт. Скопируйте его или не закрывайте окно, пока он не сохранится."
    )
    public static let keepOpen = LocalizedString(en: "Keep Open", ru: "Не закрывать")
    public static let closeWindow = LocalizedString(en: "Close", ru: "Закрыть")
    public static let copyAndKeepOpen = LocalizedString(en: "Copy Text", ru: "Скопировать текст")
    /// Text kept from a save that failed before, offered back.
    public static let recoveredText = LocalizedString(
        en: "Text typed in this note could not be saved last time and was kept.",
        ru: "Текст этой заметки в прошлый раз не удалось сохранить, и он был сохранён отдельно.")
    public static let restore = LocalizedString(en: "Restore", ru: "Восстановить")
    public static let keepAsCopy = LocalizedString(en: "Keep as Copy", ru: "Сохранить копией")
    /// The name of a copy made of recovered text: "Shopping (recovered).md".
    public static let recovered = LocalizedString(en: "recovered", ru: "восстановлено")
    /// In a folder window: notes with kept text.
    public static let recoveredNotes = LocalizedString(
        en: "Text of notes that could not be saved was kept: %@.",
        ru: "Сохранён текст заметок, которые не удалось сохранить: %@.")
    public static let open = LocalizedString(en: "Open", ru: "Открыть")

    /// The shown name of a folder: the notes folder itself is "Notes", others by their last name.
    public static func name(ofFolder folder: String) -> LocalizedString {
        folder.isEmpty
            ? allNotes : LocalizedString(verbatim: String(folder.split(separator: "/").last ?? Substring(folder)))
    }

    /// A note's name from its path when it has no title: its file name without the extension.
    public static func name(ofNote path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// A note's shown title: its own, or "New Note" while it has none.
    public static func title(_ title: String) -> LocalizedString {
        title.isEmpty ? newNote : LocalizedString(verbatim: title)
    }
}
