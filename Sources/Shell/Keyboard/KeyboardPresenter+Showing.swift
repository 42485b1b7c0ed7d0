import Foundation
import Graphics
import OnScreenKeyboard
import Scenes
import ShellPorts
import SystemUI
import UI

extension KeyboardPresenter {

    /// Wires the keyboard to what the screen does: focus and text, hardware keys.
    func installOnScreenKeyboard() {
        shell.onTextInputChange = { [weak self] in self?.updateOnScreenKeyboard() }
        shell.dispatcher.onHardwareKey = { [weak self] in self?.hardwareKeyPressed() }
        let button = self.showButton
        button.isHidden = true
        button.localizedAccessibilityLabel = KeyboardStrings.showKeyboard
        button.addGestureRecognizer(
            TapGestureRecognizer { [weak self] _ in
                guard let self else { return }
                self.hardwareSeen = false
                self.dismissedFor = nil
                if let surface = self.focusedProgramWithoutTextInput() {
                    self.keysAskedFor = ObjectIdentifier(surface)
                }
                self.updateOnScreenKeyboard()
            })
        shell.insertSubview(button, above: shell.dock)
        // Once no field takes text and the screen rests, the hidden keyboard lets go of its picture.
        shell.addRestWork { [weak self] in
            guard let self, !self.isShown, self.currentTextInput() == nil,
                let v = self.keyboard?.view
            else { return }
            v.releasePictures()
        }
    }

    /// The field that takes text now: in the focused window on the screen, a Slate view with focus,
    /// or a program's or app process's field.
    func currentTextInput() -> (any TextInputClient)? {
        // Locked: the password field's, or none (nothing behind the lock screen takes text).
        if let locked = shell.lockController.lockTextInput { return locked }
        guard shell.expose == nil, let id = shell.focusedWindow, shell.isOnScreen(id), let w = shell.windows[id],
            !w.isHidden
        else {
            return nil
        }
        // The window may still be opening (its view not yet on the screen): being in it is enough.
        if let v = shell.focusedView, let f = v as? any TextInputClient, v.isDescendant(of: w) { return f }
        if let surface = w.scene.rootView as? ForeignSurfaceView {
            if let program = surface.toplevel as? ForeignTextInput, let field = program.activeTextInput {
                // An outside keyboard serves the field: Slate's neither shows nor offers itself.
                return program.isTypedIntoElsewhere ? nil : field
            }
            // A program with no text input whose person asked for the keyboard: key presses.
            guard self.keysAskedFor == ObjectIdentifier(surface) else { return nil }
            if self.keyPresses?.surface !== surface { self.keyPresses = KeyPressTextInput(surface) }
            return self.keyPresses
        }
        return nil
    }

    /// The focused window when it is a program's with no field asking for text (no text input): the
    /// corner button offers it the keyboard, whose keys it gets as key presses.
    func focusedProgramWithoutTextInput() -> ForeignSurfaceView? {
        guard !shell.isLocked, shell.expose == nil, let id = shell.focusedWindow, shell.isOnScreen(id),
            let w = shell.windows[id],
            let surface = w.scene.rootView as? ForeignSurfaceView, !(surface.toplevel is any SceneToplevel),
            (surface.toplevel as? ForeignTextInput)?.activeTextInput == nil
        else { return nil }
        return surface
    }

    /// Shows, hides or retargets the keyboard for the field that takes text now.
    func updateOnScreenKeyboard() {
        let target = currentTextInput()
        let id = target.map { ObjectIdentifier($0) }
        if id != targetID {
            targetID = id
            if id != dismissedFor { dismissedFor = nil }
        }
        let allowed: Bool
        switch policy {
        case .hardware, .external: allowed = false
        case .onScreen: allowed = true
        case .automatic: allowed = !hardwareSeen
        }
        let wants = target != nil && allowed && dismissedFor == nil
        // The button in the corner: the keyboard was put away for a hardware key, or the focused
        // program has no text input (its keys can still be typed on the glass).
        let keysOnly =
            target == nil && policy != .hardware && policy != .external
            && focusedProgramWithoutTextInput() != nil
        showButton.isHidden = !((target != nil && policy == .automatic && hardwareSeen) || keysOnly)
        // Asked for over a program that has gone from the front: asked no more.
        if target == nil { keysAskedFor = nil }
        if !showButton.isHidden { placeShowButton() }
        if wants, let target {
            let kb = madeKeyboard()
            kb.attach(target)
            if !isShown { slideKeyboard(in: true) }
        } else if isShown {
            slideKeyboard(in: false)
            self.keyboard?.attach(nil)
        }
    }

    /// The keyboard, made the first time it is wanted.
    private func madeKeyboard() -> KeyboardController {
        if let kb = self.keyboard { return kb }
        let kb = KeyboardController(language: shell.language, enabled: shell.settings[.keyboardLayouts])
        kb.suggester = shell.settings[.keyboardSuggestions] ? self.suggester : nil
        kb.onHide = { [weak self] in self?.dismissKeyboard() }
        kb.onFloatingChange = { [weak self] floating in self?.setKeyboardFloating(floating) }
        kb.view.isHidden = true
        shell.insertSubview(kb.view, above: shell.dock)
        self.keyboard = kb
        return kb
    }

