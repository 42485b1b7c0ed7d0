import Graphics
import Scenes
import SystemUI
import UI

/// The Home screen's edit mode, as iPadOS's: the icons jiggle; a place dragged follows the finger
/// while the others make room; held over another app it makes a folder with it, over a folder it
/// joins it; held at the page's side the page turns; let go over the Dock it goes there. An app
/// dragged off an open folder's platter leaves the folder; a Dock's icon dragged onto a page leaves
/// the Dock. The "−" badge takes an app off the Home screen (it stays in the App Library) or out of
/// the Dock. Done, an empty spot tapped, or going Home ends it; every edit is kept at once.
@MainActor public final class HomeEditor {
    /// Where a dragged place came from.
    enum Source: Equatable {
        case page
        case dock
        case folder(String)
    }

    /// A drag under way.
    private struct Drag {
        var key: String
        /// The place itself (a folder's apps and name travel with it).
        var item: HomeItem
        var source: Source
        /// The arrangement without the dragged place, and with it where the finger would drop it.
        var base: HomeLayout
        var working: HomeLayout
        /// The view following the finger, and where the finger holds it (from its centre).
        var lifted: View
        var grip: Point
        /// Where the finger is (root coordinates).
        var point: Point
        /// The place the finger rests on the middle of, and whether it has rested long enough to make
        /// a folder.
        var folderTarget: String?
        /// Whether that place is the Dock's (an app may be on a page and in the Dock).
        var folderTargetInDock = false
        var folderArmed = false
        var folderTimer: Animation?
        var edgeTimer: Animation?
        /// Where the places would make room once the finger rests (page and slot of the layout).
        var pendingPosition: (page: Int, slot: Int)?
        var reflowTimer: Animation?
        /// Whether the finger took the app off its open folder's platter (the folder is then unseen,
        /// and goes when the drag ends: its view carries the finger's gesture until then).
        var leftFolder = false
        /// Where among its folder's apps the app would go, while the finger is over the platter.
        var folderSlot: Int?
    }

    unowned let shell: Shell
    /// Whether the Home screen is being edited.
    public private(set) var isEditing = false
    /// The open folder (nil: none).
    private(set) var openFolder: FolderView?
    private var jiggle: Animation?
    private var drag: Drag?
    /// The Dock's app a pan drags while editing.
    var draggedFromDock: String?

    init(shell: Shell) { self.shell = shell }

    private var home: HomeScreenView { shell.home }
    var perPage: Int { HomeMetrics.iconsPerPage }

    // MARK: Beginning and ending

    /// Begins editing: the icons jiggle and show their badges.
    public func begin() {
        guard !isEditing, !shell.home.isHidden else { return }
        isEditing = true
        home.setEditing(true)
        dockChanged()
        refreshOpenFolder()
        jiggle = shell.animator.loop { [weak self] time in
            guard let self else { return }
            self.home.applyJiggle(at: time)
            for (slot, icon) in self.shell.dock.keptPlaces.enumerated() {
                icon.transform = HomeScreenView.jiggle(at: time, slot: slot)
            }
        }
    }

    /// Ends editing (Done, an empty spot tapped, or Home): the icons rest; a folder's new name is kept.
    public func end() {
        guard isEditing else { return }
        if drag != nil { finishDrag(at: nil) }
        keepFolderName()
        isEditing = false
        jiggle?.cancel()
        jiggle = nil
        home.setEditing(false)
        for icon in shell.dock.keptPlaces { icon.transform = .identity }
        dockChanged()
        refreshOpenFolder()
    }

    /// The Dock's icons were made again: they show the state of editing.
    func dockChanged() {
        for icon in shell.dock.icons {
            icon.removeBadge.isHidden = !isEditing
            for gesture in icon.gestureRecognizers { gesture.isEnabled = !isEditing }
        }
    }

    // MARK: Folders

