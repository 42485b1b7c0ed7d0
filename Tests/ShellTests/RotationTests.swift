import Foundation
import Graphics
import Host
import Rendering
import Scenes
import ShellPorts
import SlateTesting
import Testing
@_spi(Testing) import UI

@_spi(Testing) @testable import Shell
@testable import SlateScripts

/// The tablet turning: the accelerometer (through the shell's orientation service) turns the screen.
@MainActor @Suite(.serialized) struct RotationTests {
    /// A shell at 1× with a Notes window and an accelerometer reporting `normal`.
    func turningWorld() throws -> (ShellWorld, FixedOrientation) {
        let w = try systemWorld(window: true, scale: 1)
        let sensor = FixedOrientation(.normal)
        w.shell.services.orientation = sensor
        return (w, sensor)
    }

    @Test func turningTheTabletLaysTheScreenOutInPortraitUnlessRotationIsLocked() throws {
        let (w, sensor) = try turningWorld()
        var turns: [Int] = []
        let previous = w.shell.onScreenTurn
        w.shell.onScreenTurn = { t in
            turns.append(t)
            previous?(t)
        }
        let id = try #require(w.shell.focusedWindow)
        #expect(w.shell.bounds.size == Size(1366, 1024))
        sensor.orientation = .leftUp
        #expect(turns == [1])
        #expect(w.shell.bounds.size == Size(1024, 1366))
        #expect(!w.shell.device.landscape)
        #expect(w.host.frame().width == 1024, "the frame buffer is the new size")
        w.host.run(for: 0.6)
        #expect(w.shell.windows[id]?.frame.size.width == 1024, "the window is laid out anew, full screen")
        expectReference(w.host.frame(), "rotated-portrait")
        // Locked: the screen stays as it is.
        w.shell.settings[.rotationLock] = true
        sensor.orientation = .normal
        #expect(w.shell.bounds.size == Size(1024, 1366))
        // Unlocked, it follows the tablet again.
        w.shell.settings[.rotationLock] = false
        #expect(w.shell.bounds.size == Size(1366, 1024))
        sensor.orientation = .bottomUp
        #expect(w.shell.screenQuarterTurns == 2 && w.shell.bounds.size == Size(1366, 1024))
        #expect(turns == [1, 0, 2])
        // No accelerometer reading (flat on a table): nothing moves.
        sensor.orientation = nil
        #expect(w.shell.screenQuarterTurns == 2)
    }

    @Test func theOldScreenStartsWhereItStoodOnThePanelAndTurnsAway() throws {
        let (w, sensor) = try turningWorld()
        let panel = Size(1366, 1024)
        let before = w.host.frame()
        sensor.orientation = .rightUp
        // The first frame of the turn, as the panel shows it: what it showed before.
        var rotation = ScreenRotation(quarterTurns: w.shell.screenQuarterTurns, panel: panel)
        let first = rotation.update(from: w.host.frame(), damage: [Rect(size: w.shell.bounds.size)])
        #expect(first.width == before.width && first.height == before.height)
        let d = first.difference(from: before, tolerance: 8)
        #expect(d.count < first.width * first.height / 100, "differs in \(d.count) pixels")
        w.host.run(for: 0.6)
        #expect(w.shell.system.rotation == nil, "the turn ends")
    }

    @Test func aPanelPointAndAScreenPointMapBothWays() {
        for turns in 0..<4 {
            let r = ScreenRotation(quarterTurns: turns, panel: Size(1366, 1024))
            for p in [Point(0, 0), Point(100, 20), Point(1366, 1024), Point(700, 3)] {
                let s = r.screenPoint(fromPanel: p)
                #expect(r.panelPoint(fromScreen: s) == p)
                #expect(r.screenToPanel.apply(to: s) == p)
            }
        }
        // A quarter turn counter-clockwise: the panel's top-left corner is the screen's top-right.
        let left = ScreenRotation(quarterTurns: 1, panel: Size(1366, 1024))
        #expect(left.screenPoint(fromPanel: Point(0, 0)) == Point(1024, 0))
    }
}
