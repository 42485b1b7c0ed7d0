import Scenes
import SlateCompositorShim
import UI

// The compositor shim's closed enums (`slate_compositor.h`, `slate_text_input.h`) as Slate's scene
// and text values.

extension Placement {
    /// The placement an app asked for (full screen, which Slate places as it would any window, is
    /// automatic).
    init(_ placement: slate_scene_placement) {
        switch placement {
        case .automatic, .fullScreen: self = .automatic
        case .prominent: self = .prominent
        case .beside: self = .standard
        case .left: self = .left
        case .right: self = .right
        }
    }
}

extension DismissalAnimation {
    init(_ animation: slate_scene_animation) {
        switch animation {
        case .standard: self = .standard
        case .commit: self = .commit
        case .decline: self = .decline
        }
    }
}

extension KeyboardType {
    init(_ keyboard: slate_text_keyboard) {
        switch keyboard {
        case .letters: self = .default
        case .email: self = .emailAddress
        case .url: self = .url
        case .number: self = .numberPad
        case .decimal: self = .decimalPad
        case .phone: self = .phonePad
        case .numbersAndPunctuation: self = .numbersAndPunctuation
        }
    }
}

extension ReturnKeyType {
    init(_ key: slate_text_return_key) {
        switch key {
        case .standard: self = .default
        case .go: self = .go
        case .search: self = .search
        case .send: self = .send
        case .done: self = .done
        case .next: self = .next
        case .join: self = .join
        }
    }
}

extension TextAutocapitalizationType {
    init(_ capitals: slate_text_capitals) {
        switch capitals {
        case .none: self = .none
        case .sentences: self = .sentences
        case .words: self = .words
        case .all: self = .allCharacters
        }
    }
}
