/// Where an app would like a new window to appear (as `UIWindowScene.ActivationRequestOptions`'s
/// placements). The system decides; the app states a preference.
public enum Placement: String, Sendable, Hashable, Codable, CaseIterable {
    /// The system chooses.
    case automatic
    /// Beside the requesting window (Split View on iPad).
    case standard
    /// Centred on top of the requesting window, drawing attention (a message opened from a list).
    case prominent
    /// In Split View on the screen's left side: an object or an app dropped on that side (W2a, W2b).
    case left
    /// In Split View on the screen's right side.
    case right
}
