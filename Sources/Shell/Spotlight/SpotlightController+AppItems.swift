import Foundation
import Graphics
import Menus
import Scenes
import Search
import UI

// What apps offer Spotlight (`SceneSystem.indexSearchableItems`, as Core Spotlight): notes, messages,
// pages of Settings, each with the activity that opens its window. The shell keeps each app's items —
// found while the app is not running, kept across restarts in `$XDG_STATE_HOME/slate/shell/spotlight/`
// — and reads none of the app's files. An app's items are indexed off the main thread as a part of the
// index of their own, so that Mail's hundred thousand messages cost a keystroke nothing.
extension SpotlightController {
    /// The source of the items apps offer: `item:`, then the app's identifier and U+001F.
    static let itemSource = "item:"

    /// The source of one app's items.
    static func itemSource(of app: String) -> String { itemSource + app + "\u{1F}" }

    /// The app and the app's item identifier of an index item that an app offered; nil for another.
    static func offeredItem(_ id: String) -> (app: String, identifier: String)? {
        guard id.hasPrefix(itemSource) else { return nil }
        let rest = id.dropFirst(itemSource.count)
        guard let separator = rest.firstIndex(of: "\u{1F}") else { return nil }
        return (String(rest[..<separator]), String(rest[rest.index(after: separator)...]))
    }

    /// Makes an app's change of its items: kept, indexed, and kept across restarts. A change that
    /// would leave the app more than `SearchableItem.appLimit` items is not made.
    func change(_ change: SearchableChange, from app: ShellApp) throws(SceneError) {
        let identifier = app.identifier
        var items = appItems[identifier] ?? KeptItems()
        switch change {
        case .index(let offered):
            for item in offered { items.insert(Self.bounded(item)) }
            guard items.count <= SearchableItem.appLimit else {
                shell.environment.errors.log(
                    "\(identifier) offered Spotlight more than \(SearchableItem.appLimit) items; none were taken")
                throw .tooManySearchableItems(app: identifier, limit: SearchableItem.appLimit)
            }
        case .delete(let identifiers):
            items.remove(identifiers: identifiers)
        case .deleteDomains(let domains):
            if let domains {
                items.remove(domains: Set(domains))
            } else {
                items = KeptItems()
            }
        }
        appItems[identifier] = items
        itemsChanged(of: identifier)
    }

    /// An app process's change (JSON, `change_search`): decoded away from the frame, then made —
    /// one at a time, in the order sent. One that does not decode is said in one line and dropped.
    func received(_ change: Data, from app: ShellApp) {
        receivedChanges[app.identifier, default: []].append(change)
        decodeNext(of: app)
    }

    private func decodeNext(of app: ShellApp) {
        let identifier = app.identifier
        guard !decoding.contains(identifier), var queue = receivedChanges[identifier], !queue.isEmpty else { return }
        let data = queue.removeFirst()
        receivedChanges[identifier] = queue.isEmpty ? nil : queue
        decoding.insert(identifier)
        shell.environment.backgroundWork.run(for: shell) { () -> SearchableChange? in
            try? JSONDecoder().decode(SearchableChange.self, from: data)
        } deliver: { [weak self, weak app] change in
            guard let self else { return }
            self.decoding.remove(identifier)
            if let app {
                if let change {
                    // A change past the limit is refused (and said in the log) by `change`.
                    try? self.change(change, from: app)
                } else {
                    self.shell.environment.errors.log(
                        "\(identifier) sent Spotlight a change that does not decode (\(data.count) bytes); dropped")
                }
                self.decodeNext(of: app)
            }
        }
    }

    /// An app's items changed: they are indexed again off the main thread, and written soon.
    func itemsChanged(of app: String) {
        itemsChanges[app, default: 0] += 1
        itemsUnsaved.insert(app)
        indexItems(of: app)
        saveItemsSoon()
    }

