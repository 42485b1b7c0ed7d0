import Graphics
import UI

/// Builds a menu's children from a block that reads like the menu: actions, submenus and deferred
/// content one per line, with `if`/`else`, `for … in` and optionals.
///
/// ```swift
/// Menu {
///     Action("Reply", image: "arrowshape.turn.up.left") { _ in reply() }
///     if canMove { Menu("Move", image: "folder") { for box in boxes { Action(box) { _ in move(box) } } } }
///     Menu(options: .displayInline) {
///         Action("Delete", image: "trash", attributes: .destructive) { _ in delete() }
///     }
/// }
/// ```
@resultBuilder public enum MenuBuilder {
    public static func buildExpression(_ action: Action) -> [MenuElement] { [.action(action)] }
    public static func buildExpression(_ menu: Menu) -> [MenuElement] { [.menu(menu)] }
    public static func buildExpression(_ deferred: DeferredMenuElement) -> [MenuElement] { [.deferred(deferred)] }
    public static func buildExpression(_ element: MenuElement) -> [MenuElement] { [element] }
    public static func buildExpression(_ elements: [MenuElement]) -> [MenuElement] { elements }
    public static func buildExpression(_ action: Action?) -> [MenuElement] { action.map { [.action($0)] } ?? [] }
    public static func buildExpression(_ menu: Menu?) -> [MenuElement] { menu.map { [.menu($0)] } ?? [] }

    public static func buildBlock(_ parts: [MenuElement]...) -> [MenuElement] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [MenuElement]?) -> [MenuElement] { part ?? [] }
    public static func buildEither(first: [MenuElement]) -> [MenuElement] { first }
    public static func buildEither(second: [MenuElement]) -> [MenuElement] { second }
    public static func buildArray(_ parts: [[MenuElement]]) -> [MenuElement] { parts.flatMap { $0 } }
    public static func buildLimitedAvailability(_ part: [MenuElement]) -> [MenuElement] { part }
}
