import Graphics
import Testing

@testable import UI

@MainActor @Suite struct ViewTests {
    @Test func hitTestingFollowsTransformsAndOrder() throws {
        let root = RootView(size: Size(400, 300), clock: VirtualClock())
        let a = View(frame: Rect(0, 0, 200, 200))
        let b = View(frame: Rect(50, 50, 100, 100))
        let c = View(frame: Rect(10, 10, 20, 20))
        root.addSubview(a)
        root.addSubview(b)
        b.addSubview(c)
        #expect(root.hitTest(Point(5, 5)) === a)
        #expect(root.hitTest(Point(70, 70)) === c)
        #expect(root.hitTest(Point(100, 100)) === b)
        b.isUserInteractionEnabled = false
        #expect(root.hitTest(Point(100, 100)) === a)
        b.isUserInteractionEnabled = true
        b.transform = Transform(scale: 2)  // about its centre (100,100): now covers 0…200
        #expect(root.hitTest(Point(5, 5)) === b)
        #expect(c.convert(Point.zero, to: nil) == Point(20, 20))
        #expect(root.hitTest(Point(350, 250)) === root)
    }

    @Test func damageCoversOnlyWhatChanged() throws {
        let root = RootView(size: Size(400, 300), clock: VirtualClock())
        let box = View(frame: Rect(10, 10, 40, 40))
        root.addSubview(box)
        _ = root.takeDamage(scale: 1)
        box.backgroundColor = .systemRed
        #expect(root.takeDamage(scale: 1) == [Rect(10, 10, 40, 40)])
        box.frame.origin = Point(100, 10)
        let d = root.takeDamage(scale: 1)
        #expect(d == [Rect(10, 10, 40, 40), Rect(100, 10, 40, 40)], "the old place and the new: \(d)")
        box.frame.origin = Point(120, 10)
        #expect(root.takeDamage(scale: 1) == [Rect(100, 10, 60, 40)], "overlapping places merge")
        box.frame.origin = Point(100, 10)
        _ = root.takeDamage(scale: 1)
        box.isHidden = true
        box.backgroundColor = .systemBlue
        #expect(root.takeDamage(scale: 1) == [Rect(100, 10, 40, 40)], "hiding damages; changing a hidden view does not")
        let far = View(frame: Rect(300, 250, 10, 10))
        root.addSubview(far)
        #expect(root.takeDamage(scale: 1).count == 1)
        _ = root.takeDamage(scale: 1)
        far.backgroundColor = .black
        box.isHidden = false
        #expect(root.takeDamage(scale: 1).count == 2, "distant changes stay separate rectangles")
    }

    @Test func layoutRunsWhenTheSizeChanges() throws {
        final class Counting: View {
            var passes = 0
            override func layoutSubviews() { passes += 1 }
        }
        let root = RootView(size: Size(400, 300), clock: VirtualClock())
        let v = Counting(frame: Rect(0, 0, 10, 10))
        root.addSubview(v)
        root.prepareFrame()
        #expect(v.passes == 1)
        root.prepareFrame()
        #expect(v.passes == 1)
        v.frame.origin.x = 5
        root.prepareFrame()
        #expect(v.passes == 1, "moving does not lay out")
        v.frame.size.width = 20
        root.prepareFrame()
        #expect(v.passes == 2)
    }

    @Test func accessibilityTreeInReadingOrderWithWindowPaths() throws {
        let root = RootView(size: Size(400, 300), clock: VirtualClock())
        let window = View(frame: Rect(0, 0, 400, 300))
        window.accessibilityLabel = "Inbox"
        window.accessibilityTraits = .window
        root.addSubview(window)
        let l = Label("Встреча завтра")
        l.frame = Rect(10, 40, 200, 20)
        window.addSubview(l)
        let off = Label("Off screen")
        off.frame = Rect(10, 400, 100, 20)
        window.addSubview(off)
        let els = root.accessibilityElements()
        #expect(els.map(\.label) == ["Inbox", "Встреча завтра"])
        #expect(els[1].path == ["Inbox"])
    }

