/// The bounds and word lists the checks use; all can be changed by an app or a team.
public struct GuidelineSettings: Sendable {
    /// C5: the most visible top-level rows a context menu should have (a submenu counts as one).
    public var maximumTopLevelRows = 12
    /// C5: commands that do not concern a content item — formatting and settings — matched against
    /// action titles (lowercased, whole words or prefixes) and identifiers.
    public var offTopicCommands: [String] = [
        "bold", "italic", "underline", "strikethrough", "font", "format", "text size", "align",
        "settings", "preferences", "options", "mailbox settings", "account settings", "configure",
        "жирный", "курсив", "подчёркнутый", "подчеркнутый", "шрифт", "формат", "выравнивание",
        "настройки", "параметры", "свойства ящика",
    ]
    /// C6: submenu titles that name nothing (bare nouns).
    public var vagueTitles: Set<String> = [
        "other", "more", "misc", "miscellaneous", "stuff", "extra", "extras", "options", "actions", "menu",
        "прочее", "ещё", "еще", "другое", "разное", "дополнительно", "действия", "меню",
    ]
    /// C6: the longest a submenu title should be, in words and in characters.
    public var maximumTitleWords = 4
    public var maximumTitleLength = 28
    /// C8: the most used command must be among this many first rows.
    public var topRows = 3
    /// C8: how many choices must be recorded before the order is judged.
    public var minimumUsesForOrder = 5
    /// C9: more groups than this is a warning.
    public var maximumGroups = 3
    /// C11: titles of commands that open the previewed item.
    public var openTitles: Set<String> = [
        "open", "открыть", "open…", "открыть…", "view", "просмотреть", "show", "показать",
    ]

    /// M3: the system's own shortcuts (the shell takes them before an app's), with what they do.
    public var systemShortcuts: [String: String] = [
        "ctrl+w": "Close Window", "ctrl+q": "Quit", "ctrl+h": "the Home screen", "ctrl+up": "the switcher",
        "f10": "the menu bar", "shift+f10": "the context menu", "ctrl+alt+n": "New Window",
    ]
    /// M4: the verbs a command's English title may begin with (lowercased). "New" and "Get", as
    /// Apple's own menus begin creation commands.
    public var commandVerbs: Set<String> = [
        "about", "add", "align", "apply", "archive", "arrange", "ask", "attach", "block", "bookmark", "bring",
        "cancel", "center", "change", "check", "choose", "clear", "close", "collapse", "compose", "connect",
        "continue", "convert", "copy", "create", "cut", "decrease", "delete", "deselect", "disable", "discard",
        "disconnect", "download", "duplicate", "edit", "empty", "enable", "enter", "erase", "exit", "expand",
        "export", "filter", "find", "fit", "flag", "follow", "format", "forward", "get", "go", "group", "hide",
        "import", "increase", "indent", "insert", "invite", "join", "jump", "keep", "leave", "lock", "make", "mark",
        "merge", "minimize", "move", "mute", "new", "next", "open", "outdent", "paste", "pause", "pin", "play",
        "preview", "previous", "print", "quit", "redo", "refresh", "reload", "remove", "rename", "reopen", "reply",
        "report", "reset", "resize", "restore", "resume", "revert", "rotate", "run", "save", "search", "select",
        "send", "set", "share", "show", "sort", "split", "start", "stop", "subscribe", "switch", "tile", "toggle",
        "turn", "unarchive", "undo", "unflag", "ungroup", "unlock", "unmute", "unpin", "unsubscribe", "update",
        "upload", "use", "view", "zoom",
    ]

    public init() {}
}
