import Foundation
import Graphics
import UI

// A key held: Delete repeats, a letter shows its alternates (é, ё), the globe lists the layouts,
// and the key's popup shows over the finger.
extension KeyboardView {
    func startHoldTimer(for i: Int, touch: Int) -> Animation? {
        let k = keyViews[i]
        switch k.key.kind {
        case .delete:
            return after(KeyboardMetrics.deleteRepeatDelay) { [weak self] in self?.repeatDelete(touch) }
        case .globe:
            return after(KeyboardMetrics.alternatesDelay) { [weak self] in self?.showLayoutList(over: i, touch: touch) }
        case .character:
            guard !keyboard.layout.alternates(for: k.title).isEmpty else { return nil }
            return after(KeyboardMetrics.alternatesDelay) { [weak self] in self?.showAlternates(over: i, touch: touch) }
        default:
            return nil
        }
    }

    /// Runs `body` after `seconds` on the screen's clock (nil with no screen).
    func after(_ seconds: Double, _ body: @escaping () -> Void) -> Animation? {
        root?.animator.animate(duration: seconds, curve: .linear, apply: { _ in }) { done in if done { body() } }
    }

    func repeatDelete(_ touch: Int) {
        guard var press = presses[touch] else { return }
        press.repeats += 1
        if press.repeats > KeyboardMetrics.deleteByWordsAfter {
            keyboard.deleteWordBackward()
        } else {
            keyboard.deleteBackward()
        }
        press.timer = after(KeyboardMetrics.deleteRepeatInterval) { [weak self] in self?.repeatDelete(touch) }
        presses[touch] = press
    }

    func showAlternates(over i: Int, touch: Int) {
        guard presses[touch] != nil, alternates == nil else { return }
        let k = keyViews[i]
        let list = keyboard.layout.alternates(for: k.title)
        guard !list.isEmpty else { return }
        hidePopup()
        let v = AlternatesView(alternates: list)
        let cell = AlternatesView.cellWidth(keyWidth: k.frame.width)
        let w = cell * Double(list.count) + 8
        let h = k.frame.height
        var x = k.frame.midX - cell / 2 - 4
        x = min(max(2, x), bounds.width - w - 2)
        v.frame = Rect(x, k.frame.minY - h - 6, w, h)
        addSubview(v)
        alternates = v
        alternatesTouch = touch
    }

    func hideAlternates() {
        alternates?.removeFromSuperview()
        alternates = nil
        alternatesTouch = nil
    }

    func showLayoutList(over i: Int, touch: Int) {
        guard presses[touch] != nil, layoutList == nil, keyboard.layouts.count > 1 else { return }
        let k = keyViews[i]
        let names = keyboard.layouts.map { $0.name.resolved($0.language) }
        let v = AlternatesView(alternates: names)
        v.cells.forEach { $0.fontSize = KeyboardMetrics.namedKeyFontSize }
        let cell = 150.0
        let w = cell * Double(names.count) + 8
        var x = k.frame.minX
        x = min(max(2, x), bounds.width - w - 2)
        v.frame = Rect(x, k.frame.minY - k.frame.height - 6, w, k.frame.height)
        v.selected = keyboard.state.layoutIndex
        v.localizedAccessibilityLabel = KeyboardStrings.layouts
        addSubview(v)
        layoutList = v
        layoutListTouch = touch
    }

    func hideLayoutList() {
        layoutList?.removeFromSuperview()
        layoutList = nil
        layoutListTouch = nil
    }

    func showPopup(for i: Int, touch: Int, text: String) {
        guard !keyboard.isSecure else { return }
        hidePopup()
        let k = keyViews[i]
        let v = KeyPopupView()
        v.frame = KeyPopupView.frame(for: k.frame)
        v.keyRect = Rect(k.frame.minX - v.frame.minX, k.frame.minY - v.frame.minY, k.frame.width, k.frame.height)
        v.text = text
        addSubview(v)
        popup = v
        popupTouch = touch
    }

    func hidePopup() {
        popup?.removeFromSuperview()
        popup = nil
        popupTouch = nil
    }
}
