import Foundation
import Graphics
import ShellPorts
import UI

/// Where the programs' catalog is read again from when its files change (`Shell.programFilesChanged`),
/// off the main thread: the reading and the icons' drawing are the host's (the shell reads no
/// files of its own and draws no icon files).
public struct CatalogSource: Sendable {
    /// Reads the catalog: every desktop file of the data directories (`DesktopCatalog.load`).
    public var load: @Sendable () -> DesktopCatalog
    /// Draws a program's icon (nil: its neutral symbol is drawn).
    public var icon: @Sendable (DesktopEntry) -> PixelImage?

    /// A source that reads with `load` and draws with `icon`.
    public init(
        load: @escaping @Sendable () -> DesktopCatalog, icon: @escaping @Sendable (DesktopEntry) -> PixelImage?
    ) {
        self.load = load
        self.icon = icon
    }
}

/// A catalog read, with the icons drawn for the programs new or changed since the one before.
struct CatalogReading: Sendable {
    var catalog: DesktopCatalog
    /// The icons drawn, by desktop-file id: one for each program new or changed since the catalog
    /// before (nil where it could not be drawn); the rest keep theirs.
    var icons: [String: PixelImage?]
}

/// The programs' catalog as the shell follows it: what the last one installed, and the reading
/// waited for or under way.
@MainActor final class CatalogState {
    /// How long the files must be quiet before the catalog is read again, in seconds: apt and dpkg
    /// write a package's files in a burst (a file every few milliseconds, then a trigger's
    /// `mimeinfo.cache`), and the catalog is read once after it, not once per file; a person who
    /// drops one file in `~/.local/share/applications` sees its icon a quarter of a second later
    /// (Slate's figure).
    static let quietPeriod = 0.25
    /// The longest a reading waits for files that keep changing, in seconds: a long upgrade of
    /// many packages shows its programs as it goes, not only at its end (Slate's figure).
    static let longestWait = 2.0

    /// Where the catalog is read again from; nil: it is read once, at start.
    var source: CatalogSource?
    /// The desktop-file ids of the programs the catalogs installed (those gone from the next
    /// reading are uninstalled).
    var installedIDs: Set<String> = []
    /// The warnings said already: a file that cannot be read is said once, not at every reading.
    var warningsSaid: Set<String> = []
    /// The reading that waits for the files to be quiet.
    var pending: ScheduledAction?
    /// When the files began changing, on the screen's clock, since the last reading began.
    var burstStart: Double?
    /// The reading under way, off the main thread.
    var reading: BackgroundWork.Ticket?
    /// Files changed while a reading was under way: another follows it.
    var changedWhileReading = false
    /// The readings applied (a burst of changed files is one).
    var readingsApplied = 0
}

// The programs' catalog: installed at start, read again when its files change — new programs
// installed, changed ones updated, gone ones uninstalled.
extension ProgramsController {
    /// Installs the catalog's programs on the Home screen (those in its dock list in the Dock too),
    /// and updates those installed whose desktop file changed, saying once each file it skipped;
    /// `icon` draws each new or changed one's icon (nil: a neutral symbol). Nothing is uninstalled.
    func install(catalog: DesktopCatalog, icon: (DesktopEntry) -> PixelImage? = { _ in nil }) {
        apply(CatalogReading(catalog: catalog, icons: icons(for: catalog, drawing: icon)), uninstallingGone: false)
    }

    /// Applies a catalog read again: as `install(catalog:icon:)`, and the programs an earlier
    /// catalog installed that this one lacks are uninstalled (`Shell.uninstall`: a program running
    /// keeps its windows until they close).
    func apply(catalog: DesktopCatalog, icon: (DesktopEntry) -> PixelImage? = { _ in nil }) {
        apply(CatalogReading(catalog: catalog, icons: icons(for: catalog, drawing: icon)), uninstallingGone: true)
    }

    /// The desktop files changed (the host's watch saw a program installed, changed or removed):
    /// the catalog is read again once they have been quiet `quietPeriod` (`longestWait` at most),
    /// so a burst of files is one reading.
    func catalogFilesChanged() {
        guard catalogState.source != nil else { return }
        let now = shell.clock.now
        let start = catalogState.burstStart ?? now
        catalogState.burstStart = start
        catalogState.pending?.cancel()
        let due = min(now + CatalogState.quietPeriod, start + CatalogState.longestWait)
        catalogState.pending = shell.dispatcher.schedule(at: due) { [weak self] in self?.readCatalog() }
    }

