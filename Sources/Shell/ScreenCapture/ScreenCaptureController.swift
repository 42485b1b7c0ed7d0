import Foundation
import Graphics
import SystemUI
import UI

/// Taking the screen, an owned part of the shell: screenshots (Print, Ctrl+Shift+3, or power and
/// volume up together: a white flash, a thumbnail in the bottom-left corner, a PNG saved into
/// `$XDG_PICTURES_DIR/Screenshots` off the main thread), the system keys around them (the power and
/// volume keys), and the status bar's recording indicator while a program copies the screen. The
/// shell's public face of it is `Shell+ScreenCapture`.
@MainActor final class ScreenCaptureController {
    /// The shell it works for.
    unowned let shell: Shell

    init(shell: Shell) { self.shell = shell }

    /// When a program last copied the screen (the clock's time); nil: not since the shell started.
    var lastScreenCopy: Double?
    /// Turns the recording indicator off once copies stop.
    var recordingCheck: ScheduledAction?
    /// The last screenshot's thumbnail in the corner, while it is there.
    var screenshot: ScreenshotThumbnailView?
    /// The flash over the screen as a screenshot is taken.
    var flash: View?
    /// The screenshot shown full screen after a tap on its thumbnail.
    var screenshotViewer: ScreenshotViewerView?
    /// Hides the thumbnail after a while.
    var screenshotTimer: ScheduledAction?
    /// Screenshots saved so far (their files), newest last.
    var screenshotsSaved: [String] = []
    /// Where screenshots are saved; nil: nowhere (they are still shown).
    var screenshotsFolder: URL?
    /// When the power key went down last (the clock's time), for power + volume up.
    var powerPressed: Double?
}
