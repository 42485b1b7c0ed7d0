import Foundation
import Graphics
import OnScreenKeyboard
import Scenes
import ShellPorts
import SystemUI
import UI

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

/// What the shell keeps of the keyboard on the glass.
@MainActor final class ShellKeyboardState {
    var policy = KeyboardPolicy.hardware
    /// A hardware key was pressed since the keyboard was last asked for (the automatic policy).
    var hardwareSeen = false
    var keyboard: KeyboardController?
    var suggester: (any TextSuggesting)?
    /// The field the keyboard was put away for (its hide key, a swipe down): it stays away for that
    /// field until a person touches it again.
    var dismissedFor: ObjectIdentifier?
    /// The field it types into now.
    var targetID: ObjectIdentifier?
    var isShown = false
    var isFloating = false
    /// A program's window with no text input whose person asked for the keyboard (the corner
    /// button): its keys go to the program as key presses.
    var keysAskedFor: ObjectIdentifier?
    var keyPresses: KeyPressTextInput?
    var slide: Animation?
    /// Brings the keyboard back while a hardware keyboard is in use.
    let showButton = KeyboardShowButton()
}

extension Shell {
    /// Whether the keyboard on the glass shows when a field takes text (see `KeyboardPolicy`).
    public var keyboardPolicy: KeyboardPolicy {
        get { keyboardState.policy }
        set {
            keyboardState.policy = newValue
            keyboardState.hardwareSeen = false
            updateOnScreenKeyboard()
        }
    }

    /// Where the keyboard's suggestions come from (the host puts hunspell here).
    public var textSuggester: (any TextSuggesting)? {
        get { keyboardState.suggester }
        set {
            keyboardState.suggester = newValue
            keyboardState.keyboard?.suggester = settings[.keyboardSuggestions] ? newValue : nil
        }
    }

    /// The keyboard on the glass, once it has been shown.
    public var onScreenKeyboard: KeyboardController? { keyboardState.keyboard }

    /// Whether the keyboard on the glass is shown (sliding in counts).
    public var isKeyboardShown: Bool { keyboardState.isShown }

    /// Whether the keyboard floats (pinched in): it leaves the windows as they are.
    public var isKeyboardFloating: Bool { keyboardState.isFloating }

    /// Wires the keyboard to what the screen does: focus and text, hardware keys.
    func installOnScreenKeyboard() {
        onTextInputChange = { [weak self] in self?.updateOnScreenKeyboard() }
        dispatcher.onHardwareKey = { [weak self] in self?.hardwareKeyPressed() }
        let button = keyboardState.showButton
        button.isHidden = true
        button.localizedAccessibilityLabel = KeyboardStrings.showKeyboard
        button.addGestureRecognizer(
            TapGestureRecognizer { [weak self] _ in
                guard let self else { return }
                self.keyboardState.hardwareSeen = false
                self.keyboardState.dismissedFor = nil
                if let surface = self.focusedProgramWithoutTextInput() {
                    self.keyboardState.keysAskedFor = ObjectIdentifier(surface)
                }
                self.updateOnScreenKeyboard()
            })
        insertSubview(button, above: dock)
        // Once no field takes text and the screen rests, the hidden keyboard lets go of its picture.
        addRestWork { [weak self] in
            guard let self, !self.keyboardState.isShown, self.currentTextInput() == nil,
                let v = self.keyboardState.keyboard?.view
            else { return }
            v.releasePictures()
        }
    }

    /// The field that takes text now: in the focused window on the screen, a Slate view with focus,
    /// or a program's or app process's field.
    func currentTextInput() -> (any TextInputClient)? {
        // Locked: the password field's, or none (nothing behind the lock screen takes text).
        if let locked = lockTextInput { return locked }
        guard expose == nil, let id = focusedWindow, isOnScreen(id), let w = windows[id], !w.isHidden else {
            return nil
        }
        // The window may still be opening (its view not yet on the screen): being in it is enough.
        if let v = focusedView, let f = v as? any TextInputClient, v.isDescendant(of: w) { return f }
        if let surface = w.scene.rootView as? ForeignSurfaceView {
            if let program = surface.toplevel as? ForeignTextInput, let field = program.activeTextInput {
                // An outside keyboard serves the field: Slate's neither shows nor offers itself.
                return program.isTypedIntoElsewhere ? nil : field
            }
            // A program with no text input whose person asked for the keyboard: key presses.
            guard keyboardState.keysAskedFor == ObjectIdentifier(surface) else { return nil }
            if keyboardState.keyPresses?.surface !== surface { keyboardState.keyPresses = KeyPressTextInput(surface) }
            return keyboardState.keyPresses
        }
        return nil
    }

    /// The focused window when it is a program's with no field asking for text (no text input): the
    /// corner button offers it the keyboard, whose keys it gets as key presses.
    func focusedProgramWithoutTextInput() -> ForeignSurfaceView? {
        guard !isLocked, expose == nil, let id = focusedWindow, isOnScreen(id), let w = windows[id],
            let surface = w.scene.rootView as? ForeignSurfaceView, !(surface.toplevel is any SceneToplevel),
            (surface.toplevel as? ForeignTextInput)?.activeTextInput == nil
        else { return nil }
        return surface
    }

