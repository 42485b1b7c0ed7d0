import Foundation
import SessionBus
import ShellPorts
import SlatePAMShim

/// The lock screen's password checked through PAM, as swaylock and Phosh check it: the service
/// `slate` (`/etc/pam.d/slate`, installed with Slate: `@include common-auth`, `common-account`), the
/// session's own user, `pam_authenticate` then `pam_acct_mgmt`. Each check runs on a thread of its
/// own, so the main thread never waits through PAM's failure delay; the verdict comes back through
/// the mailbox. The password lives in `PasswordBytes` and in one C buffer, both wiped as soon as PAM
/// has it; nothing of it is logged.
@MainActor public final class PAMPasswordChecker: PasswordChecking {
    /// The PAM service asked for: its file in `/etc/pam.d`.
    public let service: String
    /// The user whose password opens the screen.
    public let user: String
    /// A folder of PAM service files read instead of `/etc/pam.d` (a test's own, with pam_matrix).
    private let configurationFolder: String?
    private let mailbox: MainMailbox
    /// Whether a check is under way (a second one is refused until it answers).
    private var checking = false

    /// The service Slate installs.
    public nonisolated static let defaultService = "slate"

    /// Checks passwords of `user` (by default the process's own user) through the PAM service
    /// `service`, answering through `mailbox`.
    public init(service: String = PAMPasswordChecker.defaultService, user: String? = nil, mailbox: MainMailbox) {
        self.service = service
        self.user = user ?? Self.processUser()
        self.mailbox = mailbox
        configurationFolder = nil
    }

    /// Checks through the service files in `configurationFolder` instead of `/etc/pam.d`
    /// (`pam_start_confdir`): a test's own configuration, with pam_wrapper's pam_matrix module.
    @_spi(Testing) public init(service: String, user: String, configurationFolder: URL, mailbox: MainMailbox) {
        self.service = service
        self.user = user
        self.mailbox = mailbox
        self.configurationFolder = configurationFolder.path
    }

    /// The name of the user the process runs as (its effective user id's entry), else `$USER`.
    public nonisolated static func processUser() -> String {
        if let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name { return String(cString: name) }
        return ProcessInfo.processInfo.environment["USER"] ?? "root"
    }

    /// Checks `password` on a thread of its own; `completion` hears the verdict on the main actor.
    public func check(_ password: PasswordBytes, completion: @escaping @MainActor (PasswordVerdict) -> Void) {
        let secret = SecretCopy(password.bytes)
        password.wipe()
        guard !checking else {
            secret.wipe()
            completion(.refused)
            return
        }
        checking = true
        let service = self.service
        let user = self.user
        let folder = configurationFolder
        let mailbox = self.mailbox
        let thread = Thread {
            let verdict = Self.run(service: service, folder: folder, user: user, secret: secret)
            mailbox.post { [weak self] in
                self?.checking = false
                completion(verdict)
            }
        }
        thread.name = "slate-pam"
        thread.start()
    }

    /// One PAM transaction (blocking); wipes `secret` when PAM has answered.
    nonisolated static func run(service: String, folder: String?, user: String, secret: SecretCopy) -> PasswordVerdict {
        var message = [CChar](repeating: 0, count: 256)
        let result = secret.withBytes { pointer, count in
            slate_pam_check(service, folder, user, pointer, count, &message, message.count)
        }
        secret.wipe()
        let line = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        switch result {
        case SLATE_PAM_ACCEPTED: return .accepted
        case SLATE_PAM_REFUSED: return .refused
        case SLATE_PAM_ACCOUNT_REFUSED: return .accountRefused(line.isEmpty ? "account refused" : line)
        default:
            return .unavailable(
                "PAM service “\(service)”: " + (line.isEmpty ? "the password cannot be checked" : line))
        }
    }
}

/// The password's bytes in a buffer of their own, handed to PAM's thread and wiped there.
final class SecretCopy: @unchecked Sendable {
    private let start: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private let lock = NSLock()
    private var wiped = false
    /// How many bytes the password has.
    let count: Int

    init(_ bytes: [UInt8]) {
        capacity = max(1, bytes.count)
        start = .allocate(capacity: capacity)
        start.initialize(repeating: 0, count: capacity)
        for (index, byte) in bytes.enumerated() { start[index] = byte }
        count = bytes.count
    }

    /// Calls `body` with the bytes (none once wiped).
    func withBytes<R>(_ body: (UnsafePointer<UInt8>, Int) -> R) -> R {
        lock.withLock { body(UnsafePointer(start), wiped ? 0 : count) }
    }

    /// Overwrites the bytes with zeros (`explicit_bzero`: not left out by the optimizer).
    func wipe() {
        lock.withLock {
            explicit_bzero(start, capacity)
            wiped = true
        }
    }

    deinit {
        explicit_bzero(start, capacity)
        start.deallocate()
    }
}
