import Compositor
import Foundation
import Graphics
import Host
@_spi(Testing) import Shell
import SlateSystem
import UI

/// `slate bench windowed…`: Windowed Apps at 2× — a Mail window and a GTK 4 window resized live by
/// their grab handles, a window moved over three others, and Exposé of twelve windows. Each sample
/// is the shell's part of one frame: from the finger's move to the frame drawn (the app laid out at
/// its new size in it; a program's new buffer read, not waited for).
extension Bench {
    static var windowedCases: [Case] {
        [
            Case(name: "windowed.live-resize-mail@2x") { windowedResizeMail() },
            Case(name: "windowed.live-resize-gtk4@2x") { windowedResizeGTK() },
            Case(name: "windowed.move-over-three@2x") { windowedMoveOverThree() },
            Case(name: "windowed.expose-12-windows@2x") { windowedExpose() },
        ]
    }

    /// The screen with Mail in Windowed Apps, its window floating at `frame`, settled.
    static func windowedScreen(_ frame: Rect) -> ShellScreen {
        let s = ShellScreen(scale: 2)
        s.shell.setMultitasking(.windowed)
        guard let id = s.shell.focusedWindow else { fail("bench: Mail has no window", code: 1) }
        s.shell.manage(animated: false) { m in
            m.resize(id, to: frame.size)
            m.move(id, to: frame.origin)
        }
        s.host.run(for: 1)
        return s
    }

    /// Frame times and the drawing thread's processor time for each (what a frame costs when the
    /// machine is not shared; the second core's band of a large picture not counted).
    @MainActor struct FrameTimes {
        var wall: [Double] = []
        var cpu: [Double] = []
        /// Every thread's processor time (the drawing's second core too).
        var allCPU: [Double] = []

        /// Times `frame` into both, when `keep`.
        mutating func time(keep: Bool, _ frame: () -> Void) {
            let c0 = MonotonicClock.threadCPUTime()
            let p0 = Self.processCPUTime()
            let t0 = MonotonicClock.read()
            frame()
            guard keep else { return }
            wall.append((MonotonicClock.read() - t0) * 1000)
            cpu.append((MonotonicClock.threadCPUTime() - c0) * 1000)
            allCPU.append((Self.processCPUTime() - p0) * 1000)
        }

        /// The processor time of every thread of this process, in seconds.
        static func processCPUTime() -> Double {
            var ts = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
            return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
        }

        /// The case's result: wall medians and p99 (with the slowest), and the processor time's.
        func result(_ name: String) -> Result {
            var r = Bench.result(name, wall)
            r.extra["max"] = wall.max() ?? .nan
            r.extra["cpu-median"] = median(cpu)
            r.extra["cpu-p99"] = p99(cpu)
            r.extra["cpu-max"] = cpu.max() ?? .nan
            r.extra["cpu-all-median"] = median(allCPU)
            r.extra["frames"] = Double(wall.count)
            return r
        }
    }

    /// A finger on the grab handle of window `id`, drawn round a loop of `legs` (offsets from the
    /// handle), a move a frame at 120 Hz, `rounds` times (the first a warm-up). `between` runs before
    /// each frame (a program's buffer read); returns each frame's times.
    static func dragHandle(
        _ shell: Shell, _ host: HeadlessHost, _ clock: VirtualClock, id: String, legs: [Point], rounds: Int = 4,
        between: () -> Void = {}
    ) -> FrameTimes {
        guard let w = shell.windows[id] else { fail("bench: no window to resize", code: 1) }
        let start = w.handle.frameInRoot.center
        var xs = FrameTimes()
        let steps = 45
        for round in 0..<rounds {
            let finger = host.touchDown(at: start)
            host.frame()
            var from = Point.zero
            for leg in legs {
                for i in 1...steps {
                    let d = lerp(from, leg, Double(i) / Double(steps))
                    clock.advance(by: HeadlessHost.frameInterval)
                    host.touchMove(finger, to: Point(start.x + d.x, start.y + d.y))
                    between()
                    xs.time(keep: round > 0) { host.frame() }
                }
                from = leg
            }
            host.touchUp(finger, at: start)
            for _ in 0..<30 {
                clock.advance(by: HeadlessHost.frameInterval)
                host.frame()
            }
        }
        return xs
    }

    /// Mail's Inbox in a window of 900 × 700 pt, its handle drawn 300 pt out and in again on both axes.
    static func windowedResizeMail() -> Result {
        let s = windowedScreen(Rect(100, 80, 900, 700))
        defer { s.close() }
        guard let id = s.shell.focusedWindow, let w = s.shell.windows[id] else {
            fail("bench: no Mail window", code: 1)
        }
        let legs = [Point(300, 200), Point(-300, -200), Point(0, 0)]
        let xs = dragHandle(s.shell, s.host, s.clock, id: id, legs: legs)
        guard w.frame.size == Size(900, 700), w.scene.windowView.frame.size == Size(900, 700) else {
            fail("bench: the window did not follow the handle back (\(w.frame))", code: 1)
        }
        return xs.result("windowed.live-resize-mail@2x")
    }

