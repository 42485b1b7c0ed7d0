import Graphics
import UI

/// The keyboard on the glass: its state (layout, page, Shift), the field it types into, and what
/// each key does there. Its view (`KeyboardView`) draws it and takes the touches; the shell shows
/// it, hides it and gives it its field (`KeyboardPresenter` in Shell).
@MainActor public final class KeyboardController {
    /// The layouts the globe key goes through, the screen language's first.
    public let layouts: [KeyboardLayout]
    /// Layout, page and Shift.
    public private(set) var state = KeyboardState()
    /// The field typed into now.
    public private(set) weak var target: (any TextInputClient)?
    /// What the field asked for when it was given (its keyboard, return key, capitals).
    public private(set) var traits = TextInputTraits()
    /// The view that draws the keyboard and takes its touches.
    public private(set) var view: KeyboardView!
    /// Where suggestions come from (nil: the bar shows only its shortcuts).
    public var suggester: (any TextSuggesting)?
    /// The keyboard asks to be hidden: its hide key, or a swipe down on it.
    public var onHide: (() -> Void)?
    /// The keyboard asks to float (pinched in) or dock again (spread).
    public var onFloatingChange: ((Bool) -> Void)?
    /// The words the suggestion cells hold now (the typed word first), and the word they are for.
    public private(set) var suggestionWords: [String] = []
    private var suggestedFor = ""
    private var suggestionTicket: BackgroundWork.Ticket?
    /// The character shown at the caret while its key is held (a program's preedit).
    private var marked: String?
    /// The text before the caret as the field last said it, and what the keyboard believes it is
    /// since it typed there (nil: what the field said). A program need not say its text again after
    /// each change (Firefox says it when its field takes the keys, and not as it is typed into): the
    /// keyboard's capitals, full stops and suggestions follow its own typing until the field speaks.
    private var saidBefore: String?
    private var believedBefore: String?

    /// A keyboard whose layouts start with `language`'s; with `enabled` (languages' codes, as
    /// Settings › Keyboard keeps them), only those layouts (all when none of them is known).
    public init(language: Language, enabled: [String]? = nil) {
        let ordered = KeyboardLayout.ordered(for: language)
        let kept = ordered.filter { enabled?.contains($0.language.rawValue) ?? true }
        layouts = kept.isEmpty ? ordered : kept
        view = KeyboardView(keyboard: self)
    }

    /// The layout shown.
    public var layout: KeyboardLayout { layouts[min(state.layoutIndex, layouts.count - 1)] }

    /// The keys shown: the field's pad of digits, or the layout's page.
    public var page: KeyboardPage {
        KeyboardPad.page(for: traits.keyboardType, language: layout.language) ?? layout.page(state.page)
    }

    /// Whether the field is a password: no popups, no suggestions, nothing shown before it is typed.
    var isSecure: Bool { traits.isSecureTextEntry }

    // MARK: The field

    /// Types into `target` from now on; a new field starts on the letters (or on the 123 page when it
    /// asks for numbers and punctuation) with Shift as its text wants.
    public func attach(_ target: (any TextInputClient)?) {
        let isNew = target !== self.target
        self.target = target
        if isNew {
            saidBefore = nil
            believedBefore = nil
        }
        let newTraits = target?.textInputTraits ?? TextInputTraits()
        if isNew || newTraits != traits {
            traits = newTraits
            marked = nil
            state.page = traits.keyboardType == .numbersAndPunctuation ? .numbers : .letters
            if state.shift == .locked { state.shift = .off }
            suggestedFor = "\u{0}"
            view.rebuild()
        }
        refresh()
    }

    /// The text before the caret: what the field says, or, if it has said nothing new since the
    /// keyboard typed there, what the keyboard typed after it.
    public var textBeforeCaret: String {
        let said = target?.textBeforeCaret ?? ""
        if said != saidBefore {
            saidBefore = said
            believedBefore = nil
        }
        return believedBefore ?? said
    }

    /// Sends an edit to the field (`send`) and notes what it made of the text before the caret
    /// (`edit`), unless the field said its new text at once.
    private func edit(_ change: (inout String) -> Void, send: () -> Void) {
        var text = textBeforeCaret
        send()
        guard (target?.textBeforeCaret ?? "") == saidBefore else { return }
        change(&text)
        // As much as a field says of itself (a paragraph): what capitals and words need.
        believedBefore = String(text.suffix(Self.believedLength))
    }

    /// How much of its own typing the keyboard keeps in mind, in characters.
    static let believedLength = 200

    /// Replaces the last `count` characters before the caret with `text`.
    private func replaceBefore(count: Int, with text: String) {
        guard let target else { return }
        let replaced = String(textBeforeCaret.suffix(count))
        edit({ $0 = String($0.dropLast(replaced.count)) + text }) {
            target.replaceBeforeCaret(replaced, with: text)
        }
    }

    /// The field's text or caret changed: Shift follows, the suggestions too.
    public func refresh() {
        guard let target else { return }
        let before = textBeforeCaret
        let old = state
        state.capitalize(before: before, traits.autocapitalization)
        if state != old { view.refreshKeys() }
        updateSuggestions(before: before)
        view.bar.setCommands(
            [
                .undo: target.canPerform(.undo), .redo: target.canPerform(.redo), .paste: target.canPerform(.paste),
            ], shown: !isSecure)
    }

    // MARK: Keys

