import Scenes

/// Whether the keyboard on the glass shows when a field takes text.
public enum KeyboardPolicy: String, Sendable, CaseIterable {
    /// A hardware keyboard is there: the keyboard on the glass never shows by itself (tests and
    /// pictures start so: nothing moves that they did not ask for).
    case hardware
    /// No hardware keyboard: it shows whenever a field takes text.
    case onScreen = "on-screen"
    /// As iPadOS: it shows until a hardware key is pressed; then a button in the corner brings it back.
    case automatic
    /// Another program is the keyboard (squeekboard, wvkbd, over input-method-v2 and
    /// virtual-keyboard-v1): Slate's never shows. (Under any policy, while an outside keyboard the
    /// person allowed is bound, programs' text goes to it and Slate's yields for their fields.)
    case external

    /// The policy Settings' (or `SLATE_KEYBOARD`'s) `setting` chooses.
    public init(_ setting: KeyboardSetting) {
        switch setting {
        case .automatic: self = .automatic
        case .onScreen: self = .onScreen
        case .hardware: self = .hardware
        case .external: self = .external
        }
    }
}
