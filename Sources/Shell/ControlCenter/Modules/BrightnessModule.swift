/// The backlight's level, a tall slider; hidden where the machine has no backlight to set.
@MainActor final class BrightnessModule: ControlCenterModule {
    let slider = ControlSliderView(symbol: "sun.max", label: ShellStrings.brightness)
    var view: ControlModuleView { slider }
    var span: ControlCenterGrid.Span { .init(1, 2) }

    func wire(to host: any ControlCenterHost, in panel: ControlCenterView) {
        slider.onChange = { [weak host] level in host?.services.brightness?.setBrightness(level) }
    }

    func refresh(from host: any ControlCenterHost, in panel: ControlCenterView) {
        slider.isHidden = host.services.brightness?.brightness == nil
        slider.level = host.services.brightness?.brightness ?? 0
    }
}
