import MailStore
import UI

/// Mail's words, in English and Russian.
public enum MailStrings {
    public static let appName = LocalizedString(en: "Mail", ru: "Почта")
    public static let mailboxes = LocalizedString(en: "Mailboxes", ru: "Ящики")
    public static let inbox = LocalizedString(en: "Inbox", ru: "Входящие")
    public static let openTheMessage = LocalizedString(en: "open the message", ru: "открыть письмо")
    public static let openAComposeWindow = LocalizedString(en: "open a new message", ru: "открыть новое письмо")
    public static let drafts = LocalizedString(en: "Drafts", ru: "Черновики")
    public static let sent = LocalizedString(en: "Sent", ru: "Отправленные")
    public static let archive = LocalizedString(en: "Archive", ru: "Архив")
    public static let junk = LocalizedString(en: "Junk", ru: "Спам")
    public static let trash = LocalizedString(en: "Trash", ru: "Корзина")

    public static let reply = LocalizedString(en: "Reply", ru: "Ответить")
    public static let replyAll = LocalizedString(en: "Reply All", ru: "Ответить всем")
    public static let forward = LocalizedString(en: "Forward", ru: "Переслать")
    public static let flag = LocalizedString(en: "Flag", ru: "Пометить флажком")
    public static let unflag = LocalizedString(en: "Unflag", ru: "Снять флажок")
    public static let markAsRead = LocalizedString(en: "Mark as Read", ru: "Пометить как прочитанное")
    public static let markAsUnread = LocalizedString(en: "Mark as Unread", ru: "Пометить как непрочитанное")
    public static let moveTo = LocalizedString(en: "Move to", ru: "Переместить")
    public static let delete = LocalizedString(en: "Delete", ru: "Удалить")
    public static let compose = LocalizedString(en: "New Message", ru: "Новое сообщение")
    public static let send = LocalizedString(en: "Send", ru: "Отправить")
    public static let to = LocalizedString(en: "To:", ru: "Кому:")
    public static let cc = LocalizedString(en: "Cc:", ru: "Копия:")
    public static let from = LocalizedString(en: "From:", ru: "От:")
    public static let subject = LocalizedString(en: "Subject:", ru: "Тема:")
    public static let subjectPlaceholder = LocalizedString(en: "Subject", ru: "Тема")
    public static let noSubject = LocalizedString(en: "No Subject", ru: "Без темы")
    public static let yesterday = LocalizedString(en: "Yesterday", ru: "Вчера")
    public static let noMessages = LocalizedString(en: "No Messages", ru: "Нет сообщений")
    public static let unread = LocalizedString(en: "unread", ru: "не прочитано")
    public static let flagged = LocalizedString(en: "flagged", ru: "с флажком")
    public static let saveDraft = LocalizedString(en: "Save Draft", ru: "Сохранить черновик")
    public static let deleteDraft = LocalizedString(en: "Delete Draft", ru: "Удалить черновик")
    public static let keepDraftQuestion = LocalizedString(
        en: "Keep this message as a draft?", ru: "Сохранить сообщение как черновик?")
    public static let couldNotShow = LocalizedString(
        en: "Part of this message could not be shown: %@", ru: "Часть сообщения не удалось показать: %@")
    public static let folderUnreadable = LocalizedString(
        en: "This mailbox could not be read: %@", ru: "Этот ящик не удалось прочитать: %@")
    public static let cannotRead = LocalizedString(
        en: "This message cannot be read", ru: "Это письмо не удаётся прочитать")
    public static let textCut = LocalizedString(
        en: "Only the first %@ characters of this message are shown.",
        ru: "Показаны только первые %@ символов этого письма.")
    public static let loading = LocalizedString(en: "Loading…", ru: "Загрузка…")
    public static let moreAttachments = LocalizedString(en: "and %@ more", ru: "и ещё %@")
    public static let messageText = LocalizedString(en: "Message text", ru: "Текст сообщения")
    public static let attachments = LocalizedString(en: "Attachments", ru: "Вложения")
    public static let editMailboxes = LocalizedString(en: "Edit", ru: "Изменить")
    public static let searchMail = LocalizedString(en: "Search", ru: "Поиск")
    public static let newWindowForMailbox = LocalizedString(en: "Open in New Window", ru: "Открыть в новом окне")
    public static let markAllRead = LocalizedString(en: "Mark All as Read", ru: "Пометить все как прочитанные")

