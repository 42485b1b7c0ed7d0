/// The sound output's volume, a tall slider; a tap on its speaker mutes. Hidden with no output.
@MainActor final class VolumeModule: ControlCenterModule {
    let slider = ControlSliderView(symbol: "speaker.wave.2", label: ShellStrings.volume)
    var view: ControlModuleView { slider }
    var span: ControlCenterGrid.Span { .init(1, 2) }

    init() { slider.mutedSymbol = "speaker.slash" }

    func wire(to host: any ControlCenterHost, in panel: ControlCenterView) {
        slider.onChange = { [weak host] level in host?.services.audio?.setVolume(level) }
        slider.onGlyphTap = { [weak host] in
            guard let audio = host?.services.audio, let output = audio.output else { return }
            audio.setMuted(!output.isMuted)
        }
    }

    func refresh(from host: any ControlCenterHost, in panel: ControlCenterView) {
        let output = host.services.audio?.output
        slider.isHidden = output == nil
        slider.level = output?.volume ?? 0
        slider.isMuted = output?.isMuted ?? false
    }
}
