import Graphics

// Damage: what must be drawn again.
extension View {

    /// Marks the whole view to be drawn again.
    public func setNeedsDisplay() { damageSelf() }

    /// Marks part of the view (own coordinates) to be drawn again.
    public func setNeedsDisplay(_ rect: Rect) { damage(rect) }

    /// Marks where the view shows in its superview damaged — its visual frame and its shadow — leaving
    /// its cached picture valid: for a change of place, transform, opacity, shadow or visibility,
    /// which a rasterized view draws by moving, scaling, fading or leaving out the same picture (as a
    /// `CALayer` does). `force`: damaged even while hidden (the view was just hidden).
    func damagePlacement(force: Bool = false) {
        guard !isHidden || force, let sv = superview else { return }
        let t = transformToSuperview
        sv.damage(t.apply(to: bounds), from: self)
        if let s = shadow { sv.damage(t.apply(to: bounds.insetBy(dx: -Self.pad(s), dy: -Self.pad(s))), from: self) }
    }

    /// How far a shadow reaches beyond the view.
    static func pad(_ s: Shadow) -> Double { s.blur * 1.5 + max(abs(s.offset.x), abs(s.offset.y)) }

    /// A rectangle of the superview grown by the view's shadow.
    func shadowed(_ r: Rect) -> Rect {
        guard let s = shadow else { return r }
        return r.insetBy(dx: -Self.pad(s), dy: -Self.pad(s))
    }

    func damageSelf(force: Bool = false) {
        if isHidden && !force {
            // Nothing shows, but its picture is stale: showing the view again keeps its picture.
            if rasterizes, rasterCache != nil {
                rasterCache?.invalidate()
                contentVersion &+= 1
            }
            return
        }
        damage(bounds)
        if let s = shadow {
            damage(bounds.insetBy(dx: -s.blur * 1.5 - abs(s.offset.x), dy: -s.blur * 1.5 - abs(s.offset.y)))
        }
    }

    /// Marks a rectangle in this view's coordinates damaged, up to the root; `child` is the subview
    /// whose place it is (a subview moved, faded or gone), nil for the view's own drawing — so that the
    /// root can tell which of its subviews a damage comes through.
    func damage(_ rect: Rect, from child: View? = nil) {
        var r = rect
        var v: View? = self
        var through = child
        while let cur = v {
            if cur.rasterizes {
                cur.rasterCache?.invalidate(r.offsetBy(dx: -cur.bounds.minX, dy: -cur.bounds.minY))
                cur.contentVersion &+= 1
            }
            guard let sv = cur.superview else {
                (cur as? RootView)?.addDamage(r, through: through)
                return
            }
            r = cur.transformToSuperview.apply(to: r)
            through = cur
            v = sv
        }
    }
}
