import Foundation
import Scenes

/// One app's Spotlight items as the shell keeps them: each written as a few length-prefixed fields
/// into one buffer, found by its identifier through a table of positions, read back whole only when
/// it is opened, written to disk or indexed again.
///
/// A dictionary of `SearchableItem`s held each item's 220-byte value in buckets kept a quarter to a
/// half empty, beside a heap string for every title and activity type: 70 MB for Mail's hundred
/// thousand messages and ten thousand notes. Here an item costs its text and about 50 bytes.
struct KeptItems: Sendable {
    /// The items' fields, one after another; an item replaced or taken out leaves its bytes until
    /// they are more than the live ones (then the buffer is written again).
    private var bytes: [UInt8] = []
    /// Where each item's fields are in `bytes`, in no particular order.
    private var spans: [Span] = []
    /// Each item's index in `spans`, by its identifier.
    private var positions: [String: Int] = [:]
    /// The bytes of items replaced or taken out.
    private var deadBytes = 0

    private struct Span: Sendable {
        var start: Int
        var count: Int
    }

    /// No items.
    init() {}

    /// These items (a later one with an identifier replaces an earlier one).
    init(_ items: some Sequence<SearchableItem>) {
        for item in items { insert(item) }
    }

    /// How many items there are.
    var count: Int { spans.count }

    /// Whether there are none.
    var isEmpty: Bool { spans.isEmpty }

    /// The item with an identifier.
    subscript(identifier identifier: String) -> SearchableItem? {
        positions[identifier].map { item(at: $0) }
    }

    /// Every item, read back (in no particular order).
    var items: [SearchableItem] { spans.indices.map { item(at: $0) } }

    /// The bytes the items hold (for measuring).
    var byteCount: Int { bytes.count }

    /// Adds an item, replacing the one with its identifier.
    mutating func insert(_ item: SearchableItem) {
        var writer = Writer()
        writer.write(item)
        let span = Span(start: bytes.count, count: writer.bytes.count)
        bytes += writer.bytes
        if let position = positions[item.identifier] {
            deadBytes += spans[position].count
            spans[position] = span
        } else {
            positions[item.identifier] = spans.count
            spans.append(span)
        }
        compactIfWasteful()
    }

    /// Takes out the items with these identifiers.
    mutating func remove(identifiers: some Sequence<String>) {
        for identifier in identifiers {
            guard let position = positions.removeValue(forKey: identifier) else { continue }
            deadBytes += spans[position].count
            let last = spans.count - 1
            if position != last {
                // The last item takes the hole's place.
                spans[position] = spans[last]
                positions[identifierOfItem(at: position)] = position
            }
            spans.removeLast()
        }
        compactIfWasteful()
    }

    /// Takes out the items in these domains.
    mutating func remove(domains: Set<String>) {
        let gone = spans.indices.map { item(at: $0) }.filter { domains.contains($0.domain ?? "") }
        remove(identifiers: gone.map(\.identifier))
    }

    private func identifierOfItem(at position: Int) -> String {
        var reader = Reader(bytes: bytes, offset: spans[position].start)
        return reader.readString()
    }

    private func item(at position: Int) -> SearchableItem {
        var reader = Reader(bytes: bytes, offset: spans[position].start)
        return reader.readItem()
    }

    /// Writes the buffer again without the dead bytes, once they outweigh the live ones.
    private mutating func compactIfWasteful() {
        guard deadBytes > 4096, deadBytes > bytes.count - deadBytes else { return }
        var compacted: [UInt8] = []
        compacted.reserveCapacity(bytes.count - deadBytes)
        for position in spans.indices {
            let span = spans[position]
            spans[position].start = compacted.count
            compacted += bytes[span.start..<(span.start + span.count)]
        }
        bytes = compacted
        deadBytes = 0
    }
}

// MARK: The fields of an item

extension KeptItems {
    /// Writes an item's fields: a string as its UTF-8 length (LEB128) and bytes, an optional one as
    /// a flag before it, a date as its seconds' bit pattern.
    fileprivate struct Writer {
        var bytes: [UInt8] = []

        mutating func write(_ item: SearchableItem) {
            write(item.identifier)
            write(item.domain)
            write(item.kind.rawValue)
            write(item.title)
            write(item.subtitle)
            write(item.text)
            write(length: item.keywords.count)
            for keyword in item.keywords { write(keyword) }
            if let date = item.date {
                bytes.append(1)
                write(length: Int(truncatingIfNeeded: date.timeIntervalSince1970.bitPattern))
            } else {
                bytes.append(0)
            }
            write(item.userActivity.activityType)
            write(item.userActivity.title)
            write(item.userActivity.targetContentIdentifier)
            write(length: item.userActivity.payload.count)
            bytes += item.userActivity.payload
        }

        mutating func write(length: Int) {
            var rest = UInt64(bitPattern: Int64(length))
            repeat {
                let low = UInt8(rest & 0x7f)
                rest >>= 7
                bytes.append(rest == 0 ? low : low | 0x80)
            } while rest != 0
        }

        mutating func write(_ text: String) {
            write(length: text.utf8.count)
            bytes += text.utf8
        }

        mutating func write(_ text: String?) {
            guard let text else { return bytes.append(0) }
            bytes.append(1)
            write(text)
        }
    }

    /// Reads back what `Writer` wrote.
    fileprivate struct Reader {
        let bytes: [UInt8]
        var offset: Int

        mutating func readItem() -> SearchableItem {
            let identifier = readString()
            let domain = readOptional()
            let kind = SearchableItem.Kind(rawValue: readString()) ?? .document
            let title = readString()
            let subtitle = readOptional()
            let text = readOptional()
            let keywords = (0..<readLength()).map { _ in readString() }
            let date =
                readFlag()
                ? Date(timeIntervalSince1970: Double(bitPattern: UInt64(bitPattern: Int64(readLength())))) : nil
            var activity = UserActivity(
                type: readString(), title: readOptional(), targetContentIdentifier: readOptional())
            let payloadCount = readLength()
            activity.payload = Data(bytes[offset..<(offset + payloadCount)])
            offset += payloadCount
            return SearchableItem(
                identifier: identifier, domain: domain, kind: kind, title: title, subtitle: subtitle, text: text,
                keywords: keywords, date: date, userActivity: activity)
        }

        mutating func readLength() -> Int {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let byte = bytes[offset]
                offset += 1
                value |= UInt64(byte & 0x7f) << shift
                if byte & 0x80 == 0 { return Int(Int64(bitPattern: value)) }
                shift += 7
            }
        }

        mutating func readFlag() -> Bool {
            defer { offset += 1 }
            return bytes[offset] != 0
        }

        mutating func readString() -> String {
            let count = readLength()
            defer { offset += count }
            return String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
        }

        mutating func readOptional() -> String? {
            readFlag() ? readString() : nil
        }
    }
}
