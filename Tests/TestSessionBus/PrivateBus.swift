import Foundation

/// A D-Bus session daemon of the test's own (`dbus-daemon --session`), ended with every program it
/// started when the object goes or `end()` is called.
///
/// The programs its activation starts (at-spi's `at-spi-bus-launcher`, the accessibility bus daemon
/// and registry that launcher starts, xdg-document-portal, …) are not its children — D-Bus detaches
/// them — but they stay in its process group, which `timeout` leads: ending the group ends them all.
/// SIGKILL, since a process started from a test's thread inherits its blocked signals, SIGTERM among
/// them (at-spi's launcher ends its bus daemon by SIGTERM, which is why, killed, it left the daemon).
public final class PrivateBus {
    /// The `timeout` leading the daemon's process group.
    let process = Process()
    /// The bus's address, for `DBUS_SESSION_BUS_ADDRESS`.
    public let address: String
    private var ended = false

    /// Starts the daemon, with `environment` (the test's own when nil) handed on to what it
    /// activates. After `lifetime` seconds it is killed with its group whatever happens, should the
    /// test be killed before it ends the bus.
    public init(lifetime: Int = 120, environment: [String: String]? = nil) throws(PrivateBusError) {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = [
            "-s", "KILL", "\(lifetime)", "/usr/bin/dbus-daemon", "--session", "--nofork", "--nopidfile",
            "--print-address=1",
        ]
        if let environment { process.environment = environment }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { throw PrivateBusError(description: "cannot start dbus-daemon: \(error)") }
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        address = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !address.isEmpty else {
            end()
            throw PrivateBusError(description: "dbus-daemon gave no address")
        }
    }

    /// Ends the daemon and every program of its process group: the group stopped first (so that none
    /// starts another while the rest are found), then each killed (SIGKILL) but fusermount3, which is
    /// let go on to unmount the folder of the document portal it served, as it does once the portal is
    /// gone, and then end.
    public func end() {
        guard !ended else { return }
        ended = true
        let group = process.processIdentifier
        kill(-group, SIGSTOP)
        for member in Self.members(of: group) {
            kill(member.pid, member.command == "fusermount3" ? SIGCONT : SIGKILL)
        }
        // Reaped here: Foundation, its SIGCHLD blocked on a test's thread, may never see it end.
        var status: Int32 = 0
        _ = waitpid(group, &status, 0)
    }

    deinit { end() }

    /// The processes of process group `group` (from /proc: each one's `stat`, `pid (comm) state ppid
    /// pgrp …`).
    static func members(of group: pid_t) -> [(pid: pid_t, command: String)] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, pid_t(fields[2]) == group else { return nil }
            return (pid, String(stat[stat.index(after: open)..<close]))
        }
    }
}

/// Why a private bus could not be had.
public struct PrivateBusError: Error, CustomStringConvertible {
    /// What went wrong, in one line.
    public let description: String
}
