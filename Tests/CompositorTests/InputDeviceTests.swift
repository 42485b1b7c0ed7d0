@_spi(Testing) import Compositor
import Foundation
import Graphics
import Host
@_spi(Testing) import Shell
import Testing
import UI

/// Input devices that go away, as a tablet's keyboard cover or a USB touchscreen does: what was held
/// on one is let go (a finger cancelled, not lifted: a lift would tap), one line says which went,
/// and the devices that come afterwards work.
@MainActor @Suite(.serialized, .timeLimit(.minutes(minutesAllowed(2)))) struct InputDeviceTests {
    @Test func aTouchscreenUnpluggedUnderAFingerCancelsItAndSaysSoOnce() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("slate-device-gone-\(UUID())")
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = try LiveRig(stateHome: dir)
        defer { rig.shutdown() }
        let compositor = rig.compositor
        let dispatcher = rig.shell.dispatcher!
        var phases: [Touch.Phase] = []
        let shown = compositor.onNestedInput
        compositor.onNestedInput = { event in
            if case .touch(_, let phase, _, _) = event { phases.append(phase) }
            shown?(event)
        }
        var said: [String] = []
        rig.shell.environment.errors.log = { said.append($0) }
        rig.run(for: 0.5)
        let center = Point(rig.shell.bounds.midX * compositor.scale, rig.shell.bounds.midY * compositor.scale)

        let touchscreen = try #require(compositor.addHeadlessTouchscreen())
        compositor.headlessTouch(touchscreen, down: true, id: 3, at: center)
        rig.run(for: 0.2)
        #expect(dispatcher.hasTouches, "the finger did not reach the shell")

        compositor.removeHeadlessInput(touchscreen)
        rig.run(for: 0.2)
        #expect(phases == [.began, .cancelled], "the finger was not cancelled: \(phases)")
        #expect(!dispatcher.hasTouches, "a finger stayed down on a touchscreen that went away")
        #expect(
            said.filter { $0.contains("went away") } == [
                "the touchscreen “headless” went away: what was held on it was let go, and the session carries on"
            ])

        // Another touchscreen (or the same, back): its finger goes down and up as any.
        phases.removeAll()
        let again = try #require(compositor.addHeadlessTouchscreen())
        compositor.headlessTouch(again, down: true, id: 3, at: center)
        compositor.headlessTouch(again, down: false, id: 3, at: center)
        rig.run(for: 0.2)
        #expect(phases == [.began, .ended])
        #expect(!dispatcher.hasTouches)
    }
}
