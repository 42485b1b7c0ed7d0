/// The backlight's level, a tall slider; hidden where the machine has no backlight to set.
@MainActor public final class BrightnessModule: ControlCenterModule {
    public let slider = ControlSliderView(symbol: "sun.max", label: ShellStrings.brightness)
    public var view: ControlModuleView { slider }
    public var span: ControlCenterGrid.Span { .init(1, 2) }

    public func wire(to host: any ControlCenterHost, in panel: ControlCenterView) {
        slider.onChange = { [weak host] level in host?.services.brightness?.setBrightness(level) }
    }

    public func refresh(from host: any ControlCenterHost, in panel: ControlCenterView) {
        slider.isHidden = host.services.brightness?.brightness == nil
        slider.level = host.services.brightness?.brightness ?? 0
    }
}
