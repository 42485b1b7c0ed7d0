import Graphics

/// What an element is to a screen reader, where its traits do not say it: a window's frame, a list and
/// its items, a menu, a separator between a menu's groups. Assistive-technology bridges (AT-SPI) read
/// it; views answer through `AccessibilityDescribing`.
public enum AccessibilityRole: String, Sendable, Hashable {
    case frame, panel, list, listItem, menu, menuBar, menuItem, checkMenuItem, separator, button, label, heading, text,
        image
    /// An on-screen keyboard: its keys are buttons inside it (AT-SPI's input method window).
    case keyboard
}

/// A command a screen reader offers on an element besides its default action (as
/// `UIAccessibilityCustomAction`): "close" on a window.
public struct AccessibilityCustomAction: Sendable {
    /// The name tools match, in English ("close").
    public var name: String
    /// The name a person hears, in the screen's language.
    public var localizedName: String
    /// What it does; returns whether it could be done.
    public var perform: @MainActor @Sendable () -> Bool

    /// A command named `name` for tools and `localizedName` for people, doing `perform`.
    public init(name: String, localizedName: String, perform: @escaping @MainActor @Sendable () -> Bool) {
        self.name = name
        self.localizedName = localizedName
        self.perform = perform
    }
}

/// What a view tells assistive technologies beyond its label, value and traits. Every member has a
/// default, so a view implements only what it has.
@MainActor public protocol AccessibilityDescribing: AnyObject {
    /// Its role; nil: from its traits.
    var accessibilityRole: AccessibilityRole? { get }
    /// What a screen reader says for it when that is more than its label: a message row says sender,
    /// subject, whether it is unread and its date. Nil: the label.
    var accessibilitySpokenLabel: String? { get }
    /// A longer description ("primary window").
    var accessibilityElementDescription: String? { get }
    /// Commands besides the default action.
    var accessibilityCustomActions: [AccessibilityCustomAction] { get }
    /// Whether, while it is shown, the elements behind it (its earlier siblings) leave the tree: an
    /// open context menu (as `accessibilityViewIsModal`).
    var accessibilityIsModal: Bool { get }
    /// Performs the default action the way its own control would (a menu row chooses itself as
    /// Return does), and says whether it did; false: the action is a tap where it shows
    /// (`accessibilityActivate` in UIKit).
    func accessibilityActivate() -> Bool
}

extension AccessibilityDescribing {
    public var accessibilityRole: AccessibilityRole? { nil }
    public var accessibilitySpokenLabel: String? { nil }
    public var accessibilityElementDescription: String? { nil }
    public var accessibilityCustomActions: [AccessibilityCustomAction] { [] }
    public var accessibilityIsModal: Bool { false }
    public func accessibilityActivate() -> Bool { false }
}

extension View {
    /// The subviews in the accessibility tree, back to front: all of them, or, when one of them is
    /// modal (an open menu), that one and those above it.
    public var accessibilitySubviews: ArraySlice<View> {
        let modal = subviews.lastIndex { s in
            !s.isHidden && ((s as? any AccessibilityDescribing)?.accessibilityIsModal ?? false)
        }
        return subviews[(modal ?? 0)...]
    }
}
