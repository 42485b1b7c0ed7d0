import AccessibilityBus
import Graphics
import Scenes
import UI

// An app process on the AT-SPI accessibility bus: the app is an application of its own there, as
// every Linux program is, and its windows on the screen are its frames.
extension AppProcess {
    /// The windows a person sees (their scenes in the foreground), the active one first.
    var seenWindows: [AppWindow] {
        let seen = connectedWindows.filter { $0.scene.activationState.isForeground }
        return seen.filter { $0.scene.activationState == .foregroundActive }
            + seen.filter { $0.scene.activationState != .foregroundActive }
    }

    /// The views at the top of the app's tree: each seen window's, or only the menus while one is
    /// open (a menu is modal: what is behind it leaves the tree, as in the shell's process).
    var accessibilityTopLevelViews: [View] {
        let roots = seenWindows.map(\.root)
        let modal = roots.flatMap { r in
            r.accessibilitySubviews.filter { ($0 as? any AccessibilityDescribing)?.accessibilityIsModal ?? false }
        }
        return modal.isEmpty ? roots.flatMap { Array($0.accessibilitySubviews) } : modal
    }

    /// Connects the app to the accessibility bus when one runs; nil (nothing done) otherwise. A
    /// rectangle is given in the window's pixels: a Wayland program is not told where its window is.
    func connectAccessibility() -> AccessibilityBridge? {
        let source = AccessibleApplicationSource(
            name: { [weak self] in self.map { $0.runtime.application.displayName.resolved($0.language) } ?? "" },
            topLevelViews: { [weak self] in self?.accessibilityTopLevelViews ?? [] })
        let bridge = AccessibilityBridge.connect(
            roots: { [weak self] in self?.seenWindows.map(\.root) ?? [] }, clock: clock, applications: [source],
            displayRect: { [weak self] r, _ in
                let s = self?.scale ?? 1
                return Rect(r.minX * s, r.minY * s, r.width * s, r.height * s)
            })
        // Acting in a window that is not the active one makes it active (the keys go to it then).
        bridge?.onAct = { [weak self] root in
            guard let self, let w = self.connectedWindows.first(where: { $0.root === root }),
                w.scene.activationState != .foregroundActive
            else { return }
            self.bringForward(w.scene, placement: .automatic)
        }
        return bridge
    }
}
