import Graphics
import Host
import Testing
import UI

@testable import Menus

/// The focused item's preview, made while the screen rests, so that the Menu key's menu draws none
/// in its first frame.
@MainActor @Suite struct RestingPreviewTests {
    /// Whether two pictures share their pixels (one was not drawn again from the other's views).
    private func same(_ a: PixelImage?, _ b: PixelImage?) -> Bool {
        guard let a, let b else { return false }
        return a.pixels.withUnsafeBufferPointer { p in
            b.pixels.withUnsafeBufferPointer { $0.baseAddress == p.baseAddress }
        }
    }

    /// The harness with row 3 focused; `rest` lets the screen come to rest before the Menu key.
    private func openWithMenuKey(rest: Bool, change: ((View) -> Void)? = nil) throws -> (MenuHarness, PixelImage?) {
        let h = MenuHarness(scale: 2)
        let row = h.screen.rows[3]
        h.screen.setFocus(row)
        h.host.frame()
        if rest { h.host.run(for: 0.1) }
        let made = h.screen.environment[RestingPreview.self]?.picture(
            of: TargetedPreview(view: row),
            size: MenuLayout.previewSize(
                row.bounds.size * MenuMetrics.liftScale,
                fittingWidthOf: MenuLayout.usableArea(h.screen.bounds, h.screen.safeAreaInsets)), scale: 2,
            appearance: .light)
        change?(row)
        h.host.key(KeyPress(.menu))
        #expect(h.overlay?.form == .rich, "the Menu key opened the focused row's menu")
        return (h, made)
    }

    @Test func theMenuKeyShowsThePreviewMadeAtRestWithTheSamePixels() throws {
        let (rested, made) = try openWithMenuKey(rest: true)
        #expect(made != nil, "the screen came to rest and made the focused row's preview")
        let reused = same(rested.overlay?.preview?.image, made)
        #expect(reused, "the menu used the picture made at rest")
        let (busy, notMade) = try openWithMenuKey(rest: false)
        #expect(notMade == nil, "no rest, no picture")
        let drawnAgain = busy.overlay?.preview?.image != nil && !same(busy.overlay?.preview?.image, made)
        #expect(drawnAgain, "the menu with no rest before it drew its preview")
        let equal = rested.host.framebuffer.pixels == busy.host.framebuffer.pixels
        #expect(equal, "both first frames are the same")
    }

    @Test func aRowThatChangedAfterTheRestIsDrawnAsItIsNow() throws {
        let (h, made) = try openWithMenuKey(rest: true) { $0.backgroundColor = .systemRed }
        let image = try #require(h.overlay?.preview?.image)
        let stale = same(image, made)
        #expect(made != nil && !stale, "the picture made before the change was not used")
        // A point of the row's background inside the preview's rounded shape, clear of its text.
        let p = image.pixel(x: image.width - 30, y: image.height / 2)
        #expect(p.red > 0.9 && p.green < 0.4, "the preview shows the row as it is now: \(p)")
    }

    @Test func aListsSelectedRowIsTheMenuKeysItem() throws {
        let rows = Rows()
        let list = ListView(frame: Rect(0, 0, 300, 400))
        list.dataSource = rows
        let root = RootView(size: Size(300, 400), clock: VirtualClock())
        root.addSubview(list)
        list.layoutIfNeeded()
        root.setFocus(list)
        #expect(root.menuKeyInteractions.isEmpty, "no row selected: the list has no menu of its own")
        list.selectedRow = 2
        let row = try #require(list.visibleRow(2))
        let first = root.menuKeyInteractions.first as? ContextMenuInteraction
        #expect(first != nil && first === row.interactions.first as? ContextMenuInteraction)
    }
}

/// Five rows, each with a context menu.
@MainActor private final class Rows: ListView.DataSource {
    func numberOfRows(in list: ListView) -> Int { 5 }
    func list(_ list: ListView, heightOfRow row: Int) -> Double { 44 }
    func list(_ list: ListView, viewForRow row: Int, reusing: ListRow?) -> ListRow {
        if let reusing { return reusing }
        let r = ListRow()
        r.addInteraction(
            ContextMenuInteraction { _ in ContextMenuConfiguration(actionProvider: { _ in Menu { Action("Open") } }) })
        return r
    }
}
