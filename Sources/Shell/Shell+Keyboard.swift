import Foundation
import Graphics
import Scenes
import UI

// The system's keyboard shortcuts.
extension Shell {
    // MARK: Keyboard

    func shortcut(_ k: KeyPress) -> Bool {
        // A program that asked for Slate's shortcut keys (a remote desktop, a virtual machine) gets
        // them while its window has the keyboard; Super+Escape (as on GNOME) gives them back. The
        // tablet's own buttons (power, volume) and Print stay the system's.
        if let id = focusedWindow, let toplevel = (windows[id]?.scene.rootView as? ForeignSurfaceView)?.toplevel,
            toplevel.inhibitsShortcuts
        {
            switch k.key {
            case .power, .volumeUp, .volumeDown, .print: return systemKey(k)
            case .escape where k.modifiers == .command:
                toplevel.restoreShortcuts()
                return true
            default: return false
            }
        }
        if systemKey(k) { return true }
        if k.key == .escape, k.modifiers.isEmpty, isControlCenterShown {
            hideControlCenter()
            return true
        }
        if k.key == .escape, k.modifiers.isEmpty, isNotificationCenterShown {
            hideNotificationCenter()
            return true
        }
        if menuBarShortcut(k) { return true }
        let focusedApp = focusedWindow.flatMap { windows[$0]?.app }
        // Over a Slate app's window, New Window and Close Window are its menu bar's commands (after
        // its own shortcuts); over a program's window or the Home screen, the shell's own.
        let menuBarHasIt = focusedWindow.flatMap { windows[$0] }.map { !($0.app.application is ForeignApp) } ?? false
        switch (k.key, k.modifiers) {
        case (.character("n"), .control) where !menuBarHasIt:
            guard let app = focusedApp ?? apps.first else { return false }
            newWindow(of: app, requesting: focusedWindow.flatMap { windows[$0]?.scene })
            return true
        case (.character("w"), .control) where !menuBarHasIt:
            guard let id = focusedWindow else { return false }
            closeWindow(id)
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

    /// Back to the Home screen: every window goes to the background (Windowed Apps: into the Dock).
    public func goHome() {
        closeExpose()
        manage(animated: false) { $0.goHome() }
    }
}
