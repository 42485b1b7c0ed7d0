import Foundation
import SessionBus

/// Slate as xdg-desktop-portal's Settings backend (`org.freedesktop.impl.portal.Settings` at
/// `/org/freedesktop/portal/desktop`, named `org.freedesktop.impl.portal.desktop.slate`; the portal
/// finds it by `slate.portal`, `UseIn=Slate`): programs that ask the Settings portal for
/// `org.freedesktop.appearance color-scheme` — GTK 4 and libadwaita, Qt 6, Firefox — read Slate's
/// appearance (1: prefer dark, 0: no preference) and hear `SettingChanged` when the person turns Dark
/// Mode on or off, so they follow it at once. Served on a thread of its own (`BusWorker`).
@MainActor public final class SettingsPortal {
    /// The backend's bus name, as `slate.portal` gives it.
    public nonisolated static let name = "org.freedesktop.impl.portal.desktop.slate"
    nonisolated static let path = "/org/freedesktop/portal/desktop"
    nonisolated static let interface = "org.freedesktop.impl.portal.Settings"
    nonisolated static let namespace = "org.freedesktop.appearance"
    nonisolated static let key = "color-scheme"

    /// Whether Slate holds the name now (false until the bus answers, or when another holds it).
    public private(set) var ownsName = false
    private let worker: BusWorker
    private let scheme = ColorScheme()

    /// Serves on `bus` (the session bus), `dark` to begin with; `mailbox` brings the bus's answer back.
    public init(bus: BusConnection.Bus = .session, dark: Bool, mailbox: MainMailbox) {
        scheme.set(dark ? 1 : 0)
        worker = BusWorker(name: "slate-settings-portal", bus: bus)
        let scheme = self.scheme
        worker.perform { [weak self, worker] bus in
            worker.server.serve([Self.interface(scheme: scheme)], at: Self.path)
            // Not owning it (another Slate's) leaves the portal to that one: nothing to say.
            let owned = (try? bus.requestName(Self.name)) ?? false
            mailbox.post { self?.ownsName = owned }
        }
    }

    isolated deinit { worker.stop() }

    /// The person's appearance now: programs are told if it changed.
    public func setDark(_ dark: Bool) {
        let value: UInt32 = dark ? 1 : 0
        guard scheme.set(value) else { return }
        worker.perform { bus in
            guard let signal = try? Message.signal(path: Self.path, interface: Self.interface, member: "SettingChanged")
            else { return }
            signal.append { w in
                w.string(Self.namespace)
                w.string(Self.key)
                w.variant("u") { w.uint32(value) }
            }
            bus.send(signal)
        }
    }

    /// The interface, built on the worker's thread: `Read`, `ReadAll` and the `version` property.
    private nonisolated static func interface(scheme: ColorScheme) -> BusInterface {
        var interface = BusInterface(name: Self.interface, introspection: Self.introspection)
        interface.methods["Read"] = { _, arguments in
            let namespace = try arguments.string()
            let key = try arguments.string()
            guard namespace == Self.namespace, key == Self.key else {
                throw BusError(name: "org.freedesktop.portal.Error.NotFound", message: "no setting \(namespace) \(key)")
            }
            let value = scheme.value
            return { w in w.variant("u") { w.uint32(value) } }
        }
        interface.methods["ReadAll"] = { _, arguments in
            let wanted: [String]
            if case .array(_, let items) = try arguments.value() {
                wanted = items.compactMap { if case .string(let s) = $0 { s } else { nil } }
            } else {
                wanted = []
            }
            let value = scheme.value
            let matches = wanted.isEmpty || wanted.contains { Self.matches(Self.namespace, pattern: $0) }
            return { w in
                w.array("{sa{sv}}") {
                    guard matches else { return }
                    w.dictEntry {
                        w.string(Self.namespace)
                        w.array("{sv}") {
                            w.dictEntry {
                                w.string(Self.key)
                                w.variant("u") { w.uint32(value) }
                            }
                        }
                    }
                }
            }
        }
        interface.properties["version"] = { .uint32(1) }
        return interface
    }

    /// Whether `namespace` is what `pattern` asks for: the same, or a prefix ending in `.*`.
    nonisolated static func matches(_ namespace: String, pattern: String) -> Bool {
        pattern.hasSuffix(".*") ? namespace.hasPrefix(String(pattern.dropLast())) : namespace == pattern
    }

    nonisolated static let introspection = """
        <interface name="org.freedesktop.impl.portal.Settings">
          <method name="ReadAll"><arg type="as" name="namespaces" direction="in"/>\
        <arg type="a{sa{sv}}" name="value" direction="out"/></method>
          <method name="Read"><arg type="s" name="namespace" direction="in"/>\
        <arg type="s" name="key" direction="in"/><arg type="v" name="value" direction="out"/></method>
          <signal name="SettingChanged"><arg type="s" name="namespace"/><arg type="s" name="key"/>\
        <arg type="v" name="value"/></signal>
          <property name="version" type="u" access="read"/>
        </interface>
        """
}

/// The colour scheme served, shared between the main thread and the bus's.
final class ColorScheme: @unchecked Sendable {
    private let lock = NSLock()
    private var current: UInt32 = 0

    /// The value now.
    var value: UInt32 { lock.withLock { current } }

    /// Sets the value; returns whether it changed.
    @discardableResult
    func set(_ value: UInt32) -> Bool {
        lock.withLock {
            defer { current = value }
            return current != value
        }
    }
}
