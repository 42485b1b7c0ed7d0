import SystemUI
import UI

// The status bar's recording indicator.
extension Shell {
    /// A program copied the screen: the time sits on a red capsule until no copy came for
    /// `ShellMetrics.recordingIndicatorHold` seconds. One check is scheduled at a time, however
    /// often a recorder copies.
    public func screenWasCopied() {
        system.lastScreenCopy = clock.now
        statusBar.clock.isRecording = true
        if system.recordingCheck == nil { scheduleRecordingCheck() }
    }

    private func scheduleRecordingCheck() {
        guard let last = system.lastScreenCopy else { return }
        system.recordingCheck = dispatcher.schedule(at: last + ShellMetrics.recordingIndicatorHold) {
            [weak self] in
            guard let self else { return }
            system.recordingCheck = nil
            if let last = system.lastScreenCopy, clock.now < last + ShellMetrics.recordingIndicatorHold {
                scheduleRecordingCheck()
            } else {
                statusBar.clock.isRecording = false
            }
        }
    }

    /// Whether the status bar shows that the screen is being recorded.
    @_spi(Testing) public var showsRecording: Bool { statusBar.clock.isRecording }
}
