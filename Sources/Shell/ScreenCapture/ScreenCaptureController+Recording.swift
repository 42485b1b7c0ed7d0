import SystemUI
import UI

// The status bar's recording indicator.
extension ScreenCaptureController {
    /// A program copied the screen: the time sits on a red capsule until no copy came for
    /// `ShellMetrics.recordingIndicatorHold` seconds. One check is scheduled at a time, however
    /// often a recorder copies.
    func screenWasCopied() {
        self.lastScreenCopy = shell.clock.now
        shell.statusBar.clock.isRecording = true
        if self.recordingCheck == nil { scheduleRecordingCheck() }
    }

    private func scheduleRecordingCheck() {
        guard let last = self.lastScreenCopy else { return }
        self.recordingCheck = shell.dispatcher.schedule(at: last + ShellMetrics.recordingIndicatorHold) {
            [weak self] in
            guard let self else { return }
            self.recordingCheck = nil
            if let last = self.lastScreenCopy, shell.clock.now < last + ShellMetrics.recordingIndicatorHold {
                scheduleRecordingCheck()
            } else {
                shell.statusBar.clock.isRecording = false
            }
        }
    }

    /// Whether the status bar shows that the screen is being recorded.
    var showsRecording: Bool { shell.statusBar.clock.isRecording }
}