    /// The GTK 4 test program in a window of 900 × 700 pt, its handle drawn as Mail's; before each
    /// frame the compositor reads what the program sent (its buffer at the size last asked, as a
    /// display's refresh would find it). The program draws at its own pace, a size behind the
    /// finger (stretched meanwhile): `program-pictures` is how many new pictures it drew a frame.
    static func windowedResizeGTK() -> Result {
        let binary = colourWindowBinary()
        let rig = compositorRig(scale: 2)
        defer { rig.shutdown() }
        rig.shell.setMultitasking(.windowed)
        let t = open(["env", "GSK_RENDERER=cairo", binary, "Resized", "#3478f6"], in: rig)
        guard let w = rig.shell.window(showing: t) else { fail("bench: the program has no window", code: 1) }
        rig.shell.manage(animated: false) { m in
            m.resize(w.id, to: Size(900, 700))
            m.move(w.id, to: Point(100, 80))
        }
        for _ in 0..<120 { rig.step(wait: 0.002) }
        var frames = 0
        let pictures = t.pictureCount
        let legs = [Point(300, 200), Point(-300, -200), Point(0, 0)]
        let xs = dragHandle(rig.shell, rig.host, rig.host.clock, id: w.id, legs: legs) {
            rig.compositor.framesShown()
            rig.compositor.dispatch(timeout: 0.004)
            frames += 1
        }
        var r = xs.result("windowed.live-resize-gtk4@2x")
        r.extra["program-pictures"] = Double(t.pictureCount - pictures) / Double(max(1, frames))
        return r
    }

    /// Four Mail windows overlapping; the front one dragged by its top band across the other three
    /// and back, a move a frame at 120 Hz.
    static func windowedMoveOverThree() -> Result {
        let s = windowedScreen(Rect(40, 60, 640, 520))
        defer { s.close() }
        let frames = [Rect(380, 140, 620, 560), Rect(720, 90, 600, 600), Rect(200, 400, 700, 520)]
        for r in frames {
            guard let session = s.shell.newWindow(of: s.mail) else { fail("bench: no new Mail window", code: 1) }
            s.host.run(for: 0.5)
            let id = session.persistentIdentifier
            s.shell.manage(animated: false) { m in
                m.resize(id, to: r.size)
                m.move(id, to: r.origin)
            }
        }
        guard let front = s.shell.focusedWindow, let w = s.shell.windows[front] else {
            fail("bench: no window in front", code: 1)
        }
        s.host.run(for: 1)
        let grip = w.grip.frameInRoot
        let start = Point(grip.minX + grip.width / 3, grip.midY)
        let legs = [Point(700, -300), Point(0, 0), Point(-150, -350), Point(0, 0)]
        var xs = FrameTimes()
        let steps = 60
        for round in 0..<4 {
            let finger = s.host.touchDown(at: start)
            s.host.frame()
            var from = Point.zero
            for leg in legs {
                for i in 1...steps {
                    let d = lerp(from, leg, Double(i) / Double(steps))
                    s.clock.advance(by: HeadlessHost.frameInterval)
                    s.host.touchMove(finger, to: Point(start.x + d.x, start.y + d.y))
                    xs.time(keep: round > 0) { s.host.frame() }
                }
                from = leg
            }
            s.host.run(for: 0.1)
            s.host.touchUp(finger, at: start)
            s.host.run(for: 0.5)
        }
        guard s.shell.visibleWindows.count == 4, s.shell.windowManager.windows[front]?.windowed.tile == nil else {
            fail("bench: the windows did not stay as they were", code: 1)
        }
        return xs.result("windowed.move-over-three@2x")
    }

    /// Twelve Mail windows in Windowed Apps, then Exposé of every window (the swipe up held): every
    /// frame redraws the whole screen, then a snapshot is swiped up and back.
    static func windowedExpose() -> Result {
        let s = windowedScreen(Rect(60, 80, 700, 560))
        defer { s.close() }
        s.openWindows(12)
        for (i, id) in s.shell.windowManager.stacking.enumerated() {
            s.shell.manage(animated: false) { m in
                m.resize(id, to: Size(560 + Double(i % 3) * 60, 420 + Double(i % 4) * 40))
                m.move(id, to: Point(40 + Double(i) * 52, 60 + Double(i % 5) * 70))
            }
        }
        s.host.run(for: 1)
        s.shell.showSwitcher()
        s.host.run(for: 0.5)
        guard let expose = s.shell.expose, expose.cells.count == 12 else {
            fail("bench: Exposé shows \(s.shell.expose?.cells.count ?? 0) windows, not 12", code: 1)
        }
        var xs = FrameTimes()
        for i in 0..<63 {
            s.shell.damageAll()
            xs.time(keep: i >= 3) { s.host.frame() }
        }
        let full = xs.wall
        let cell = expose.cells[4]
        var swipe: [Double] = []
        for _ in 0..<4 {
            let start = cell.frameInRoot.center
            let id = s.host.touchDown(at: start)
            s.host.frame()
            for i in 1...30 {
                s.clock.advance(by: HeadlessHost.frameInterval)
                s.host.touchMove(id, to: Point(start.x, start.y - 60 * sin(Double(i) / 30 * .pi)))
                let before = xs.wall.count
                xs.time(keep: true) { s.host.frame() }
                swipe.append(xs.wall[before])
            }
            s.host.touchUp(id, at: start)
            s.host.run(for: 0.2)
        }
        var r = xs.result("windowed.expose-12-windows@2x")
        r.extra["full-redraw-median"] = median(full)
        r.extra["swipe-median"] = median(swipe)
        return r
    }
}
