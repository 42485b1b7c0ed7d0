import Graphics
import Menus
import Scenes
import ShellPorts
import SystemUI
import UI

/// Control Center, an owned part of the shell: pulled down from the top-right corner (a system
/// gesture), closed by a tap outside its modules, a swipe up or Esc. Its modules
/// (`ControlCenterModule`) read the services and settings and set them through it as their host.
/// The shell's public face of it is `Shell+ControlCenter`.
@MainActor final class ControlCenterController {
    /// The shell it shows on.
    unowned let shell: Shell

    init(shell: Shell) { self.shell = shell }

    /// Control Center, while it is shown or coming and going.
    var controlCenter: ControlCenterView?
    /// Whether Control Center is made ready while the screen rests.
    var preparesControlCenter = false
    /// Control Center made while the screen rested (its modules' picture drawn), for the next pull.
    var preparedControlCenter: ControlCenterView?
    /// Its backdrop made while the screen rested, and the screen's damage count then.
    var restingBackdrop: (damageCount: Int, backdrop: MenuBackdrop)?
    /// Its open or close animation.
    var controlCenterAnimation: Animation?
    /// The last moves of a pull (translation, time), for its speed at the release.
    var pullSamples: [(y: Double, time: Double)] = []
    /// Whether the rest work that prepares Control Center is in place.
    var restWorkAdded = false
}

// The modules' host: the shell's services, settings and appearance, and the changes they make.
extension ControlCenterController: ControlCenterHost {
    var services: SystemServices { shell.services }
    var settings: SettingsStore { shell.settings }
    var isLocked: Bool { shell.isLocked }
    var appearance: Appearance { shell.appearance }
}
