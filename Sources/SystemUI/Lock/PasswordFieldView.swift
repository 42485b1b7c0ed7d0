import Graphics
import ShellPorts
import UI

/// The lock screen's password field: a glass capsule with a dot for each character typed. What is
/// typed — on the keyboard on the glass or a hardware one — goes straight into a `PasswordBytes`,
/// never a `String`, and is wiped as soon as the checker has it. It takes every key while it has the
/// focus, so that nothing typed on the lock screen goes anywhere else.
@MainActor public final class PasswordFieldView: View, TextInputClient {
    /// What is typed so far. Replaced by a fresh one after each check (the checker wipes the old).
    public private(set) var password = PasswordBytes()
    /// Told when the person submits the password (return, or the keyboard's Go).
    public var onSubmit: ((PasswordBytes) -> Void)?
    /// Told of every change of the dots (the page hides its message line once typing starts again).
    var onEdit: (() -> Void)?
    /// While a check runs, typing is ignored.
    public var isChecking = false {
        didSet { setNeedsDisplay() }
    }
    /// How many dots show (the characters typed).
    public var dotCount: Int { password.count }

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        accessibilityTraits = .textEntry
        identifier = "lock-password"
        updateLabel()
    }

    public override var canBecomeFocused: Bool { true }

    private func updateLabel() {
        localizedAccessibilityLabel = LockScreenStrings.passwordField
        localizedAccessibilityValue =
            password.count == 0 ? nil : LockScreenStrings.charactersTyped.formatted("\(password.count)")
    }

    private func changed() {
        updateLabel()
        setNeedsDisplay()
        onEdit?()
    }

    /// Empties the field, overwriting what was typed.
    public func clear() {
        password.wipe()
        changed()
    }

    /// Hands the password to `onSubmit` and starts a fresh one (the old is wiped by the checker, and
    /// again by its own `deinit`).
    func submit() {
        guard !isChecking, password.count > 0 else { return }
        let typed = password
        password = PasswordBytes()
        changed()
        onSubmit?(typed)
    }

    // MARK: Hardware keys

    public override func handleText(_ text: String) -> Bool {
        if !isChecking, !text.contains(where: \.isNewline) {
            password.append(text)
            changed()
        }
        return true
    }

    public override func handleKey(_ press: KeyPress) -> Bool {
        guard !isChecking else { return true }
        switch press.key {
        case .backspace where press.modifiers.isEmpty: deleteBackward()
        case .backspace: clear()
        case .return: submit()
        case .space where press.modifiers.isEmpty: _ = handleText(" ")
        case .character(let c) where press.modifiers.subtracting(.shift).isEmpty: _ = handleText(String(c))
        default: break
        }
        // Every key is the field's: no shortcut of an app or the system's (but the power key, taken
        // before it) goes past the lock screen.
        return true
    }

    // MARK: The keyboard on the glass

    public var textInputTraits: TextInputTraits {
        var traits = TextInputTraits.password
        traits.returnKeyType = .go
        return traits
    }
    public var textBeforeCaret: String { "" }
    public var hasSelectedText: Bool { false }
    public func insertText(_ text: String) { _ = handleText(text) }
    public func deleteBackward() {
        guard !isChecking else { return }
        password.deleteLast()
        changed()
    }
    public func replaceBeforeCaret(count: Int, with text: String) {}
    public func insertReturn() { submit() }
    public func moveCaret(_ key: Key) {}
    public override func canPerform(_ command: StandardEditCommand) -> Bool { false }
    public override func perform(_ command: StandardEditCommand) {}
    public func resignTextInput() {}

    // MARK: Drawing

    public override func draw(in canvas: any Canvas) {
        let m = LockScreenMetrics.self
        canvas.fillRoundedRect(bounds, radius: bounds.height / 2, with: m.fieldFill)
        let count = min(password.count, Int((bounds.width - 2 * m.dotSpacing) / (m.dotDiameter + m.dotSpacing)))
        guard count > 0 else { return }
        let width = Double(count) * m.dotDiameter + Double(count - 1) * m.dotSpacing
        var x = (bounds.width - width) / 2
        let y = (bounds.height - m.dotDiameter) / 2
        for _ in 0..<count {
            canvas.fill(Path.ellipse(in: Rect(x, y, m.dotDiameter, m.dotDiameter)), with: m.ink)
            x += m.dotDiameter + m.dotSpacing
        }
    }
}
