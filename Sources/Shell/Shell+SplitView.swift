import Foundation
import Graphics
import Scenes
import SystemUI
import UI
import Windowing

// Split View's divider, and the drops on the screen's sides that open Split View (W2a, W2b).
extension Shell {
    // MARK: The divider

    func installDividerGesture() {
        let pan = PanGestureRecognizer()
        pan.minimumDistance = 2
        pan.action = { [weak self] g in self?.dividerPanned(g as! PanGestureRecognizer) }
        dividerView.addGestureRecognizer(pan)
    }

    func dividerPanned(_ g: PanGestureRecognizer) {
        guard case .split(let l, let r, let f) = arrangement else {
            savedLayout.isHeld = false
            endLiveResize()
            return
        }
        let w = bounds.width
        switch g.state {
        case .began:
            dividerStart = SpaceLayout.dividerX(fraction: f, width: w)
            savedLayout.isHeld = true
            beginLiveResize(left: l, right: r)
        case .changed:
            let x = SpaceLayout.clampDivider(dividerStart + g.translation().x, width: w)
            manage(animated: false) { $0.setSplitFraction(x / w) }
        case .ended, .cancelled:
            let x = dividerStart + g.translation().x
            savedLayout.isHeld = false
            setDivider(released: x)
            saveArrangementIfChanged()
        default: break
        }
    }

    /// Lets the divider go at `x`: it snaps to a Split View width or closes the side it was pushed into.
    public func setDivider(released x: Double) {
        guard arrangement.isSplit else { return }
        manage { $0.releaseDivider(at: x) }
        guard isLiveResizing else { return }
        // The windows settle with their pictures, then are laid out once at their new sizes.
        liveResizeEnd?.cancel()
        liveResizeEnd = animator.animate(duration: ShellMetrics.windowAnimationDuration, curve: .linear) { _ in
        } completion: { [weak self] finished in
            if finished { self?.endLiveResize() }
        }
    }

    /// Whether the windows of Split View are being resized live (their pictures shown, not laid out).
    public var isLiveResizing: Bool { windows.values.contains { $0.liveResize != nil } }

    func beginLiveResize(left: String, right: String) {
        liveResizeEnd?.cancel()
        liveResizeEnd = nil
        windows[left]?.beginLiveResize(anchor: .left)
        windows[right]?.beginLiveResize(anchor: .right)
    }

    func endLiveResize() {
        liveResizeEnd = nil
        for w in windows.values { w.endLiveResize() }
    }

    // MARK: Drops on the screen's sides

    /// Shows the target of the side something droppable is dragged near (`shown`), armed when the
    /// drop would land there; nil hides both.
    func setEdgeTargets(shown: EdgeSide?, armed: EdgeSide?) {
        edgeTargets.left.isHidden = shown != .left
        edgeTargets.right.isHidden = shown != .right
        edgeTargets.left.isArmed = armed == .left
        edgeTargets.right.isArmed = armed == .right
    }

    /// Whether a window on the screen covers point `p`.
    func windowCovers(_ p: Point) -> Bool {
        visibleWindows.contains { windows[$0]?.frameInRoot.contains(p) ?? false }
    }

    /// The app that can open a dragged user activity.
    func app(for activity: UserActivity) -> ShellApp? {
        apps.first { $0.application.activityTypes.contains(activity.activityType) }
    }

    /// A drop on a side: an app from the Dock (W2a) or an object that an app can open (W2b). The
    /// side travels in the activation request's placement. In Windowed Apps a drop on the wallpaper
    /// (`point`, no side) opens the window where it fell.
    func perform(drop session: DragSession, on side: EdgeSide?, at point: Point? = nil) {
        setEdgeTargets(shown: nil, armed: nil)
        let placement = side?.placement ?? .automatic
        for item in session.items {
            // Items of other kinds are passed over: a drop takes what it can open.
            if let bytes = try? item.provider.load(ItemType.application),
                let app = app(String(decoding: bytes, as: UTF8.self))
            {
                if let point { windowing.dropPoint = (app.identifier, point) }
                if app.openSessions.isEmpty {
                    newWindow(of: app, placement: placement)
                } else {
                    // Pick one of its windows or make a new one, on that side (or where it fell).
                    showExpose(for: app, choosingFor: side)
                }
                return
            }
            if let bytes = try? item.provider.load(ItemType.userActivity),
                let activity = try? JSONDecoder().decode(UserActivity.self, from: Data(bytes)),
                let app = app(for: activity)
            {
                // Placements are relative to the requesting window, which must be the app's own.
                let requesting = focusedWindow.flatMap { windows[$0] }.flatMap { $0.app === app ? $0.scene : nil }
                if let point { windowing.dropPoint = (app.identifier, point) }
                environment.errors.attempt(ShellStrings.openTheDroppedItem, userAction: true) {
                    try app.activate(
                        ActivationRequest(
                            userActivity: activity, requestingScene: point == nil ? requesting : nil,
                            placement: placement))
                }
                // An app of this process placed its window by now (or brought one forward that
                // showed the item already); an app process's comes when it connects.
                if !(app.application is ProcessApp) { windowing.dropPoint = nil }
                return
            }
        }
    }
}