    /// Indexes an app's items as a part of their own, away from the frame; a newer change since starts
    /// it again when it is delivered.
    private func indexItems(of app: String) {
        guard itemsIndexing[app] == nil else { return }
        let count = itemsChanges[app] ?? 0
        itemsIndexing[app] = count
        let items = appItems[app] ?? KeptItems()
        let source = Self.itemSource(of: app)
        shell.environment.backgroundWork.run(for: shell) {
            SearchIndex.Part(items.items.map { Self.searchItem($0, source: source) })
        } deliver: { [weak self] part in
            guard let self else { return }
            self.itemsIndexing[app] = nil
            self.replaceItems(source: source, with: part)
            if (self.itemsChanges[app] ?? 0) != count { self.indexItems(of: app) }
        }
    }

    /// What the index keeps of an item: its title, subtitle and keywords found as words of the item,
    /// its text with the least weight, its date breaking ties.
    nonisolated static func searchItem(_ item: SearchableItem, source: String) -> SearchItem {
        let kind: SearchItem.Kind =
            switch item.kind {
            case .document: .note
            case .message: .message
            case .settingsPage: .settingsPage
            }
        return SearchItem(
            id: source + item.identifier, kind: kind, title: LocalizedString(verbatim: item.title),
            subtitle: item.subtitle.map { LocalizedString(verbatim: $0) },
            keywords: item.keywords + (item.subtitle.map { [$0] } ?? []), text: item.text,
            lastUsed: item.date?.timeIntervalSince1970)
    }

    /// An item as the shell keeps it: each field cut to its limit (at a character's boundary).
    nonisolated static func bounded(_ item: SearchableItem) -> SearchableItem {
        func cut(_ text: String, _ bytes: Int) -> String {
            guard text.utf8.count > bytes else { return text }
            var end = text.utf8.index(text.utf8.startIndex, offsetBy: bytes)
            while end > text.startIndex, !text.indices.contains(end) { end = text.utf8.index(before: end) }
            return String(text[..<end])
        }
        var kept = item
        kept.identifier = cut(item.identifier, SearchableItem.fieldLimit)
        kept.domain = item.domain.map { cut($0, SearchableItem.fieldLimit) }
        kept.title = cut(item.title, SearchableItem.fieldLimit)
        kept.subtitle = item.subtitle.map { cut($0, SearchableItem.fieldLimit) }
        kept.text = item.text.map { cut($0, SearchableItem.textLimit) }
        kept.keywords = item.keywords.prefix(SearchableItem.keywordLimit).map { cut($0, SearchableItem.fieldLimit) }
        return kept
    }

    /// Opens an app's item: its activity's window, as a tap on the app's notification does (W2d);
    /// `newWindow`: in a window of its own, as its context menu's Open in New Window.
    func open(_ item: SearchableItem, of app: ShellApp, newWindow: Bool = false) {
        shell.environment.errors.attempt(SpotlightStrings.openTheResult, userAction: true) {
            let session = try app.activate(
                ActivationRequest(userActivity: item.userActivity, forcesNewWindow: newWindow))
            if let window = shell.windows[session.persistentIdentifier] { shell.present(window.id) }
        }
    }

    /// A row of an app's item gets its context menu: Open, and Open in New Window (W2d).
    func attachMenu(to row: SpotlightRowView) {
        guard let (app, identifier) = Self.offeredItem(row.item.id) else { return }
        let interaction = ContextMenuInteraction { [weak self] _ in
            ContextMenuConfiguration(identifier: "spotlight.result") { _ in
                Menu(identifier: "spotlight.result") {
                    Action(SpotlightStrings.open, image: "arrow.up.left.and.arrow.down.right", identifier: "open") {
                        _ in
                        self?.openOffered(app: app, identifier: identifier, newWindow: false)
                    }
                    Action(
                        SceneStrings.openInNewWindow, image: "macwindow.badge.plus",
                        identifier: WindowMenuItems.openInNewWindowIdentifier
                    ) { _ in
                        self?.openOffered(app: app, identifier: identifier, newWindow: true)
                    }
                }
            }
        }
        row.addInteraction(interaction)
    }

