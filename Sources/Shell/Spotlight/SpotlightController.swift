import Foundation
import Graphics
import Menus
import Scenes
import Search
import ShellPorts
import SystemUI
import UI

/// Spotlight, an owned part of the shell: what it finds and where it opens it. Its index holds every
/// app and program (by its name in both languages, its kind, its desktop file's keywords, its
/// executable and its actions), refreshed as apps come and go; the focused app's menu commands are
/// added each time it opens, so that a command acts on the window the person was in. Shown by a swipe
/// down on the Home screen or Ctrl+Space anywhere (⌘Space on an iPad).
@MainActor final class SpotlightController {
    /// The shell it works for.
    unowned let shell: Shell

    init(shell: Shell) { self.shell = shell }

    /// The index of apps, programs and commands (the App Library's search reads it too), its apps made
    /// again first when they changed since.
    var index: SearchIndex {
        if appsStale { refreshApps() }
        return built
    }
    private var built = SearchIndex()
    /// Whether the apps or their recency changed since their items were made.
    private var appsStale = true
    /// Spotlight on the screen, while it is.
    private(set) var view: SpotlightView?
    /// The window that had the keys when Spotlight opened, and its menu bar's commands by item id.
    private var window: String?
    private var commands: [String: Action] = [:]
    /// The most results shown.
    static let resultLimit = 12
    /// The source of the apps' items (their ids are it and the app's identifier).
    static let appSource = "app:"
    /// The source of the programs' actions (their `.desktop` files' `Actions`: New Private Window).
    static let actionSource = "action:"
    /// Each action's app and the action, by its item's id.
    private var actions: [String: (app: String, action: DesktopEntry.Action)] = [:]
    /// The items apps offered (`SearchableItem`), by app identifier and item identifier
    /// (`SpotlightController+AppItems`).
    var appItems: [String: KeptItems] = [:]
    /// The apps whose items are being indexed off the main thread, each with its change count then.
    var itemsIndexing: [String: Int] = [:]
    /// How many changes each app's items have had (a part indexed for an older count is indexed again).
    var itemsChanges: [String: Int] = [:]
    /// The apps whose kept items are to be written, and whether a write is under way.
    var itemsUnsaved: Set<String> = []
    var itemsSaving = false
    /// Each app process's changes waiting to be decoded, in the order sent, and whether one is being
    /// decoded now.
    var receivedChanges: [String: [Data]] = [:]
    var decoding: Set<String> = []
    /// The pictures of apps' icons for the rows of their items (`icon(for:)`), by app, scale and
    /// appearance.
    private var rowIcons: [String: PixelImage] = [:]

    /// Whether Spotlight is shown.
    var isShown: Bool { view != nil }

    /// The apps installed, or the order they were used in, changed: their items are made again when
    /// the index is next read (not at each app switch: that costs 25 ms with 300 programs).
    func appsChanged() { appsStale = true }

    /// The apps' items, and their programs' actions as items of their own (found by their names, shown
    /// with the program's icon and name), made again from the apps installed now.
    private func refreshApps() {
        appsStale = false
        let recent = shell.recentApps
        let items = shell.apps.map { app -> SearchItem in
            let foreign = app.application as? ForeignApp
            let entry = foreign?.entry
            var keywords: [String] = []
            if let generic = entry?.genericName { keywords += [generic.en, generic.ru] }
            keywords += entry?.keywords ?? []
            // The program's own name ("firefox-esr"), as a person who knows it types it.
            if let program = entry?.exec?.split(separator: " ").first {
                keywords.append((String(program) as NSString).lastPathComponent)
            }
            for action in entry?.actions ?? [] { keywords += [action.name.en, action.name.ru] }
            let rank = recent.firstIndex(of: app.identifier).map { Double(recent.count - $0) }
            return SearchItem(
                id: Self.appSource + app.identifier, kind: foreign == nil ? .app : .program,
                title: app.application.displayName, subtitle: entry?.genericName ?? entry?.comment,
                keywords: keywords, lastUsed: rank)
        }
        built.replace(source: Self.appSource, with: items)
        actions = [:]
        var actionItems: [SearchItem] = []
        for app in shell.apps {
            guard let entry = (app.application as? ForeignApp)?.entry else { continue }
            for action in entry.actions {
                let id = Self.actionSource + app.identifier + "\u{1F}" + action.id
                actions[id] = (app.identifier, action)
                actionItems.append(
                    SearchItem(id: id, kind: .program, title: action.name, subtitle: app.application.displayName))
            }
        }
        built.replace(source: Self.actionSource, with: actionItems)
    }

    /// Puts an app's items, indexed ahead, in place of those it had; Spotlight, when shown, searches
    /// again (a note saved while it is open is found as it is now).
    func replaceItems(source: String, with part: SearchIndex.Part) {
        built.replace(source: source, with: part)
        if let text = view?.field.text, !text.isEmpty { search(text) }
    }