    /// Shows, hides or retargets the keyboard for the field that takes text now.
    func updateOnScreenKeyboard() {
        let s = keyboardState
        let target = currentTextInput()
        let id = target.map { ObjectIdentifier($0) }
        if id != s.targetID {
            s.targetID = id
            if id != s.dismissedFor { s.dismissedFor = nil }
        }
        let allowed: Bool
        switch s.policy {
        case .hardware, .external: allowed = false
        case .onScreen: allowed = true
        case .automatic: allowed = !s.hardwareSeen
        }
        let wants = target != nil && allowed && s.dismissedFor == nil
        // The button in the corner: the keyboard was put away for a hardware key, or the focused
        // program has no text input (its keys can still be typed on the glass).
        let keysOnly =
            target == nil && s.policy != .hardware && s.policy != .external
            && focusedProgramWithoutTextInput() != nil
        s.showButton.isHidden = !((target != nil && s.policy == .automatic && s.hardwareSeen) || keysOnly)
        // Asked for over a program that has gone from the front: asked no more.
        if target == nil { s.keysAskedFor = nil }
        if !s.showButton.isHidden { placeShowButton() }
        if wants, let target {
            let kb = keyboard()
            kb.attach(target)
            if !s.isShown { slideKeyboard(in: true) }
        } else if s.isShown {
            slideKeyboard(in: false)
            s.keyboard?.attach(nil)
        }
    }

    private func keyboard() -> KeyboardController {
        if let kb = keyboardState.keyboard { return kb }
        let kb = KeyboardController(language: language, enabled: settings[.keyboardLayouts])
        kb.suggester = settings[.keyboardSuggestions] ? keyboardState.suggester : nil
        kb.onHide = { [weak self] in self?.dismissKeyboard() }
        kb.onFloatingChange = { [weak self] floating in self?.setKeyboardFloating(floating) }
        kb.view.isHidden = true
        insertSubview(kb.view, above: dock)
        keyboardState.keyboard = kb
        return kb
    }

    /// The hide key, or a swipe down: the keyboard goes, and the field stops editing (a program's
    /// field cannot be told to: the keyboard stays away until it is touched again).
    func dismissKeyboard() {
        let s = keyboardState
        if s.keyboard?.target is KeyPressTextInput {
            // Key presses for a program with no text input: put away, the corner button offers it again.
            s.keysAskedFor = nil
            updateOnScreenKeyboard()
            return
        }
        s.dismissedFor = s.targetID
        s.keyboard?.target?.resignTextInput()
        updateOnScreenKeyboard()
    }

    /// A keyboard a person types on is attached, or the last went (`slate session`: libinput's
    /// keyboards with letter keys). Under the automatic policy the keyboard on the glass stays away
    /// while one is, as on an iPad with a Magic Keyboard, and shows for fields again once none is.
    public func hardwareKeyboardAttached(_ attached: Bool) {
        let s = keyboardState
        guard s.policy == .automatic, s.hardwareSeen != attached else { return }
        s.hardwareSeen = attached
        if !attached { s.dismissedFor = nil }
        updateOnScreenKeyboard()
    }

    func hardwareKeyPressed() {
        let s = keyboardState
        guard s.policy == .automatic, !s.hardwareSeen else { return }
        s.hardwareSeen = true
        updateOnScreenKeyboard()
    }

    /// A touch went down at `p`: a touch on the keyboard is the keyboard's (it focuses no window);
    /// one on the field the keyboard was put away for brings it back.
    func keyboardWatch(_ p: Point) -> Bool {
        let s = keyboardState
        if s.isShown, let v = s.keyboard?.view, !v.isHidden, v.frameInRoot.contains(p) { return true }
        if s.dismissedFor != nil, let target = currentTextInput() {
            let hit = hitTest(p)
            let onField: Bool
            if let view = target as? View {
                onField = hit.map { $0.isDescendant(of: view) } ?? false
            } else {
                onField = hit is ForeignSurfaceView
            }
            if onField {
                s.dismissedFor = nil
                updateOnScreenKeyboard()
            }
        }
        return false
    }

    // MARK: Where it is

    /// The docked keyboard's frame on this screen.
    var dockedKeyboardFrame: Rect {
        let landscape = bounds.width > bounds.height
        let h = KeyboardGeometry.dockedHeight(landscape: landscape)
        return Rect(0, bounds.height - h, bounds.width, h)
    }

    private var floatingKeyboardFrame: Rect {
        let w = KeyboardMetrics.floatingWidth
        let h = KeyboardMetrics.floatingHeight
        return Rect(((bounds.width - w) / 2).rounded(), bounds.height - h - ShellMetrics.homeIndicatorArea - 40, w, h)
    }

