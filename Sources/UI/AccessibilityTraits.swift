/// What a view is to assistive technologies and to scripts, which find elements by what they say.
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let button = AccessibilityTraits(rawValue: 1 << 0)
    public static let header = AccessibilityTraits(rawValue: 1 << 1)
    public static let selected = AccessibilityTraits(rawValue: 1 << 2)
    public static let notEnabled = AccessibilityTraits(rawValue: 1 << 3)
    public static let staticText = AccessibilityTraits(rawValue: 1 << 4)
    public static let image = AccessibilityTraits(rawValue: 1 << 5)
    public static let destructive = AccessibilityTraits(rawValue: 1 << 6)
    public static let adjustable = AccessibilityTraits(rawValue: 1 << 7)
    public static let menuItem = AccessibilityTraits(rawValue: 1 << 8)
    public static let window = AccessibilityTraits(rawValue: 1 << 9)
    public static let textEntry = AccessibilityTraits(rawValue: 1 << 10)
}
