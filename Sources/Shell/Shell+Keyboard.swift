import Foundation
import Graphics
import Scenes
import UI

// The system's keyboard shortcuts.
extension Shell {
    // MARK: Keyboard

    func shortcut(_ k: KeyPress) -> Bool {
        let focusedApp = focusedWindow.flatMap { windows[$0]?.app }
        switch (k.key, k.modifiers) {
        case (.character("n"), .control):
            guard let app = focusedApp ?? apps.first else { return false }
            newWindow(of: app, requesting: focusedWindow.flatMap { windows[$0]?.scene })
            return true
        case (.character("w"), .control):
            guard let id = focusedWindow, let w = windows[id] else { return false }
            environment.errors.attempt(ShellStrings.closeTheWindow, userAction: true) {
                try w.app.destroy(w.scene.session, animation: .standard)
            }
            return true
        case (.up, .control):
            showSwitcher()
            return true
        case (.character("h"), .control):
            goHome()
            return true
        case (.escape, []):
            if expose != nil {
                closeExpose()
                return true
            }
            return false
        default:
            return false
        }
    }

    /// Back to the Home screen: every window goes to the background.
    public func goHome() {
        closeExpose()
        arrangement = .empty
        centerWindow = nil
        slideOverHidden = slideOver != nil ? true : slideOverHidden
        focusedWindow = nil
        for (_, f) in windows { f.isFocusedWindow = false }
        relayout(animated: false)
    }
}
