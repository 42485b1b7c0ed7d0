import Foundation
import Scenes
import SystemUI
import UI

/// The Home screen's arrangement, an owned part of the shell: which page each app's icon is on, kept
/// in `$XDG_STATE_HOME/slate/shell/home.json` and fitted to the apps installed as they come and go
/// (`HomeLayout`). On the first start Slate's apps come first, then other programs by name.
@MainActor final class HomeController {
    /// The shell it works for.
    unowned let shell: Shell

    init(shell: Shell) { self.shell = shell }

    /// The arrangement now (nil until it is first read or made).
    private(set) var layout: HomeLayout?
    /// What was last written, so that an unchanged arrangement is not written again.
    private var written: HomeLayout?

    /// The file the arrangement is kept in, when the shell keeps state.
    var file: URL? { shell.stateHome?.appendingPathComponent("slate/shell/home.json") }

    /// The pages for the apps installed now (`apps`, in the order they were installed): the kept
    /// arrangement fitted to them, or a first one; written when it changed. An app it holds that is
    /// not installed keeps its place until `pruneGone` (it may be installed yet).
    func pages(for apps: [ShellApp], pruning: Bool = false) -> [[HomeItem]] {
        // A page holds what the 12.9-inch screen in landscape fits, whatever the screen now (a smaller
        // one shows a page over two).
        let perPage = HomeMetrics.iconsPerPage
        let installed = Self.firstOrder(apps)
        var current = layout ?? read() ?? HomeLayout(fresh: installed, perPage: perPage)
        current.reconcile(installed: installed, perPage: perPage, pruning: pruning)
        layout = current
        write(current)
        return current.pages
    }

    /// Connects the Home screen and the Dock to the edit mode: touch and hold an empty spot, Done,
    /// a place dragged, a folder tapped, a Dock's icon dragged while editing.
    func installEditing() {
        let home = shell.home
        let editor = shell.homeEditor
        home.onEditRequest = { [weak editor] in editor?.begin() }
        home.onEditDone = { [weak editor] in editor?.end() }
        home.onPlaceDrag = { [weak editor] key, state, point in editor?.dragged(key, from: .page, state, point) }
        home.onFolderTap = { [weak editor] view in editor?.open(view.folder) }
        home.makeFolderIcon = { [weak self] folder in
            guard let self else { return FolderIconView(folder: folder, name: HomeStrings.folder, miniIcons: []) }
            let icons = folder.apps.prefix(FolderMetrics.miniColumns * FolderMetrics.miniColumns).compactMap { id in
                self.shell.app(id).map { self.shell.makeIcon($0, showsName: false) }
            }
            return FolderIconView(folder: folder, name: self.name(of: folder), miniIcons: icons)
        }
        editor.installDockDrag()
    }

    /// Changes the arrangement (the person's edit), keeps it, and shows it — the places that move
    /// sliding there when `animated`.
    func edit(animated: Bool = false, _ change: (inout HomeLayout) -> Void) {
        var current = layout ?? HomeLayout(fresh: Self.firstOrder(shell.apps), perPage: HomeMetrics.iconsPerPage)
        let dockBefore = current.dockOrder ?? []
        change(&current)
        current.closeUp()
        layout = current
        write(current)
        // An app the edit put in the Dock's order is kept in the Dock, one it took out is not (an app
        // made into a folder there, the last app of a Dock's folder): Settings says which apps are.
        if let dockAfter = current.dockOrder, dockAfter != dockBefore {
            let apps = { (keys: [String]) in Set(keys.filter { !$0.hasPrefix(HomeScreenFolder.keyPrefix) }) }
            for id in apps(dockAfter).subtracting(apps(dockBefore)) { shell.homeEditor.setInDock(id, true) }
            for id in apps(dockBefore).subtracting(apps(dockAfter)) { shell.homeEditor.setInDock(id, false) }
        }
        shell.home.setLayoutPages(current.pages, animated: animated)
        if current.dockOrder != nil { shell.rebuildRecents() }
    }

    /// A folder's name: the person's, or else the App Library's group most of its apps are in
    /// ("Folder" when that is none of the named groups).
    func name(of folder: HomeScreenFolder) -> LocalizedString {
        if let name = folder.name { return LocalizedString(verbatim: name) }
        let entries = shell.libraryEntries
        var counts: [String: Int] = [:]
        var first: [String] = []
        for id in folder.apps {
            guard let entry = entries.first(where: { $0.id == id }) else { continue }
            let group = AppLibrary.groupID(of: entry)
            if counts[group] == nil { first.append(group) }
            counts[group, default: 0] += 1
        }
        let best = first.max { (counts[$0] ?? 0) < (counts[$1] ?? 0) }
        guard let best, best != "other", let group = AppLibrary.groupOrder.first(where: { $0.id == best }) else {
            return HomeStrings.folder
        }
        return group.name
    }

    /// Every app is installed (the programs' catalog was read): the places of those that went are
    /// given up, and the Home screen closes up.
    func pruneGone() {
        shell.home.setLayoutPages(pages(for: shell.apps, pruning: true))
    }

    /// The order of a first Home screen: Slate's apps as they were installed, then every other
    /// program by its English name (the same order whichever language the shell speaks after).
    static func firstOrder(_ apps: [ShellApp]) -> [String] {
        let slate = apps.filter { !($0.application is ForeignApp) }
        let programs = apps.filter { $0.application is ForeignApp }
        return slate.map(\.identifier)
            + programs.sorted { lhs, rhs in
                let left = lhs.application.displayName.en
                let right = rhs.application.displayName.en
                return left.localizedStandardCompare(right) == .orderedAscending
            }.map(\.identifier)
    }

    /// The kept arrangement; nil when there is none. One that cannot be read is said in one line and
    /// set aside as `home.json.unreadable` (the icons go back to the first order; nothing is lost).
    private func read() -> HomeLayout? {
        guard let file, let data = FileManager.default.contents(atPath: file.path) else { return nil }
        do {
            let version = try JSONDecoder().decode(FormatVersion.self, from: data).version
            guard version <= HomeLayout.currentVersion else {
                shell.environment.errors.log("\(file.path) is from a newer Slate (version \(version)); not used")
                return nil
            }
            let kept = try JSONDecoder().decode(HomeLayout.self, from: data)
            written = kept
            return kept
        } catch {
            let aside = file.appendingPathExtension("unreadable")
            let setAside = rename(file.path, aside.path) == 0
            shell.environment.errors.log(
                "\(file.path) cannot be read (\(RestorationStore.oneLine(error))); "
                    + (setAside ? "set aside" : "left as it is") + ", the Home screen starts anew")
            return nil
        }
    }

    /// Writes the arrangement when it changed (atomically; a failure is said once, and the Home
    /// screen goes on as it is).
    private func write(_ layout: HomeLayout) {
        guard let file, layout != written else { return }
        written = layout
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            try AtomicFile.write(try encoder.encode(layout), to: file.path, permissions: 0o600, makingFolders: 0o700)
        } catch {
            shell.environment.errors.report(
                FileWriteError(error, path: file.path), while: HomeStrings.saveTheHomeScreen)
        }
    }
}
