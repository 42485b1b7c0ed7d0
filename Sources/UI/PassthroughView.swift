import Graphics

/// A container that is not itself a target: touches fall through it to what lies below unless they
/// land on one of its subviews (a layer of the screen, an overlay).
@MainActor open class PassthroughView: View {
    open override func hitTest(_ p: Point) -> View? {
        let hit = super.hitTest(p)
        return hit === self ? nil : hit
    }
}
