import UI

/// The button that closes an auxiliary window (W6): Done or Close, never Back.
public enum ClosingButtonStyle: String, Sendable, Hashable, CaseIterable {
    /// "Done": the task is over; the window leaves with the `.commit` animation.
    case done
    /// "Close": the window leaves with the `.standard` animation.
    case close

    /// What the button says.
    public var title: LocalizedString {
        switch self {
        case .done: UIStrings.done
        case .close: UIStrings.close
        }
    }

    /// How the window goes away when the button is tapped.
    public var animation: DismissalAnimation {
        switch self {
        case .done: .commit
        case .close: .standard
        }
    }
}
