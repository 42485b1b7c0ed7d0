import SessionBus
import ShellPorts
import SlatePulseShim

/// The sound output from PulseAudio, or PipeWire's pipewire-pulse (libpulse, through its threaded
/// main loop in `SlatePulseShim`): the default sink's volume and mute, followed as they change and
/// set from Control Center and the volume keys. Absent (nil) without a sound server or a sink.
@MainActor public final class PulseAudioClient: AudioService {
    /// Told after the volume or mute changed.
    public var onChange: (@MainActor () -> Void)?
    /// The default sink's volume and mute.
    public private(set) var output: AudioOutput?
    private var pulse: OpaquePointer?
    private let box: Box

    /// What libpulse's thread calls back with: the mailbox, and the client (weakly, on the main actor).
    final class Box: @unchecked Sendable {
        let mailbox: MainMailbox
        weak var client: PulseAudioClient?
        init(mailbox: MainMailbox) { self.mailbox = mailbox }
    }

    /// Follows the default sink of the sound server at `server` (nil: the user's: `PULSE_SERVER`, or
    /// the runtime folder's socket), never starting one.
    public init(server: String? = nil, mailbox: MainMailbox) {
        box = Box(mailbox: mailbox)
        box.client = self
        let user = Unmanaged.passUnretained(box).toOpaque()
        let callback: slate_pulse_callback = { user, available, volume, muted in
            guard let user else { return }
            let box = Unmanaged<Box>.fromOpaque(user).takeUnretainedValue()
            let output = available != 0 ? AudioOutput(volume: volume, isMuted: muted != 0) : nil
            // The box weakly: the box keeps the mailbox, and work left undrained in the mailbox must not
            // keep the box (a cycle make asan found when a test ended with news still posted).
            box.mailbox.post { [weak box] in box?.client?.update(output) }
        }
        pulse =
            server.map { s in s.withCString { slate_pulse_start($0, "Slate", callback, user) } }
            ?? slate_pulse_start(nil, "Slate", callback, user)
    }

    isolated deinit {
        // After stop returns no callback comes: the box can go with this object.
        if let pulse { slate_pulse_stop(pulse) }
    }

    private func update(_ o: AudioOutput?) {
        guard o != output else { return }
        output = o
        onChange?()
    }

    /// Sets the default sink's volume (0…1); shown at once, confirmed by the server's change.
    public func setVolume(_ level: Double) {
        guard let pulse, output != nil else { return }
        output?.volume = min(1, max(0, level))
        onChange?()
        slate_pulse_set_volume(pulse, level)
    }

    /// Mutes or unmutes the default sink.
    public func setMuted(_ muted: Bool) {
        guard let pulse, output != nil else { return }
        output?.isMuted = muted
        onChange?()
        slate_pulse_set_mute(pulse, muted ? 1 : 0)
    }
}
