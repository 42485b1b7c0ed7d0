import Foundation

// The person's edits of the arrangement (the Home screen's edit mode): moving a place to another
// page and slot, making a folder of two apps, taking an app out of a folder, and taking apps off the
// pages and back.
extension HomeLayout {
    /// Where a place (`HomeItem.key`) is: its page and slot; nil when it is on none.
    public func position(of key: String) -> (page: Int, slot: Int)? {
        for (page, items) in pages.enumerated() {
            if let slot = items.firstIndex(where: { $0.key == key }) { return (page, slot) }
        }
        return nil
    }

    /// Where a folder is: a place on a page, or the Dock (its index in `dockFolders`).
    public enum FolderPlace: Equatable, Sendable {
        case page(Int, slot: Int)
        case dock(Int)
    }

    /// The folder that holds the app `identifier` (on a page or in the Dock), where it is; nil when the
    /// app is in none.
    public func folderPlace(holding identifier: String) -> (folder: HomeScreenFolder, place: FolderPlace)? {
        for (page, items) in pages.enumerated() {
            for (slot, item) in items.enumerated() {
                if case .folder(let folder) = item, folder.apps.contains(identifier) {
                    return (folder, .page(page, slot: slot))
                }
            }
        }
        if let index = dockFolders.firstIndex(where: { $0.apps.contains(identifier) }) {
            return (dockFolders[index], .dock(index))
        }
        return nil
    }

    /// The folder with this key (on a page or in the Dock), where it is.
    public func folderPlace(keyed key: String) -> (folder: HomeScreenFolder, place: FolderPlace)? {
        if let (page, slot) = position(of: key), case .folder(let folder) = pages[page][slot] {
            return (folder, .page(page, slot: slot))
        }
        if let index = dockFolders.firstIndex(where: { $0.key == key }) { return (dockFolders[index], .dock(index)) }
        return nil
    }

    /// The folder that holds the app `identifier` on a page, where it is; nil when the app is in none.
    public func folder(holding identifier: String) -> (folder: HomeScreenFolder, page: Int, slot: Int)? {
        guard let (folder, place) = folderPlace(holding: identifier), case .page(let page, let slot) = place else {
            return nil
        }
        return (folder, page, slot)
    }

    /// The folder with this key (on a page or in the Dock), if there is one.
    public func folder(keyed key: String) -> HomeScreenFolder? { folderPlace(keyed: key)?.folder }

    /// Puts `folder` back at `place` as it is now: on a page, a folder of one app becomes the app and
    /// an empty one goes (`HomeItem.init?(_:)`); in the Dock likewise, the app taking the folder's
    /// place in the Dock's order (kept in the Dock, as the shell then says to Settings).
    mutating func store(_ folder: HomeScreenFolder, at place: FolderPlace) {
        switch place {
        case .page(let page, let slot):
            if let rest = HomeItem(folder) {
                pages[page][slot] = rest
            } else {
                pages[page].remove(at: slot)
            }
        case .dock(let index):
            guard folder.apps.count < 2 else {
                dockFolders[index] = folder
                return
            }
            dockFolders.remove(at: index)
            // Its last app stays in the Dock, off the pages.
            if let last = folder.apps.first, !offPages.contains(last) { offPages.append(last) }
            var order = dockOrder ?? []
            if let at = order.firstIndex(of: folder.key) {
                if let last = folder.apps.first { order[at] = last } else { order.remove(at: at) }
            } else if let last = folder.apps.first {
                order.append(last)
            }
            dockOrder = order
        }
    }

    /// Takes the place `key` off its page, leaving the page as it is otherwise (an empty page stays
    /// until `closeUp`); returns it, or nil when no page holds it.
    @discardableResult
    public mutating func take(_ key: String) -> HomeItem? {
        guard let (page, slot) = position(of: key) else { return nil }
        return pages[page].remove(at: slot)
    }

    /// Takes the app `identifier` out of the folder that holds it, on a page or in the Dock (a folder
    /// left with one app becomes that app, in its place); returns whether a folder held it.
    @discardableResult
    public mutating func takeFromFolder(_ identifier: String) -> Bool {
        guard let (found, place) = folderPlace(holding: identifier) else { return false }
        var folder = found
        folder.apps.removeAll { $0 == identifier }
        store(folder, at: place)
        return true
    }

    /// Puts `item` at `slot` of `page` (clamped to the pages and slots there are; a page past the
    /// last is a new one); a page it fills past `perPage` pushes its last place on to the next page,
    /// as iPadOS's icons make room.
    public mutating func insert(_ item: HomeItem, page: Int, slot: Int, perPage: Int) {
        let size = max(1, perPage)
        let target = max(0, min(page, pages.count))
        if target == pages.count { pages.append([]) }
        pages[target].insert(item, at: max(0, min(slot, pages[target].count)))
        var index = target
        while index < pages.count, pages[index].count > size {
            let pushed = pages[index].removeLast()
            if index + 1 == pages.count { pages.append([]) }
            pages[index + 1].insert(pushed, at: 0)
            index += 1
        }
    }

