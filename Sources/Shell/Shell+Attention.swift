import Graphics
import ShellPorts
import SystemUI
import UI

// Windows that ask to come forward. A program may bring its window forward when the person just
// started it, or when the request comes from the window they are using (the shell says which:
// `trusted`); any other request only asks for attention — a banner naming the program and a badge on
// its icon until the window is shown — and never takes the screen or the keys from the person, as
// iPadOS lets no app put itself in front.
extension Shell {
    /// A program asks for its window to come forward (xdg_activation_v1).
    public func programAskedToComeForward(_ toplevel: any ForeignToplevel, trusted: Bool) {
        guard let window = window(showing: toplevel) else { return }
        if trusted {
            if !isOnScreen(window.id) { show(fullScreen: window.id) }
            focus(window.id)
            return
        }
        guard focusedWindow != window.id || !isOnScreen(window.id) else { return }
        windowsWantingAttention.insert(window.id)
        updateBadges()
        let title = LocalizedString(verbatim: toplevel.title)
        let name = app(ofWindow: window.id)?.application.displayName ?? title
        showBanner(ShellStrings.wantsAttention.formatted(name.en.isEmpty ? ShellStrings.program : name))
    }

    /// A window was shown and focused (or went): it no longer asks for attention.
    func attentionGiven(to id: String) {
        guard windowsWantingAttention.remove(id) != nil else { return }
        updateBadges()
    }

    /// Each app's icon, on the Home screen and in the Dock, shows how many of its windows ask for
    /// attention.
    func updateBadges() {
        var counts: [String: Int] = [:]
        for id in windowsWantingAttention {
            guard let app = app(ofWindow: id) else { continue }
            counts[app.identifier, default: 0] += 1
        }
        for icon in home.icons + dock.icons { icon.badgeCount = counts[icon.appIdentifier] ?? 0 }
    }

    /// The app a window belongs to.
    public func app(ofWindow id: String) -> ShellApp? {
        apps.first { app in app.openSessions.contains { $0.persistentIdentifier == id } }
    }
}

extension ShellStrings {
    public static let wantsAttention = LocalizedString(
        en: "%@ wants your attention", ru: "%@ просит вашего внимания")
}
