@_spi(Testing) import Compositor
import Foundation
import Graphics
import Host
@_spi(Testing) import Shell
import Testing
import UI

/// The screen off and on, gone and back, as a tablet's panel is: the power key turns it off through
/// the output's power and a touch wakes it (that touch going nowhere); a panel that goes is waited
/// for, the shell's timers running meanwhile, and one that comes is drawn whole at its own size.
@MainActor @Suite(.serialized, .timeLimit(.minutes(minutesAllowed(2)))) struct ScreenPowerTests {
    @Test func aScreenThatGoesIsWaitedForAndOneThatComesIsDrawnWholeAtItsSize() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("slate-screen-gone-\(UUID())")
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = try LiveRig(stateHome: dir)
        defer { rig.shutdown() }
        let compositor = rig.compositor
        rig.run(for: 0.5)
        #expect(compositor.screenIsOn)

        compositor.removeScreen()
        #expect(!compositor.screenIsOn)
        // The loop goes on (a closed window would end it), drawing nothing, its timers firing.
        var fired = false
        _ = rig.shell.dispatcher.schedule(after: 0.3) { fired = true }
        let framesGone = compositor.outputFrames
        rig.shell.damageAll()
        #expect(rig.run(for: 5) { fired }, "the shell's timers stopped, or the loop ended, with the screen gone")
        rig.run(for: 0.3)
        #expect(compositor.outputFrames == framesGone, "frames were shown with no screen")

        // Another panel, of another size: the shell is laid out for it, and frames come again.
        #expect(compositor.addHeadlessScreen(pixels: Size(1024, 768)))
        rig.run(for: 5) { compositor.outputFrames > framesGone + 2 }
        #expect(compositor.size == Size(1024, 768))
        #expect(rig.shell.bounds.size == Size(1024, 768))
        #expect(rig.live.host.framebuffer.width == 1024 && rig.live.host.framebuffer.height == 768)
        #expect(compositor.outputFrames > framesGone + 2, "no frame was shown on the panel that came")
    }

    @Test func thePowerKeyTurnsTheScreenOffAndATouchWakesItGoingNowhere() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("slate-screen-power-\(UUID())")
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = try LiveRig(stateHome: dir)
        defer { rig.shutdown() }
        let compositor = rig.compositor
        let shell = rig.shell
        rig.run(for: 0.5)

        var drawn = 0
        rig.live.onFrame = { drawn += 1 }
        shell.sleepScreen()
        #expect(shell.isLocked)
        #expect(!compositor.screenIsOn, "the output is still on")
        rig.run(for: 0.3)
        let drawnAsleep = drawn
        shell.damageAll()
        rig.run(for: 0.5)
        #expect(drawn == drawnAsleep, "frames were drawn with the screen off")

        // A finger down wakes it; the lock screen does not see that touch (its page stays the clock).
        let point = Point(shell.bounds.midX, shell.bounds.maxY - 5)
        compositor.onNestedInput?(.touch(1, .began, point))
        #expect(!shell.isScreenAsleep)
        #expect(compositor.screenIsOn)
        compositor.onNestedInput?(.touch(1, .moved, Point(point.x, point.y - 400)))
        compositor.onNestedInput?(.touch(1, .ended, Point(point.x, point.y - 400)))
        rig.run(for: 5) { drawn > drawnAsleep }
        #expect(drawn > drawnAsleep, "the screen woke and showed nothing")
        #expect(shell.lockScreen?.page == .clock, "the waking swipe reached the lock screen")
    }
}