    /// Reads the catalog and draws the icons of the programs new or changed off the main thread
    /// (ten thousand files take no frame), then applies it on the main actor.
    func readCatalog() {
        catalogState.pending = nil
        catalogState.burstStart = nil
        guard let source = catalogState.source else { return }
        guard catalogState.reading == nil else {
            catalogState.changedWhileReading = true
            return
        }
        let known = knownEntries()
        catalogState.reading = shell.environment.backgroundWork.run(for: shell) {
            let catalog = source.load()
            var icons: [String: PixelImage?] = [:]
            for entry in catalog.entries where entry.slate == nil && known[entry.id] != entry {
                icons[entry.id] = source.icon(entry)
            }
            return CatalogReading(catalog: catalog, icons: icons)
        } deliver: { [weak self] reading in
            guard let self else { return }
            self.catalogState.reading = nil
            self.catalogState.readingsApplied += 1
            self.apply(reading, uninstallingGone: true)
            if self.catalogState.changedWhileReading {
                self.catalogState.changedWhileReading = false
                self.catalogFilesChanged()
            }
        }
    }

    /// The entries of the programs installed or departing, by desktop-file id.
    private func knownEntries() -> [String: DesktopEntry] {
        var known: [String: DesktopEntry] = [:]
        for app in shell.hostedApps {
            if let entry = (app.application as? ForeignApp)?.entry { known[entry.id] = entry }
        }
        return known
    }

    /// The icons of `catalog`'s programs that are new or whose desktop file changed.
    private func icons(for catalog: DesktopCatalog, drawing icon: (DesktopEntry) -> PixelImage?) -> [String:
        PixelImage?]
    {
        let known = knownEntries()
        var icons: [String: PixelImage?] = [:]
        for entry in catalog.entries where entry.slate == nil && known[entry.id] != entry {
            icons[entry.id] = icon(entry)
        }
        return icons
    }

    /// Installs what is new, updates what changed and, with `uninstallingGone`, uninstalls the
    /// programs an earlier catalog installed that this one lacks; the icons are made once, after.
    private func apply(_ reading: CatalogReading, uninstallingGone: Bool) {
        let catalog = reading.catalog
        for warning in catalog.warnings where catalogState.warningsSaid.insert(warning).inserted {
            shell.environment.errors.log(warning)
        }
        foreign.dock = catalog.dock
        // The icons are made once, for every program; then the Home screen gives up the places of
        // programs no longer installed.
        shell.iconsHeld = true
        defer {
            shell.iconsHeld = false
            shell.rebuildIcons()
            shell.homeController.pruneGone()
        }
        // Found in one step each (ten thousand programs are not ten thousand walks of the apps).
        var hosted: [String: ShellApp] = [:]
        for app in shell.hostedApps where app.application is ForeignApp && hosted[app.identifier] == nil {
            hosted[app.identifier] = app
        }
        var listed: Set<String> = []
        for entry in catalog.entries {
            // A Slate app of its own process: known by its identifier (once, however it came).
            if let info = entry.slate {
                if hosted[ForeignApp.identifier(desktopID: entry.id)] == nil, shell.app(info.identifier) == nil,
                    let process = ProcessApp(entry: entry)
                {
                    shell.install(process, restoring: false)
                }
                continue
            }
            listed.insert(entry.id)
            let identifier = ForeignApp.identifier(desktopID: entry.id)
            if let app = hosted[identifier], let program = app.application as? ForeignApp {
                // Installed again while its windows stayed open: its icon comes back.
                if shell.departingApps.contains(where: { $0 === app }) { reinstall(app) }
                if program.entry != entry {
                    program.update(entry: entry)
                    if let icon = reading.icons[entry.id] { program.iconImage = icon }
                }
                continue
            }
            let program = ForeignApp(entry: entry)
            program.iconImage = reading.icons[entry.id] ?? nil
            hosted[identifier] = install(foreign: program)
        }
        if uninstallingGone {
            for app in shell.apps {
                guard let id = (app.application as? ForeignApp)?.entry?.id, catalogState.installedIDs.contains(id),
                    !listed.contains(id)
                else { continue }
                shell.uninstall(app)
            }
            catalogState.installedIDs = listed
        } else {
            catalogState.installedIDs.formUnion(listed)
        }
    }

    /// Whether `app` has a window open: on the screen, or a program's toplevel not closed yet.
    func hasWindows(_ app: ShellApp) -> Bool {
        !shell.windows(of: app).isEmpty || foreign.shown.values.contains { $0 === app }
    }

    /// The apps uninstalled while their windows were open whose last window has closed: they go.
    func forgetDepartedApps() {
        guard !shell.departingApps.isEmpty else { return }
        shell.departingApps.removeAll { !hasWindows($0) }
    }

    /// Puts back an app uninstalled while its windows stayed open (its program was installed again).
    func reinstall(_ app: ShellApp) {
        guard let index = shell.departingApps.firstIndex(where: { $0 === app }) else { return }
        shell.departingApps.remove(at: index)
        shell.apps.append(app)
        shell.rebuildIcons()
    }
}
