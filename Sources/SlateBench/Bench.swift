import Foundation
import Graphics
import Host
import Rendering
import SlateLog
import SlateSystem
import UI

/// `slate bench`: timings with medians and 99th percentiles, each beside its floor when one applies.
@MainActor package enum Bench {
    struct Result {
        var name: String
        var unit: String
        var median: Double
        var p99: Double
        var floor: Double?
        var extra: [String: Double] = [:]
    }

    struct Case {
        var name: String
        var run: @MainActor () -> Result
    }

    static func now() -> Double { MonotonicClock.read() }

    /// Times `body` `n` times after `warmup` runs; returns milliseconds.
    static func sample(_ n: Int, warmup: Int = 3, _ body: () -> Void) -> [Double] {
        for _ in 0..<warmup { body() }
        var out: [Double] = []
        out.reserveCapacity(n)
        for _ in 0..<n {
            let t0 = now()
            body()
            out.append((now() - t0) * 1000)
        }
        return out
    }

    static func median(_ xs: [Double]) -> Double {
        let s = xs.sorted()
        guard !s.isEmpty else { return .nan }
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    static func p99(_ xs: [Double]) -> Double {
        let s = xs.sorted()
        guard !s.isEmpty else { return .nan }
        return s[min(s.count - 1, Int((Double(s.count) * 0.99).rounded(.up)) - 1)]
    }

    static func result(_ name: String, _ xs: [Double], floor: Double? = nil, unit: String = "ms") -> Result {
        Result(name: name, unit: unit, median: median(xs), p99: p99(xs), floor: floor)
    }

    /// The time to copy one frame buffer of `bytes` (the least any frame can cost).
    static func copyFloor(bytes: Int) -> Double {
        let src = [UInt8](repeating: 7, count: bytes)
        var dst = [UInt8](repeating: 0, count: bytes)
        let xs = sample(30) {
            dst.withUnsafeMutableBytes { d in src.withUnsafeBytes { s in d.copyMemory(from: s) } }
        }
        precondition(dst[bytes / 2] == 7)
        return median(xs)
    }

    static var cases: [Case] {
        let out = screenCases
        return out + scenesCases + menusCases + menuBarCases + shellCases + systemCases + notificationCases + mailCases
            + notesCases + settingsCases + lockCases + spotlightCases + homeCases
            + compositorCases + compositorPaceCases + processCases + startupCases + windowedCases + keyboardCases
    }

    package static func run(_ args: Arguments) -> Int32 {
        if let flag = args.flags.subtracting(["json"]).sorted().first {
            Logger("bench").error("bench takes --json and case-name prefixes, not --\(flag)")
            return 2
        }
        let prefixes = args.positional
        let selected = cases.filter { c in prefixes.isEmpty || prefixes.contains { c.name.hasPrefix($0) } }
        if selected.isEmpty {
            Logger("bench").error("no benchmark case starts with \(prefixes.joined(separator: ", "))")
            return 2
        }
        let json = args.flags.contains("json")
        var results: [Result] = []
        for c in selected {
            let r = c.run()
            results.append(r)
            // Unbuffered, so that each line shows as soon as its case ends.
            if !json { FileHandle.standardOutput.write(Data((format(r) + "\n").utf8)) }
            // GTK 4's popover, measured in the same session, beside the cold menu.
            // GTK 4's popover and sway, measured in the same session, beside the cold menu and the
            // full-damage client.
            let peer =
                r.name == "menu.first-frame-cold@2x"
                ? GTKPeer.run(comparedTo: r)
                : r.name == "compositor.full-damage-client@1x" ? CompositorPeer.run(comparedTo: r) : nil
            if let peer {
                results.append(peer)
                if !json { FileHandle.standardOutput.write(Data((format(peer) + "\n").utf8)) }
            }
            // The menu bar's first frame beside the same peer (run now if it has not run yet).
            if r.name == "menubar.first-frame@2x" {
                let peer = results.first { $0.name == GTKPeer.name } ?? GTKPeer.run(comparedTo: r)
                if let peer {
                    let ratio = r.median / peer.median
                    results[results.count - 1].extra["gtk-peer-ratio"] = ratio
                    if !json {
                        FileHandle.standardOutput.write(
                            Data(
                                "\(r.name): GTK 4 popover's first frame \(fmt(peer.median)) ms, ratio \(fmt(ratio))\n"
                                    .utf8))
                    }
                }
            }
        }
        if json { print(toJSON(results)) }
        return 0
    }

    /// Runs the case `name` in a process of its own (`slate bench --json NAME`) and returns its
    /// result, for a figure the cases before would disturb (resident memory); nil in that process,
    /// which measures it.
    static func inOwnProcess(_ name: String) -> Result? {
        if ProcessInfo.processInfo.environment["SLATE_BENCH_CHILD"] != nil { return nil }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        p.arguments = ["bench", "--json", name]
        var env = ProcessInfo.processInfo.environment
        env["SLATE_BENCH_CHILD"] = "1"
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        do { try p.run() } catch { fail("bench: cannot start a process for \(name): \(error)", code: 1) }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let c = (json["cases"] as? [[String: Any]])?.first(where: { $0["name"] as? String == name }),
            let median = c["median"] as? Double, let p99 = c["p99"] as? Double
        else { fail("bench: \(name) gave no figure", code: 1) }
        var r = Result(name: name, unit: c["unit"] as? String ?? "", median: median, p99: p99, floor: nil)
        for (k, v) in c where !["name", "unit", "median", "p99"].contains(k) {
            if let x = v as? Double { r.extra[k] = x }
        }
        return r
    }

    static func fmt(_ x: Double) -> String {
        x >= 100 ? String(format: "%.0f", x) : x >= 10 ? String(format: "%.1f", x) : String(format: "%.3f", x)
    }

    static func format(_ r: Result) -> String {
        var s =
            "\(r.name.padding(toLength: 34, withPad: " ", startingAt: 0)) median \(fmt(r.median)) \(r.unit)  p99 \(fmt(r.p99)) \(r.unit)"
        if let f = r.floor { s += "  floor \(fmt(f)) ms  ratio \(fmt(r.median / f))" }
        for (k, v) in r.extra.sorted(by: { $0.key < $1.key }) { s += "  \(k) \(fmt(v))" }
        return s
    }

    static func toJSON(_ rs: [Result]) -> String {
        func num(_ x: Double) -> String { x.isFinite ? String(format: "%.4f", x) : "null" }
        let items = rs.map { r -> String in
            var fields = [
                "\"name\": \"\(r.name)\"", "\"unit\": \"\(r.unit)\"", "\"median\": \(num(r.median))",
                "\"p99\": \(num(r.p99))",
            ]
            if let f = r.floor {
                fields.append("\"floor\": \(num(f))")
                fields.append("\"ratio\": \(num(r.median / f))")
            }
            for (k, v) in r.extra.sorted(by: { $0.key < $1.key }) { fields.append("\"\(k)\": \(num(v))") }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        return "{\"cases\": [" + items.joined(separator: ", ") + "]}"
    }
}

/// The GTK 4 popover peer (`../shared/peers/gtk4-menu-bench.sh`): its first menu frame at 2× with the
/// cairo renderer, run in the same session as Slate's cold menu, and the ratio of the two.
enum GTKPeer {
    static let name = "peer.gtk4-popover-first-frame@2x"

    /// The script: `$SLATE_GTK_PEER`, or `../shared/peers/` beside the checkout.
    static var script: String? { peerScript("gtk4-menu-bench.sh", variable: "SLATE_GTK_PEER") }

    /// A peer's script: `$variable`, or `../shared/peers/NAME` beside the checkout (found from the
    /// working directory or the executable's).
    static func peerScript(_ name: String, variable: String) -> String? {
        if let s = ProcessInfo.processInfo.environment[variable] { return s }
        let rel = "../shared/peers/\(name)"
        var dirs = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
        var exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            dirs.append(exe)
            exe = exe.deletingLastPathComponent()
        }
        return dirs.map { $0.appendingPathComponent(rel).standardized.path }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Runs the peer, or says in one line why not (and gives nil).
    @MainActor static func run(comparedTo slate: Bench.Result) -> Bench.Result? {
        guard let script else {
            say("no GTK peer script (../shared/peers/gtk4-menu-bench.sh; SLATE_GTK_PEER)")
            return nil
        }
        guard succeeds("/usr/bin/env", ["pkg-config", "--exists", "gtk4"]) else {
            say("GTK 4 is missing (libgtk-4-dev): no peer figure")
            return nil
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = [script]
        var env = ProcessInfo.processInfo.environment
        env["RENDERERS"] = "cairo"
        env["SCALES"] = "2"
        env["BENCH_N"] = env["BENCH_N"] ?? "30"
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch {
            say("the GTK peer did not start: \(error)")
            return nil
        }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard let runs = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]],
            let first = runs.first?["popup_first_frame_ms"] as? [String: Any],
            let median = first["median"] as? Double
        else {
            say("the GTK peer gave no figure")
            return nil
        }
        var r = Bench.Result(name: name, unit: "ms", median: median, p99: (first["max"] as? Double) ?? .nan, floor: nil)
        r.extra["p90"] = (first["p90"] as? Double) ?? .nan
        r.extra["slate-cold-ratio"] = slate.median / median
        return r
    }

    static func succeeds(_ tool: String, _ args: [String]) -> Bool {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = args
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }

    static func say(_ line: String) {
        Logger("bench", label: name).info(line)
    }
}
