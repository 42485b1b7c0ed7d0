import Foundation
import Graphics
import OnScreenKeyboard
import Scenes
import ShellPorts
import SystemUI
import UI

/// The keyboard on the glass as the shell shows it, an owned part of the shell: when it shows for a
/// field (the policy, the hardware keyboard), where (docked under the windows, or floating), what it
/// types into (a field, or a program's window as key presses), and its button in the corner. The
/// shell's public face of it is `Shell+OnScreenKeyboard`.
@MainActor final class KeyboardPresenter {
    /// The shell it shows the keyboard on.
    unowned let shell: Shell

    init(shell: Shell) { self.shell = shell }

    var policy = KeyboardPolicy.hardware
    /// A hardware key was pressed since the keyboard was last asked for (the automatic policy).
    var hardwareSeen = false
    var keyboard: KeyboardController?
    var suggester: (any TextSuggesting)?
    /// The field the keyboard was put away for (its hide key, a swipe down): it stays away for that
    /// field until a person touches it again.
    var dismissedFor: ObjectIdentifier?
    /// The field it types into now.
    var targetID: ObjectIdentifier?
    var isShown = false
    var isFloating = false
    /// A program's window with no text input whose person asked for the keyboard (the corner
    /// button): its keys go to the program as key presses.
    var keysAskedFor: ObjectIdentifier?
    var keyPresses: KeyPressTextInput?
    var slide: Animation?
    /// Brings the keyboard back while a hardware keyboard is in use.
    let showButton = KeyboardShowButton()
}