    /// A key went down: Shift and Delete act now; a character shows at the caret until it is let go.
    func keyDown(_ key: KeyboardKey, at time: Double) {
        switch key.kind {
        case .shift:
            state.tapShift(at: time)
            view.refreshKeys()
        case .delete:
            deleteBackward()
        case .character:
            guard !isSecure, let text = key.text(shifted: state.isShifted) else { return }
            marked = text
            target?.setMarkedText(text)
        default:
            break
        }
    }

    /// A key was let go over itself: it types (`text` overrides a character key's own: an alternate,
    /// or its flicked secondary), or does what it does.
    func keyUp(_ key: KeyboardKey, text override: String? = nil) {
        switch key.kind {
        case .character:
            guard let text = override ?? key.text(shifted: state.isShifted) else { return }
            type(text)
        case .space:
            clearMarked()
            if target != nil, KeyboardText.doubleSpaceMakesFullStop(before: textBeforeCaret) {
                replaceBefore(count: 1, with: ". ")
                state.typed(" ")
                view.refreshKeys()
            } else {
                type(" ")
            }
        case .returnKey:
            clearMarked()
            target?.insertReturn()
        case .globe:
            nextLayout()
        case .page(let kind):
            state.show(kind)
            view.rebuild()
            refresh()
        case .hide:
            clearMarked()
            onHide?()
        case .shift, .delete, .gap:
            break
        }
    }

    /// A key went down and was taken back (a second finger made the keys a trackpad).
    func keyCancelled() { clearMarked() }

    /// Types `text` at the caret.
    func type(_ text: String) {
        clearMarked()
        edit({ $0 += text }) { target?.insertText(text) }
        state.typed(text)
        view.refreshKeys()
        refresh()
    }

    private func clearMarked() {
        guard marked != nil else { return }
        marked = nil
        target?.setMarkedText(nil)
    }

    /// Delete: the selection or the character before the caret.
    func deleteBackward() {
        clearMarked()
        let selected = target?.hasSelectedText ?? false
        edit({ if !selected, !$0.isEmpty { $0.removeLast() } }) { target?.deleteBackward() }
        refresh()
    }

    /// Delete held long: the word before the caret (with the spaces after it).
    func deleteWordBackward() {
        guard let target else { return }
        let before = textBeforeCaret
        if target.hasSelectedText || before.isEmpty {
            deleteBackward()
            return
        }
        var n = 0
        var chars = Array(before)
        while let c = chars.last, c.isWhitespace {
            chars.removeLast()
            n += 1
        }
        while let c = chars.last, !c.isWhitespace {
            chars.removeLast()
            n += 1
        }
        replaceBefore(count: max(1, n), with: "")
        refresh()
    }

    /// The globe key: the next layout.
    public func nextLayout() {
        choose(layout: (state.layoutIndex + 1) % max(1, layouts.count))
    }

    /// A layout from the globe key's list.
    public func choose(layout index: Int) {
        guard layouts.indices.contains(index) else { return }
        clearMarked()
        state.layoutIndex = index
        state.page = .letters
        suggestedFor = "\u{0}"
        view.rebuild()
        refresh()
    }

    /// The trackpad: the caret a step in `direction`.
    func moveCaret(_ direction: Key) {
        target?.moveCaret(direction)
    }

    /// A shortcut of the bar.
    func perform(_ command: StandardEditCommand) {
        guard let target, target.canPerform(command) else { return }
        target.perform(command)
        refresh()
    }

    // MARK: Suggestions

    private func updateSuggestions(before: String) {
        let word =
            traits.showsSuggestions && !isSecure && suggester != nil ? KeyboardText.currentWord(before: before) : ""
        guard word != suggestedFor else { return }
        suggestedFor = word
        suggestionTicket?.cancel()
        suggestionTicket = nil
        guard !word.isEmpty, let suggester else {
            show(TextSuggestions.none, for: "")
            return
        }
        let dictionary = layout.dictionary
        suggestionTicket = view.environment.backgroundWork.run(for: view) {
            suggester.suggestions(for: word, dictionary: dictionary, limit: 3)
        } deliver: { [weak self] result in
            guard let self, self.suggestedFor == word else { return }
            self.show(result, for: word)
        }
    }

    /// Fills the cells: the word as typed in quotes, then two corrections or completions (the first
    /// in bold when the word is misspelled: the one a person most likely meant).
    private func show(_ result: TextSuggestions, for word: String) {
        var seen: Set<String> = [word]
        var words = result.words.map { Self.matchingCase($0, of: word) }.filter { seen.insert($0).inserted }
        words = Array(words.prefix(2))
        guard !word.isEmpty, !words.isEmpty else {
            suggestionWords = []
            view.bar.show([], bold: nil)
            return
        }
        words.insert(word, at: 0)
        suggestionWords = words
        var shown = words
        shown[0] = KeyboardStrings.quoted.formatted(word).resolved(view.language)
        view.bar.show(shown, bold: result.isCorrect ? nil : 1)
    }

    /// A suggestion cell was tapped: its word replaces the one being typed, and a space follows.
    func takeSuggestion(_ index: Int) {
        guard target != nil, suggestionWords.indices.contains(index) else { return }
        clearMarked()
        let word = KeyboardText.currentWord(before: textBeforeCaret)
        replaceBefore(count: word.count, with: suggestionWords[index] + " ")
        state.typed(" ")
        view.refreshKeys()
        refresh()
    }

    /// A suggestion in the case the person typed: a capital first letter stays a capital.
    static func matchingCase(_ s: String, of typed: String) -> String {
        guard let f = typed.first, f.isUppercase, let g = s.first, !g.isUppercase else { return s }
        return g.uppercased() + s.dropFirst()
    }
}