    /// Opens a folder over the Home screen (its icons as the editing state has them).
    func open(_ folder: HomeScreenFolder) {
        closeFolder()
        let icons = folder.apps.compactMap { id in shell.app(id).map { shell.makeIcon($0, showsName: true) } }
        for icon in icons {
            icon.shadowRoom = HomeMetrics.shadowRoom
            if let app = shell.app(icon.appIdentifier) {
                icon.removeBadge.onTap = { [weak self] in self?.askToRemove(app, inDock: false) }
            }
        }
        let name = shell.homeController.name(of: folder)
        let view = FolderView(
            folder: folder, name: name, shownName: name.resolved(shell.language), icons: icons, editing: isEditing)
        view.backdrop = shell.controlCenterController.controlCenterBackdrop()
        view.frame = shell.bounds
        view.onDismiss = { [weak self] in self?.closeFolder() }
        view.onAppDrag = { [weak self] app, state, point in self?.dragged(app, from: .folder(folder.key), state, point)
        }
        shell.insertSubview(view, below: shell.overlayLayer)
        openFolder = view
    }

    /// Puts the open folder away (its new name kept).
    func closeFolder() {
        guard let view = openFolder else { return }
        keepFolderName()
        view.removeFromSuperview()
        openFolder = nil
    }

    /// The open folder, shown again as the arrangement has it now (closed when it is gone).
    func refreshOpenFolder() {
        guard let key = openFolder?.folder.key else { return }
        keepFolderName()
        if let folder = shell.homeController.layout?.folder(keyed: key) { open(folder) } else { closeFolder() }
    }

    private func keepFolderName() {
        guard let view = openFolder, isEditing else { return }
        let typed = view.typedName
        guard typed != view.shownName else { return }
        shell.homeController.edit { $0.rename(folder: view.folder.key, to: typed) }
    }

    // MARK: Dragging

    /// A place of the Home screen, the Dock or an open folder is dragged: `key` the place's,
    /// `point` the finger's (root coordinates).
    func dragged(_ key: String, from source: Source, _ state: GestureRecognizer.State, _ point: Point) {
        switch state {
        case .began: beginDrag(key, from: source, at: point)
        case .changed: moveDrag(to: point)
        case .ended: finishDrag(at: point)
        default: finishDrag(at: nil)
        }
    }

    private func beginDrag(_ key: String, from source: Source, at point: Point) {
        guard isEditing, drag == nil, let layout = shell.homeController.layout else { return }
        var base = layout
        let lifted: View
        switch source {
        case .page:
            guard let view = home.pages.joined().first(where: { $0.placeKey == key }) else { return }
            lifted = view
            base.take(key)
        case .dock where key.hasPrefix(HomeScreenFolder.keyPrefix):
            // A folder out of the Dock: a new icon of it with its name, as on a page.
            guard let folder = base.takeFromDock(folder: key), let icon = home.makeFolderIcon?(folder) else { return }
            icon.shadowRoom = HomeMetrics.shadowRoom
            lifted = icon
        case .dock, .folder:
            // A new icon with its name, as on a page (the Dock's and the folder's stay where they are).
            guard let app = shell.app(key) else { return }
            let icon = shell.makeIcon(app, showsName: true)
            icon.shadowRoom = HomeMetrics.shadowRoom
            lifted = icon
            // From the Dock it may be on a page too; from a folder, off the platter, it goes to the page.
            if source == .dock { base.take(key) }
            base.takeFromFolder(key)
        }
        // Where it is on the screen (unturned by the jiggle); a new icon, under the finger.
        let size = Size(
            HomeMetrics.iconSize + 2 * HomeMetrics.nameOverhang,
            HomeMetrics.shadowRoom + HomeMetrics.iconSize + HomeMetrics.nameHeight)
        let frameOnScreen =
            lifted.superview.map { _ in
                Rect(
                    center: lifted.convert(Point(lifted.bounds.midX, lifted.bounds.midY), to: nil),
                    size: lifted.bounds.size)
            } ?? Rect(center: point, size: size)
        if source != .page {
            // A new icon follows the finger: the page's own (or the folder's) waits, unseen, for the drop.
            home.icons.first { $0.appIdentifier == key }?.isHidden = true
            openFolder?.icons.first { $0.appIdentifier == key }?.isHidden = true
        }
        lifted.removeFromSuperview()
        lifted.transform = Transform(scale: HomeMetrics.liftScale)
        lifted.frame = frameOnScreen
        lifted.isUserInteractionEnabled = false
        shell.overlayLayer.addSubview(lifted)
        home.liftedKey = key
        let working = source == .page ? layout : base
        drag = Drag(
            key: key, item: Self.item(key, in: layout), source: source, base: base, working: working, lifted: lifted,
            grip: Point(point.x - frameOnScreen.midX, point.y - frameOnScreen.midY), point: point)
        moveDrag(to: point)
    }

