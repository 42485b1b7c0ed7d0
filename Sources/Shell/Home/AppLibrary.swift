import Foundation
import UI

/// The App Library's model, after the last page of the Home screen: every app and program in
/// automatic groups made from its `.desktop` file's `Categories` (the freedesktop menu
/// specification's main categories), Slate's own apps in a group of their own, the most recently used
/// first within a group. (Its search field's list is Spotlight's index: `SearchIndex.alphabetical`.)
public enum AppLibrary {
    /// What the library knows of an app.
    public struct Entry: Hashable, Sendable {
        /// The app's identifier.
        public var id: String
        /// Its name in both languages.
        public var name: LocalizedString
        /// Its desktop file's categories (none for Slate's own apps).
        public var categories: [String]
        /// Whether it is one of Slate's own apps.
        public var isSlate: Bool

        /// An entry of these.
        public init(id: String, name: LocalizedString, categories: [String] = [], isSlate: Bool = false) {
            self.id = id
            self.name = name
            self.categories = categories
            self.isSlate = isSlate
        }
    }

    /// One automatic group: its name and its apps' identifiers, the most recently used first.
    public struct Group: Hashable, Sendable {
        /// The group's kind (`slate`, a main category's name, or `other`).
        public var id: String
        /// What it is called.
        public var name: LocalizedString
        /// Its apps.
        public var apps: [String]
    }

    /// The groups, in the order shown: Slate's apps, then the main categories (an app goes in the
    /// group of its first main category; `Audio` and `Video` are Sound & Video's, `Science` is
    /// Education's, `Settings` is System's), then Other for an app with none. A group with no app is
    /// left out.
    static let groupOrder: [(id: String, name: LocalizedString, categories: Set<String>)] = [
        ("slate", LocalizedString(en: "Slate", ru: "Slate"), []),
        ("internet", LocalizedString(en: "Internet", ru: "Интернет"), ["Network"]),
        ("office", LocalizedString(en: "Productivity", ru: "Продуктивность"), ["Office"]),
        ("graphics", LocalizedString(en: "Creativity", ru: "Творчество"), ["Graphics"]),
        ("sound-video", LocalizedString(en: "Sound & Video", ru: "Звук и видео"), ["AudioVideo", "Audio", "Video"]),
        ("development", LocalizedString(en: "Development", ru: "Разработка"), ["Development"]),
        ("education", LocalizedString(en: "Education", ru: "Образование"), ["Education", "Science"]),
        ("games", LocalizedString(en: "Games", ru: "Игры"), ["Game"]),
        ("utilities", LocalizedString(en: "Utilities", ru: "Утилиты"), ["Utility"]),
        ("system", LocalizedString(en: "System", ru: "Система"), ["System", "Settings"]),
        ("other", LocalizedString(en: "Other", ru: "Другие"), []),
    ]

    /// The group an entry belongs in.
    static func groupID(of entry: Entry) -> String {
        if entry.isSlate { return "slate" }
        for category in entry.categories {
            if let group = groupOrder.first(where: { $0.categories.contains(category) }) { return group.id }
        }
        return "other"
    }

    /// The groups of `entries`; within each, the apps in `recent` first in its order (the most
    /// recently used first), then the others by name in `language`.
    public static func groups(_ entries: [Entry], recent: [String], language: Language) -> [Group] {
        let rank = Dictionary(recent.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var members: [String: [Entry]] = [:]
        for entry in entries { members[groupID(of: entry), default: []].append(entry) }
        return groupOrder.compactMap { group in
            guard let list = members[group.id], !list.isEmpty else { return nil }
            let sorted = list.sorted { lhs, rhs in
                switch (rank[lhs.id], rank[rhs.id]) {
                case (let left?, let right?): return left < right
                case (.some, nil): return true
                case (nil, .some): return false
                case (nil, nil): return precedes(lhs, rhs, language: language)
                }
            }
            return Group(id: group.id, name: group.name, apps: sorted.map(\.id))
        }
    }

    private static func precedes(_ lhs: Entry, _ rhs: Entry, language: Language) -> Bool {
        let order = lhs.name.resolved(language).localizedStandardCompare(rhs.name.resolved(language))
        return order == .orderedSame ? lhs.id < rhs.id : order == .orderedAscending
    }
}
