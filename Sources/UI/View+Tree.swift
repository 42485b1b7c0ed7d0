// Questions about the tree a view is in: its root, whether it is inside another, its subtree.
extension View {
    /// Whether `self` is `view` or inside it.
    public func isDescendant(of view: View) -> Bool {
        var v: View? = self
        while let cur = v {
            if cur === view { return true }
            v = cur.superview
        }
        return false
    }

    /// The root of the tree, if the tree has one.
    public var root: RootView? {
        var v: View = self
        while let s = v.superview { v = s }
        return v as? RootView
    }

    /// All views of the subtree, depth first, the view itself first.
    public func allViews() -> [View] {
        var out: [View] = [self]
        for s in subviews { out += s.allViews() }
        return out
    }

    /// The first view in the subtree (self included) that satisfies `test`.
    public func firstView(where test: (View) -> Bool) -> View? {
        if test(self) { return self }
        for s in subviews { if let v = s.firstView(where: test) { return v } }
        return nil
    }
}