    /// The app an item opens: its own, the program whose action it is, or the app that offered it.
    func app(of item: SearchItem) -> ShellApp? {
        let identifier =
            actions[item.id]?.app
            ?? (item.id.hasPrefix(Self.appSource) ? String(item.id.dropFirst(Self.appSource.count)) : nil)
            ?? Self.offeredItem(item.id)?.app
        return identifier.flatMap { id in shell.apps.first { $0.identifier == id } }
    }

    /// Shows Spotlight with its field focused (nothing while the screen is locked).
    func show() {
        guard view == nil, !shell.isLocked else { return }
        shell.hideControlCenter(animated: false)
        shell.hideNotificationCenter(animated: false)
        shell.hideMenuBar(animated: false)
        window = shell.focusedWindow
        indexCommands()
        let spotlight = SpotlightView(frame: shell.bounds)
        spotlight.backdrop = shell.controlCenterController.controlCenterBackdrop()
        spotlight.onChange = { [weak self] text in self?.search(text) }
        spotlight.onChoose = { [weak self] item in self?.open(item) }
        spotlight.onDismiss = { [weak self] in self?.hide() }
        spotlight.sectionOf = { [weak self] item in
            // An app's own items are listed under its name (Notes, Mail, Settings, Recipes).
            guard Self.offeredItem(item.id) != nil else { return nil }
            return self?.app(of: item)?.application.displayName
        }
        // Over everything but the status bar and the home indicator (and modal: what is under it
        // leaves the accessibility tree).
        shell.insertSubview(spotlight, above: shell.overlayLayer)
        view = spotlight
        shell.setFocus(spotlight.field)
    }

    /// Puts Spotlight away; the keys go back where they were.
    func hide() {
        guard let spotlight = view else { return }
        view = nil
        spotlight.removeFromSuperview()
        commands = [:]
        built.replace(source: "command:", with: [])
        if let window, let frame = shell.windows[window] {
            shell.focus(frame.id)
        } else {
            shell.setFocus(nil)
        }
    }

    /// The results for what is typed now.
    func search(_ text: String) {
        guard let spotlight = view else { return }
        let hits = index.search(text, limit: Self.resultLimit)
        // The top hit first, then the rest grouped by kind in their order.
        let rest = hits.dropFirst().sorted { $0.item.kind < $1.item.kind }
        let items = (hits.prefix(1) + rest).map(\.item)
        for row in spotlight.setResults(items, icon: icon(for:)) { attachMenu(to: row) }
    }

    /// An app's icon for its row (a touch and hold on it shows its menu, as on the Home screen); for
    /// an item an app offered, the app's icon as a picture made once (a dozen of Mail's messages draw
    /// no dozen icons each keystroke).
    private func icon(for item: SearchItem) -> View? {
        guard let app = app(of: item) else { return nil }
        guard Self.offeredItem(item.id) != nil, let picture = iconPicture(of: app) else {
            return shell.makeIcon(app, showsName: false)
        }
        let view = ImageView()
        view.image = picture
        return view
    }

    /// The picture of an app's icon for a row, made once for the screen's scale and appearance (nil
    /// where the screen draws no pictures).
    private func iconPicture(of app: ShellApp) -> PixelImage? {
        guard let renderer = shell.environment.renderer else { return nil }
        let scale = shell.environment.displayScale
        let key = "\(app.identifier)|\(scale)|\(shell.appearance)"
        if let kept = rowIcons[key] { return kept }
        let icon = shell.makeIcon(app, showsName: false)
        icon.frame = Rect(0, 0, SpotlightMetrics.iconSide, SpotlightMetrics.iconSide)
        let picture = icon.snapshot(renderer: renderer, scale: scale, appearance: shell.appearance)
        rowIcons[key] = picture
        return picture
    }

    /// Opens a result: an app as a tap on its icon, a program's action started as from its icon's
    /// menu, a command in the window it was found for.
    private func open(_ item: SearchItem) {
        let command = commands[item.id]
        let programAction = actions[item.id]?.action
        let app = app(of: item)
        let offered = Self.offeredItem(item.id).flatMap { appItems[$0.app]?[identifier: $0.identifier] }
        hide()
        if let offered, let app {
            open(offered, of: app)
        } else if let command {
            guard !command.isDisabled else { return }
            command.handler(command)
        } else if let programAction, let app {
            shell.launch(app, action: programAction)
        } else if let app {
            shell.openApp(app)
        }
    }

    /// The focused window's menu commands, found by their titles (in the menus they are in).
    private func indexCommands() {
        commands = [:]
        guard let window, let bar = shell.systemMenus.menuBar(forWindow: window) else {
            built.replace(source: "command:", with: [])
            return
        }
        var items: [SearchItem] = []
        for (position, command) in bar.commands.enumerated() where !command.action.isDisabled {
            let id = "command:\(position)"
            commands[id] = command.action
            let place = LocalizedString { language in
                command.menuTitles.map { $0.resolved(language) }.joined(separator: " ▸ ")
            }
            items.append(SearchItem(id: id, kind: .command, title: command.action.title, subtitle: place))
        }
        built.replace(source: "command:", with: items)
    }
}