    /// Slides the keyboard up from the bottom edge, or down and away, in UIKit's keyboard motion. The
    /// windows make room at once, as iPadOS tells apps where the keyboard will be as it starts.
    private func slideKeyboard(in showing: Bool) {
        let s = keyboardState
        guard let kb = s.keyboard else { return }
        let v = kb.view!
        s.slide?.cancel()
        s.isShown = showing
        v.isLandscape = bounds.width > bounds.height
        let shown = s.isFloating ? floatingKeyboardFrame : dockedKeyboardFrame
        let away = s.isFloating ? shown : Rect(shown.minX, bounds.height, shown.width, shown.height)
        if showing {
            keyboardFrame = s.isFloating ? nil : shown
            v.isHidden = false
            v.frame = v.frame.minY >= bounds.height || v.frame.isEmpty ? away : v.frame
            v.alpha = s.isFloating ? 0 : 1
        } else {
            keyboardFrame = nil
            v.endAllPresses()
        }
        let from = (frame: v.frame, alpha: v.alpha)
        let to = (frame: showing ? shown : away, alpha: showing || !s.isFloating ? 1.0 : 0.0)
        s.slide = animator.animate(duration: KeyboardMetrics.slideDuration, curve: KeyboardMetrics.slideCurve) { p in
            v.frame = lerp(from.frame, to.frame, p)
            v.alpha = lerp(from.alpha, to.alpha, p)
        } completion: { [weak self] done in
            guard done, let self else { return }
            self.keyboardState.slide = nil
            if !showing { v.isHidden = true }
        }
    }

    /// Floats the keyboard (pinched in: small, the windows as they are) or docks it again.
    func setKeyboardFloating(_ floating: Bool) {
        let s = keyboardState
        guard s.isFloating != floating, let v = s.keyboard?.view else { return }
        s.isFloating = floating
        s.slide?.cancel()
        v.isFloating = floating
        keyboardFrame = floating ? nil : dockedKeyboardFrame
        let from = v.frame
        let to = floating ? floatingKeyboardFrame : dockedKeyboardFrame
        s.slide = animator.animate(
            duration: ShellMetrics.windowAnimationDuration, curve: .spring(response: 0.35, dampingRatio: 0.9)
        ) {
            p in v.frame = lerp(from, to, p)
        }
    }

    /// The keyboard in its place after the screen changed (called with the windows' layout).
    func placeKeyboard() {
        let s = keyboardState
        guard s.isShown, s.slide == nil, let v = s.keyboard?.view else { return }
        v.isLandscape = bounds.width > bounds.height
        if !s.isFloating {
            v.frame = dockedKeyboardFrame
            keyboardFrame = dockedKeyboardFrame
        }
    }

    private func placeShowButton() {
        let b = KeyboardMetrics.showButtonSize
        let m = KeyboardMetrics.showButtonMargin
        keyboardState.showButton.frame = Rect(
            bounds.width - b - m, bounds.height - b - m - ShellMetrics.homeIndicatorArea, b, b)
    }
}

/// A program's window with no text input, typed into from the keyboard on the glass as key presses
/// through the seat's keyboard (whose keymap types every character of both layouts): no preedit, no
/// suggestions, nothing known of its text.
@MainActor final class KeyPressTextInput: TextInputClient {
    weak var surface: ForeignSurfaceView?

    init(_ surface: ForeignSurfaceView) { self.surface = surface }

    var textInputTraits: TextInputTraits {
        TextInputTraits(autocapitalization: .none, showsSuggestions: false, isMultiline: true)
    }
    var textBeforeCaret: String { "" }
    var hasSelectedText: Bool { false }

    private func press(_ key: Key, _ modifiers: KeyModifiers = []) {
        _ = surface?.toplevel.key(KeyPress(key, modifiers: modifiers))
    }

    func insertText(_ text: String) {
        for c in text { press(c == " " ? .space : .character(c)) }
    }
    func deleteBackward() { press(.backspace) }
    func replaceBeforeCaret(count: Int, with text: String) {
        for _ in 0..<count { press(.backspace) }
        insertText(text)
    }
    func insertReturn() { press(.return) }
    func moveCaret(_ key: Key) { press(key) }
    func canPerform(_ command: StandardEditCommand) -> Bool {
        command == .undo || command == .redo || command == .paste
    }
    func perform(_ command: StandardEditCommand) {
        switch command {
        case .undo: press(.character("z"), .control)
        case .redo: press(.character("z"), [.control, .shift])
        case .paste: press(.character("v"), .control)
        default: break
        }
    }
    func resignTextInput() {}
}

/// The button in the corner that brings the keyboard on the glass back while a hardware keyboard is
/// in use (iPadOS's shortcut bar, collapsed to its keyboard button).
@MainActor final class KeyboardShowButton: View {
    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        accessibilityTraits = .button
        identifier = "show-keyboard"
        // Over a program that redraws each frame, a copy of its picture.
        rasterizes = true
    }

    override var handlesOwnTaps: Bool { true }

    override func draw(in canvas: any Canvas) {
        canvas.fillRoundedRect(bounds, radius: 12, with: KeyboardMetrics.background)
        KeyGlyphs.hideKeyboard(in: bounds, color: KeyboardMetrics.keyText, on: canvas)
    }
}
