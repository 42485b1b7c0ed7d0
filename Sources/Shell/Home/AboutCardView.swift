import Graphics
import Menus
import Scenes
import SystemUI
import UI

/// The About card the app menu's About command shows: the app's icon, its name, what it is and its
/// identifier, on a rounded card over the dimmed screen. A tap anywhere or Esc puts it away.
@MainActor final class AboutCardView: View {
    let card = View()
    /// Told when the card goes.
    var onDismiss: (() -> Void)?

    init(app: any Application, language: Language, bounds: Rect) {
        super.init(frame: bounds)
        backgroundColor = MenuMetrics.backdropDim
        accessibilityLabel = MenuBarStrings.about.naming(app.displayName).resolved(language)
        isAccessibilityElement = false
        card.backgroundColor = MenuMetrics.compactMaterial
        card.cornerRadius = MenuBarMetrics.shortcutsPanelRadius
        card.shadow = MenuMetrics.panelShadow
        card.frame = Rect(center: bounds.center, size: Size(320, 300)).integral(scale: 1)
        addSubview(card)
        let icon = AppIconView(
            appIdentifier: app.identifier, name: app.displayName.resolved(language), symbol: app.icon.symbol,
            colors: (app.icon.topColor, app.icon.bottomColor), showsName: false)
        icon.image = (app as? ForeignApp)?.iconImage
        let side = ShellMetrics.placeholderIconSize
        icon.frame = Rect((card.bounds.width - side) / 2, 28, side, side)
        card.addSubview(icon)
        let name = Label(app.displayName.resolved(language), style: .title2)
        name.alignment = .center
        name.frame = Rect(16, 140, card.bounds.width - 32, 34)
        let kind = Label(
            (app is ForeignApp ? ShellStrings.linuxProgram : ShellStrings.slateApp).resolved(language),
            style: .subheadline,
            color: .secondaryLabel)
        kind.alignment = .center
        kind.frame = Rect(16, 180, card.bounds.width - 32, 22)
        let id = Label(app.identifier, style: .footnote, color: .tertiaryLabel)
        id.alignment = .center
        id.frame = Rect(16, 210, card.bounds.width - 32, 20)
        for l in [name, kind, id] { card.addSubview(l) }
        addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.dismiss() })
    }

    override var canBecomeFocused: Bool { true }
    override func focusDidChange() {}

    override func handleKey(_ press: KeyPress) -> Bool {
        if press.key == .escape || press.key == .return { dismiss() }
        return true
    }

    func dismiss() {
        guard superview != nil else { return }
        let root = self.root
        removeFromSuperview()
        if root?.focusedView == nil { root?.setFocus(nil) }
        onDismiss?()
        onDismiss = nil
    }
}
