import Foundation
import Graphics
import Menus
import SystemUI
import UI

/// What the shell keeps of its system UI around the apps: Control Center, the clock's next tick,
/// rotation under way, the screenshot's thumbnail.
@MainActor final class SystemUIState {
    /// Control Center, while it is shown or coming and going.
    var controlCenter: ControlCenterView?
    /// Whether Control Center is made ready while the screen rests.
    var preparesControlCenter = false
    /// Control Center made while the screen rested (its modules' picture drawn), for the next pull.
    var preparedControlCenter: ControlCenterView?
    /// Its backdrop made while the screen rested, and the screen's damage count then.
    var restingBackdrop: (damageCount: Int, backdrop: MenuBackdrop)?
    /// Its open or close animation.
    var controlCenterAnimation: Animation?
    /// The last moves of a pull (translation, time), for its speed at the release.
    var pullSamples: [(y: Double, time: Double)] = []
    /// Whether the rest work that prepares Control Center is in place.
    var restWorkAdded = false
    /// The clock's next tick (`EventDispatcher.schedule`).
    var clockTick: ScheduledAction?
    /// When a program last copied the screen (the clock's time); nil: not since the shell started.
    var lastScreenCopy: Double?
    /// Turns the recording indicator off once copies stop.
    var recordingCheck: ScheduledAction?
    /// The orientation the screen shows, in quarter turns counter-clockwise from the panel's own.
    var quarterTurns = 0
    /// The screen's picture turning away while the new layout comes in.
    var rotation: RotationOverlayView?
    var rotationAnimation: Animation?
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
    /// The host, told when the screen turns.
    var onScreenTurn: ((Int) -> Void)?
    /// Notifications: the list, the banners, Notification Center.
    let notifications = NotificationsState()
}
