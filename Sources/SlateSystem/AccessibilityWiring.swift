import AccessibilityBus
import Compositor
import Host
import Shell
import UI

/// Puts the screen on the AT-SPI accessibility bus when there is one: the shell's chrome as the
/// application "Slate", each app inside the shell's process as its own application (an app that is a
/// process of its own, Slate's or another toolkit's, puts itself on the bus).
@MainActor enum AccessibilityWiring {
    /// Connects, and has the host's loop answer the bus and send events after each frame. Nil (and
    /// nothing done) without an accessibility bus.
    static func attach(shell: Shell, host: LiveHost) -> AccessibilityBridge? {
        var sources = [
            AccessibleApplicationSource(
                name: { "Slate" }, topLevelViews: { [weak shell] in shell?.accessibilityChrome ?? [] })
        ]
        for app in shell.apps where !(app.application is ProcessApp || app.application is ForeignApp) {
            sources.append(
                AccessibleApplicationSource(
                    name: { [weak app, weak shell] in
                        guard let app, let shell else { return "" }
                        return app.application.displayName.resolved(shell.language)
                    },
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
