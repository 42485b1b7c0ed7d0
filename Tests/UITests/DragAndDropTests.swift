import Graphics
import Testing

@testable import UI

@MainActor final class Source: DragInteractionDelegate {
    var loads = 0
    var endedWith: DropOperation?
    func itemsForBeginning(_ interaction: DragInteraction, at point: Point) -> [DragItem] {
        let p = ItemProvider()
        p.register(type: ItemType.plainText) { [unowned self] in
            loads += 1
            return Array("Встреча завтра".utf8)
        }
        return [DragItem(provider: p)]
    }
    func dragInteraction(_ interaction: DragInteraction, sessionDidEnd session: DragSession, operation: DropOperation) {
        endedWith = operation
    }
}

@MainActor final class Target: DropInteractionDelegate {
    var events: [String] = []
    var readWhileHovering: DragError?
    var dropped: String?
    func dropInteraction(_ interaction: DropInteraction, canHandle session: DragSession) -> Bool {
        session.hasItems(conformingTo: ItemType.plainText)
    }
    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DragSession) -> DropOperation {
        do { _ = try session.items[0].provider.loadText() } catch { readWhileHovering = error }
        return .copy
    }
    func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DragSession) {
        events.append("enter")
    }
    func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DragSession) { events.append("exit") }
    func dropInteraction(_ interaction: DropInteraction, performDrop session: DragSession) {
        events.append("drop")
        dropped = try? session.items[0].provider.loadText()
    }
}

@MainActor @Suite struct DragAndDropTests {
    func setUp() -> (Harness, Source, Target, View) {
        let h = Harness()  // target view at (100,100,100,50)
        let src = Source()
        let drag = DragInteraction(delegate: src)
        h.target.addInteraction(drag)
        let well = View(frame: Rect(250, 200, 100, 80))
        h.root.addSubview(well)
        let tgt = Target()
        well.addInteraction(DropInteraction(delegate: tgt))
        return (h, src, tgt, well)
    }

    func move(_ h: Harness, from a: Point, to b: Point, steps: Int = 10) {
        for i in 1...steps {
            h.wait(0.02)
            h.touch(.moved, lerp(a, b, Double(i) / Double(steps)))
        }
    }

    @Test func dataIsGivenOnlyOnDrop() throws {
        let (h, src, tgt, _) = setUp()
        h.touch(.began, Point(150, 125))
        h.wait(0.55)
        move(h, from: Point(150, 125), to: Point(300, 240))
        #expect(h.root.dragCoordinator.session != nil)
        #expect(tgt.events == ["enter"])
        #expect(tgt.readWhileHovering == .notDropped)
        #expect(src.loads == 0)
        h.touch(.ended, Point(300, 240))
        #expect(tgt.events == ["enter", "drop"])
        #expect(tgt.dropped == "Встреча завтра")
        #expect(src.loads == 1)
        #expect(src.endedWith == .copy)
        #expect(h.root.dragCoordinator.session == nil)
    }

    @Test func droppingOnNothingCancels() throws {
        let (h, src, tgt, _) = setUp()
        h.touch(.began, Point(150, 125))
        h.wait(0.55)
        move(h, from: Point(150, 125), to: Point(300, 240))
        move(h, from: Point(300, 240), to: Point(20, 20))
        h.touch(.ended, Point(20, 20))
        #expect(tgt.events == ["enter", "exit"])
        #expect(src.endedWith == .cancel)
        #expect(src.loads == 0)
    }

    @Test func aQuickMoveIsNotADrag() throws {
        let (h, _, _, _) = setUp()
        h.touch(.began, Point(150, 125))
        h.wait(0.2)
        move(h, from: Point(150, 125), to: Point(300, 240))
        #expect(h.root.dragCoordinator.session == nil)
        h.touch(.ended, Point(300, 240))
    }

    @Test func systemTargetsComeFirst() throws {
        @MainActor final class Edge: SystemDropTarget {
            var dropped = false
            func update(_ session: DragSession, at p: Point) -> DropOperation { p.x > 350 ? .move : .cancel }
            func exit(_ session: DragSession) {}
            func performDrop(_ session: DragSession) { dropped = true }
        }
        let (h, src, tgt, _) = setUp()
        let edge = Edge()
        h.root.dragCoordinator.systemTargets = [edge]
        h.touch(.began, Point(150, 125))
        h.wait(0.55)
        move(h, from: Point(150, 125), to: Point(390, 240))
        h.touch(.ended, Point(390, 240))
        #expect(edge.dropped)
        #expect(tgt.events == ["enter", "exit"], "passed over on the way, never dropped on")
        #expect(src.endedWith == .move)
    }
}