    private func moveDrag(to point: Point) {
        guard var current = drag else { return }
        current.point = point
        current.lifted.frame.origin = Point(
            point.x - current.grip.x - current.lifted.frame.width / 2,
            point.y - current.grip.y - current.lifted.frame.height / 2)
        if case .folder = current.source, !current.leftFolder, let folder = openFolder {
            // Still over the platter: the app stays in the folder, and its icons make room where it
            // would go once the finger rests a moment.
            if folder.platter.convert(folder.platter.bounds, to: nil).contains(point) {
                let slot = folder.slot(at: point)
                if current.folderSlot != slot {
                    current.folderSlot = slot
                    current.reflowTimer?.cancel()
                    current.reflowTimer = shell.animator.animate(duration: HomeMetrics.makeRoomDelay, curve: .linear) {
                        _ in
                    } completion: { [weak self] finished in
                        guard finished, let self, self.drag?.folderSlot == slot else { return }
                        self.makeRoomInFolder(at: slot)
                    }
                }
                drag = current
                return
            }
            // Off it: the folder fades (its new name kept), and the page takes the app.
            current.reflowTimer?.cancel()
            current.folderSlot = nil
            keepFolderName()
            folder.alpha = 0
            current.leftFolder = true
            if var base = shell.homeController.layout {
                base.takeFromFolder(current.key)
                current.base = base
                current.working = base
            }
        }
        let local = home.convert(point, from: nil)
        let isApp = !current.key.hasPrefix(HomeScreenFolder.keyPrefix)
        if overDock(point) {
            current.reflowTimer?.cancel()
            current.pendingPosition = nil
            current.edgeTimer?.cancel()
            current.working = current.base
            // Over the middle of a Dock's app or folder: a folder there, once held.
            if isApp, let target = dockPlace(at: point), target.placeKey != current.key,
                target.convert(Self.middle(of: target.iconRect), to: nil).contains(point)
            {
                aim(at: target, inDock: true, &current)
            } else {
                clearFolderTarget(&current)
            }
            drag = current
            home.setLayoutPages(current.working.pages, animated: true)
            return
        }
        // At a side of the page, held: the page turns.
        let atSide =
            local.x < HomeMetrics.edgeTurnDistance || local.x > home.bounds.width - HomeMetrics.edgeTurnDistance
        if atSide {
            if current.edgeTimer == nil || current.edgeTimer?.isFinished == true {
                current.edgeTimer = shell.animator.animate(duration: HomeMetrics.edgeTurnDuration, curve: .linear) {
                    _ in
                } completion: { [weak self] finished in
                    if finished { self?.turnPage() }
                }
            }
        } else {
            current.edgeTimer?.cancel()
            current.edgeTimer = nil
        }
        // Over the middle of another place (an app being dragged): a folder, once held there.
        if isApp, !atSide, let target = home.placeView(at: local), target.placeKey != current.key,
            target.convert(Self.middle(of: target.iconRect), to: home).contains(local)
        {
            current.reflowTimer?.cancel()
            current.pendingPosition = nil
            aim(at: target, inDock: false, &current)
            drag = current
            return
        }
        clearFolderTarget(&current)
        // Elsewhere: the places make room where it would go, once the finger rests a moment there (a
        // finger passing over the page moves nothing).
        let position = home.layoutPosition(ofShownSlot: home.slot(at: local))
        if let pending = current.pendingPosition, pending == position {
            drag = current
            return
        }
        current.reflowTimer?.cancel()
        current.pendingPosition = position
        current.reflowTimer = shell.animator.animate(duration: HomeMetrics.makeRoomDelay, curve: .linear) { _ in
        } completion: { [weak self] finished in
            guard finished, let self, let pending = self.drag?.pendingPosition, pending == position else { return }
            self.makeRoom(at: position)
        }
        drag = current
    }

