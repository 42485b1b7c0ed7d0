import Scenes
import SlateClientShim
import UI

// Slate's scene values as the client shim's closed enums (`slate_client.h`), whose numbers are the
// scene protocol's.

extension slate_client_placement {
    init(_ placement: Placement) {
        switch placement {
        case .automatic: self = .automatic
        case .standard: self = .beside
        case .prominent: self = .prominent
        case .left: self = .left
        case .right: self = .right
        }
    }
}

extension slate_client_role {
    init(_ role: SceneSession.Role) { self = role == .auxiliary ? .auxiliary : .primary }
}

extension slate_client_animation {
    init(_ animation: DismissalAnimation) {
        switch animation {
        case .standard: self = .standard
        case .commit: self = .commit
        case .decline: self = .decline
        }
    }
}

extension slate_client_keyboard {
    init(_ keyboard: KeyboardType) {
        switch keyboard {
        case .default: self = .standard
        case .emailAddress: self = .email
        case .url: self = .url
        case .numberPad: self = .numberPad
        case .decimalPad: self = .decimalPad
        case .phonePad: self = .phonePad
        case .numbersAndPunctuation: self = .numbersAndPunctuation
        }
    }
}

extension slate_client_return_key {
    init(_ key: ReturnKeyType) {
        switch key {
        case .default: self = .standard
        case .go: self = .go
        case .search: self = .search
        case .send: self = .send
        case .done: self = .done
        case .next: self = .next
        case .join: self = .join
        }
    }
}

extension slate_client_capitals {
    init(_ capitals: TextAutocapitalizationType) {
        switch capitals {
        case .none: self = .none
        case .sentences: self = .sentences
        case .words: self = .words
        case .allCharacters: self = .all
        }
    }
}
