import Foundation
import TestSessionBus
import Testing

@testable import SessionBus

/// The D-Bus layer against a real bus (a private `dbus-daemon`): calls and their timeouts, values
/// of every type there and back, properties, signals through a worker to the main actor, a served
/// object's answers, and a bus that is not there.
@Suite(.serialized) struct SessionBusTests {
    /// A value of every kind, nested. (Made anew each time: kept in a static, its boxes are reached only
    /// through the enum's tagged payload pointers, which LeakSanitizer cannot follow, and `make asan`
    /// reported them as leaked.)
    static var everything: BusValue {
        BusValue.dictionary(
            key: "s", value: "v",
            [
                .init(key: .string("byte"), value: .variant(.byte(7))),
                .init(key: .string("flag"), value: .variant(.bool(true))),
                .init(key: .string("small"), value: .variant(.int16(-3))),
                .init(key: .string("port"), value: .variant(.uint16(8080))),
                .init(key: .string("level"), value: .variant(.int32(-42))),
                .init(key: .string("state"), value: .variant(.uint32(4))),
                .init(key: .string("time"), value: .variant(.int64(-7_200))),
                .init(key: .string("big"), value: .variant(.uint64(1 << 40))),
                .init(key: .string("percentage"), value: .variant(.double(87.5))),
                .init(key: .string("name"), value: .variant(.string("Батарея"))),
                .init(key: .string("path"), value: .variant(.objectPath("/org/slate/Test/1"))),
                .init(key: .string("ssid"), value: .variant(.array(element: "y", [.byte(72), .byte(105)]))),
                .init(key: .string("pair"), value: .variant(.structure([.string("a"), .uint32(1)]))),
                .init(key: .string("none"), value: .variant(.array(element: "s", []))),
            ])
    }

    /// A worker serving `org.slate.Test` at /org/slate/Test: Echo (any value back), Slow (answers
    /// after 0.6 s), a settable Level property that announces its changes.
    static func server(_ bus: PrivateBus) -> BusWorker {
        let worker = BusWorker(name: "test-server", bus: .address(bus.address))
        worker.perform { connection in
            let level = LockedValue(0.5)
            var test = BusInterface(name: "org.slate.Test")
            test.methods["Echo"] = echo
            test.methods["Slow"] = { _, _ in
                Thread.sleep(forTimeInterval: 0.6)
                return nil
            }
            test.properties["Level"] = { .double(level.value) }
            test.properties["Name"] = { .string("test") }
            test.setters["Level"] = { v in
                guard let d = v.double, (0...1).contains(d) else { throw BusError.invalidArgs("Level is 0…1") }
                level.value = d
                if let s = try? PropertiesChange(interface: "org.slate.Test", changed: ["Level": .double(d)])
                    .signal(path: "/org/slate/Test")
                {
                    connection.send(s)
                }
            }
            worker.server.serve([test], at: "/org/slate/Test")
            _ = try? connection.requestName("org.slate.Test")
        }
        return worker
    }

    /// Answers with the value it was given.
    static func echo(_ call: Message, _ args: MessageReader) throws(BusError) -> ((MessageWriter) -> Void)? {
        let v = try args.value()
        return { w in w.value(v) }
    }

    /// Waits until `name` has an owner on the bus.
    static func waitForName(_ name: String, on connection: BusConnection) throws {
        for _ in 0..<200 {
            if try connection.nameHasOwner(name) { return }
            Thread.sleep(forTimeInterval: 0.01)
        }
        Issue.record("\(name) never appeared")
    }

    @Test func valuesOfEveryTypeGoThereAndBackUnchanged() throws {
        let bus = try PrivateBus()
        let server = Self.server(bus)
        defer { server.stop() }
        let client = try BusConnection(.address(bus.address))
        try Self.waitForName("org.slate.Test", on: client)
        let reply = try client.call(
            destination: "org.slate.Test", path: "/org/slate/Test", interface: "org.slate.Test", method: "Echo",
            timeout: 2, arguments: { $0.value(Self.everything) })
        #expect(reply.kind == .methodReturn)
        #expect(reply.signature == "a{sv}")
        let back = try reply.reader().value()
        #expect(back == Self.everything)
        #expect(back["percentage"]?.double == 87.5)
        #expect(back["name"]?.string == "Батарея")
        #expect(back["ssid"]?.bytes == [72, 105])
        #expect(back["level"]?.integer == -42)
        #expect(back["big"]?.integer == 1 << 40)
    }

