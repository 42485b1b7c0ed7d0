import Foundation
import Graphics
import OnScreenKeyboard
import Scenes
import ShellPorts
import SystemUI
import UI

/// The button in the corner that brings the keyboard on the glass back while a hardware keyboard is
/// in use (iPadOS's shortcut bar, collapsed to its keyboard button).
@MainActor final class KeyboardShowButton: View {
    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        accessibilityTraits = .button
        identifier = "show-keyboard"
        // Over a program that redraws each frame, a copy of its picture.
        rasterizes = true
    }

    override var handlesOwnTaps: Bool { true }

    override func draw(in canvas: any Canvas) {
        canvas.fillRoundedRect(bounds, radius: 12, with: KeyboardMetrics.background)
        KeyGlyphs.hideKeyboard(in: bounds, color: KeyboardMetrics.keyText, on: canvas)
    }
}
