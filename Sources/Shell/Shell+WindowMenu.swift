import Graphics
import Menus
import Scenes
import UI

// The Window menu's first group: the commands that arrange the focused window on the screen. This is
// the one place they are made, for the menu bar (`MenuBar.Identifier.windowTiling`): in Full-Screen
// Apps these are the multitasking control's Full Screen, Split View and Slide Over; the tiling
// commands of Windowed Apps belong here when the shell has that mode.
extension Shell {
    /// The commands that arrange window `id`, each with the window's place now checked.
    func windowTilingCommands(for id: String) -> [MenuElement] {
        let fullScreen: Bool = if case .fullScreen(let w) = arrangement { w == id } else { false }
        let split: Bool = if case .split(let l, let r, _) = arrangement { l == id || r == id } else { false }
        return [
            .action(
                Action(ShellStrings.fullScreen, identifier: "system.full-screen", state: fullScreen ? .on : .off) {
                    [weak self] _ in self?.show(fullScreen: id)
                }),
            .action(
                Action(ShellStrings.splitView, identifier: "system.split-view", state: split ? .on : .off) {
                    [weak self] _ in self?.show(split: id, on: .left)
                }),
            .action(
                Action(ShellStrings.slideOver, identifier: "system.slide-over", state: slideOver == id ? .on : .off) {
                    [weak self] _ in self?.show(slideOver: id)
                }),
        ]
    }
}