    // A message being written that cannot be saved.
    /// What was being done when a change of a message failed (in "cannot flag the message: …").
    public static let markTheMessageRead = LocalizedString(
        en: "mark the message as read", ru: "пометить письмо как прочитанное")
    public static let markTheMessageUnread = LocalizedString(
        en: "mark the message as unread", ru: "пометить письмо как непрочитанное")
    public static let flagTheMessage = LocalizedString(en: "flag the message", ru: "пометить письмо флажком")
    public static let unflagTheMessage = LocalizedString(en: "unflag the message", ru: "снять флажок с письма")
    public static let moveTheMessage = LocalizedString(en: "move the message", ru: "переместить письмо")
    public static let deleteTheMessage = LocalizedString(en: "delete the message", ru: "удалить письмо")
    /// What was being done (in "cannot send the message: …").
    public static let sendTheMessage = LocalizedString(en: "send the message", ru: "отправить письмо")
    /// What was being done (in "cannot save the draft: …").
    public static let saveTheDraft = LocalizedString(en: "save the draft", ru: "сохранить черновик")
    /// What was being done (in "cannot announce the new mail: …").
    public static let announceNewMail = LocalizedString(en: "announce the new mail", ru: "сообщить о новом письме")
    /// What was being done (in "cannot keep the message for recovery: …").
    public static let keepTheMessage = LocalizedString(
        en: "keep the message for recovery", ru: "сохранить письмо для восстановления")
    public static let notSent = LocalizedString(
        en:
            "This message could not be sent: %@. %@ It is kept here and in a recovery file, and sent as soon as it can be.",
        ru:
            "Это письмо не удалось отправить: %@. %@ Оно хранится здесь и в файле восстановления и будет отправлено, как только получится."
    )
    public static let draftNotSaved = LocalizedString(
        en:
            "This draft could not be saved: %@. %@ It is kept here and in a recovery file, and saved as soon as it can be.",
        ru:
            "Этот черновик не удалось сохранить: %@. %@ Он хранится здесь и в файле восстановления и будет сохранён, как только получится."
    )
    public static let notSentNotKept = LocalizedString(
        en: "This message could not be sent: %@. %@ Its text is only in this window: keep it open, or copy the text.",
        ru:
            "Это письмо не удалось отправить: %@. %@ Его текст есть только в этом окне: не закрывайте его или скопируйте текст."
    )
    public static let draftNotSavedNotKept = LocalizedString(
        en: "This draft could not be saved: %@. %@ Its text is only in this window: keep it open, or copy the text.",
        ru:
            "Этот черновик не удалось сохранить: %@. %@ Его текст есть только в этом окне: не закрывайте его или скопируйте текст."
    )
    public static let retry = LocalizedString(en: "Retry", ru: "Повторить")
    public static let copyText = LocalizedString(en: "Copy Text", ru: "Скопировать текст")

    /// The shown name of a mailbox: the standard ones in every language, others as named.
    public static func name(of mailbox: Mailbox) -> LocalizedString {
        switch mailbox.role {
        case .inbox: inbox
        case .drafts: drafts
        case .sent: sent
        case .archive: archive
        case .junk: junk
        case .trash: trash
        default: LocalizedString(verbatim: mailbox.path.last ?? mailbox.directoryName)
        }
    }

    public static func symbol(of role: MailboxRole) -> String {
        switch role {
        case .inbox: "tray"
        case .drafts: "pencil"
        case .sent: "paperplane"
        case .archive: "archivebox"
        case .junk: "xmark.bin"
        case .trash: "trash"
        default: "folder"
        }
    }
    /// What was being done (in "cannot offer the mail to Spotlight: …").
    static let offerToSpotlight = LocalizedString(en: "offer the mail to Spotlight", ru: "передать почту в Spotlight")
}