    /// The places make room for the dragged one at `position`.
    private func makeRoom(at position: (page: Int, slot: Int)) {
        guard var current = drag else { return }
        var working = current.base
        working.insert(current.item, page: position.page, slot: position.slot, perPage: perPage)
        working.offPages.removeAll { $0 == current.key }
        guard working.pages != current.working.pages else { return }
        current.working = working
        drag = current
        home.setLayoutPages(working.pages, animated: true)
    }

    /// The open folder's icons make room for the dragged app at `slot`.
    private func makeRoomInFolder(at slot: Int) {
        guard let current = drag, let folder = openFolder else { return }
        var order = folder.folder.apps
        order.removeAll { $0 == current.key }
        order.insert(current.key, at: min(slot, order.count))
        folder.show(order: order, animated: true)
    }

    /// The dragged app rests on `target` (a page's place or the Dock's): held there long enough, it
    /// would make a folder with it (or join it); the target grows to say so.
    private func aim(at target: any HomePlaceView, inDock: Bool, _ current: inout Drag) {
        guard current.folderTarget != target.placeKey || current.folderTargetInDock != inDock else { return }
        clearFolderTarget(&current)
        current.folderTarget = target.placeKey
        current.folderTargetInDock = inDock
        current.folderTimer = shell.animator.animate(duration: HomeMetrics.folderHoldDuration, curve: .linear) {
            _ in
        } completion: { [weak self, weak target] finished in
            guard finished, let self, let target, self.drag?.folderTarget == target.placeKey else { return }
            self.drag?.folderArmed = true
            target.transform = Transform(scale: HomeMetrics.liftScale)
        }
    }

    private func clearFolderTarget(_ current: inout Drag) {
        current.folderTimer?.cancel()
        current.folderTimer = nil
        let places: [any HomePlaceView] =
            current.folderTargetInDock ? shell.dock.keptPlaces : Array(home.pages.joined())
        if let key = current.folderTarget, let view = places.first(where: { $0.placeKey == key }) {
            view.transform = .identity
        }
        current.folderTarget = nil
        current.folderArmed = false
    }

    /// The page turns toward the side the finger holds; past the last page, a new one (never into the
    /// App Library).
    private func turnPage() {
        guard var current = drag else { return }
        let local = home.convert(current.point, from: nil)
        let forward = local.x > home.bounds.width / 2
        let target = home.currentPage + (forward ? 1 : -1)
        guard target >= 0 else { return }
        if target >= home.pages.count {
            // A new page, holding the dragged place.
            var working = current.base
            working.insert(current.item, page: working.pages.count, slot: 0, perPage: perPage)
            working.offPages.removeAll { $0 == current.key }
            current.working = working
            drag = current
            home.setLayoutPages(working.pages)
            home.layoutIfNeeded()
        }
        home.showPage(min(target, home.pages.count - 1), animated: true)
        current = drag ?? current
        current.edgeTimer = nil
        drag = current
        moveDrag(to: current.point)
    }

