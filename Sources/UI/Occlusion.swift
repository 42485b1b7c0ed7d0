import Graphics

/// Drawing only what can be seen: a view's subviews that paint opaquely (an opaque background
/// without rounded corners, or subviews that do) hide what lies below them, so the views below —
/// and the view's own background — are drawn only in the parts of the clip left uncovered. At 2× a
/// layer of the screen costs about as much as copying it, and a window is several layers deep (the
/// wallpaper, the window's background, a list's background, its rows).
///
/// The rectangles are cut on whole device pixels, so the parts drawn and the parts covered meet
/// without a seam. It applies only when the canvas says where its pixels are (no rotation, no
/// scaling beyond the device scale).
struct OcclusionPlan {
    enum Visibility {
        /// Nothing above covers any of the clip.
        case whole
        /// All of the clip is covered: nothing of it shows.
        case hidden
        /// Only these rectangles (the view's coordinates) of the clip show.
        case parts([Rect])
    }

    /// For each subview, what of it shows under the subviews above it.
    var subviews: [Visibility]
    /// What shows of the view's own shadow, background and drawing under all its subviews.
    var own: Visibility

    /// Most rectangles kept for what shows; beyond that, covers are not counted (all is drawn).
    static let maxParts = 16
    /// How deep to look into a subview for opaque descendants.
    static let depth = 4

    /// The plan for `view` drawn within `clip` (its coordinates), or nil when nothing is covered or
    /// the canvas cannot say where its pixels are.
    @MainActor static func make(for view: View, clip: Rect, canvas: any Canvas) -> OcclusionPlan? {
        guard view.subviews.count > 0, !clip.isEmpty, let origin = canvas.deviceOrigin,
            view.environment.drawsOnlyWhatShows
        else { return nil }
        let scale = canvas.scale
        let appearance = canvas.appearance
        var remaining = [clip]
        var covered = false
        var result = [Visibility](repeating: .whole, count: view.subviews.count)
        for i in view.subviews.indices.reversed() {
            let s = view.subviews[i]
            if remaining.isEmpty {
                result[i] = .hidden
                continue
            }
            if covered { result[i] = .parts(remaining) }
            guard s.transform.isIdentity, !s.isHidden, s.alpha >= 1 else { continue }
            let dx = s.frame.minX - s.bounds.minX
            let dy = s.frame.minY - s.bounds.minY
            for r in s.opaqueRects(appearance, depth: depth) {
                let c = inward(r.offsetBy(dx: dx, dy: dy), origin: origin, scale: scale)
                guard !c.isEmpty, remaining.contains(where: { $0.intersects(c) }) else { continue }
                guard let next = subtract(remaining, c) else { break }
                remaining = next
                covered = true
            }
        }
        guard covered else { return nil }
        let own: Visibility = remaining.isEmpty ? .hidden : .parts(remaining)
        return OcclusionPlan(subviews: result, own: own)
    }

    /// `r` shrunk to the device pixels it covers entirely, in user space.
    static func inward(_ r: Rect, origin: Point, scale: Double) -> Rect {
        let x0 = (r.minX * scale + origin.x).rounded(.up)
        let y0 = (r.minY * scale + origin.y).rounded(.up)
        let x1 = (r.maxX * scale + origin.x).rounded(.down)
        let y1 = (r.maxY * scale + origin.y).rounded(.down)
        guard x1 > x0, y1 > y0 else { return .zero }
        return Rect(
            x: (x0 - origin.x) / scale, y: (y0 - origin.y) / scale, width: (x1 - x0) / scale, height: (y1 - y0) / scale)
    }

