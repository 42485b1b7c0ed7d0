/// Dark Mode: the system and apps in their dark appearance, at once.
@MainActor public final class DarkModeModule: ControlCenterModule {
    public let toggle = ControlToggleView(
        symbol: "circle.lefthalf.filled", onTint: .black, label: ShellStrings.darkMode)
    public var view: ControlModuleView { toggle }
    public var span: ControlCenterGrid.Span { .init(1, 1) }

    public func wire(to host: any ControlCenterHost, in panel: ControlCenterView) {
        toggle.onToggle = { [weak host] on in host?.setDarkMode(on) }
    }

    public func refresh(from host: any ControlCenterHost, in panel: ControlCenterView) {
        toggle.isOn = host.appearance == .dark
    }
}
