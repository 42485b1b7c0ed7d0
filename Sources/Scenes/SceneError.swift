import UI

/// What went wrong with a scene request or with the stored state. Each case says so in one line.
public enum SceneError: LocalizedFailure, Hashable, Sendable, CustomStringConvertible {
    /// No open session (or recently closed one, for `reopen`) has this identifier.
    case unknownSession(String)
    /// The activity's type is not among the application's `activityTypes`.
    case activityTypeNotDeclared(type: String, app: String)
    /// The application declares no scene configuration for the role.
    case noConfiguration(role: SceneSession.Role, app: String)
    /// The application was terminated; its sessions are stored, but it takes no requests.
    case appNotRunning(String)
    /// The application identifier cannot name a state folder.
    case invalidAppIdentifier(String)
    /// The state could not be written there.
    case stateUnwritable(path: String, reason: String)
    /// The state could not be written: a full disk, a read-only folder, a file where its folder
    /// should be.
    case stateNotWritten(FileWriteError)
    /// The state there was written by a newer Slate and is kept as it is: nothing is saved over it.
    case stateReadOnly(path: String)
    /// The system the app runs on shows no notifications (an app process with no way to the shell's
    /// notification server).
    case notificationsUnavailable(app: String)
    /// The app offered Spotlight more items than one app may keep (`SearchableItem.appLimit`): the
    /// change was not made.
    case tooManySearchableItems(app: String, limit: Int)

    /// The message in a language.
    public var message: LocalizedString {
        switch self {
        case .unknownSession(let id):
            LocalizedString(en: "no session '%@'", ru: "нет сеанса «%@»").formatted(id)
        case .activityTypeNotDeclared(let type, let app):
            LocalizedString(
                en: "activity type '%@' is not declared by %@", ru: "тип действия «%@» не объявлен приложением %@"
            ).formatted(type, app)
        case .noConfiguration(let role, let app):
            LocalizedString(en: "%@ declares no %@ scene configuration", ru: "%@ не объявляет конфигурацию сцены %@")
                .formatted(app, role.rawValue)
        case .appNotRunning(let app):
            LocalizedString(en: "%@ is not running", ru: "%@ не запущено").formatted(app)
        case .invalidAppIdentifier(let id):
            LocalizedString(
                en: "'%@' cannot name a state folder (letters, digits, '.', '-', '_')",
                ru: "«%@» не годится в имя папки состояния (буквы, цифры, «.», «-», «_»)"
            ).formatted(id)
        case .stateUnwritable(let path, let reason):
            LocalizedString(en: "cannot write state to %@: %@", ru: "не удаётся записать состояние в %@: %@")
                .formatted(path, reason)
        case .stateNotWritten(let failure):
            LocalizedString(
                en: "cannot save the windows' state: " + failure.message.en,
                ru: "не удаётся сохранить состояние окон: " + failure.message.ru)
        case .stateReadOnly(let path):
            LocalizedString(
                en: "state in %@ is from a newer Slate and is not overwritten",
                ru: "состояние в %@ записано более новой версией Slate и не перезаписывается"
            ).formatted(path)
        case .notificationsUnavailable(let app):
            LocalizedString(en: "%@ cannot show notifications here", ru: "%@ не может показывать здесь уведомления")
                .formatted(app)
        case .tooManySearchableItems(let app, let limit):
            LocalizedString(
                en: "%@ offered Spotlight more than %@ items; none of them were taken",
                ru: "%@ предложило Spotlight больше %@ объектов; ни один не принят"
            ).formatted(app, String(limit))
        }
    }

    /// The message in English (for logs).
    public var description: String { message.en }
}