    @Test func propertiesAreReadAndWrittenAndAWrongValueIsRefused() throws {
        let bus = try PrivateBus()
        let server = Self.server(bus)
        defer { server.stop() }
        let client = try BusConnection(.address(bus.address))
        try Self.waitForName("org.slate.Test", on: client)
        let all = try client.properties(of: "org.slate.Test", at: "/org/slate/Test", on: "org.slate.Test", timeout: 2)
        #expect(all == ["Level": .double(0.5), "Name": .string("test")])
        try client.setProperty(
            "Level", to: .double(0.25), of: "org.slate.Test", at: "/org/slate/Test", on: "org.slate.Test", timeout: 2)
        let level = try client.property(
            "Level", of: "org.slate.Test", at: "/org/slate/Test", on: "org.slate.Test", timeout: 2)
        #expect(level == .double(0.25))
        #expect(throws: BusError.self) {
            try client.setProperty(
                "Level", to: .double(3), of: "org.slate.Test", at: "/org/slate/Test", on: "org.slate.Test", timeout: 2)
        }
        do {
            try client.setProperty(
                "Name", to: .string("x"), of: "org.slate.Test", at: "/org/slate/Test", on: "org.slate.Test", timeout: 2)
            Issue.record("a read-only property was set")
        } catch {
            #expect(error.name == "org.freedesktop.DBus.Error.PropertyReadOnly")
        }
    }

    @Test func errorsAndTimeoutsComeBackAsBusErrors() throws {
        let bus = try PrivateBus()
        let server = Self.server(bus)
        defer { server.stop() }
        let client = try BusConnection(.address(bus.address))
        try Self.waitForName("org.slate.Test", on: client)
        do {
            try client.call(
                destination: "org.slate.Test", path: "/org/slate/Test", interface: "org.slate.Test", method: "Nope",
                timeout: 2)
            Issue.record("an unknown method answered")
        } catch {
            #expect(error.name == "org.freedesktop.DBus.Error.UnknownMethod")
        }
        do {
            try client.call(
                destination: "org.slate.Test", path: "/org/slate/Elsewhere", interface: "org.slate.Test",
                method: "Echo", timeout: 2)
            Issue.record("an object that is not there answered")
        } catch {
            #expect(error.name == "org.freedesktop.DBus.Error.UnknownObject")
        }
        do {
            try client.call(
                destination: "org.slate.Missing", path: "/", interface: "org.slate.Test", method: "Echo", timeout: 2,
                autoStart: false)
            Issue.record("a missing service answered")
        } catch {
            #expect(error.isServiceMissing)
        }
        let start = Date()
        do {
            try client.call(
                destination: "org.slate.Test", path: "/org/slate/Test", interface: "org.slate.Test", method: "Slow",
                timeout: 0.2)
            Issue.record("a slow call was not cut off")
        } catch {
            #expect(error.isTimeout)
        }
        #expect(Date().timeIntervalSince(start) < 1.5, "the call waited no longer than its timeout")
        let xml = try client.call(
            destination: "org.slate.Test", path: "/org/slate/Test",
            interface: "org.freedesktop.DBus.Introspectable", method: "Introspect", timeout: 3
        ).reader().string()
        #expect(xml.contains("<interface name=\"org.slate.Test\"/>"))
        #expect(xml.contains("org.freedesktop.DBus.Properties"))
        let root = try client.call(
            destination: "org.slate.Test", path: "/", interface: "org.freedesktop.DBus.Introspectable",
            method: "Introspect", timeout: 3
        ).reader().string()
        #expect(root.contains("<node name=\"org\"/>"))
    }

    @MainActor @Test func signalsReachTheMainActorThroughAWorkerAndItsMailbox() throws {
        let bus = try PrivateBus()
        let server = Self.server(bus)
        defer { server.stop() }
        let mailbox = MainMailbox()
        let listener = BusWorker(name: "test-listener", bus: .address(bus.address))
        defer { listener.stop() }
        listener.subscribe(.propertiesChanged(sender: "org.slate.Test", path: "/org/slate/Test")) { signal, _ in
            let change = PropertiesChange(signal)
            let level = change?.changed["Level"]?.double
            mailbox.post { Received.levels.append(level ?? -1) }
        }
        let client = try BusConnection(.address(bus.address))
        try Self.waitForName("org.slate.Test", on: client)
        // The subscription is in place once a job after it has run.
        let ready = DispatchSemaphore(value: 0)
        listener.perform { _ in ready.signal() }
        #expect(ready.wait(timeout: .now() + 2) == .success)
        Received.levels = []
        try client.setProperty(
            "Level", to: .double(0.75), of: "org.slate.Test", at: "/org/slate/Test", on: "org.slate.Test", timeout: 2)
        var waited = 0.0
        while Received.levels.isEmpty, waited < 3 {
            mailbox.wait(timeout: 0.1)
            waited += 0.1
        }
        #expect(Received.levels == [0.75])
    }

    @Test func aBusThatIsNotThereIsSaidOnceAndJobsAreDropped() throws {
        #expect(throws: BusError.self) { try BusConnection(.address("unix:path=/nonexistent/slate-bus")) }
        let told = DispatchSemaphore(value: 0)
        let worker = BusWorker(name: "test-missing", bus: .address("unix:path=/nonexistent/slate-bus")) { error in
            #expect(error.name == "org.freedesktop.DBus.Error.Disconnected")
            told.signal()
        }
        #expect(told.wait(timeout: .now() + 2) == .success)
        let ran = LockedValue(false)
        worker.perform { _ in ran.value = true }
        worker.stop()
        #expect(!worker.isConnected)
        #expect(!ran.value)
    }

    @Test func matchRulesReadAsTheBusReadsThemAndMatchTheirSignals() throws {
        let rule = MatchRule.propertiesChanged(
            sender: "org.freedesktop.UPower", path: "/org/freedesktop/UPower/devices/DisplayDevice",
            interface: "org.freedesktop.UPower.Device")
        #expect(
            rule.text
                == "type='signal',sender='org.freedesktop.UPower',interface='org.freedesktop.DBus.Properties',"
                + "member='PropertiesChanged',path='/org/freedesktop/UPower/devices/DisplayDevice',"
                + "arg0='org.freedesktop.UPower.Device'")
        let signal = try PropertiesChange(
            interface: "org.freedesktop.UPower.Device", changed: ["Percentage": .double(10)]
        )
        .signal(path: "/org/freedesktop/UPower/devices/DisplayDevice")
        #expect(rule.matches(signal))
        let other = try PropertiesChange(interface: "org.freedesktop.UPower", changed: [:])
            .signal(path: "/org/freedesktop/UPower/devices/DisplayDevice")
        #expect(!rule.matches(other))
        #expect(MatchRule(pathNamespace: "/org/freedesktop").matches(signal))
        #expect(!MatchRule(pathNamespace: "/org/freedesktop/UPower/devices/Display").matches(signal))
        #expect(PropertiesChange(signal)?.changed == ["Percentage": .double(10)])
        #expect(MatchRule(arg0: "it's").text == "type='signal',arg0='it'\\''s'")
        #expect(!Message.isValidPath("/a//b") && !Message.isValidPath("a") && Message.isValidPath("/a_1/B"))
        #expect(throws: BusError.self) { try Message.signal(path: "no path", interface: "a.b", member: "C") }
    }
}

/// What the main actor received in a test.
@MainActor enum Received {
    static var levels: [Double] = []
}

/// A value shared between a test and a worker's thread.
final class LockedValue<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T
    init(_ value: T) { stored = value }
    var value: T {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