    /// Drops the app `identifier` onto the place `target`: onto an app, the two become a folder in the
    /// target's place (`folderID` names it); onto a folder, the app joins it at its end. `inDock`: the
    /// target is the Dock's (an app there, named in `dockOrder`, or a folder), not a page's (an app
    /// may be on both). Returns the folder, or nil when `target` is no place to drop an app on (the
    /// app is then not moved).
    @discardableResult
    public mutating func merge(
        app identifier: String, onto target: String, inDock: Bool = false, folderID: String
    ) -> HomeScreenFolder? {
        guard target != identifier else { return nil }
        var folder: HomeScreenFolder
        if !inDock, let (page, slot) = position(of: target) {
            switch pages[page][slot] {
            case .app(let other): folder = HomeScreenFolder(id: folderID, apps: [other])
            case .folder(let existing):
                // Already in it: nothing to do.
                guard !existing.apps.contains(identifier) else { return nil }
                folder = existing
            }
        } else if inDock, let existing = dockFolders.first(where: { $0.key == target }) {
            guard !existing.apps.contains(identifier) else { return nil }
            folder = existing
        } else if inDock, dockOrder?.contains(target) == true, !target.hasPrefix(HomeScreenFolder.keyPrefix) {
            folder = HomeScreenFolder(id: folderID, apps: [target])
        } else {
            return nil
        }
        // Off its page and out of its folder; out of the Dock only as the caller says (an app may
        // be on a page and in the Dock, and dragging the page's icon leaves the Dock's).
        take(identifier)
        takeFromFolder(identifier)
        folder.apps.removeAll { $0 == identifier }
        folder.apps.append(identifier)
        // Taking the app may have moved the target up its page.
        if !inDock, let (targetPage, targetSlot) = position(of: target) {
            pages[targetPage][targetSlot] = .folder(folder)
        } else if let index = dockFolders.firstIndex(where: { $0.key == target }) {
            dockFolders[index] = folder
        } else if let at = dockOrder?.firstIndex(of: target) {
            // An app in the Dock becomes a folder in its place there.
            dockOrder?[at] = folder.key
            dockFolders.append(folder)
        } else {
            return nil
        }
        // A folder's apps are in it, not kept off the pages (the Dock's app it was made of included).
        offPages.removeAll { folder.apps.contains($0) }
        return folder
    }

    /// Moves the app `identifier` to `index` among its folder's apps (clamped to the apps there
    /// are); returns whether a folder held it.
    @discardableResult
    public mutating func moveInFolder(_ identifier: String, to index: Int) -> Bool {
        guard let (found, place) = folderPlace(holding: identifier) else { return false }
        var folder = found
        folder.apps.removeAll { $0 == identifier }
        folder.apps.insert(identifier, at: max(0, min(index, folder.apps.count)))
        store(folder, at: place)
        return true
    }

    /// Renames a folder (an empty name: the name it was given again).
    public mutating func rename(folder key: String, to name: String) {
        guard let (found, place) = folderPlace(keyed: key) else { return }
        var folder = found
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        folder.name = trimmed.isEmpty ? nil : trimmed
        store(folder, at: place)
    }

    /// Takes the app `identifier` off the pages (to the Dock, or out of the Home screen): it stays off
    /// them, in the App Library, until it is put back.
    public mutating func takeOffPages(_ identifier: String) {
        take(identifier)
        takeFromFolder(identifier)
        if !offPages.contains(identifier) { offPages.append(identifier) }
    }

    /// Puts the app `identifier` back on the pages at `page` and `slot` (from the Dock, or from
    /// elsewhere on the pages), wherever it was.
    public mutating func place(_ identifier: String, page: Int, slot: Int, perPage: Int) {
        take(identifier)
        takeFromFolder(identifier)
        offPages.removeAll { $0 == identifier }
        insert(.app(identifier), page: page, slot: slot, perPage: perPage)
    }

    /// Puts an app kept off the pages back, on the last page with room (as a new app lands).
    public mutating func placeAtEnd(_ identifier: String, perPage: Int) {
        guard offPages.contains(identifier) || !identifiers.contains(identifier) else { return }
        let last = max(0, pages.count - 1)
        let room = pages.isEmpty || pages[last].count < max(1, perPage)
        place(identifier, page: room ? last : last + 1, slot: .max, perPage: perPage)
    }

    /// Lets pages left empty by the edits go.
    public mutating func closeUp() {
        pages.removeAll { $0.isEmpty }
    }

    /// Moves the folder `key` off its page into the Dock, at `index` of the Dock's order `shown` (the
    /// Dock's places as it shows them now); returns whether a page held it.
    @discardableResult
    public mutating func moveFolderToDock(_ key: String, at index: Int, shown: [String]) -> Bool {
        guard let (page, slot) = position(of: key), case .folder(let folder) = pages[page][slot] else { return false }
        pages[page].remove(at: slot)
        dockFolders.append(folder)
        var order = dockOrder ?? shown
        order.removeAll { $0 == key }
        order.insert(key, at: max(0, min(index, order.count)))
        dockOrder = order
        return true
    }

    /// Takes the folder `key` out of the Dock (to be put on a page); returns it, or nil when the Dock
    /// holds no such folder.
    @discardableResult
    public mutating func takeFromDock(folder key: String) -> HomeScreenFolder? {
        guard let index = dockFolders.firstIndex(where: { $0.key == key }) else { return nil }
        dockOrder?.removeAll { $0 == key }
        return dockFolders.remove(at: index)
    }

    /// An id for a new folder that no folder of the layout has.
    public func newFolderID() -> String {
        var taken = Set(dockFolders.map(\.id))
        for item in pages.joined() {
            if case .folder(let folder) = item { taken.insert(folder.id) }
        }
        var number = taken.count + 1
        while taken.contains("\(number)") { number += 1 }
        return "\(number)"
    }
}
