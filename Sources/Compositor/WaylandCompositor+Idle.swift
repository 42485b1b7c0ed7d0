import Host
import SlateCompositorShim

/// The shell's idle state: how long since the person last did something, held at zero while a
/// program keeps the screen awake (an idle inhibitor on a surface that is on the screen: a playing
/// video, a presentation). The lock screen and dimming read it; programs watching for idleness
/// (swayidle, through KDE's idle protocol) are told the same.
extension WaylandCompositor {
    /// The person did something now (a key, the pointer, a finger).
    public func noteActivity() {
        lastActivity = MonotonicClock.read()
        if let c = comp { slate_comp_idle_activity(c) }
    }

    /// Seconds since the person last did something; 0 while a shown program holds the screen awake.
    public var idleTime: Double {
        isIdleInhibited ? 0 : max(0, MonotonicClock.read() - lastActivity)
    }

    /// Whether a program on the screen holds the screen awake now (an idle inhibitor on a surface of
    /// a window that is shown; one under the Home screen or App Exposé's others does not).
    public var isIdleInhibited: Bool {
        guard let c = comp, slate_comp_idle_inhibitors(c) > 0 else { return false }
        return views.values.contains { $0.isMapped && isShown($0) && slate_view_inhibits_idle($0.handle) != 0 }
    }

    /// Tells programs watching for idleness whether it is held off, when that changed.
    func updateIdleInhibition() {
        let inhibited = isIdleInhibited
        guard inhibited != idleInhibitionSaid, let c = comp else { return }
        idleInhibitionSaid = inhibited
        slate_comp_set_idle_inhibited(c, inhibited ? 1 : 0)
    }
}
