import Foundation
import Graphics
import Host
import Shell
import ShellPorts
import UI

/// `slate bench home…`: the Home screen with 150 programs installed at 2×, a page turned by a finger
/// as a person swipes: every frame of the swipe and of the page settling, the slowest among them
/// (issue 46's aim: every frame ≤ 8.3 ms). Beside the wall clock's slowest frame, the slowest in
/// processor time of the whole process (`slowest-cpu`): a shared machine's pauses (a virtual
/// machine's core taken away for 10 ms) show in the first and not in the second.
extension Bench {
    static var homeCases: [Case] {
        [
            Case(name: "home.page-swipe@2x") { HomeBench.pageSwipe() },
            Case(name: "home.jiggle@2x") { HomeBench.jiggle() },
        ]
    }
}

@MainActor enum HomeBench {
    /// A screen at 2× with 150 programs installed, at the Home screen.
    static func screenWithPrograms() -> ShellScreen {
        let screen = ShellScreen(scale: 2)
        let entries = (1...150).compactMap { number in
            try? DesktopEntry(
                parsing: "[Desktop Entry]\nType=Application\nName=Program \(number)\nExec=true\n",
                id: "program-\(number)")
        }
        screen.shell.install(catalog: DesktopCatalog(entries: entries))
        screen.shell.goHome()
        screen.host.run(for: 1)
        return screen
    }

    /// The Home screen edited: every frame of 30 icons jiggling for 10 s (the first second left out).
    static func jiggle() -> Bench.Result {
        let screen = screenWithPrograms()
        defer { screen.close() }
        screen.shell.homeEditor.begin()
        precondition(screen.shell.home.isEditing, "the Home screen is edited")
        var frames: [Double] = []
        var processor: [Double] = []
        for frame in 0..<600 {
            screen.clock.advance(by: 1.0 / 60)
            let begin = Bench.now()
            let cpuBegin = MonotonicClock.processCPUTime()
            screen.host.frame()
            if frame >= 60 {
                frames.append((Bench.now() - begin) * 1000)
                processor.append((MonotonicClock.processCPUTime() - cpuBegin) * 1000)
            }
        }
        precondition(screen.host.lastDamage.count > 0, "the icons still move")
        var result = Bench.result("home.jiggle@2x", frames)
        result.extra["slowest"] = frames.max() ?? .nan
        result.extra["slowest-cpu"] = processor.max() ?? .nan
        result.extra["aim-every-frame-ms"] = 8.3
        return result
    }

    static func pageSwipe() -> Bench.Result {
        let screen = screenWithPrograms()
        defer { screen.close() }
        let home = screen.shell.home
        precondition(home.pages.count >= 5, "150 programs make five pages")
        var frames: [Double] = []
        var processor: [Double] = []
        func timed(_ measured: Bool) {
            let begin = Bench.now()
            let cpuBegin = MonotonicClock.processCPUTime()
            screen.host.frame()
            guard measured else { return }
            frames.append((Bench.now() - begin) * 1000)
            processor.append((MonotonicClock.processCPUTime() - cpuBegin) * 1000)
        }
        let middle = screen.shell.bounds.height / 2
        for round in 0..<12 {
            // Left over four pages, then back: a finger 300 pt in 0.15 s, then the page settling.
            let leftward = round % 2 == 0
            for _ in 0..<4 {
                let start = Point(leftward ? 900 : 400, middle)
                let end = Point(leftward ? 600 : 700, middle)
                let finger = screen.host.touchDown(at: start)
                for step in 1...9 {
                    screen.clock.advance(by: 1.0 / 60)
                    screen.host.touchMove(finger, to: lerp(start, end, Double(step) / 9))
                    timed(round >= 2)
                }
                screen.host.touchUp(finger, at: end)
                for _ in 0..<24 {
                    screen.clock.advance(by: 1.0 / 60)
                    timed(round >= 2)
                }
            }
        }
        precondition(home.currentPage == 0, "the swipes came back to the first page")
        var result = Bench.result("home.page-swipe@2x", frames)
        result.extra["slowest"] = frames.max() ?? .nan
        result.extra["slowest-cpu"] = processor.max() ?? .nan
        result.extra["p99-cpu"] = Bench.p99(processor)
        result.extra["aim-every-frame-ms"] = 8.3
        return result
    }
}
