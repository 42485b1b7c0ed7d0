import Graphics
import Menus
import Scenes
import SystemUI
import UI

// The Window menu's first group: the commands that arrange the focused window on the screen. This is
// the one place they are made, for the menu bar (`MenuBar.Identifier.windowTiling`): in Full-Screen
// Apps the multitasking control's Full Screen, Split View and Slide Over; in Windowed Apps the
// window controls' — Full Screen, Minimize — and the tiling layouts (iPadOS 26's Move & Resize).
extension SystemMenusController {
    /// The commands that arrange window `id`, each with the window's place now checked.
    func windowTilingCommands(for id: String) -> [MenuElement] {
        if shell.multitasking == .windowed {
            // The controls' menu, its groups run together, the layouts beyond the halves in one submenu.
            var flat: [MenuElement] = []
            var more: [MenuElement] = []
            for case .menu(let group) in shell.tilingMenu(for: id) {
                for child in group.children {
                    if case .menu(let sub) = child { more += sub.children } else { flat.append(child) }
                }
            }
            return flat + [
                .menu(
                    Menu(
                        ShellStrings.moveAndResize, image: "rectangle.on.rectangle",
                        identifier: "system.move-and-resize",
                        children: more))
            ]
        }
        let fullScreen: Bool = if case .fullScreen(let w) = shell.arrangement { w == id } else { false }
        let split: Bool = if case .split(let l, let r, _) = shell.arrangement { l == id || r == id } else { false }
        return [
            .action(
                Action(ShellStrings.fullScreen, identifier: "system.full-screen", state: fullScreen ? .on : .off) {
                    [weak self] _ in self?.shell.show(fullScreen: id)
                }),
            .action(
                Action(ShellStrings.splitView, identifier: "system.split-view", state: split ? .on : .off) {
                    [weak self] _ in self?.shell.show(split: id, on: .left)
                }),
            .action(
                Action(
                    ShellStrings.slideOver, identifier: "system.slide-over",
                    state: shell.slideOver == id ? .on : .off
                ) {
                    [weak self] _ in self?.shell.show(slideOver: id)
                }),
        ]
    }
}
