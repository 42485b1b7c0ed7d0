import Foundation
import Graphics
import Host
import Menus
import Rendering
import SlateSystem
import UI

/// `slate bench menu…`: how fast a context menu opens and animates, and how fast a long menu is laid out.
extension Bench {
    static var menusCases: [Case] {
        [
            Case(name: "menu.first-frame@2x") { MenuBench().firstFrame() },
            Case(name: "menu.first-frame-cold@2x") { MenuBench().coldFirstFrame() },
            Case(name: "menu.open-animation@2x") { MenuBench().openAnimation() },
            Case(name: "menu.backdrop@2x") { MenuBench().backdrop() },
            Case(name: "menu.layout-1000") { MenuBench.layout1000() },
        ]
    }
}

/// The shell with Mail at 2× with a context menu on one of its Inbox's rows, opened by a held touch
/// on the virtual clock, as a person would. The row's own interaction shows the bench's menu (with no
/// preview of the message), so that the figures measure the menu machinery rather than Mail.
@MainActor final class MenuBench: ContextMenuInteractionDelegate {
    let screen: ShellScreen
    var clock: VirtualClock { screen.clock }
    var host: HeadlessHost { screen.host }
    let interaction: ContextMenuInteraction
    let row: View

    init() {
        screen = ShellScreen(scale: 2)
        guard let row = screen.inbox?.messageList.visibleRow(3),
            let interaction = row.interactions.lazy.compactMap({ $0 as? ContextMenuInteraction }).first
        else { fail("bench: the Inbox shows no message row with a context menu", code: 1) }
        self.row = row
        self.interaction = interaction
        interaction.delegate = self
        host.frame()
    }

    isolated deinit { screen.close() }

    func contextMenuInteraction(
        _ interaction: ContextMenuInteraction, configurationForMenuAtLocation location: Point
    ) -> ContextMenuConfiguration? {
        ContextMenuConfiguration(identifier: "bench") { _ in Self.mailMenu() }
    }

    static func mailMenu() -> Menu {
        Menu {
            Action("Reply", image: "arrowshape.turn.up.left")
            Action("Reply All", image: "arrowshape.turn.up.left.2")
            Action("Forward", image: "arrowshape.turn.up.right")
            Menu(options: .displayInline) {
                Menu("Move to", image: "folder") { Action("Archive") }
                Action("Flag", image: "flag")
                Action("Mark as Unread", image: "envelope.badge")
            }
            Menu(options: .displayInline) { Action("Delete", image: "trash", attributes: .destructive) }
        }
    }

    /// Holds the row until just before the long press is recognised (the backdrop is made halfway).
    private func holdUntilAlmostRecognised() -> Int {
        let id = host.touchDown(at: row.frameInRoot.center)
        host.run(for: MenuMetrics.longPressDuration - 0.005)
        return id
    }

    private func close(_ id: Int) {
        host.touchUp(id, at: row.frameInRoot.center)
        interaction.dismissMenu()
        host.run(for: MenuMetrics.closeDuration + 0.05)
        host.run(for: 0.1)
    }

    /// From the frame in which the long press is recognised to the end of that frame, which shows the
    /// lifted preview, the blurred backdrop and the menu.
    func firstFrame() -> Bench.Result {
        var xs: [Double] = []
        var prepare: [Double] = []
        for i in 0..<33 {
            let id = holdUntilAlmostRecognised()
            clock.advance(by: 0.01)
            let t0 = Bench.now()
            // What the host's frame does, in two parts: the long press is recognised and the menu is
            // made (preview picture, rows, layout); then the screen is drawn.
            screen.shell.prepareFrame()
            let t1 = Bench.now()
            host.frame()
            let t2 = Bench.now()
            precondition(interaction.isMenuVisible, "the menu did not open")
            if i >= 3 {
                xs.append((t2 - t0) * 1000)
                prepare.append((t1 - t0) * 1000)
            }
            close(id)
        }
        // The floor: the first frame changes the whole screen, so it costs at least one frame-buffer copy.
        let fb = host.framebuffer
        var r = Bench.result("menu.first-frame@2x", xs, floor: Bench.copyFloor(bytes: fb.width * fb.height * 4))
        r.extra["prepare"] = Bench.median(prepare)
        r.extra["draw"] = Bench.median(xs) - Bench.median(prepare)
        return r
    }

