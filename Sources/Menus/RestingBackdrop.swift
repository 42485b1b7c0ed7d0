import Graphics
import UI

/// A screen's menu backdrop made ahead, while the screen is at rest, so that a menu asked for with
/// no press before it (a right click, the keyboard) does not draw and blur the screen in its first
/// frame. It is made again after the screen changes and comes to rest again (a few milliseconds),
/// and used only while the screen shows what it was made from.
@MainActor final class RestingBackdrop: ScreenEnvironmentKey {
    static func makeDefaultValue() -> RestingBackdrop? { nil }

    private var made: MenuBackdrop?
    /// The screen's damage count when it was made.
    private var damageCount = -1

    /// Makes the screen's resting backdrop ready, once per screen: screens with context menus have one.
    static func install(on root: RootView) {
        guard root.environment[RestingBackdrop.self] == nil else { return }
        let r = RestingBackdrop()
        root.environment[RestingBackdrop.self] = r
        root.addRestWork { [weak root, weak r] in
            guard let root, let r else { return }
            r.prepare(root)
        }
    }

    func prepare(_ root: RootView) {
        // Made already since the screen last changed (another rest work asked for it first).
        if made != nil, damageCount == root.damageCount { return }
        made = nil
        // Not while a menu is open: the next one would replace it, and the screen changes as it goes.
        // The open menu makes ready for its closing instead.
        if let overlay = root.subviews.lazy.compactMap({ $0 as? ContextMenuOverlay }).first {
            overlay.prepareBeneathAtRest()
            return
        }
        guard let renderer = root.environment.renderer else { return }
        let small = MenuBackdrop.source(of: root, renderer: renderer)
        made = MenuBackdrop.finish(MenuBackdrop.blur(small), of: root, scale: root.environment.displayScale)
        damageCount = root.damageCount
    }

    /// The backdrop made at rest, if the screen has not changed since and it fits.
    func backdrop(for root: RootView, scale: Double) -> MenuBackdrop? {
        guard let made, damageCount == root.damageCount, made.fits(root, scale: scale) else { return nil }
        return made
    }
}
