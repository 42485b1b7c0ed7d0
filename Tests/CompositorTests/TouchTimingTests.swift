@_spi(Testing) import Compositor
import Foundation
import Graphics
import Host
@_spi(Testing) import Shell
import Testing
import UI

/// A touch is timed when it happened, by the device's clock, not when the loop came to read it: a
/// turn of the loop that took long (a big frame, a slow machine) does not stretch a tap into a hold.
@MainActor @Suite(.serialized, .timeLimit(.minutes(minutesAllowed(2)))) struct TouchTimingTests {
    /// What a view with a tap and a touch and hold saw of a touch whose lift was read `stall`
    /// seconds after it went down, `age` seconds after it happened.
    func tapReadLate(stall: Double, age: Double) throws -> (taps: Int, holds: Int) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("slate-touch-age-\(UUID())")
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = try LiveRig(stateHome: dir)
        defer { rig.shutdown() }
        rig.run(for: 0.3)
        var taps = 0
        var holds = 0
        let target = View(frame: Rect(100, 100, 200, 200))
        target.addGestureRecognizer(TapGestureRecognizer { _ in taps += 1 })
        target.addGestureRecognizer(
            LongPressGestureRecognizer { g in
                if g.state == .began { holds += 1 }
            })
        rig.shell.addSubview(target)
        let point = Point(200, 200)
        rig.compositor.onNestedInput?(.touch(1, .began, point))
        // The loop was busy: no turn ran between the finger going down and its lift being read.
        rig.clock.advance(by: stall)
        rig.compositor.onNestedInput?(.touch(1, .ended, point, age: age))
        rig.run(for: 0.3)
        return (taps, holds)
    }

    @Test func aLiftReadLateIsStillATap() throws {
        // Lifted 60 ms after it went down, read 800 ms after.
        let late = try tapReadLate(stall: 0.8, age: 0.74)
        #expect(late.taps == 1 && late.holds == 0, "\(late)")
    }

    @Test func aLiftOfUnknownAgeIsTimedWhenRead() throws {
        // With no age (a nested window's clock), the same stall reads as a hold, as it always did.
        let unknown = try tapReadLate(stall: 0.8, age: 0)
        #expect(unknown.taps == 0 && unknown.holds == 1, "\(unknown)")
    }

    @Test func theDevicesAgeIsTakenWithinTenSeconds() {
        // A lift read 1.2 s late is timed when it happened; ages past ten seconds are a broken time
        // (a clock set back wraps to a huge one): taken as now.
        #expect(WaylandCompositor.eventAge(milliseconds: 740) == 0.74)
        #expect(WaylandCompositor.eventAge(milliseconds: 1200) == 1.2)
        #expect(WaylandCompositor.eventAge(milliseconds: 10_000) == 10)
        #expect(WaylandCompositor.eventAge(milliseconds: 10_001) == 0)
        #expect(WaylandCompositor.eventAge(milliseconds: UInt32.max) == 0)
    }

    @Test func aTapWhoseLiftIsReadMoreThanASecondLateIsStillATap() throws {
        // The age as the session's input gives it: 1,240 ms by the kernel's clock.
        let late = try tapReadLate(stall: 1.3, age: WaylandCompositor.eventAge(milliseconds: 1240))
        #expect(late.taps == 1 && late.holds == 0, "\(late)")
    }
}