    /// Puts Spotlight away and opens an app's item.
    private func openOffered(app identifier: String, identifier item: String, newWindow: Bool) {
        guard let offered = appItems[identifier]?[identifier: item], let app = shell.app(identifier) else { return }
        hide()
        open(offered, of: app, newWindow: newWindow)
    }

    // MARK: Kept across restarts

    /// The folder each app's items are kept in, when the shell keeps state.
    var itemsFolder: URL? { shell.stateHome?.appendingPathComponent("slate/shell/spotlight") }

    /// The file an app's items are kept in (its identifier, when it can name a file).
    func itemsFile(of app: String) -> URL? {
        let allowed = app.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) && $0.isASCII || "._-".unicodeScalars.contains($0)
        }
        guard allowed, !app.isEmpty, !app.hasPrefix("."), app.utf8.count <= 200 else { return nil }
        return itemsFolder?.appendingPathComponent(app + ".json")
    }

    /// Reads an app's kept items, off the main thread, as it is installed (a change the app makes
    /// meanwhile wins). A file that cannot be read is said in one line and set aside.
    func loadKeptItems(of app: String) {
        guard let file = itemsFile(of: app), FileManager.default.fileExists(atPath: file.path) else { return }
        let changesThen = itemsChanges[app] ?? 0
        shell.environment.backgroundWork.run(for: shell) { () -> Result<[SearchableItem], KeptItemsError> in
            do {
                let data = try Data(contentsOf: file)
                return .success(try JSONDecoder().decode([SearchableItem].self, from: data))
            } catch {
                return .failure(KeptItemsError(description: "\(error)"))
            }
        } deliver: { [weak self] result in
            guard let self, (self.itemsChanges[app] ?? 0) == changesThen else { return }
            switch result {
            case .success(let items):
                self.appItems[app] = KeptItems(items.map(Self.bounded))
                self.itemsChanges[app, default: 0] += 1
                self.indexItems(of: app)
            case .failure(let error):
                let aside = file.appendingPathExtension("unreadable")
                let setAside = rename(file.path, aside.path) == 0
                self.shell.environment.errors.log(
                    "\(file.path) cannot be read (\(error.description.prefix(200))); "
                        + (setAside ? "set aside" : "left as it is")
                        + ", \(app)'s items are found once it offers them again")
            }
        }
    }

    /// Writes the changed apps' items soon (a burst of changes is written once), off the main thread.
    func saveItemsSoon() {
        guard !itemsSaving, !itemsUnsaved.isEmpty, itemsFolder != nil else { return }
        itemsSaving = true
        shell.dispatcher.schedule(after: Self.saveDelay) { [weak self] in self?.saveItems() }
    }

    /// How long after a change the items are written.
    static let saveDelay = 2.0

    private func saveItems() {
        let apps = itemsUnsaved
        itemsUnsaved = []
        let work = apps.compactMap { app in itemsFile(of: app).map { ($0, appItems[app] ?? KeptItems()) } }
        shell.environment.backgroundWork.run(for: shell) { () -> [String] in
            var failures: [String] = []
            for (file, kept) in work {
                do {
                    let data = try JSONEncoder().encode(kept.items.sorted { $0.identifier < $1.identifier })
                    try AtomicFile.write(data, to: file.path, permissions: 0o600, makingFolders: 0o700)
                } catch {
                    failures.append("cannot keep Spotlight's items in \(file.path): \(error)")
                }
            }
            return failures
        } deliver: { [weak self] failures in
            guard let self else { return }
            for line in failures { self.shell.environment.errors.log(line) }
            self.itemsSaving = false
            self.saveItemsSoon()
        }
    }
}

/// Why an app's kept items could not be read.
struct KeptItemsError: Error, Sendable {
    var description: String
}
