import Foundation
import Graphics

/// One notification as the shell keeps and shows it: a program's (`org.freedesktop.Notifications`,
/// Desktop Notifications Specification 1.2) or a Slate app's (`UserNotification`), its text already
/// cut and its markup already read (`NotificationMarkup`).
public struct ShellNotification: Codable, Equatable, Sendable {
    /// The server's number for it (`Notify`'s reply; what `replaces_id` names).
    public var id: UInt32
    /// The program's name as it gave it (`app_name`); the group it is shown in.
    public var appName: String
    /// The program's icon: a theme name or a file path (`app_icon`), empty when none.
    public var appIcon: String
    /// The desktop entry it came from (the `desktop-entry` hint), empty when unknown.
    public var desktopEntry: String
    /// The title (`summary`), plain text.
    public var title: String
    /// The body, plain text (markup read, cut to `NotificationLimits.bodyCharacters`).
    public var body: String
    /// The actions, in the order given; `default` is the one a tap on the banner invokes.
    public var actions: [Action]
    /// How urgent: a critical one stays on the screen until dismissed.
    public var urgency: Urgency
    /// The spec's category (`email.arrived`), empty when none.
    public var category: String
    /// When it arrived (the wall clock's date).
    public var date: Date
    /// Milliseconds the banner stays: -1 the server's choice, 0 never expires.
    public var expireTimeout: Int32
    /// Whether it stays in Notification Center after an action (the `resident` hint).
    public var isResident: Bool
    /// Whether it skips Notification Center (the `transient` hint).
    public var isTransient: Bool
    /// Where it came from: a program on the bus (its unique name), or a Slate app (its identifier).
    public var origin: Origin
    /// The picture it carries (the `image-data` hint), already scaled to at most
    /// `NotificationLimits.imagePixels` a side; not kept across restarts.
    public var image: PixelImage?

    /// An action a person can take: its key (sent back in `ActionInvoked`) and its label.
    public struct Action: Codable, Hashable, Sendable {
        /// The key the program gave.
        public var key: String
        /// What the button says.
        public var label: String

        /// An action of `key` labelled `label`.
        public init(key: String, label: String) {
            self.key = key
            self.label = label
        }
    }

    /// The spec's urgency levels (the `urgency` hint, a byte).
    public enum Urgency: Int, Codable, Hashable, Sendable {
        /// 0.
        case low = 0
        /// 1, the default.
        case normal = 1
        /// 2: stays until dismissed, and shows through Do Not Disturb.
        case critical = 2
    }

    /// Who posted it.
    public enum Origin: Codable, Hashable, Sendable {
        /// A program on the session bus (its unique name, ":1.42"); signals go to it.
        case bus(sender: String)
        /// A Slate app (its identifier); a tap opens its window.
        case app(identifier: String, activity: String?)
    }

    /// A notification with every field given.
    public init(
        id: UInt32, appName: String, appIcon: String = "", desktopEntry: String = "", title: String, body: String,
        actions: [Action] = [], urgency: Urgency = .normal, category: String = "", date: Date,
        expireTimeout: Int32 = -1, isResident: Bool = false, isTransient: Bool = false, origin: Origin,
        image: PixelImage? = nil
    ) {
        self.id = id
        self.appName = appName
        self.appIcon = appIcon
        self.desktopEntry = desktopEntry
        self.title = title
        self.body = body
        self.actions = actions
        self.urgency = urgency
        self.category = category
        self.date = date
        self.expireTimeout = expireTimeout
        self.isResident = isResident
        self.isTransient = isTransient
        self.origin = origin
        self.image = image
    }

    /// The name Notification Center groups it under and the banner shows: the program's name, else
    /// its desktop entry, else the title.
    public var groupName: String {
        if !appName.isEmpty { return appName }
        if !desktopEntry.isEmpty { return desktopEntry }
        return title
    }

    /// The app it is of, as Settings › Notifications keys its choices: a Slate app's identifier, else
    /// the program's desktop entry, else its name.
    public var settingsIdentifier: String {
        if case .app(let identifier, _) = origin { return identifier }
        return desktopEntry.isEmpty ? appName : desktopEntry
    }

    /// Whether it has an action a tap invokes (`default`).
    public var hasDefaultAction: Bool { actions.contains { $0.key == "default" } }

    private enum CodingKeys: String, CodingKey {
        case id, appName, appIcon, desktopEntry, title, body, actions, urgency, category, date, expireTimeout
        case isResident, isTransient, origin
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(UInt32.self, forKey: .id)
        appName = try c.decode(String.self, forKey: .appName)
        appIcon = try c.decodeIfPresent(String.self, forKey: .appIcon) ?? ""
        desktopEntry = try c.decodeIfPresent(String.self, forKey: .desktopEntry) ?? ""
        title = try c.decode(String.self, forKey: .title)
        body = try c.decode(String.self, forKey: .body)
        actions = try c.decodeIfPresent([Action].self, forKey: .actions) ?? []
        urgency = try c.decodeIfPresent(Urgency.self, forKey: .urgency) ?? .normal
        category = try c.decodeIfPresent(String.self, forKey: .category) ?? ""
        date = try c.decode(Date.self, forKey: .date)
        expireTimeout = try c.decodeIfPresent(Int32.self, forKey: .expireTimeout) ?? -1
        isResident = try c.decodeIfPresent(Bool.self, forKey: .isResident) ?? false
        isTransient = try c.decodeIfPresent(Bool.self, forKey: .isTransient) ?? false
        origin = try c.decode(Origin.self, forKey: .origin)
        image = nil
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(appName, forKey: .appName)
        try c.encode(appIcon, forKey: .appIcon)
        try c.encode(desktopEntry, forKey: .desktopEntry)
        try c.encode(title, forKey: .title)
        try c.encode(body, forKey: .body)
        try c.encode(actions, forKey: .actions)
        try c.encode(urgency, forKey: .urgency)
        try c.encode(category, forKey: .category)
        try c.encode(date, forKey: .date)
        try c.encode(expireTimeout, forKey: .expireTimeout)
        try c.encode(isResident, forKey: .isResident)
        try c.encode(isTransient, forKey: .isTransient)
        try c.encode(origin, forKey: .origin)
    }
}

/// Why a notification closed (the `NotificationClosed` signal's reason, as the spec numbers them).
public enum NotificationCloseReason: UInt32, Sendable {
    /// Its time ran out.
    case expired = 1
    /// The person dismissed it (a swipe, Clear, or a tap that invoked its action).
    case dismissed = 2
    /// The program closed it (`CloseNotification`).
    case closedByCall = 3
    /// Any other reason.
    case undefined = 4
}
