import Graphics
import UI

/// A command in a menu (as `UIAction`): a title, an optional subtitle and symbol, attributes, a state
/// and the handler that runs when a person chooses it.
///
/// Two actions are equal when everything but their handlers is equal: a menu built twice from the
/// same description compares equal.
public struct Action: Sendable, Equatable, CustomStringConvertible {
    /// How an action is shown and behaves.
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Drawn in red: the action destroys data (Delete).
        public static let destructive = Attributes(rawValue: 1 << 0)
        /// Drawn in grey and cannot be chosen.
        public static let disabled = Attributes(rawValue: 1 << 1)
        /// Not shown at all.
        public static let hidden = Attributes(rawValue: 1 << 2)
        /// Choosing it leaves the menu open (a stepper, a toggle among several).
        public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
    }

    /// Whether an action is checked.
    public enum State: Sendable, Hashable {
        case off, on, mixed
    }

    /// The runs when the action is chosen; it receives the action as chosen (with its new state in a
    /// single-selection menu).
    public typealias Handler = @MainActor (Action) -> Void

    public var title: LocalizedString
    public var subtitle: LocalizedString?
    /// An SF-Symbol-style name, drawn at the trailing side of the row.
    public var image: String?
    /// Names the action for usage counts and tests; by default its English title.
    public var identifier: String
    /// The title shown in a list of keyboard shortcuts, when it differs from `title`.
    public var discoverabilityTitle: LocalizedString?
    /// The key of the action's keyboard shortcut (as `UIKeyCommand.input`): pressed with `modifiers`
    /// on a hardware keyboard it performs the action from the menu bar, without opening it. Nil: none.
    public var key: Key?
    /// The modifier keys held with `key` (Ctrl, which plays the part of ⌘ on Linux, by default).
    public var modifiers: KeyModifiers
    public var attributes: Attributes
    public var state: State
    public var handler: Handler

    /// An action. `identifier` defaults to the English title. With `key`, it has a keyboard shortcut
    /// (`key: "n"` is Ctrl+N; `modifiers: [.control, .shift]` for Ctrl+Shift+N), shown in the menu bar
    /// and performed from a hardware keyboard, as UIKit's `UIKeyCommand`.
    public init(
        _ title: LocalizedString, subtitle: LocalizedString? = nil, image: String? = nil, identifier: String? = nil,
        discoverabilityTitle: LocalizedString? = nil, key: Key? = nil, modifiers: KeyModifiers = .control,
        attributes: Attributes = [], state: State = .off, handler: @escaping Handler = { _ in }
    ) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
        self.identifier = identifier ?? title.en
        self.discoverabilityTitle = discoverabilityTitle
        self.key = key
        self.modifiers = key == nil ? [] : modifiers
        self.attributes = attributes
        self.state = state
        self.handler = handler
    }

    /// The keyboard shortcut, as key equivalents compare presses (`KeyPress.asShortcut`); nil for none.
    public var shortcut: KeyPress? { key.map { KeyPress($0, modifiers: modifiers).asShortcut } }

    public var isDestructive: Bool { attributes.contains(.destructive) }
    public var isDisabled: Bool { attributes.contains(.disabled) }
    public var isHidden: Bool { attributes.contains(.hidden) }
    public var keepsMenuPresented: Bool { attributes.contains(.keepsMenuPresented) }

    public static func == (a: Action, b: Action) -> Bool {
        a.title == b.title && a.subtitle == b.subtitle && a.image == b.image && a.identifier == b.identifier
            && a.discoverabilityTitle == b.discoverabilityTitle && a.key == b.key && a.modifiers == b.modifiers
            && a.attributes == b.attributes && a.state == b.state
    }

    public var description: String { "Action(\(title.en))" }
}
