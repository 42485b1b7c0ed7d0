import AccessibilityBus
import Host
import Shell
import UI

/// Puts the screen on the AT-SPI accessibility bus when there is one: the shell's chrome as the
/// application "Slate", each app as its own application.
@MainActor enum AccessibilityWiring {
    /// Connects, and has the host's loop answer the bus and send events after each frame. Nil (and
    /// nothing done) without an accessibility bus.
    static func attach(shell: Shell, host: SDLHost) -> AccessibilityBridge? {
        var sources = [
            AccessibleApplicationSource(
                name: { "Slate" }, topLevelViews: { [weak shell] in shell?.accessibilityChrome ?? [] })
        ]
        for app in shell.apps {
            sources.append(
                AccessibleApplicationSource(
                    name: { [weak app] in app?.application.displayName.text ?? "" },
                    topLevelViews: { [weak shell, weak app] in
                        guard let shell, let app else { return [] }
                        return shell.accessibilityViews(of: app)
                    }))
        }
        guard
            let bridge = AccessibilityBridge.connect(
                root: shell, applications: sources,
                displayRect: { [weak host] r, onScreen in host?.displayRect(r, onScreen: onScreen) ?? r })
        else { return nil }
        host.watch(bridge.fileDescriptors) { [weak bridge] in bridge?.pump() }
        let previous = host.onFrame
        host.onFrame = { [weak bridge] in
            previous?()
            bridge?.refresh()
        }
        return bridge
    }
}
