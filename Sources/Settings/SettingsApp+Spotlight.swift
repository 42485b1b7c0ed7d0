import Foundation
import Scenes
import UI

// Settings' pages in Spotlight: each section found by its name and by every row and header it
// holds, in English and Russian ("dark", "размер текста"), and opened in Settings' window.
extension SettingsApp {
    /// Offers every section to Spotlight (the system keeps them; a system with none keeps nothing).
    func offerSectionsToSpotlight(on system: any SceneSystem) {
        let content = SettingsContent(store: store, open: { _ in }, pictures: { [] })
        let items = SettingsSection.allCases.map { section in
            var words: [String] = [section.title.en, section.title.ru]
            for group in content.groups(of: .section(section)) {
                for text in [group.header, group.footer].compactMap({ $0 }) + group.rows.map(\.title) {
                    words += [text.en, text.ru]
                }
            }
            var seen = Set<String>()
            return SearchableItem(
                identifier: "section/\(section.rawValue)", domain: "sections", kind: .settingsPage,
                title: section.title.resolved(system.language),
                subtitle: SettingsStrings.appName.resolved(system.language),
                keywords: words.filter { !$0.isEmpty && seen.insert($0).inserted },
                userActivity: Self.windowActivity(section, language: system.language))
        }
        // The one failure is more items than an app may keep, which eleven pages never are.
        try? system.deleteSearchableItems(domains: ["sections"])
        try? system.indexSearchableItems(items)
    }
}
