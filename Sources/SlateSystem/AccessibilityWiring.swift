import AccessibilityBus
import Compositor
import Host
import SessionBus
import Shell
import UI

/// Puts the screen on the AT-SPI accessibility bus when there is one: the shell's chrome as the
/// application "Slate", each app inside the shell's process as its own application (an app that is a
/// process of its own, Slate's or another toolkit's, puts itself on the bus).
@MainActor enum AccessibilityWiring {
    /// Connects without waiting for the bus (the first frame is drawn meanwhile), and then has the
    /// host's loop answer the bus and send events after each frame; returns what keeps the bridge.
    /// Nothing is done without an accessibility bus.
    static func attach(shell: Shell, host: LiveHost) -> Attachment {
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
        let attachment = Attachment()
        let mailbox = attachment.mailbox
        host.watch([mailbox.fileDescriptor]) { mailbox.drain() }
        AccessibilityBridge.connect(
            roots: { [weak shell] in shell.map { [$0] } ?? [] }, clock: shell.clock, applications: sources,
            mailbox: mailbox,
            displayRect: { [weak host] r, onScreen in host?.displayRect(r, onScreen: onScreen) ?? r }
        ) { [weak host, weak attachment] bridge in
            guard let host, let attachment else { return }
            attachment.bridge = bridge
            host.watch(bridge.fileDescriptors) { [weak bridge] in bridge?.pump() }
            let previous = host.onFrame
            host.onFrame = { [weak bridge] in
                previous?()
                bridge?.refresh()
            }
        }
        return attachment
    }

    /// The bridge, once connected, and the mailbox that brings it.
    final class Attachment {
        let mailbox = MainMailbox()
        var bridge: AccessibilityBridge?
    }
}
