/// Focus (Do Not Disturb): banners and sounds of notifications held back (the `doNotDisturb`
/// setting).
@MainActor final class FocusModule: ControlCenterModule {
    let focus = ControlFocusView(title: ShellStrings.doNotDisturb)
    var view: ControlModuleView { focus }
    var span: ControlCenterGrid.Span { .init(2, 1) }

    func wire(to host: any ControlCenterHost, in panel: ControlCenterView) {
        focus.onToggle = { [weak host] on in host?.settings[.doNotDisturb] = on }
    }

    func refresh(from host: any ControlCenterHost, in panel: ControlCenterView) {
        focus.isOn = host.settings[.doNotDisturb]
    }
}
