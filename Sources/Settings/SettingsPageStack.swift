import Foundation
import Scenes
import UI

/// A section and the pages its rows open, in a navigation container: Back goes up a page. Every
/// page reads the store again when a setting changes (here, or in another window or process).
@MainActor final class SettingsPageStack {
    let store: SettingsStore
    let container: NavigationContainer
    private(set) var lists: [SettingsListView] = []
    private var observer: Int?
    /// Told each time a page comes on the screen (opened, or shown again by Back).
    var onPageShown: (() -> Void)?

    /// The pictures Wallpaper offers.
    let pictures: () -> [URL]

    init(store: SettingsStore, root: SettingsPage, pictures: @escaping () -> [URL] = { [] }) {
        self.store = store
        self.pictures = pictures
        let list = SettingsListView(page: root, content: SettingsContent(store: store, open: { _ in }))
        container = NavigationContainer(root: Page(content: list))
        lists = [list]
        list.content = content
        watch(list, at: 0)
        observer = store.observe { [weak self] _ in self?.reload() }
    }

    isolated deinit {
        if let observer { store.removeObserver(observer) }
    }

    /// What each page holds, its rows opening pages on this stack.
    var content: SettingsContent {
        SettingsContent(store: store, open: { [weak self] page in self?.push(page) }, pictures: pictures)
    }

    /// The root page, shown (the sidebar chose a section).
    var rootPage: SettingsPage { lists[0].page }

    /// Shows `page` as the root, going back to it.
    func setRoot(_ page: SettingsPage) {
        container.popToRoot()
        let list = SettingsListView(page: page, content: content)
        lists = [list]
        watch(list, at: 0)
        container.setTopPage(Page(content: list))
    }

    /// Opens `page` above the one shown.
    func push(_ page: SettingsPage) {
        let list = SettingsListView(page: page, content: content)
        watch(list, at: lists.count)
        lists.append(list)
        container.push(Page(content: list))
    }

    /// Every page reads the store again.
    func reload() {
        // Pages that went back are dropped.
        lists = Array(lists.prefix(container.pages.count))
        for list in lists {
            if list.root != nil { list.reload() } else { list.markStale() }
        }
    }

    private func watch(_ list: SettingsListView, at depth: Int) {
        list.onAppear = { [weak self] in self?.onPageShown?() }
        list.onReload = { [weak self, weak list] language in
            guard let self, let list else { return }
            let title = list.content.title(of: list.page).resolved(language)
            if self.container.pages.count == depth + 1, self.container.topPage.title != title {
                self.container.setTopPage(Page(title: title, content: list))
            }
        }
    }
}
