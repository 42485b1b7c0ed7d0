import Foundation
import SessionBus
import ShellPorts
import UI

/// The screen's backlight: its level read from `/sys/class/backlight/<name>/`, set through logind's
/// `SetBrightness` on the caller's session (the way GNOME and Phosh set it, with no root rights).
/// Absent (nil) where the machine has no backlight.
@MainActor public final class BacklightClient: BrightnessService {
    /// Told after the brightness changed.
    public var onChange: (@MainActor () -> Void)?
    /// The brightness, 0…1.
    public private(set) var brightness: Double?
    /// The backlight device used (its folder under `/sys/class/backlight`).
    public let device: URL?
    private let maximum: Int
    private let worker: BusWorker
    private let report: @MainActor (any Error, LocalizedString) -> Void
    private let mailbox: MainMailbox
    /// The level asked for last, and whether a call is under way (a drag asks many times: only the
    /// last one is sent, once the call before it is answered).
    private let latest = LatestLevel()

    /// The session logind sets the brightness on: the caller's own (`auto`).
    nonisolated static let session = "/org/freedesktop/login1/session/auto"

    /// The backlight under `sysfs` (`/sys/class/backlight`), its level set through logind on `bus`
    /// (the system bus); `report` hears of a level that could not be set.
    public init(
        sysfs: URL = URL(fileURLWithPath: "/sys/class/backlight"), bus: BusConnection.Bus, mailbox: MainMailbox,
        report: @escaping @MainActor (any Error, LocalizedString) -> Void
    ) {
        self.report = report
        self.mailbox = mailbox
        device = Self.choose(in: sysfs)
        maximum = device.flatMap { Self.readNumber($0.appendingPathComponent("max_brightness")) } ?? 0
        worker = BusWorker(name: "slate-backlight", bus: bus)
        refresh()
    }

    isolated deinit { worker.stop() }

    /// The device GNOME would take: firmware first, then platform, then raw (the kernel's `type`).
    nonisolated static func choose(in sysfs: URL) -> URL? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: sysfs.path) else { return nil }
        let order = ["firmware", "platform", "raw"]
        let devices = names.sorted().map { sysfs.appendingPathComponent($0) }.filter {
            (readNumber($0.appendingPathComponent("max_brightness")) ?? 0) > 0
        }
        return devices.min { a, b in
            let ta = order.firstIndex(of: readText(a.appendingPathComponent("type")) ?? "") ?? order.count
            let tb = order.firstIndex(of: readText(b.appendingPathComponent("type")) ?? "") ?? order.count
            return ta < tb
        }
    }

    nonisolated static func readText(_ url: URL) -> String? {
        (try? String(contentsOf: url, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    nonisolated static func readNumber(_ url: URL) -> Int? { readText(url).flatMap { Int($0) } }

    /// Reads the level again (another program may have changed it: the brightness keys).
    public func refresh() {
        guard let device, maximum > 0 else { return }
        let level = Self.readNumber(device.appendingPathComponent("brightness")).map { Double($0) / Double(maximum) }
        guard level != brightness else { return }
        brightness = level
        onChange?()
    }

    /// Sets the level (0…1) through logind; the level shows at once, and is read back once set.
    public func setBrightness(_ level: Double) {
        guard let device, maximum > 0 else { return }
        let value = UInt32((min(1, max(0, level)) * Double(maximum)).rounded())
        brightness = Double(value) / Double(maximum)
        onChange?()
        guard latest.ask(value) else { return }
        let name = device.lastPathComponent
        let mailbox = self.mailbox
        let latest = self.latest
        worker.perform { [weak self] bus in
            while let v = latest.next() {
                do {
                    try bus.call(
                        destination: "org.freedesktop.login1", path: Self.session,
                        interface: "org.freedesktop.login1.Session", method: "SetBrightness",
                        timeout: ServiceWatcher<Int>.timeout,
                        arguments: { w in
                            w.string("backlight")
                            w.string(name)
                            w.uint32(v)
                        })
                } catch {
                    let e = error
                    mailbox.post { self?.report(e, LocalizedString(en: "set the brightness", ru: "изменить яркость")) }
                }
            }
            mailbox.post { self?.refresh() }
        }
    }
}

/// The last level asked for, handed to one sender at a time.
final class LatestLevel: @unchecked Sendable {
    private let lock = NSLock()
    private var wanted: UInt32?
    private var sending = false

    /// Records `value`; true when no sender is at work (the caller starts one).
    func ask(_ value: UInt32) -> Bool {
        lock.withLock {
            wanted = value
            defer { sending = true }
            return !sending
        }
    }

    /// The level to send next, or nil (the sender stops) when none is waiting.
    func next() -> UInt32? {
        lock.withLock {
            defer { wanted = nil }
            if wanted == nil { sending = false }
            return wanted
        }
    }
}