    /// The same, for a menu opened with no press before it: the Menu key on the Inbox's selected row,
    /// with the list focused, after the screen has come to rest (as it has when a person reaches for
    /// the key).
    func coldFirstFrame() -> Bench.Result {
        guard let list = screen.inbox?.messageList else { fail("bench: no Inbox", code: 1) }
        list.selectedRow = 3
        host.root.setFocus(list)
        host.frame()
        var xs: [Double] = []
        var opens: [Double] = []
        var cpu: [Double] = []
        for i in 0..<23 {
            host.run(for: 0.1)
            let c0 = MonotonicClock.processCPUTime()
            let t0 = Bench.now()
            host.root.dispatcher.handle(KeyPress(.menu))
            let t1 = Bench.now()
            host.frame()
            let t2 = Bench.now()
            precondition(interaction.isMenuVisible, "the Menu key opened no menu")
            if i >= 3 {
                xs.append((t2 - t0) * 1000)
                opens.append((t1 - t0) * 1000)
                cpu.append((MonotonicClock.processCPUTime() - c0) * 1000)
            }
            interaction.dismissMenu()
            host.run(for: MenuMetrics.closeDuration + 0.05)
        }
        var r = Bench.result("menu.first-frame-cold@2x", xs)
        r.extra["cpu-median"] = Bench.median(cpu)
        r.extra["open"] = Bench.median(opens)
        r.extra["draw"] = Bench.median(xs) - Bench.median(opens)
        return r
    }

    /// Every frame of the open transition after the first, at 120 Hz.
    func openAnimation() -> Bench.Result {
        var xs: [Double] = []
        var cpu: [Double] = []
        var frames = 0
        for i in 0..<13 {
            let id = holdUntilAlmostRecognised()
            clock.advance(by: 0.01)
            host.frame()
            var n = 0
            while interaction.overlay?.phase == .opening {
                clock.advance(by: HeadlessHost.frameInterval)
                let c0 = MonotonicClock.processCPUTime()
                let t0 = Bench.now()
                host.frame()
                let t1 = Bench.now()
                if i >= 3 {
                    xs.append((t1 - t0) * 1000)
                    cpu.append((MonotonicClock.processCPUTime() - c0) * 1000)
                }
                if i == 3, ProcessInfo.processInfo.environment["SLATE_BENCH_TRACE"] != nil {
                    let area = host.lastDamage.reduce(0) { $0 + $1.width * $1.height }
                    print(
                        String(
                            format: "  frame %2d  %6.2f ms  damaged-pt2 %.0f  %@", n, (t1 - t0) * 1000, area,
                            "\(host.lastDamage)"))
                }
                n += 1
            }
            frames = n
            close(id)
        }
        var r = Bench.result("menu.open-animation@2x", xs)
        r.extra["cpu-median"] = Bench.median(cpu)
        r.extra["cpu-p99"] = Bench.p99(cpu)
        r.extra["frames"] = Double(frames)
        return r
    }

    /// Making the blurred backdrop (done while the finger is down, before the menu opens).
    func backdrop() -> Bench.Result {
        var parts: [[Double]] = [[], [], []]
        let xs = Bench.sample(20) {
            let t0 = Bench.now()
            let small = MenuBackdrop.source(of: screen.shell, renderer: host.renderer)
            let t1 = Bench.now()
            let thumbnail = MenuBackdrop.blur(small)
            let t2 = Bench.now()
            _ = MenuBackdrop.finish(thumbnail, of: screen.shell, scale: 2)
            let t3 = Bench.now()
            parts[0].append((t1 - t0) * 1000)
            parts[1].append((t2 - t1) * 1000)
            parts[2].append((t3 - t2) * 1000)
        }
        var r = Bench.result("menu.backdrop@2x", xs)
        r.extra["draw-small"] = Bench.median(parts[0])
        r.extra["blur"] = Bench.median(parts[1])
        r.extra["stretch"] = Bench.median(parts[2])
        return r
    }

    /// The rows and layout of a menu of 1,000 commands in ten groups, with a preview.
    static func layout1000() -> Bench.Result {
        let menu = Menu {
            for g in 0..<10 {
                Menu(options: .displayInline) {
                    for i in 0..<100 {
                        Action(
                            LocalizedString(verbatim: "Command \(g * 100 + i)"),
                            subtitle: i % 7 == 0 ? "A subtitle" : nil, image: i % 3 == 0 ? "folder" : nil)
                    }
                }
            }
        }
        var out = 0.0
        let xs = Bench.sample(200) {
            let rows = MenuRow.rows(for: menu)
            let l = MenuLayout.layout(
                MenuLayout.Input(
                    bounds: Rect(0, 0, 1366, 1024), sourceFrame: Rect(400, 600, 500, 52),
                    previewSize: Size(550, 57), touchLocation: Point(600, 626), rows: rows.map(\.spec)))
            out += l.contentHeight
        }
        precondition(out > 0)
        return Bench.result("menu.layout-1000", xs)
    }
}

/// Stands in until the bench sets itself as the delegate.
@MainActor private final class PlaceholderDelegate: ContextMenuInteractionDelegate {
    static let shared = PlaceholderDelegate()
    func contextMenuInteraction(
        _ interaction: ContextMenuInteraction, configurationForMenuAtLocation location: Point
    ) -> ContextMenuConfiguration? { nil }
}
