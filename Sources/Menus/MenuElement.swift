import Graphics
import UI

/// One element of a menu: a command, a submenu (or an inline group), or content that arrives later.
public enum MenuElement: Sendable, Equatable, CustomStringConvertible {
    case action(Action)
    case menu(Menu)
    case deferred(DeferredMenuElement)

    /// The title a person sees ("" for deferred content).
    public var title: LocalizedString {
        switch self {
        case .action(let a): a.title
        case .menu(let m): m.title
        case .deferred: ""
        }
    }

    /// The identifier, when the element has one.
    public var identifier: String? {
        switch self {
        case .action(let a): a.identifier
        case .menu(let m): m.identifier
        case .deferred(let d): d.identifier
        }
    }

    public static func == (a: MenuElement, b: MenuElement) -> Bool {
        switch (a, b) {
        case (.action(let x), .action(let y)): x == y
        case (.menu(let x), .menu(let y)): x == y
        case (.deferred(let x), .deferred(let y)): x === y
        default: false
        }
    }

    public var description: String {
        switch self {
        case .action(let a): a.description
        case .menu(let m): m.description
        case .deferred(let d): "Deferred(\(d.identifier))"
        }
    }
}
