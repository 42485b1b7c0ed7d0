/// Rotation lock: the screen keeps its orientation as the device turns (the `rotationLock` setting).
@MainActor final class RotationLockModule: ControlCenterModule {
    public let toggle = ControlToggleView(symbol: "lock.rotation", onTint: .systemRed, label: ShellStrings.rotationLock)
    var view: ControlModuleView { toggle }
    var span: ControlCenterGrid.Span { .init(1, 1) }

    func wire(to host: any ControlCenterHost, in panel: ControlCenterView) {
        toggle.onToggle = { [weak host] on in host?.settings[.rotationLock] = on }
    }

    func refresh(from host: any ControlCenterHost, in panel: ControlCenterView) {
        toggle.isOn = host.settings[.rotationLock]
    }
}
