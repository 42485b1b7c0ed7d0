import Testing

@testable import Graphics

@Suite struct GeometryTests {
    @Test func intersectionAndUnion() throws {
        let a = Rect(0, 0, 100, 50)
        let b = Rect(50, 25, 100, 50)
        #expect(a.intersection(b) == Rect(50, 25, 50, 25))
        #expect(a.union(b) == Rect(0, 0, 150, 75))
        #expect(a.intersection(Rect(200, 200, 10, 10)).isEmpty)
        #expect(Rect.zero.union(b) == b)
    }

    @Test func containsIsHalfOpen() throws {
        let r = Rect(10, 10, 10, 10)
        #expect(r.contains(Point(10, 10)))
        #expect(!r.contains(Point(20, 15)))
        #expect(r.contains(Point(19.9, 19.9)))
    }

    @Test func transformInverse() throws {
        let t = Transform(scale: 2).translatedBy(x: 5, y: -3)
        let p = Point(7, 11)
        let q = t.apply(to: p)
        #expect(q == Point(24, 16))
        let back = try #require(t.inverted()).apply(to: q)
        #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9)
        #expect(Transform(scale: 0).inverted() == nil)
    }

    @Test func integralCoversTouchedPixels() throws {
        #expect(Rect(0.25, 0.75, 1, 1).integral(scale: 1) == Rect(0, 0, 2, 2))
        #expect(Rect(0.25, 0.75, 1, 1).integral(scale: 2) == Rect(0, 0.5, 1.5, 1.5))
    }
}
