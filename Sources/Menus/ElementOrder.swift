/// How a context menu orders its elements relative to the finger (as `UIContextMenuConfiguration.ElementOrder`).
public enum ElementOrder: Sendable, Hashable {
    /// The system chooses: `priority` for a menu opened by touch, `fixed` for one opened by the pointer
    /// or the keyboard (a pointer menu on iPad keeps its order).
    case automatic
    /// The first element sits nearest the finger: the list is reversed when the menu opens above.
    case priority
    /// Always top to bottom as written.
    case fixed
}
