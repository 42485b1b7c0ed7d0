import Foundation
import Graphics
import Host
import Scenes
import ShellPorts
import SlateTesting
import Testing
@_spi(Testing) import UI

@_spi(Testing) @testable import Shell
@testable import SlateScripts

/// Settings › Text Size on the system's own views, as iPadOS does it: a notification's words grow
/// with the person's size, while the status bar, the Home screen and Control Center's tiles keep
/// theirs.
@MainActor @Suite(.serialized) struct TextSizeShellTests {
    @Test func theSystemsViewsFollowTheTextSizeWhereAnIPadsDo() throws {
        let w = try systemWorld(window: false, scale: 1)
        w.host.run(for: 0.5)
        let standard = w.host.frame()
        w.shell.settings[.textSize] = 23
        #expect(w.shell.environment.contentSizeCategory == .extraExtraExtraLarge)
        w.host.run(for: 0.5)
        // The Home screen, its labels and the status bar are as they were.
        #expect(w.host.frame().pixels == standard.pixels)
        w.shell.post(
            ShellNotification(
                id: 1, appName: "Terminal", title: "Build finished", body: "All 212 tests passed",
                actions: [.init(key: "default", label: "Open")], urgency: .normal, date: Date(),
                expireTimeout: -1, origin: .bus(sender: ":1.7")))
        w.host.run(for: 0.6)
        expectReference(w.host.frame(), "text-size-largest-banner")
        w.shell.showControlCenter(animated: false)
        w.host.frame()
        expectReference(w.host.frame(), "text-size-largest-control-center")
    }
}
