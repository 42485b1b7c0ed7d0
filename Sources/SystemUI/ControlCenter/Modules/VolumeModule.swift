/// The sound output's volume, a tall slider; a tap on its speaker mutes. Hidden with no output.
@MainActor public final class VolumeModule: ControlCenterModule {
    public let slider = ControlSliderView(symbol: "speaker.wave.2", label: ShellStrings.volume)
    public var view: ControlModuleView { slider }
    public var span: ControlCenterGrid.Span { .init(1, 2) }

    init() { slider.mutedSymbol = "speaker.slash" }

    public func wire(to host: any ControlCenterHost, in panel: ControlCenterView) {
        slider.onChange = { [weak host] level in host?.services.audio?.setVolume(level) }
        slider.onGlyphTap = { [weak host] in
            guard let audio = host?.services.audio, let output = audio.output else { return }
            audio.setMuted(!output.isMuted)
        }
    }

    public func refresh(from host: any ControlCenterHost, in panel: ControlCenterView) {
        let output = host.services.audio?.output
        slider.isHidden = output == nil
        slider.level = output?.volume ?? 0
        slider.isMuted = output?.isMuted ?? false
    }
}
