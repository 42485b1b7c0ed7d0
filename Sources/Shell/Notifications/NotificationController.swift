import Foundation
import Graphics
import Scenes
import ShellPorts
import SystemUI
import UI

/// Notifications, an owned part of the shell (issue 33): what programs post through
/// `org.freedesktop.Notifications` (the `NotificationService`) and Slate's apps post through
/// `UserNotification`, shown as iPadOS 26 banners at the top and kept in Notification Center. It
/// keeps the list Notification Center shows, the banners on the screen, the numbers already closed,
/// and Notification Center while open. The shell's public face of it is `Shell+Notifications`.
@MainActor final class NotificationController {
    /// The shell it shows notifications on.
    unowned let shell: Shell

    init(shell: Shell) { self.shell = shell }

    /// Every notification kept (persisted in `notifications.json`).
    var list = NotificationList()
    /// Whether the list was read from its file yet.
    var loaded = false
    /// The banners on the screen, newest first.
    var banners: [NotificationPlatterView] = []
    /// Each banner's timer.
    var expiry: [UInt32: ScheduledAction] = [:]
    /// Notifications already closed to their programs (kept in Notification Center as a record).
    var closed: Set<UInt32> = []
    /// The numbers the shell gave its own apps' notifications when there is no server.
    var lastLocalID: UInt32 = 0
    /// Notification Center, while shown.
    var center: NotificationCenterView?
    var centerAnimation: Animation?
    /// The list's next write (writes are put together).
    var pendingSave: ScheduledAction?
    /// The numbers of Slate apps' notifications, by app and the app's identifier for each.
    var appNotificationIDs: [String: UInt32] = [:]
    /// Makes a token that lets a program bring its window forward (the compositor's).
    var makeActivationToken: (@MainActor () -> String?)?
}
