import Scenes
import SystemUI
import UI

// The Dock's recently used apps (after its divider).
extension Shell {
    /// The apps used most recently that the Dock does not keep, most recent first, at most
    /// `ShellMetrics.dockRecentCount` (identifiers).
    func recentAppsForDock() -> [String] {
        var out: [String] = []
        guard settings[.dockShowsRecents] else { return out }
        for id in recency {
            guard let app = windows[id]?.app, !isInDock(app), !out.contains(app.identifier) else { continue }
            out.append(app.identifier)
            if out.count == ShellMetrics.dockRecentCount { break }
        }
        return out
    }

    /// Rebuilds the Dock when the recent apps changed (a window of another app took input).
    func refreshDockRecents() {
        if recentAppsForDock() != dockRecents { rebuildIcons() }
    }
}
