import Foundation
import ShellPorts

/// The notifications Notification Center shows: newest first, at most `NotificationLimits.perApp`
/// an app and `NotificationLimits.total` in all (the oldest go), grouped by app for showing; written
/// as JSON (`notifications.json`, version 1).
public struct NotificationList: Codable, Equatable, Sendable {
    /// The format's version.
    public var version = 1
    /// Every notification kept, newest first.
    public private(set) var items: [ShellNotification] = []

    /// An empty list.
    public init() {}

    /// Adds `n` as the newest, or puts it in place of the one of its number (`replaces_id`: it moves
    /// to the top, as iPadOS moves an updated notification); the oldest beyond the bounds go.
    /// Returns the numbers that went for the bounds.
    @discardableResult
    public mutating func add(_ n: ShellNotification) -> [UInt32] {
        items.removeAll { $0.id == n.id }
        items.insert(n, at: 0)
        var dropped: [UInt32] = []
        var counts: [String: Int] = [:]
        items = items.filter { item in
            counts[item.groupName, default: 0] += 1
            if counts[item.groupName]! > NotificationLimits.perApp {
                dropped.append(item.id)
                return false
            }
            return true
        }
        while items.count > NotificationLimits.total { dropped.append(items.removeLast().id) }
        return dropped
    }

    /// The notification numbered `id`, if kept.
    public subscript(id: UInt32) -> ShellNotification? { items.first { $0.id == id } }

    /// Removes the notification numbered `id`; whether it was there.
    @discardableResult
    public mutating func remove(_ id: UInt32) -> Bool {
        guard let i = items.firstIndex(where: { $0.id == id }) else { return false }
        items.remove(at: i)
        return true
    }

    /// Removes every notification of the group `name`; returns their numbers.
    @discardableResult
    public mutating func removeGroup(_ name: String) -> [UInt32] {
        let ids = items.filter { $0.groupName == name }.map(\.id)
        items.removeAll { $0.groupName == name }
        return ids
    }

    /// Removes everything; returns the numbers.
    @discardableResult
    public mutating func removeAll() -> [UInt32] {
        defer { items.removeAll() }
        return items.map(\.id)
    }

    /// The groups as Notification Center shows them: by app, the group with the newest first, each
    /// newest first.
    public var groups: [(name: String, items: [ShellNotification])] {
        var order: [String] = []
        var byName: [String: [ShellNotification]] = [:]
        for n in items {
            if byName[n.groupName] == nil { order.append(n.groupName) }
            byName[n.groupName, default: []].append(n)
        }
        return order.map { ($0, byName[$0] ?? []) }
    }

    /// The highest number kept (a server started again numbers after it).
    public var highestID: UInt32 { items.map(\.id).max() ?? 0 }

    /// The list written as JSON.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    /// A list read from JSON; throws when it is not one (or of a newer version).
    public static func decoded(_ data: Data) throws -> NotificationList {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        var list = try decoder.decode(NotificationList.self, from: data)
        guard list.version <= 1 else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: [], debugDescription: "version \(list.version) is from a newer Slate")
            )
        }
        // The bounds hold for a file written by hand too.
        let read = list.items
        list.items = []
        for n in read.reversed() { list.add(n) }
        return list
    }
}