    @Test func listMakesOnlyVisibleRows() throws {
        final class Source: ListView.DataSource {
            var made = 0
            func numberOfRows(in list: ListView) -> Int { 10_000 }
            func list(_ list: ListView, heightOfRow row: Int) -> Double { 50 }
            func list(_ list: ListView, viewForRow row: Int, reusing: ListRow?) -> ListRow {
                let r =
                    reusing
                    ?? {
                        made += 1
                        return ListRow()
                    }()
                r.accessibilityLabel = "Row \(row)"
                return r
            }
        }
        let root = RootView(size: Size(400, 500), clock: VirtualClock())
        let list = ListView(frame: Rect(0, 0, 400, 500))
        let src = Source()
        root.addSubview(list)
        list.dataSource = src
        root.prepareFrame()
        #expect(list.numberOfRows == 10_000)
        #expect(list.visibleRows.count <= 13)
        list.contentOffset = Point(0, 250_000)
        root.prepareFrame()
        #expect(try #require(list.visibleRows.first).0 >= 4998)
        #expect(src.made <= 26, "rows are reused, not made anew: \(src.made)")
        #expect(list.row(at: Point(5, 250_010)) == 5000)
        #expect(list.contentOffset.y == 250_000)
        list.contentOffset = list.clamped(Point(0, 1e9))
        #expect(list.contentOffset.y == 500_000 - 500)
    }

    @Test func aListWithOneRowHeightAsksNoRowItsHeight() throws {
        final class Source: ListView.DataSource {
            var count = 100_000
            var asked = 0
            func numberOfRows(in list: ListView) -> Int { count }
            func list(_ list: ListView, heightOfRow row: Int) -> Double {
                asked += 1
                return 50
            }
            func list(_ list: ListView, viewForRow row: Int, reusing: ListRow?) -> ListRow { reusing ?? ListRow() }
        }
        let root = RootView(size: Size(400, 500), clock: VirtualClock())
        let list = ListView(frame: Rect(0, 0, 400, 500))
        let src = Source()
        root.addSubview(list)
        list.rowHeight = 50
        list.dataSource = src
        root.prepareFrame()
        #expect(src.asked == 0, "a reload of 100,000 rows measures none of them")
        #expect(list.numberOfRows == 100_000 && list.contentSize.height == 5_000_000)
        #expect(list.rect(ofRow: 70_000) == Rect(0, 3_500_000, 400, 50))
        #expect(list.row(at: Point(5, 3_500_049)) == 70_000)
        #expect(list.row(at: Point(5, 5_000_000)) == nil)
        list.contentOffset = Point(0, 3_500_000)
        root.prepareFrame()
        #expect(try #require(list.visibleRows.first).0 >= 69_997)
        // Without it, each row is asked, as before.
        list.rowHeight = nil
        #expect(src.asked == 100_000 && list.rect(ofRow: 70_000) == Rect(0, 3_500_000, 400, 50))
        src.count = 3
        list.rowHeight = 50
        #expect(list.numberOfRows == 3 && list.row(at: Point(5, 149)) == 2 && list.row(at: Point(5, 150)) == nil)
    }
}

@MainActor @Suite struct AnimationTests {
    @Test(arguments: [TimingCurve.linear, .easeIn, .easeOut, .easeInOut, .spring(response: 0.3, dampingRatio: 0.8)])
    func curvesStartAndEndInPlace(c: TimingCurve) throws {
        #expect(c.value(at: 0, duration: 0.3) == 0)
        #expect(c.value(at: 0.3, duration: 0.3) == 1)
    }

    @Test func easingCurvesHaveTheirShape() throws {
        #expect(abs(TimingCurve.easeInOut.value(at: 0.15, duration: 0.3) - 0.5) < 1e-4)
        #expect(TimingCurve.easeIn.value(at: 0.1, duration: 0.3) < 0.2)
    }

    @Test func underdampedSpringOvershoots() throws {
        let c = TimingCurve.spring(response: 0.3, dampingRatio: 0.7)
        let peak = try #require(stride(from: 0.0, to: 0.3, by: 0.005).map { c.value(at: $0, duration: 1) }.max())
        #expect(peak > 1.01 && peak < 1.1)
    }

    @Test func animatorStepsOnTheClock() throws {
        let clock = VirtualClock()
        let root = RootView(size: Size(100, 100), clock: clock)
        var seen: [Double] = []
        var done: Bool?
        root.animator.animate(duration: 0.2, curve: .linear, apply: { seen.append($0) }, completion: { done = $0 })
        clock.advance(by: 0.1)
        root.prepareFrame()
        clock.advance(by: 0.15)
        root.prepareFrame()
        #expect(seen == [0, 0.5, 1])
        #expect(done == true)
        #expect(!root.animator.isRunning)
    }
}

