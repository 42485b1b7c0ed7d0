import Foundation

/// Something in an app a person may look for with Spotlight, as Core Spotlight's
/// `CSSearchableItem`: a title, what is said under it, the words it is found by, and the activity
/// that opens it — the window that shows it, opened as every window is (W2d). The app offers its
/// items to the system (`SceneSystem.indexSearchableItems`); the shell keeps them, finds them as the
/// person types, and reads none of the app's files.
///
/// ```swift
/// try system.indexSearchableItems(notes.map { note in
///     SearchableItem(
///         identifier: note.id, domain: "notes", kind: .document, title: note.title, text: note.text,
///         userActivity: NotesApp.noteActivity(for: note))
/// })
/// ```
public struct SearchableItem: Hashable, Sendable, Codable {
    /// What an item is: where Spotlight lists it, and how it ranks among equal matches.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// A document the person wrote (a note).
        case document
        /// A message (a mail).
        case message
        /// A page of settings.
        case settingsPage
    }

    /// The app's own name for it, unique in the app: indexing another with it replaces it.
    public var identifier: String
    /// A group the app takes out together (`deleteSearchableItems(domains:)`): a mailbox, a folder.
    public var domain: String?
    /// What it is.
    public var kind: Kind
    /// Its title, as shown and found (a note's first line, a message's subject).
    public var title: String
    /// Shown under the title (a message's sender); found too.
    public var subtitle: String?
    /// Its text, found but never shown (a note's body, a message's first lines); only its first
    /// `SearchableItem.textLimit` bytes count.
    public var text: String?
    /// Other words it is found by (a settings page's name in the other language).
    public var keywords: [String]
    /// When it was made or last changed: of two equal matches, the newer comes first.
    public var date: Date?
    /// What a tap on it opens.
    public var userActivity: UserActivity

    /// An item; what is past its title and activity is optional.
    public init(
        identifier: String, domain: String? = nil, kind: Kind, title: String, subtitle: String? = nil,
        text: String? = nil, keywords: [String] = [], date: Date? = nil, userActivity: UserActivity
    ) {
        self.identifier = identifier
        self.domain = domain
        self.kind = kind
        self.title = title
        self.subtitle = subtitle
        self.text = text
        self.keywords = keywords
        self.date = date
        self.userActivity = userActivity
    }

    /// The most an identifier, a domain, a title or a subtitle holds (UTF-8 bytes); longer ones are
    /// cut by the system.
    public static let fieldLimit = 1024
    /// The most of an item's text that is kept and found (UTF-8 bytes).
    public static let textLimit = 65_536
    /// The most keywords kept of one item.
    public static let keywordLimit = 64
    /// The most items one app keeps in the system's index (a larger set is refused whole, with one
    /// line in the log): 250,000 — a mailbox of a hundred thousand messages and more.
    public static let appLimit = 250_000
}

/// One change of an app's items in the system's index, in the order the app made them.
public enum SearchableChange: Hashable, Sendable, Codable {
    /// These items added, or replacing those with their identifiers.
    case index([SearchableItem])
    /// The items with these identifiers taken out.
    case delete(identifiers: [String])
    /// Every item of these domains taken out; nil: every item of the app.
    case deleteDomains([String]?)
}

extension SceneSystem {
    /// Offers `items` to Spotlight: each added, or replacing the app's item with its identifier (as
    /// `CSSearchableIndex.indexSearchableItems`). A system with no Spotlight keeps nothing.
    public func indexSearchableItems(_ items: [SearchableItem]) throws(SceneError) {
        try changeSearchableItems(.index(items))
    }

    /// Takes the app's items with these identifiers out of Spotlight.
    public func deleteSearchableItems(identifiers: [String]) throws(SceneError) {
        try changeSearchableItems(.delete(identifiers: identifiers))
    }

    /// Takes every item of these domains out of Spotlight; nil: every item the app gave.
    public func deleteSearchableItems(domains: [String]?) throws(SceneError) {
        try changeSearchableItems(.deleteDomains(domains))
    }
}
