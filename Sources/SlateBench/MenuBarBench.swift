import Foundation
import Graphics
import Host
import Menus
import Shell
import SlateSystem
import UI

/// `slate bench menubar…`: the menu bar's first frame after the swipe that shows it (beside GTK 4's
/// popover, the peer the menus' case measures), and the search over Mail's commands per keystroke.
extension Bench {
    static var menuBarCases: [Case] {
        [
            Case(name: "menubar.first-frame@2x") { MenuBarBench().firstFrame() },
            Case(name: "menubar.search-mail") { MenuBarBench().searchPerKeystroke() },
        ]
    }
}

/// The shell with Mail's Inbox full screen at 2×, swiped down from the top edge as a person would.
@MainActor final class MenuBarBench {
    let screen = ShellScreen(scale: 2)
    var host: HeadlessHost { screen.host }
    var shell: Shell { screen.shell }

    isolated deinit { screen.close() }

    /// From the touch move in which the swipe from the top edge is recognised — the menu bar is made
    /// then — to the end of the frame that shows it (the bar, its first step down).
    func firstFrame() -> Bench.Result {
        var xs: [Double] = []
        var make: [Double] = []
        let x = 400.0
        let threshold = MenuBarMetrics.swipeDistance
        for i in 0..<33 {
            host.run(for: 0.1)
            let id = host.touchDown(at: Point(x, 2))
            host.touchMove(id, to: Point(x, 2 + threshold - 5))
            host.frame()
            let t0 = Bench.now()
            host.touchMove(id, to: Point(x, 2 + threshold + 5))
            let t1 = Bench.now()
            host.frame()
            let t2 = Bench.now()
            precondition(shell.menuBarOverlay != nil, "the swipe showed no menu bar")
            if i >= 3 {
                xs.append((t2 - t0) * 1000)
                make.append((t1 - t0) * 1000)
            }
            host.touchUp(id, at: Point(x, 2 + threshold + 5))
            shell.hideMenuBar(animated: false)
            host.run(for: 0.1)
        }
        var r = Bench.result("menubar.first-frame@2x", xs)
        r.extra["make"] = Bench.median(make)
        r.extra["draw"] = Bench.median(xs) - Bench.median(make)
        return r
    }

    /// Each keystroke of phrases typed into the search, over every command of Mail's menu bar (the
    /// system's included): the search alone, and (`keystroke-with-panel`) the whole keystroke in the
    /// menu bar — the search, the result rows and their panel laid out.
    func searchPerKeystroke() -> Bench.Result {
        guard let id = shell.focusedWindow, let bar = shell.menuBar(forWindow: id) else {
            fail("bench: Mail shows no menu bar", code: 1)
        }
        let phrases = ["mark as read", "reply all", "move to archive", "new message", "show all windows", "zzz"]
        let search = MenuBarSearch(bar, language: .en)
        var xs: [Double] = []
        for round in 0..<20 {
            for p in phrases {
                for n in 1...p.count {
                    let typed = String(p.prefix(n))
                    let t0 = Bench.now()
                    let found = search.matches(typed, limit: MenuBarMetrics.maximumResults)
                    let t1 = Bench.now()
                    precondition(p == "zzz" || !found.isEmpty || n < 2, "the search found nothing for \(typed)")
                    if round >= 2 { xs.append((t1 - t0) * 1000) }
                }
            }
        }
        // The whole keystroke, on the screen.
        var whole: [Double] = []
        for round in 0..<6 {
            guard shell.showMenuBar(), let o = shell.menuBarOverlay else { fail("bench: no menu bar", code: 1) }
            host.frame()
            for c in "mark as read" {
                let t0 = Bench.now()
                host.root.dispatcher.handleText(String(c))
                let t1 = Bench.now()
                if round >= 1 { whole.append((t1 - t0) * 1000) }
            }
            precondition(o.results?.isEmpty == false, "the menu bar found nothing")
            shell.hideMenuBar(animated: false)
            host.run(for: 0.1)
        }
        var r = Bench.result("menubar.search-mail", xs)
        r.extra["commands"] = Double(search.commands.count)
        r.extra["keystroke-with-panel"] = Bench.median(whole)
        r.extra["keystroke-with-panel-p99"] = Bench.p99(whole)
        r.extra["aim-ms"] = 1
        return r
    }
}
