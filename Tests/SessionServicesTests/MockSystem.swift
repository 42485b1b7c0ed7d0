import Foundation
import SessionBus
import TestSessionBus
import Testing

/// A machine's services for a test: a D-Bus daemon of the test's own standing in for the system bus,
/// python-dbusmock's templates of the real services on it (the GNOME and Phosh projects' own tool,
/// speaking the services' real interfaces), a sysfs backlight folder, and a PulseAudio server with a
/// null sink in a runtime folder of its own. Everything is ended (SIGKILL) when it goes.
final class MockSystem {
    let address: String
    /// The bus the services are on, ended after them.
    private let bus: PrivateBus
    let folder: URL
    private var processes: [Process] = []
    /// A connection of the test's own to the bus (to drive the mocks).
    let control: BusConnection

    /// Starts the bus and `templates` (dbusmock's names, with their parameters as JSON).
    init(templates: [(name: String, busName: String, parameters: String?)]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("slate-mocks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        bus = try PrivateBus()
        address = bus.address
        control = try BusConnection(.address(address))
        for t in templates {
            var args = ["-m", "dbusmock", "--template", t.name]
            if let p = t.parameters { args += ["--parameters", p] }
            try start("/usr/bin/python3", args, log: "dbusmock-\(t.name).log")
        }
        for t in templates { try waitForName(t.busName) }
    }

    /// Every process the test starts is killed after this, should the test itself be killed before
    /// it ends them (`timeout -s KILL`: a process started from a test's thread has SIGTERM blocked).
    static let lifetime = ["-s", "KILL", "120"]

    /// Starts `program` with the bus as both the system and the session bus.
    func start(_ program: String, _ arguments: [String], log: String) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        p.arguments = Self.lifetime + [program] + arguments
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SYSTEM_BUS_ADDRESS"] = address
        env["DBUS_SESSION_BUS_ADDRESS"] = address
        p.environment = env
        let logFile = folder.appendingPathComponent(log)
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let handle = try FileHandle(forWritingTo: logFile)
        p.standardOutput = handle
        p.standardError = handle
        try p.run()
        processes.append(p)
    }

    /// Waits (at most 10 s) until `name` has an owner on the bus.
    func waitForName(_ name: String) throws {
        for _ in 0..<1000 {
            if try control.nameHasOwner(name) { return }
            Thread.sleep(forTimeInterval: 0.01)
        }
        let logs = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        Issue.record("\(name) never appeared on the test's bus; logs: \(logs)")
    }

    /// Starts PulseAudio with one null sink (`slate_test`), its socket in the folder; returns its address.
    func startSoundServer() throws -> String {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pulseaudio") else {
            throw MissingProgram(
                description: "no /usr/bin/pulseaudio for the sound's test: scripts/setup.sh installs it "
                    + "(on a machine without pipewire-pulse)")
        }
        let runtime = folder.appendingPathComponent("pulse")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        let socket = runtime.appendingPathComponent("native").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        p.arguments =
            Self.lifetime + [
                "/usr/bin/pulseaudio", "--daemonize=no", "-n", "--exit-idle-time=20", "-F", "/dev/null",
                "--load=module-null-sink sink_name=slate_test",
                "--load=module-native-protocol-unix socket=\(socket) auth-anonymous=1",
            ]
        var env = ProcessInfo.processInfo.environment
        env["HOME"] = runtime.path
        env["XDG_RUNTIME_DIR"] = runtime.path
        env["DBUS_SESSION_BUS_ADDRESS"] = address
        p.environment = env
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        processes.append(p)
        let server = "unix:" + socket
        for _ in 0..<500 {
            if FileManager.default.fileExists(atPath: socket), (try? pactl(server, ["info"])) != nil { return server }
            Thread.sleep(forTimeInterval: 0.02)
        }
        Issue.record("PulseAudio did not start")
        return server
    }

    /// What `pactl -s server ARGS…` prints; throws when it fails.
    func pactl(_ server: String, _ arguments: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/pactl")
        p.arguments = ["-s", server] + arguments
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw PactlFailed() }
        return String(decoding: data, as: UTF8.self)
    }

    struct PactlFailed: Error {}

    /// A program the test needs is not installed.
    struct MissingProgram: Error, CustomStringConvertible {
        var description: String
    }

    /// Calls a method of a mock (its own `org.freedesktop.DBus.Mock` methods, or the service's).
    @discardableResult
    func call(
        _ destination: String, _ path: String, _ interface: String, _ method: String,
        _ arguments: @escaping (MessageWriter) -> Void = { _ in }
    ) throws -> Message {
        try control.call(
            destination: destination, path: path, interface: interface, method: method, timeout: 5,
            arguments: arguments)
    }

    /// Ends the `index`th service started (from 0, in the order of the templates).
    func kill(serviceAt index: Int) {
        let p = processes[index]
        Self.killTree(p.processIdentifier)
        for _ in 0..<100 where p.isRunning { Thread.sleep(forTimeInterval: 0.01) }
    }

    deinit {
        // SIGKILL to each process and its `timeout` (a process started from a test's thread inherits
        // its blocked signals, SIGTERM among them); waited for at most a second each.
        for p in processes.reversed() where p.isRunning {
            Self.killTree(p.processIdentifier)
            for _ in 0..<100 where p.isRunning { Thread.sleep(forTimeInterval: 0.01) }
        }
        bus.end()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Kills `pid` and its children (the program under its `timeout`).
    static func killTree(_ pid: Int32) {
        let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        for c in children.split(separator: " ").compactMap({ Int32($0) }) { killTree(c) }
        Foundation.kill(pid, SIGKILL)
    }
}
