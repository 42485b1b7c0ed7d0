import Foundation
import Graphics
import Testing
import UI

@testable import Mail
@testable import MailStore

/// A mailbox's unread count in the sidebar: all of it, grouped, as iPadOS's Mail writes it.
@MainActor @Suite struct MailboxCountTests {
    @Test(arguments: [(66_667, "66,667"), (200_000, "200,000"), (1_234_567, "1,234,567"), (12, "12")])
    func aLargeCountIsShownWholeAndGrouped(count: Int, shown: String) throws {
        let row = MailboxRowView()
        let inbox = Mailbox(inboxAt: URL(fileURLWithPath: "/tmp/m"))
        row.configure(inbox, unread: count)
        row.frame = Rect(0, 0, 320, MailboxRowView.height)
        row.layoutIfNeeded()
        #expect(row.count.text == shown)
        let needed = row.count.sizeThatFits(Size(1000, MailboxRowView.height)).width
        #expect(row.count.frame.width >= needed, "not cut into \"666…\"")
        #expect(row.name.frame.maxX <= row.count.frame.minX, "the name gives way")
        #expect(row.accessibilityValue == "\(shown) unread")
    }
}
