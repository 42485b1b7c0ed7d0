import Foundation
import Graphics
import Scenes
import ShellPorts
import SystemUI
import UI

/// The lock, an owned part of the shell: the locked state, Slate's lock screen and a program's
/// (ext-session-lock), the password's check, the auto-lock, the power key and the screen's sleep,
/// and how the shell's input and layout keep to the lock. The shell's public face of it is
/// `Shell+Lock`.
@MainActor final class LockController {
    /// The shell it locks.
    unowned let shell: Shell

    init(shell: Shell) { self.shell = shell }

    /// Whether the screen is locked.
    var isLocked = false
    /// The notification tapped on the lock screen, opened once it is unlocked.
    var openAfterUnlock: UInt32?
    /// Slate's own lock screen, while locked (and no other program's lock is shown).
    var view: LockScreenView?
    /// A program that locked the screen over ext-session-lock-v1, while its lock holds.
    var locker: (any SessionLocker)?
    var lockerView: SessionLockerView?
    /// Whether the locker was told its lock holds (`locked`, once the frame without the apps drew).
    var lockerConfirmed = false
    /// Whether the screen is asleep (the panel off): the power key put it to sleep, or the auto-lock.
    var asleep = false
    /// The power key went down with the screen awake: the screen sleeps when it comes up (unless it
    /// was held for Power Off, or for a screenshot).
    var sleepsOnRelease = false
    /// Told when the screen goes to sleep (false) and wakes (true): the host turns the panel off and on.
    var onScreenPower: ((Bool) -> Void)?
    /// The power key held: Power Off and Restart come when this runs.
    var powerHold: ScheduledAction?
    var powerMenu: PowerMenuView?
    /// The next look at the idle time.
    var autoLock: ScheduledAction?
    /// When the person last did something, on the shell's clock.
    var lastActivity = 0.0
    /// Told once the lock screen's frame is on the screen (logind's sleep waits for it).
    var whenShown: [@MainActor () -> Void] = []
    /// The system gestures' enabled states before the lock (they are all off while it holds).
    var gestures: [(GestureRecognizer, Bool)] = []
    /// Whether the session's start was looked at for `lockAtStart`.
    var startLooked = false
    /// Whether a password check runs now.
    var checking = false
    /// Whether what the lock screen's first frame needs was made ready while the screen rested.
    var prepared = false
    /// The lock screen's date line's formatter (made once a language and time zone).
    var dateFormatter: DateFormatter?
    /// The view that had the keys before the lock (it has them again after).
    weak var focusBefore: View?
    /// Makes the lock screen fail, to try the fallback (tests).
    var failure: LockScreenError?
    /// Told each time the screen locks or unlocks.
    var onChange: ((Bool) -> Void)?
    /// Whether a program holds the screen awake (the compositor's idle inhibitors).
    var heldAwake: (@MainActor () -> Bool)?
    /// Whether the screen locks by itself after the auto-lock time.
    var locksWhenIdle = true
    /// The system gestures that stay while locked (Control Center's pull and its swipe away).
    var keptGestures: [ObjectIdentifier] = []
}
