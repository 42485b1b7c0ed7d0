import Foundation
import Host
import Shell
import SlateSystem

extension Bench {
    static var startupCases: [Case] {
        [Case(name: "startup.first-frame") { startupFirstFrame() }]
    }

    /// How many first starts `startup.first-frame` times.
    static let firstStarts = 10

    /// A first start of `slate run --backend headless` — a new process, fresh data and state folders
    /// (the sample Maildir written, no windows to restore) — from the moment the process is started
    /// to the end of its first frame (the Home screen, Mail starting): the time the parent reads
    /// `CLOCK_MONOTONIC` before starting it, to the time the child reads it after that frame. Each
    /// start is a process of its own, ended after its first frame (its apps' processes with it).
    static func startupFirstFrame() -> Result {
        let name = "startup.first-frame"
        let env = ProcessInfo.processInfo.environment
        if let spawned = env["SLATE_BENCH_STARTED_AT"].flatMap(Double.init) {
            var ms = Double.nan
            do {
                let args = try Arguments(["run", "--backend", "headless"])
                _ = try CompositorCommand.run(
                    args, backend: .headless, apps: [.mail, .notes], device: Device(),
                    firstFrame: { live in
                        ms = (MonotonicClock.read() - spawned) * 1000
                        live.stop()
                    }, configure: { _ in })
            } catch {
                fail("bench: \(name): \(error)", code: 1)
            }
            return Result(name: name, unit: "ms", median: ms, p99: ms, floor: nil)
        }
        var xs: [Double] = []
        for _ in 0..<firstStarts {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("slate-start-\(UUID())")
            defer { try? FileManager.default.removeItem(at: folder) }
            let runtime = folder.appendingPathComponent("run")
            do {
                try FileManager.default.createDirectory(
                    at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                fail("bench: \(name): cannot make \(runtime.path): \(error)", code: 1)
            }
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/proc/self/exe")
            p.arguments = ["bench", "--json", name]
            var childEnv = env
            for (key, sub) in [
                ("XDG_DATA_HOME", "data"), ("XDG_STATE_HOME", "state"), ("XDG_CONFIG_HOME", "config"),
                ("XDG_RUNTIME_DIR", "run"),
            ] {
                childEnv[key] = folder.appendingPathComponent(sub).path
            }
            childEnv["SLATE_ACCESSIBILITY"] = "0"
            childEnv["SLATE_BENCH_CHILD"] = "1"
            let out = Pipe()
            p.standardOutput = out
            childEnv["SLATE_BENCH_STARTED_AT"] = String(MonotonicClock.read())
            p.environment = childEnv
            do { try p.run() } catch { fail("bench: cannot start a process for \(name): \(error)", code: 1) }
            let data = out.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            // The child prints WAYLAND_DISPLAY first, as `slate run` does; its figure is the JSON after.
            let text = String(decoding: data, as: UTF8.self)
            guard let brace = text.firstIndex(of: "{"),
                let json = try? JSONSerialization.jsonObject(with: Data(text[brace...].utf8)) as? [String: Any],
                let c = (json["cases"] as? [[String: Any]])?.first(where: { $0["name"] as? String == name }),
                let ms = c["median"] as? Double, ms.isFinite
            else { fail("bench: \(name) gave no figure", code: 1) }
            xs.append(ms)
        }
        return result(name, xs)
    }
}