    /// Lets the place go at `point` (nil: the drag was cancelled, and nothing moves).
    private func finishDrag(at point: Point?) {
        // Let go before the places made room: they make it now.
        if point != nil, let pending = drag?.pendingPosition { makeRoom(at: pending) }
        guard var current = drag else { return }
        drag = nil
        current.edgeTimer?.cancel()
        current.reflowTimer?.cancel()
        let armedTarget = current.folderArmed ? current.folderTarget : nil
        clearFolderTarget(&current)
        let before = shell.homeController.layout
        var result = before
        var dockChange: (kept: Bool, index: Int?)?
        if let point {
            if case .folder = current.source, !current.leftFolder {
                // Let go over the folder's platter: it stays in the folder, where the finger is.
                result = before
                if let slot = current.folderSlot { result?.moveInFolder(current.key, to: slot) }
                openFolder?.icons.first { $0.appIdentifier == current.key }?.isHidden = false
            } else if let target = armedTarget {
                var merged = current.base
                // A Dock's app held on: the Dock's order as shown names it.
                let inDock = current.folderTargetInDock
                if inDock, merged.dockOrder == nil { merged.dockOrder = shownDockOrder }
                if merged.merge(app: current.key, onto: target, inDock: inDock, folderID: merged.newFolderID()) != nil {
                    merged.offPages.removeAll { $0 == current.key }
                    result = merged
                }
            } else if overDock(point) {
                if dockRoom(for: current.key) {
                    result = current.base
                    if case .folder(let folder) = current.item {
                        // A folder goes into the Dock whole.
                        result?.dockFolders.append(folder)
                    } else {
                        result?.takeOffPages(current.key)
                    }
                    dockChange = (true, dockIndex(at: point))
                }
            } else {
                result = current.working
            }
            if current.source == .dock, dockChange == nil, result != before { dockChange = (false, nil) }
        }
        if current.leftFolder { closeFolder() }
        // The place comes back to the page, sliding from where the finger let it go.
        let lifted = current.lifted
        let onScreen = lifted.visualFrame
        lifted.removeFromSuperview()
        lifted.transform = .identity
        lifted.isUserInteractionEnabled = true
        // Back to the page — unless the icons were made again meanwhile (a program installed or
        // removed during the drag): the page has its new one.
        let stillShown = home.icons.contains { $0 === lifted } || home.folderIcons.contains { $0 === lifted }
        if current.source == .page, stillShown {
            home.addSubview(lifted)
            let origin = home.convert(onScreen.origin, from: nil)
            lifted.frame = Rect(origin: origin, size: onScreen.size)
        }
        home.liftedKey = nil
        if var layout = result {
            // A program removed while it was dragged gives up its place here and now.
            layout.reconcile(installed: HomeController.firstOrder(shell.apps), perPage: perPage, pruning: true)
            layout.closeUp()
            if let change = dockChange {
                var order = layout.dockOrder ?? shownDockOrder
                order.removeAll { $0 == current.key }
                if change.kept { order.insert(current.key, at: min(change.index ?? order.count, order.count)) }
                layout.dockOrder = order
            }
            shell.homeController.edit(animated: true) { $0 = layout }
            if let change = dockChange, !current.key.hasPrefix(HomeScreenFolder.keyPrefix) {
                setInDock(current.key, change.kept)
            }
            // Moved within its folder: the open folder shows the new order.
            if case .folder = current.source, !current.leftFolder { refreshOpenFolder() }
        } else {
            home.setLayoutPages(before?.pages ?? [], animated: true)
        }
    }

    // MARK: Helpers

    /// The middle half of an icon's square, where a dragged app held makes a folder.
    private static func middle(of square: Rect) -> Rect {
        let inset = square.width * (1 - HomeMetrics.folderTargetFraction) / 2
        return square.insetBy(dx: inset, dy: inset)
    }

    /// The place `key` as `layout` holds it (an app not on a page: the app).
    private static func item(_ key: String, in layout: HomeLayout) -> HomeItem {
        if let (page, slot) = layout.position(of: key) { return layout.pages[page][slot] }
        if let folder = layout.dockFolders.first(where: { $0.key == key }) { return .folder(folder) }
        return .app(key)
    }
}
