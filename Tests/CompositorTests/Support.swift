import Compositor
import Foundation
import Graphics
import Host
import Shell
import Testing
import UI

/// A headless shell serving real Wayland clients, removed at the end of the test.
@MainActor final class Rig {
    let clock = VirtualClock()
    let shell: Shell
    let host: CompositorHost
    let log: FileHandle

    init(scale: Double = 1, device: Device = Device()) throws {
        shell = Shell(device: device, clock: clock, stateHome: nil)
        host = try CompositorHost(shell: shell, clock: clock, scale: scale)
        log = FileHandle(forWritingAtPath: "/dev/null")!
        host.run(for: 0.05)
    }

    /// Starts a client; its output is thrown away unless SLATE_TEST_VERBOSE is set.
    @discardableResult
    func launch(_ argv: [String]) throws -> Process {
        let verbose = ProcessInfo.processInfo.environment["SLATE_TEST_VERBOSE"] != nil
        return try host.launch(argv, log: verbose ? nil : log)
    }

    /// Turns until `condition` holds, at most `timeout` seconds.
    func wait(_ timeout: Double = 10, _ what: String, _ condition: () -> Bool) -> Bool {
        let ok = host.run(until: condition, timeout: timeout)
        if !ok { Issue.record("timed out after \(timeout) s waiting for \(what)") }
        return ok
    }

    /// Lets the shell's animations end (half a second of virtual time, served as it goes).
    func settle() {
        for _ in 0..<60 { host.step(wait: 0.001) }
    }

    var framebuffer: PixelImage { host.host.framebuffer }

    /// The mean colour of a rectangle of the screen (points).
    func meanColor(_ r: Rect) -> RGBA {
        let fb = framebuffer
        let s = fb.scale
        let x0 = Int(r.minX * s)
        let y0 = Int(r.minY * s)
        let x1 = Int(r.maxX * s)
        let y1 = Int(r.maxY * s)
        var acc = (0.0, 0.0, 0.0)
        var n = 0.0
        for y in stride(from: y0, to: y1, by: 4) {
            for x in stride(from: x0, to: x1, by: 4) {
                let p = fb.pixel(x: x, y: y)
                acc.0 += p.red
                acc.1 += p.green
                acc.2 += p.blue
                n += 1
            }
        }
        return RGBA(acc.0 / n, acc.1 / n, acc.2 / n, 1)
    }

    /// Writes the screen to `$SLATE_TEST_OUT/NAME.png` when that variable is set (to look at).
    func snapshot(_ name: String) {
        guard let dir = ProcessInfo.processInfo.environment["SLATE_TEST_OUT"] else { return }
        try? host.host.savePNG("\(dir)/\(name).png")
    }

    func shutdown() { host.shutdown() }
}

func tool(_ name: String) -> Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/\(name)")
}