/// A canvas that draws nothing, with a fixed clip: enough to see which views are asked to draw.
final class NullCanvas: Canvas {
    let appearance = Appearance.light
    let scale = 1.0
    let textMeasurer: any TextMeasuring = ApproximateTextMeasurer()
    var clips: [Rect]
    init(clip: Rect) { clips = [clip] }
    var clipBounds: Rect { clips.last! }
    func save() { clips.append(clips.last!) }
    func restore() { clips.removeLast() }
    func concatenate(_ t: Transform) {
        if let inv = t.inverted() { clips[clips.count - 1] = inv.apply(to: clips.last!) }
    }
    func clip(to path: Path) { clips[clips.count - 1] = clips.last!.intersection(path.bounds) }
    func fill(_ path: Path, with color: Color) {}
    func fill(_ path: Path, with gradient: LinearGradient) {}
    func stroke(_ path: Path, with color: Color, lineWidth: Double) {}
    func drawText(_ layout: TextLayout, at origin: Point) {}
    func drawImage(_ image: PixelImage, in rect: Rect, opacity: Double) {}
    func drawSymbol(_ name: String, in rect: Rect, tint: Color) {}
    func drawShadow(of path: Path, color: Color, blur: Double, offset: Point) {}
    func beginLayer(opacity: Double) {}
    func endLayer() {}
}

@MainActor @Suite struct OpaqueCoverTests {
    final class Counting: View {
        var draws = 0
        override func draw(in canvas: any Canvas) { draws += 1 }
    }

    @Test func whatAnOpaqueCoverHidesIsNotDrawn() throws {
        let root = RootView(size: Size(400, 300), clock: VirtualClock())
        let below = Counting(frame: Rect(0, 0, 400, 300))
        let cover = Counting(frame: Rect(0, 0, 400, 300))
        let above = Counting(frame: Rect(10, 10, 50, 50))
        root.addSubview(below)
        root.addSubview(cover)
        root.addSubview(above)
        root.renderFrame(in: NullCanvas(clip: root.bounds), renderer: nil)
        #expect((below.draws, cover.draws, above.draws) == (1, 1, 1), "not a cover yet: all draw")
        cover.isOpaqueCover = true
        root.renderFrame(in: NullCanvas(clip: root.bounds), renderer: nil)
        #expect((below.draws, cover.draws, above.draws) == (1, 2, 2), "the covered view is skipped")
        cover.frame = Rect(0, 0, 200, 300)
        root.renderFrame(in: NullCanvas(clip: Rect(0, 0, 300, 100)), renderer: nil)
        #expect(below.draws == 2, "a cover that does not hold the whole clip hides nothing")
        root.renderFrame(in: NullCanvas(clip: Rect(20, 20, 100, 100)), renderer: nil)
        #expect(below.draws == 2, "a clip inside the cover draws nothing below it")
        cover.alpha = 0.5
        root.renderFrame(in: NullCanvas(clip: Rect(20, 20, 100, 100)), renderer: nil)
        #expect(below.draws == 3, "a translucent cover hides nothing")
    }
}

@MainActor @Suite struct RasterCacheTests {
    @Test func movingScalingAndFadingKeepTheCachedPicture() throws {
        let root = RootView(size: Size(400, 300), clock: VirtualClock())
        let v = View(frame: Rect(50, 50, 100, 50))
        v.shadow = View.Shadow(blur: 10)
        root.addSubview(v)
        v.rasterizes = true
        func cache() {
            v.rasterCache = RasterCache(
                key: .init(size: v.bounds.size, scale: 1, appearance: .light, language: .en),
                image: PixelImage(width: 1, height: 1))
        }
        cache()
        _ = root.takeDamage(scale: 1)
        v.transform = Transform(scale: 1.2)
        v.alpha = 0.5
        v.frame.origin = Point(60, 60)
        v.shadow = View.Shadow(blur: 4)
        #expect(v.rasterCache?.valid == true, "place, transform, opacity and shadow are drawn outside the picture")
        let d = root.takeDamage(scale: 1)
        #expect(d.contains { $0.contains(Rect(50, 50, 100, 50).insetBy(dx: -15, dy: -15)) }, "the old shadow: \(d)")
        v.backgroundColor = .systemRed
        #expect(v.rasterCache?.valid == false, "new content redraws the picture")
        cache()
        v.frame.size = Size(120, 50)
        #expect(v.rasterCache?.valid == false, "so does a new size")
    }
}
