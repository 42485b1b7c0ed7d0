import Graphics
import Scenes
import SystemUI
import UI

// The edit mode's "−" badges and the Dock: an app taken off the Home screen or out of the Dock, and
// the Dock's icons dragged while editing.
extension HomeEditor {
    // MARK: Removing

    /// The "−" badge of `app`'s icon was tapped (`inDock`: the Dock's): asks, then takes it off the
    /// Home screen or out of the Dock.
    func askToRemove(_ app: ShellApp, inDock: Bool) {
        let name = app.application.displayName
        let alert = AlertView(
            title: HomeStrings.removeQuestion.formatted(name), message: HomeStrings.removeMessage,
            choices: [
                AlertView.Choice(
                    inDock ? HomeStrings.removeFromDock : HomeStrings.removeFromHomeScreen, role: .destructive
                ) {
                    [weak self] in
                    guard let self else { return }
                    if inDock { self.removeFromDock(app.identifier) } else { self.removeFromHomeScreen(app.identifier) }
                },
                AlertView.Choice(HomeStrings.cancel, role: .cancel),
            ])
        alert.frame = shell.bounds
        alert.onDismiss = { [weak alert] in alert?.removeFromSuperview() }
        shell.overlayLayer.addSubview(alert)
    }

    /// Takes an app off the pages (and out of its folder): it stays in the App Library.
    func removeFromHomeScreen(_ identifier: String) {
        shell.homeController.edit { $0.takeOffPages(identifier) }
        if let folder = openFolder?.folder, folder.apps.contains(identifier) { refreshOpenFolder() }
    }

    /// Takes an app out of the Dock; one kept off the pages goes back on the last page with room.
    func removeFromDock(_ identifier: String) {
        shell.homeController.edit { layout in
            layout.dockOrder?.removeAll { $0 == identifier }
            layout.placeAtEnd(identifier, perPage: perPage)
        }
        setInDock(identifier, false)
    }

    func setInDock(_ identifier: String, _ kept: Bool) {
        var chosen = shell.settings[.dockApps]
        chosen[identifier] = kept
        shell.settings[.dockApps] = chosen
    }

    // MARK: The Dock

    /// While editing, a Dock's icon dragged moves (to another place in the Dock, or onto a page).
    func installDockDrag() {
        let pan = PanGestureRecognizer()
        pan.shouldBegin = { [weak self] gesture in
            guard let self, let pan = gesture as? PanGestureRecognizer else { return false }
            return self.dockPlace(under: pan) != nil
        }
        pan.action = { [weak self] gesture in
            guard let self, let pan = gesture as? PanGestureRecognizer else { return }
            if pan.state == .began { self.draggedFromDock = self.dockPlace(under: pan)?.placeKey }
            guard let app = self.draggedFromDock else { return }
            self.dragged(app, from: .dock, pan.state, pan.location(in: nil))
            if pan.state != .began && pan.state != .changed { self.draggedFromDock = nil }
        }
        shell.dock.addGestureRecognizer(pan)
    }

    /// While editing, the Dock's app or folder a pan started on.
    func dockPlace(under pan: PanGestureRecognizer) -> (any HomePlaceView)? {
        guard isEditing else { return nil }
        return dockPlace(at: pan.startLocation)
    }

    /// The Dock's app or folder at `point` (root coordinates).
    func dockPlace(at point: Point) -> (any HomePlaceView)? {
        let local = shell.dock.convert(point, from: nil)
        return shell.dock.keptPlaces.first { $0.frame.contains(local) }
    }

    /// The Dock's places as shown, by key: its order when the person has not arranged it yet.
    var shownDockOrder: [String] { shell.dock.keptPlaces.map(\.placeKey) }

    func overDock(_ point: Point) -> Bool {
        !shell.dock.isHidden && shell.dock.frame.insetBy(dx: -8, dy: -8).contains(point)
    }

    /// Whether the Dock takes one more app or folder (one already there is moved, not added).
    func dockRoom(for identifier: String) -> Bool {
        let kept = shownDockOrder
        return kept.contains(identifier) || kept.count < HomeMetrics.dockCapacity
    }

    /// Where among the Dock's kept icons a drop at `point` goes.
    func dockIndex(at point: Point) -> Int {
        let local = shell.dock.convert(point, from: nil)
        return shell.dock.keptPlaces.filter { $0.frame.midX < local.x }.count
    }
}
