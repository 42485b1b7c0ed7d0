import Foundation
import Graphics
import Menus
import Scenes
import SystemUI
import UI

/// The system's menus, an owned part of the shell: the menu bar (iPadOS 26's: the focused app's
/// menus across the top of the screen, with the system's commands added) and its shortcuts from a
/// hardware keyboard, the panel of those shortcuts while Ctrl is held, the About card, an app icon's
/// context menu, and a window's multitasking menu. The shell's public face of it is
/// `Shell+SystemMenus`.
@MainActor final class SystemMenusController {
    /// The shell whose menus they are.
    unowned let shell: Shell

    init(shell: Shell) { self.shell = shell }

    /// The menu bar on the screen, while it is there.
    var overlay: MenuBarOverlay?
    /// The keyboard shortcuts panel, while Ctrl is held.
    var panel: ShortcutsPanelView?
    /// Counts the hold of Ctrl before the panel shows.
    var panelTimer: Animation?
    /// The About card, while shown.
    var about: AboutCardView?
}
