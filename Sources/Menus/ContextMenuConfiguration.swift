import Graphics
import UI

/// What a context menu shows for one item (as `UIContextMenuConfiguration`): its commands, and
/// optionally a preview other than the item itself.
@MainActor public final class ContextMenuConfiguration {
    /// Makes the commands; it receives the suggested elements (those the system offers for the
    /// item) to include or leave out.
    public typealias ActionProvider = @MainActor ([MenuElement]) -> Menu?
    /// Makes a view to show as the preview instead of the item (a larger picture of a message); its
    /// frame's size is the size it is shown at.
    public typealias PreviewProvider = @MainActor () -> View?

    /// Names the configuration: usage counts are kept under it when the menu has no identifier.
    public let identifier: String?
    public let previewProvider: PreviewProvider?
    public let actionProvider: ActionProvider?
    /// Whether the first element sits nearest the finger (`priority`) or the list keeps its order.
    public var preferredMenuElementOrder: ElementOrder = .automatic

    /// A configuration; the trailing closure is the action provider:
    ///
    /// ```swift
    /// ContextMenuConfiguration(identifier: "message") { suggested in Menu { … } }
    /// ```
    public init(
        identifier: String? = nil, previewProvider: PreviewProvider? = nil, actionProvider: ActionProvider?
    ) {
        self.identifier = identifier
        self.previewProvider = previewProvider
        self.actionProvider = actionProvider
    }
}
