import Foundation

/// A D-Bus daemon of the test's own (`dbus-daemon --session`), ended when the object goes.
final class PrivateBus {
    let process = Process()
    let address: String

    init() throws {
        // Under `timeout -s KILL`, so that it goes even if the test is killed before it ends it.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = [
            "-s", "KILL", "120", "/usr/bin/dbus-daemon", "--session", "--nofork", "--nopidfile", "--print-address=1",
        ]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        address = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit {
        // SIGKILL to the daemon and its `timeout`: a process started from a test's thread inherits its
        // blocked signals, SIGTERM among them.
        let pid = process.processIdentifier
        let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        for c in children.split(separator: " ").compactMap({ Int32($0) }) { kill(c, SIGKILL) }
        kill(pid, SIGKILL)
        for _ in 0..<100 where process.isRunning { Thread.sleep(forTimeInterval: 0.01) }
    }
}
