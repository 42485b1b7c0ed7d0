import Foundation
import SessionBus
import ShellPorts
import Testing

@_spi(Testing) @testable import SessionServices
@testable import Shell

/// The lock screen's services against the real things: the password through Linux-PAM with a test
/// configuration of its own (pam_wrapper's pam_matrix module and a password file, read through
/// `pam_start_confdir`: no real account, no LD_PRELOAD), and logind through python-dbusmock's logind
/// on a bus of the test's own.
@MainActor @Suite(.serialized) struct LockServicesTests {
    /// pam_matrix, from Debian's libpam-wrapper (scripts/setup.sh installs it).
    nonisolated static let pamMatrix: String? = {
        let candidates = ["x86_64-linux-gnu", "aarch64-linux-gnu"].map { "/usr/lib/\($0)/pam_wrapper/pam_matrix.so" }
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }()

    /// A PAM configuration of the test's own: the service `slate` through pam_matrix, whose password
    /// file lets `tablet` in with `correct horse` (for `slate` only) and `frozen` with `ice` for
    /// another service (so its account is refused for this one).
    final class PAMRig {
        let folder: URL
        let mailbox = MainMailbox()

        init() throws {
            guard let matrix = LockServicesTests.pamMatrix else {
                throw MockSystem.MissingProgram(
                    description: "no pam_matrix.so: scripts/setup.sh installs libpam-wrapper")
            }
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("slate-pam-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let passwords = folder.appendingPathComponent("passdb")
            try Data("tablet:correct horse:slate\nfrozen:ice:sshd\nпётр:пароль:slate\n".utf8).write(to: passwords)
            let service = ["auth", "account"].map { "\($0) required \(matrix) passdb=\(passwords.path)" }
            try Data((service.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("slate"))
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        /// What PAM answers for `user` typing `typed`, through the service `service`.
        @MainActor func verdict(user: String, typed: String, service: String = "slate") -> PasswordVerdict? {
            let checker = PAMPasswordChecker(
                service: service, user: user, configurationFolder: folder, mailbox: mailbox)
            let password = PasswordBytes()
            for character in typed { password.append(String(character)) }
            var answer: PasswordVerdict?
            checker.check(password) { answer = $0 }
            #expect(password.count == 0, "the checker wipes the typed password as it takes it")
            let end = Date().addingTimeInterval(10)
            while answer == nil, Date() < end { mailbox.wait(timeout: 0.05) }
            return answer
        }
    }

    @Test func theRightPasswordOpensAndAWrongOneIsRefused() throws {
        let rig = try PAMRig()
        #expect(rig.verdict(user: "tablet", typed: "correct horse") == .accepted)
        #expect(rig.verdict(user: "tablet", typed: "correct hors") == .refused)
        #expect(rig.verdict(user: "tablet", typed: "") == .refused)
        #expect(rig.verdict(user: "nobody-here", typed: "correct horse") == .refused)
        // A password in Russian, typed on the Russian keyboard: its UTF-8 bytes reach PAM whole.
        #expect(rig.verdict(user: "пётр", typed: "пароль") == .accepted)
        #expect(rig.verdict(user: "пётр", typed: "парол") == .refused)
    }

    @Test func anAccountNotAllowedHereIsRefusedWithItsReason() throws {
        let rig = try PAMRig()
        // The password is right, but pam_matrix's account check lets `frozen` into sshd only.
        guard case .accountRefused(let line) = rig.verdict(user: "frozen", typed: "ice") else {
            Issue.record("an account PAM refuses must not open the screen")
            return
        }
        #expect(!line.isEmpty)
    }

    @Test func aMissingServiceCannotCheckAndSaysSo() throws {
        let rig = try PAMRig()
        guard case .unavailable(let line) = rig.verdict(user: "tablet", typed: "correct horse", service: "no-such")
        else {
            Issue.record("a service with no file must not open the screen")
            return
        }
        #expect(line.contains("no-such"), "the line names the service: \(line)")
    }

    @Test func aSecondCheckWhileOneRunsIsRefusedWithoutChecking() throws {
        let rig = try PAMRig()
        let checker = PAMPasswordChecker(
            service: "slate", user: "tablet", configurationFolder: rig.folder, mailbox: rig.mailbox)
        var answers: [PasswordVerdict] = []
        for _ in 0..<2 {
            let password = PasswordBytes()
            password.append("correct horse")
            checker.check(password) { answers.append($0) }
        }
        let end = Date().addingTimeInterval(10)
        while answers.count < 2, Date() < end { rig.mailbox.wait(timeout: 0.05) }
        #expect(answers == [.refused, .accepted])
    }

    @Test func typedBytesAreWipedAndCharactersCountedWhole() {
        let password = PasswordBytes()
        password.append("п")
        password.append("a")
        password.append("ё")
        #expect(password.count == 3)
        password.deleteLast()
        #expect(password.count == 2)
        #expect(password.bytes == Array("пa".utf8))
        password.wipe()
        #expect(password.bytes.isEmpty && password.count == 0)
    }

    // MARK: logind

    static let login = "org.freedesktop.login1"
    static let manager = "/org/freedesktop/login1"
    static let mock = "org.freedesktop.DBus.Mock"

    /// dbusmock's logind with a session `c1`, and the client on it.
    @MainActor final class LoginRig {
        let mocks: MockSystem
        let client: LogindSessionClient
        let mailbox = MainMailbox()
        let reported = ReportLog()

        init() throws {
            mocks = try MockSystem(templates: [SessionServicesTests.logind])
            try Self.addSession(mocks)
            let log = reported
            client = LogindSessionClient(
                bus: .address(mocks.address), sessionID: "c1", mailbox: mailbox,
                report: { error, what in log.lines.append("\(what.en): \(error)") })
        }

        /// The session `c1` of `tablet` on seat0.
        static func addSession(_ mocks: MockSystem) throws {
            try mocks.call(login, manager, mock, "AddSession") {
                $0.string("c1")
                $0.string("seat0")
                $0.uint32(1000)
                $0.string("tablet")
                $0.bool(true)
            }
        }

        /// The inhibitors logind holds now: what, mode.
        func inhibitors() throws -> [String] {
            let reply = try mocks.call(login, manager, "org.freedesktop.login1.Manager", "ListInhibitors")
            let list = try reply.reader().value().elements ?? []
            return list.compactMap { entry in
                guard case .structure(let fields) = entry, fields.count >= 4 else { return nil }
                return "\(fields[0].string ?? "") \(fields[3].string ?? "")"
            }.sorted()
        }

        /// Serves the client's news until `condition` holds (at most 5 s).
        @discardableResult
        func wait(_ what: String, until condition: () throws -> Bool) rethrows -> Bool {
            let end = Date().addingTimeInterval(5)
            while Date() < end {
                mailbox.wait(timeout: 0.02)
                if try condition() { return true }
            }
            Issue.record("waited 5 s for \(what)")
            return false
        }

        /// Emits logind's `PrepareForSleep(sleeping)` from the manager.
        func prepareForSleep(_ sleeping: Bool) throws {
            try mocks.call(login, manager, mock, "EmitSignal") { writer in
                writer.string("org.freedesktop.login1.Manager")
                writer.string("PrepareForSleep")
                writer.string("b")
                writer.array("v") { writer.variant("b") { writer.bool(sleeping) } }
            }
        }
    }

    @Test func theShellHoldsThePowerKeyAndDelaysSleepUntilItHasLocked() throws {
        let rig = try LoginRig()
        rig.wait("the power key to be held") { rig.client.holdsPowerKey }
        #expect(try rig.inhibitors() == ["handle-power-key block", "sleep delay"])
        #expect(rig.client.sessionPath == "/org/freedesktop/login1/session/c1")

        // Before sleep the shell is asked to lock; sleep waits until it says it has.
        var ready: (@MainActor () -> Void)?
        rig.client.onPrepareForSleep = { ready = $0 }
        try rig.prepareForSleep(true)
        rig.wait("the shell to be asked to lock before sleep") { ready != nil }
        #expect(
            try rig.inhibitors() == ["handle-power-key block", "sleep delay"], "sleep is held until the lock shows")
        ready?()
        try rig.wait("the sleep delay to be let go") { try rig.inhibitors() == ["handle-power-key block"] }
        // Awake again: the delay is taken for the next sleep.
        try rig.prepareForSleep(false)
        try rig.wait("the sleep delay to be taken again") {
            try rig.inhibitors() == ["handle-power-key block", "sleep delay"]
        }
    }

    @Test func loginctlLocksAndUnlocksAndTheLockedHintIsSet() throws {
        let rig = try LoginRig()
        rig.wait("the session to be found") { rig.client.sessionPath != nil }
        var heard: [String] = []
        rig.client.onLock = { heard.append("lock") }
        rig.client.onUnlock = { heard.append("unlock") }
        // What `loginctl lock-session` does: logind emits the session's Lock signal.
        let session = "/org/freedesktop/login1/session/c1"
        try rig.mocks.call(LockServicesTests.login, session, "org.freedesktop.login1.Session", "Lock")
        rig.wait("Lock to be heard") { heard == ["lock"] }
        try rig.mocks.call(LockServicesTests.login, session, "org.freedesktop.login1.Session", "Unlock")
        rig.wait("Unlock to be heard") { heard == ["lock", "unlock"] }

        rig.client.setLockedHint(true)
        try rig.wait("LockedHint to be set") {
            try rig.mocks.control.property(
                "LockedHint", of: "org.freedesktop.login1.Session", at: session, on: LockServicesTests.login,
                timeout: 2
            ).bool == true
        }
    }

    @Test func powerOffAndRestartGoThroughLogind() throws {
        let rig = try LoginRig()
        rig.wait("the session to be found") { rig.client.sessionPath != nil }
        rig.client.powerOff()
        rig.client.reboot()
        func calls(_ method: String) throws -> Int {
            let reply = try rig.mocks.call(
                LockServicesTests.login, LockServicesTests.manager, LockServicesTests.mock, "GetMethodCalls"
            ) {
                $0.string(method)
            }
            return try reply.reader().value().elements?.count ?? 0
        }
        try rig.wait("PowerOff and Reboot to be called") { try calls("PowerOff") == 1 && calls("Reboot") == 1 }
    }

    @Test func whenLogindRestartsTheInhibitorsAreTakenAgain() throws {
        let rig = try LoginRig()
        rig.wait("the power key to be held") { rig.client.holdsPowerKey }
        rig.mocks.kill(serviceAt: 0)
        rig.wait("the power key to be let go with logind gone") { !rig.client.holdsPowerKey }
        // logind starts again: the shell holds the key again, and sleep waits for the lock again.
        try rig.mocks.start("/usr/bin/python3", ["-m", "dbusmock", "--template", "logind"], log: "logind-again.log")
        try rig.mocks.waitForName(LockServicesTests.login)
        try LoginRig.addSession(rig.mocks)
        try rig.wait("the inhibitors to be taken again") {
            let held = try rig.inhibitors()
            return rig.client.holdsPowerKey && held == ["handle-power-key block", "sleep delay"]
        }
        #expect(rig.reported.lines.isEmpty)
    }
}