    /// The hide key, or a swipe down: the keyboard goes, and the field stops editing (a program's
    /// field cannot be told to: the keyboard stays away until it is touched again).
    func dismissKeyboard() {
        if self.keyboard?.target is KeyPressTextInput {
            // Key presses for a program with no text input: put away, the corner button offers it again.
            keysAskedFor = nil
            updateOnScreenKeyboard()
            return
        }
        dismissedFor = targetID
        self.keyboard?.target?.resignTextInput()
        updateOnScreenKeyboard()
    }

    /// A keyboard a person types on is attached, or the last went (`slate session`: libinput's
    /// keyboards with letter keys). Under the automatic policy the keyboard on the glass stays away
    /// while one is, as on an iPad with a Magic Keyboard, and shows for fields again once none is.
    func hardwareKeyboardAttached(_ attached: Bool) {
        guard policy == .automatic, hardwareSeen != attached else { return }
        hardwareSeen = attached
        if !attached { dismissedFor = nil }
        updateOnScreenKeyboard()
    }

    func hardwareKeyPressed() {
        guard policy == .automatic, !hardwareSeen else { return }
        hardwareSeen = true
        updateOnScreenKeyboard()
    }

    /// A touch went down at `p`: a touch on the keyboard is the keyboard's (it focuses no window);
    /// one on the field the keyboard was put away for brings it back.
    func keyboardWatch(_ p: Point) -> Bool {
        if isShown, let v = self.keyboard?.view, !v.isHidden, v.frameInRoot.contains(p) { return true }
        if dismissedFor != nil, let target = currentTextInput() {
            let hit = shell.hitTest(p)
            let onField: Bool
            if let view = target as? View {
                onField = hit.map { $0.isDescendant(of: view) } ?? false
            } else {
                onField = hit is ForeignSurfaceView
            }
            if onField {
                dismissedFor = nil
                updateOnScreenKeyboard()
            }
        }
        return false
    }

    // MARK: Where it is

    /// The docked keyboard's frame on this screen.
    var dockedKeyboardFrame: Rect {
        let landscape = shell.bounds.width > shell.bounds.height
        let h = KeyboardGeometry.dockedHeight(landscape: landscape)
        return Rect(0, shell.bounds.height - h, shell.bounds.width, h)
    }

    private var floatingKeyboardFrame: Rect {
        let w = KeyboardMetrics.floatingWidth
        let h = KeyboardMetrics.floatingHeight
        return Rect(
            ((shell.bounds.width - w) / 2).rounded(), shell.bounds.height - h - ShellMetrics.homeIndicatorArea - 40, w,
            h)
    }

    /// Slides the keyboard up from the bottom edge, or down and away, in UIKit's keyboard motion. The
    /// windows make room at once, as iPadOS tells apps where the keyboard will be as it starts.
    private func slideKeyboard(in showing: Bool) {
        guard let kb = self.keyboard else { return }
        let v = kb.view!
        slide?.cancel()
        isShown = showing
        v.isLandscape = shell.bounds.width > shell.bounds.height
        let shown = isFloating ? floatingKeyboardFrame : dockedKeyboardFrame
        let away = isFloating ? shown : Rect(shown.minX, shell.bounds.height, shown.width, shown.height)
        if showing {
            shell.keyboardFrame = isFloating ? nil : shown
            v.isHidden = false
            v.frame = v.frame.minY >= shell.bounds.height || v.frame.isEmpty ? away : v.frame
            v.alpha = isFloating ? 0 : 1
        } else {
            shell.keyboardFrame = nil
            v.endAllPresses()
        }
        let from = (frame: v.frame, alpha: v.alpha)
        let to = (frame: showing ? shown : away, alpha: showing || !isFloating ? 1.0 : 0.0)
        slide = shell.animator.animate(duration: KeyboardMetrics.slideDuration, curve: KeyboardMetrics.slideCurve) {
            p in
            v.frame = lerp(from.frame, to.frame, p)
            v.alpha = lerp(from.alpha, to.alpha, p)
        } completion: { [weak self] done in
            guard done, let self else { return }
            self.slide = nil
            if !showing { v.isHidden = true }
        }
    }

    /// Floats the keyboard (pinched in: small, the windows as they are) or docks it again.
    func setKeyboardFloating(_ floating: Bool) {
        guard isFloating != floating, let v = self.keyboard?.view else { return }
        isFloating = floating
        slide?.cancel()
        v.isFloating = floating
        shell.keyboardFrame = floating ? nil : dockedKeyboardFrame
        let from = v.frame
        let to = floating ? floatingKeyboardFrame : dockedKeyboardFrame
        slide = shell.animator.animate(
            duration: ShellMetrics.windowAnimationDuration, curve: .spring(response: 0.35, dampingRatio: 0.9)
        ) {
            p in v.frame = lerp(from, to, p)
        }
    }

    /// The keyboard in its place after the screen changed (called with the windows' layout).
    func placeKeyboard() {
        guard isShown, slide == nil, let v = self.keyboard?.view else { return }
        v.isLandscape = shell.bounds.width > shell.bounds.height
        if !isFloating {
            v.frame = dockedKeyboardFrame
            shell.keyboardFrame = dockedKeyboardFrame
        }
    }

    private func placeShowButton() {
        let b = KeyboardMetrics.showButtonSize
        let m = KeyboardMetrics.showButtonMargin
        self.showButton.frame = Rect(
            shell.bounds.width - b - m, shell.bounds.height - b - m - ShellMetrics.homeIndicatorArea, b, b)
    }
}
