import Foundation
import Scenes
import Testing

@testable import Shell

/// The compact store of an app's Spotlight items gives back each item as it was offered — every
/// field, unicode, empty and absent ones — through replacements, removals and its compaction.
@Suite struct KeptItemsTests {
    func item(_ number: Int, domain: String? = "inbox", text: String? = nil) -> SearchableItem {
        var activity = UserActivity(
            type: "org.slate.mail.message", title: number % 2 == 0 ? "Письмо \(number)" : nil,
            targetContentIdentifier: "m\(number)")
        activity.payload = Data("{\"id\":\(number)}".utf8)
        return SearchableItem(
            identifier: "m\(number)", domain: domain, kind: number % 3 == 0 ? .document : .message,
            title: "Отчёт № \(number) ✉︎", subtitle: number % 2 == 0 ? "Анна Петрова" : nil,
            text: text ?? String(repeating: "ё", count: number % 7), keywords: (0..<(number % 4)).map { "k\($0)" },
            date: number % 5 == 0 ? nil : Date(timeIntervalSince1970: Double(number) * 1_000.25 - 3e9),
            userActivity: activity)
    }

    @Test func itemsComeBackAsOffered() {
        let offered = (0..<300).map { item($0) }
        let kept = KeptItems(offered)
        #expect(kept.count == 300)
        for original in offered { #expect(kept[identifier: original.identifier] == original) }
        #expect(Set(kept.items) == Set(offered))
        #expect(kept[identifier: "m300"] == nil)
    }

    @Test func aReplacedItemIsTheNewOneAndRemovalsKeepTheRest() {
        var kept = KeptItems((0..<100).map { item($0) })
        kept.insert(item(5, text: "заменено"))
        #expect(kept.count == 100)
        #expect(kept[identifier: "m5"]?.text == "заменено")
        // The first, a middle and the last position taken out: every other one still found.
        kept.remove(identifiers: ["m0", "m50", "m99", "absent"])
        #expect(kept.count == 97)
        for number in 0..<100 {
            let found = kept[identifier: "m\(number)"]
            if [0, 50, 99].contains(number) {
                #expect(found == nil)
            } else {
                #expect(found?.identifier == "m\(number)", "m\(number)")
            }
        }
    }

    @Test func aDomainIsTakenOutWhole() {
        var kept = KeptItems((0..<60).map { item($0, domain: $0 % 3 == 0 ? "archive" : ($0 % 3 == 1 ? nil : "inbox")) })
        kept.remove(domains: ["archive"])
        #expect(kept.count == 40)
        #expect(kept.items.allSatisfy { $0.domain != "archive" })
    }

    @Test func itemsReplacedAgainAndAgainLeaveTheBufferBounded() {
        var kept = KeptItems((0..<50).map { item($0) })
        let live = kept.byteCount
        for round in 0..<40 {
            for number in 0..<50 { kept.insert(item(number, text: "round \(round)")) }
        }
        #expect(kept.count == 50)
        #expect(kept.items.allSatisfy { $0.text == "round 39" })
        #expect(kept.byteCount < 3 * live + 8192, "\(kept.byteCount) bytes for \(live) live")
    }
}
