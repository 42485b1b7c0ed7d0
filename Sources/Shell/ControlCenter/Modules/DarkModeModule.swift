/// Dark Mode: the system and apps in their dark appearance, at once.
@MainActor final class DarkModeModule: ControlCenterModule {
    let toggle = ControlToggleView(symbol: "circle.lefthalf.filled", onTint: .black, label: ShellStrings.darkMode)
    var view: ControlModuleView { toggle }
    var span: ControlCenterGrid.Span { .init(1, 1) }

    func wire(to host: any ControlCenterHost, in panel: ControlCenterView) {
        toggle.onToggle = { [weak host] on in host?.setDarkMode(on) }
    }

    func refresh(from host: any ControlCenterHost, in panel: ControlCenterView) {
        toggle.isOn = host.appearance == .dark
    }
}
