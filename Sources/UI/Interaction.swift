/// Something that adds behaviour to a view it is attached to (as `UIInteraction`): a context menu,
/// a drag source, a drop target, an edit menu.
@MainActor public protocol Interaction: AnyObject {
    /// The view it is attached to, or nil.
    var view: View? { get }
    func willMove(to view: View?)
    func didMove(to view: View?)
    /// The view joined a screen or left it (`root` nil): a context menu closes when its item goes.
    /// Default: nothing.
    func viewDidMoveToRoot(_ root: RootView?)
}

extension Interaction {
    public func viewDidMoveToRoot(_ root: RootView?) {}
}
