import Foundation

// What the lock screen needs of the machine: the person's password checked (PAM, `slate`'s service
// file), and the login manager (logind) that asks the session to lock, says when the machine is about
// to sleep, lets the shell hold the power key, and powers off or restarts. A host-layer module
// implements both over the real services (`SessionServices`); a headless run without them has no
// password checker and no session manager, and its lock screen says the password cannot be checked.

/// What a password check answered.
public enum PasswordVerdict: Hashable, Sendable {
    /// The password is the account's, and the account may log in now: the screen opens.
    case accepted
    /// The password is wrong (PAM has already made the caller wait its delay).
    case refused
    /// The password is right but the account may not log in now (expired, locked by its
    /// administrator): the one line to show, in the person's language where the checker has it.
    case accountRefused(String)
    /// The password could not be checked at all (no PAM service file, a module failed): the one line
    /// to show. The screen stays locked.
    case unavailable(String)
}

/// A password typed on the lock screen, kept as bytes that are overwritten as soon as the check has
/// them: never a `String` (Swift's strings are copied and never wiped), never logged.
public final class PasswordBytes: @unchecked Sendable {
    /// The UTF-8 bytes typed so far. Only the lock screen's field and the checker touch them.
    public private(set) var bytes: [UInt8] = []

    /// An empty password.
    public init() {}

    /// Appends the UTF-8 bytes of `text` (a key's character).
    public func append(_ text: String) {
        // Grown by hand, never reallocated with the old bytes left behind: room is made ahead, and
        // the old buffer is wiped when it must grow.
        let added = Array(text.utf8)
        if bytes.count + added.count > bytes.capacity {
            var grown: [UInt8] = []
            grown.reserveCapacity(max(64, 2 * (bytes.count + added.count)))
            grown.append(contentsOf: bytes)
            bytes.withUnsafeMutableBytes { if let start = $0.baseAddress { explicit_bzero(start, $0.count) } }
            bytes = grown
        }
        bytes.append(contentsOf: added)
    }

    /// Removes the last character typed (its whole UTF-8 sequence).
    public func deleteLast() {
        while let last = bytes.popLast() {
            if last & 0xC0 != 0x80 { break }
        }
    }

    /// How many characters are typed (the dots the field shows).
    public var count: Int { bytes.reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) } }

    /// Overwrites every byte with zero and empties the password.
    public func wipe() {
        bytes.withUnsafeMutableBytes { if let start = $0.baseAddress { explicit_bzero(start, $0.count) } }
        bytes.removeAll()
    }

    deinit { wipe() }
}

/// Checks the session user's password, off the main thread.
@MainActor public protocol PasswordChecking: AnyObject {
    /// Checks `password` for the session's user and calls `completion` on the main actor with the
    /// verdict. The checker copies the bytes it needs and wipes `password` before it returns; it wipes
    /// its own copy as soon as PAM has answered. At most one check runs at a time: a second call while
    /// one runs is answered `.refused` without checking.
    func check(_ password: PasswordBytes, completion: @escaping @MainActor (PasswordVerdict) -> Void)
}

/// The login manager (logind) as the lock screen uses it.
@MainActor public protocol SessionManagerService: AnyObject {
    /// Told when the login manager asks the session to lock (`loginctl lock-session`, its `Lock`
    /// signal).
    var onLock: (@MainActor () -> Void)? { get set }
    /// Told when the login manager asks the session to unlock (`loginctl unlock-session`, its
    /// `Unlock` signal: only an administrator may send it).
    var onUnlock: (@MainActor () -> Void)? { get set }
    /// Told just before the machine sleeps. The shell locks and calls `ready` once the lock screen is
    /// on the screen; the manager holds its delay inhibitor until then (or until logind's own delay
    /// runs out), so the machine never wakes showing the apps.
    var onPrepareForSleep: (@MainActor (_ ready: @escaping @MainActor () -> Void) -> Void)? { get set }
    /// Whether the shell holds the power key now (logind's `handle-power-key` inhibitor is taken), so
    /// that a press reaches the shell and locks instead of powering off.
    var holdsPowerKey: Bool { get }
    /// Tells the login manager whether the session is locked (`SetLockedHint`), so that
    /// `loginctl show-session` and other programs know.
    func setLockedHint(_ locked: Bool)
    /// Powers the machine off through the login manager.
    func powerOff()
    /// Restarts the machine through the login manager.
    func reboot()
}
