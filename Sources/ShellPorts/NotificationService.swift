/// The session's notification server (`org.freedesktop.Notifications` on the session bus, served by
/// `SessionServices.NotificationServer`): it hands the shell what programs post and close, and tells
/// the programs what the person did. Headless runs have none; the shell still shows its own apps'.
@MainActor public protocol NotificationService: AnyObject {
    /// Told on the main actor of a notification posted (or replacing the one of its number).
    var onNotify: (@MainActor (ShellNotification) -> Void)? { get set }
    /// Told on the main actor that a program closed its notification (`CloseNotification`).
    var onClose: (@MainActor (UInt32) -> Void)? { get set }
    /// A new notification number, never handed out before (the shell's own apps' notifications take
    /// theirs here, so that no program's is the same).
    func reserveID() -> UInt32
    /// Numbers from now on follow `id` (the highest of those kept across a restart).
    func numberAfter(_ id: UInt32)
    /// Tells the program that posted notification `id` that the person chose `action` (`default`:
    /// a tap), handing it `activationToken` first when there is one (`ActivationToken`).
    func invoke(_ id: UInt32, action: String, activationToken: String?, sender: String)
    /// Tells the program that posted notification `id` that it closed, and why (`NotificationClosed`).
    func closed(_ id: UInt32, reason: NotificationCloseReason, sender: String)
}
