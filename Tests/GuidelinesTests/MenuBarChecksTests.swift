import Foundation
import Graphics
import Mail
import Menus
import Scenes
import Testing
import UI

@testable import Guidelines

/// Each menu bar rule with a menu bar that breaks it and the nearest one that keeps it.
@Suite struct MenuBarChecksTests {
    let checks = MenuBarChecks()
    let here = ["Mail", "Inbox"]

    func shortcut(_ t: String, _ id: String, _ key: String?) -> MenuNode {
        var a = MenuNode.ActionNode(title: t, identifier: id)
        a.shortcut = key
        return .action(a)
    }

    func menu(_ t: String, _ c: [MenuNode]) -> MenuNode.SubmenuNode { .init(title: t, children: c) }

    func rules(_ menus: [MenuNode.SubmenuNode], context: [MenuBarChecks.ContextCommand] = []) -> [String] {
        checks.check(menus, location: here, contextCommands: context).map(\.rule)
    }

    /// A good menu bar: no finding.
    var mailBar: [MenuNode.SubmenuNode] {
        [
            menu("File", [shortcut("New Message", "new-message", "ctrl+n")]),
            menu(
                "Message",
                [
                    group([shortcut("Reply", "reply", "ctrl+r"), shortcut("Reply All", "reply-all", "ctrl+shift+r")]),
                    group([sub("Move to", [act("Archive", "move.archive"), act("Inbox", "move.inbox")])]),
                    shortcut("Delete", "delete", "ctrl+backspace"),
                ]),
        ]
    }

    @Test func aGoodMenuBarHasNoFindings() {
        #expect(checks.check(mailBar, location: here).isEmpty)
    }

    @Test func m1NoEmptyMenu() {
        #expect(rules(mailBar + [menu("Mailbox", [])]) == ["M1"])
        // Hidden commands and empty groups are no commands.
        var hidden = MenuNode.ActionNode(title: "Mark All as Read", identifier: "mark-all-read")
        hidden.isHidden = true
        #expect(rules(mailBar + [menu("Mailbox", [group([]), .action(hidden)])]) == ["M1"])
        // One command, even greyed, keeps it.
        var greyed = hidden
        greyed.isHidden = false
        greyed.isDisabled = true
        #expect(rules(mailBar + [menu("Mailbox", [.action(greyed)])]).isEmpty)
    }

    @Test func m2EveryContextCommandIsInTheMenuBar() {
        let flag = MenuBarChecks.ContextCommand(identifier: "flag", title: "Flag", location: ["Mail", "Inbox", "Row"])
        let reply = MenuBarChecks.ContextCommand(
            identifier: "reply", title: "Reply", location: ["Mail", "Inbox", "Row"])
        let findings = checks.check(mailBar, location: here, contextCommands: [reply, flag])
        #expect(findings.map(\.rule) == ["M2"])
        #expect(findings.first?.message.contains("Flag") ?? false)
        // The same command, by identifier, anywhere in the bar (a submenu's too) keeps the rule.
        let archive = MenuBarChecks.ContextCommand(
            identifier: "move.archive", title: "Archive", location: ["Mail", "Inbox", "Row", "Move to"])
        #expect(rules(mailBar, context: [reply, archive]).isEmpty)
    }

    @Test func m3NoSharedShortcut() {
        var bar = mailBar
        bar[1].children.append(shortcut("Forward", "forward", "ctrl+r"))
        #expect(rules(bar) == ["M3"])
        // The same letter with another modifier is another shortcut.
        bar[1].children[3] = shortcut("Forward", "forward", "ctrl+shift+f")
        #expect(rules(bar).isEmpty)
        // The system's own shortcuts are not the app's to take.
        bar[1].children[3] = shortcut("Forward", "forward", "ctrl+w")
        #expect(rules(bar) == ["M3"])
    }

    @Test func m4TitlesAreVerbs() {
        var bar = mailBar
        bar[1].children.append(act("Attachments", "attachments"))
        #expect(rules(bar) == ["M4"])
        bar[1].children[3] = act("Save Attachments", "attachments")
        #expect(rules(bar).isEmpty)
        // A submenu's title too; the targets inside a submenu (mailboxes) and toggles are not commands.
        bar[1].children[3] = sub("Mailboxes", [act("Inbox", "go.inbox")])
        #expect(rules(bar) == ["M4"])
        bar[1].children[3] = sub("Go to", [act("Inbox", "go.inbox")])
        #expect(rules(bar).isEmpty)
        var toggle = MenuNode.ActionNode(title: "Bold", identifier: "bold")
        toggle.state = "on"
        #expect(rules(bar + [menu("Format", [.action(toggle)])]).isEmpty)
    }

    @Test func m5SubmenusOneLevel() {
        var bar = mailBar
        bar[1].children[1] = group([sub("Move to", [sub("Work", [act("Projects", "move.projects")])])])
        #expect(rules(bar) == ["M5"])
        // Inline groups inside a submenu are not levels.
        bar[1].children[1] = group([sub("Move to", [group([act("Projects", "move.projects")])])])
        #expect(rules(bar).isEmpty)
    }

    /// Mail's real menu bar, window by window, keeps every rule — with M2 against its context menus.
    @MainActor @Test func mailKeepsTheMenuBarRules() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("slate-mb-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let library = try MailLibrary.open(
            root: root, writeSampleIfEmpty: true, now: { Date(timeIntervalSince1970: 1_795_000_000) })
        let system = LocalSceneSystem(application: MailApp(library: library))
        _ = system.restore()
        for scene in system.connectedScenes {
            scene.windowView.frame = Rect(0, 0, 1194, 834)
            scene.windowView.layoutIfNeeded()
        }
        let report = Guidelines.check(system)
        #expect(report.findings.filter { $0.rule.hasPrefix("M") }.isEmpty, "\(report.text)")
        // And the bar has what the menu bar needs of it.
        let scene = try #require(system.connectedScenes.first)
        let bar = scene.menuBarBuilder().menuBar
        let ids = Set(bar.commands.map(\.action.identifier))
        for id in ["new-message", "reply", "reply-all", "forward", "flag", "mark-read", "delete", "mark-all-read"] {
            #expect(ids.contains(id), "\(id)")
        }
    }
}

extension MenuBarChecksTests {
    /// A title in Russian is read in its English form for M4: the verb list is English.
    @Test func m4ReadsTheEnglishTitle() {
        var reply = MenuNode.ActionNode(title: "Ответить", identifier: "reply")
        reply.englishTitle = "Reply"
        #expect(rules([menu("Сообщение", [.action(reply)])]).isEmpty)
        reply.englishTitle = "Attachments"
        #expect(rules([menu("Сообщение", [.action(reply)])]) == ["M4"])
    }
}