    /// `parts` without `cut`, or nil when that would take more than `maxParts` rectangles.
    static func subtract(_ parts: [Rect], _ cut: Rect) -> [Rect]? {
        var out: [Rect] = []
        for a in parts {
            let i = a.intersection(cut)
            if i.isEmpty {
                out.append(a)
                continue
            }
            if i.minY > a.minY { out.append(Rect(x: a.minX, y: a.minY, width: a.width, height: i.minY - a.minY)) }
            if i.maxY < a.maxY { out.append(Rect(x: a.minX, y: i.maxY, width: a.width, height: a.maxY - i.maxY)) }
            if i.minX > a.minX { out.append(Rect(x: a.minX, y: i.minY, width: i.minX - a.minX, height: i.height)) }
            if i.maxX < a.maxX { out.append(Rect(x: i.maxX, y: i.minY, width: a.maxX - i.maxX, height: i.height)) }
        }
        return out.count > maxParts ? nil : out
    }

    /// Rectangles side by side with a common edge made one (a list's rows become one rectangle).
    static func merged(_ rects: [Rect]) -> [Rect] {
        guard rects.count > 1 else { return rects }
        var rs = rects.sorted { ($0.minX, $0.minY) < ($1.minX, $1.minY) }
        var out: [Rect] = []
        out.reserveCapacity(rs.count)
        var cur = rs.removeFirst()
        for r in rs {
            if r.minX == cur.minX && r.width == cur.width && r.minY <= cur.maxY && r.maxY >= cur.maxY {
                cur = Rect(x: cur.minX, y: cur.minY, width: cur.width, height: r.maxY - cur.minY)
            } else if r.minX == cur.minX && r.width == cur.width && r.maxY <= cur.maxY && r.minY >= cur.minY {
                continue
            } else {
                out.append(cur)
                cur = r
            }
        }
        out.append(cur)
        return out
    }
}

extension View {
    /// Rectangles of the view (its coordinates) that it paints opaquely when drawn, with its
    /// subviews: all of it for an opaque background without rounded corners or an opaque cover,
    /// the larger rectangle clear of the corners for an opaque rounded one, else what its subviews
    /// paint so (down to `depth` levels), within its bounds when it clips.
    func opaqueRects(_ appearance: Appearance, depth: Int) -> [Rect] {
        if isHidden || alpha < 1 { return [] }
        if isOpaqueCover { return [bounds] }
        if let bg = backgroundColor, bg.resolved(appearance).alpha >= 1 {
            if cornerRadius == 0 { return [bounds] }
            // Rounded: the larger of the two rectangles clear of the corners' squares (one, so that
            // a screen of rounded cards — App Exposé's snapshots — does not split what shows into
            // more parts than are kept).
            let c = min(
                cornerStyle == .continuous ? cornerRadius * 1.528665 : cornerRadius, bounds.width / 2,
                bounds.height / 2
            ).rounded(.up)
            let wide = bounds.insetBy(dx: 0, dy: c)
            let tall = bounds.insetBy(dx: c, dy: 0)
            let r = wide.width * wide.height >= tall.width * tall.height ? wide : tall
            return r.isEmpty ? [] : [r]
        }
        guard depth > 0, !subviews.isEmpty else { return [] }
        var out: [Rect] = []
        for s in subviews where s.transform.isIdentity {
            let rs = s.opaqueRects(appearance, depth: depth - 1)
            if rs.isEmpty { continue }
            let dx = s.frame.minX - s.bounds.minX
            let dy = s.frame.minY - s.bounds.minY
            for r in rs { out.append(r.offsetBy(dx: dx, dy: dy)) }
        }
        if out.isEmpty { return [] }
        if clipsToBounds {
            // Inside the rounded corners' squares, only the rounded shape shows.
            let c = min(
                cornerStyle == .continuous ? cornerRadius * 1.528665 : cornerRadius, bounds.width / 2,
                bounds.height / 2
            ).rounded(.up)
            let inside =
                c > 0 ? [bounds.insetBy(dx: c, dy: 0), bounds.insetBy(dx: 0, dy: c)] : [bounds]
            out = out.flatMap { r in inside.map { r.intersection($0) } }.filter { !$0.isEmpty }
        }
        out = OcclusionPlan.merged(out)
        if out.count > 32 { out = Array(out.sorted { $0.width * $0.height > $1.width * $1.height }.prefix(32)) }
        return out
    }
}
