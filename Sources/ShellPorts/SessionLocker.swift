import Graphics
import UI

/// A program that locked the screen itself over ext-session-lock-v1 (swaylock, gtklock): while it
/// holds the lock its surface is the lock screen — shown over nothing, the keys and the finger its
/// alone. The compositor implements it; the shell shows its surface and passes it input.
@MainActor public protocol SessionLocker: AnyObject {
    /// The lock surface's pixels for the screen, read straight from its buffers; nil until it drew.
    var livePixels: (any PixelSource)? { get }
    /// Told when its surface drew again.
    var onChange: (() -> Void)? { get set }
    /// Tells the locker the screen's size (its surface is configured to it).
    func configure(size: Size)
    /// The finger or the mouse on its surface (points in its surface).
    func pointer(_ event: ForeignPointerEvent)
    /// A key typed on the lock screen (the locker's password field takes it).
    func key(_ press: KeyPress)
    /// Tells the locker that the screen shows nothing but the lock (its `locked` event): called once
    /// the frame without the apps is drawn.
    func confirmLocked()
    /// Refuses the lock (another lock holds the screen: its `finished` event).
    func refuse()
}

/// What a locker did, as the compositor tells the shell.
public enum SessionLockerEvent: Sendable, Hashable {
    /// It asked to lock (`ext_session_lock_manager_v1.lock`).
    case lock
    /// Its surface drew for the first time.
    case surfaceMapped
    /// It unlocked (`unlock_and_destroy`): the person's password opened it.
    case unlock
    /// It went without unlocking (its process died, it destroyed the lock): the screen stays locked,
    /// and Slate's own lock screen takes over, as the protocol requires.
    case abandoned
}
