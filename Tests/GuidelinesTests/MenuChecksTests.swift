import Foundation
import Testing

@testable import Guidelines

func act(_ t: String, _ id: String? = nil) -> MenuNode { .action(.init(title: t, identifier: id)) }
func group(_ c: [MenuNode]) -> MenuNode { .menu(.init(title: "", isInline: true, children: c)) }
func sub(_ t: String, _ c: [MenuNode]) -> MenuNode { .menu(.init(title: t, children: c)) }

@Suite struct MenuChecksTests {
    let checks = MenuChecks()
    let ctx = MenuContext(location: ["Mail", "Inbox", "Встреча завтра"])

    func rules(_ children: [MenuNode], _ c: MenuContext? = nil) -> [String] {
        checks.check(children, c ?? ctx).map(\.rule)
    }

    @Test func aGoodMenuHasNoFindings() throws {
        let menu = [
            group([act("Reply", "reply"), act("Forward", "forward")]),
            group([act("Flag", "flag"), sub("Move to", [act("Archive"), act("Trash")])]),
            act("Delete", "delete"),
        ]
        #expect(checks.check(menu, ctx).isEmpty)
    }

    @Test func c5TooManyRowsButNotAtTheBound() throws {
        let twelve = (1...12).map { act("Command \($0)") }
        #expect(rules(twelve).isEmpty)
        #expect(rules(twelve + [act("Thirteen")]) == ["C5"])
        // A submenu of many counts as one row.
        #expect(rules(Array(twelve.dropLast()) + [sub("Move to", (1...20).map { act("Box \($0)") })]).isEmpty)
    }

    @Test func c5OffTopicCommandsOnContentItemsOnly() throws {
        #expect(rules([act("Reply"), act("Bold")]) == ["C5"])
        #expect(rules([act("Reply"), act("Mailbox Settings")]) == ["C5"])
        #expect(rules([act("Reply"), act("Настройки")]) == ["C5"])
        #expect(rules([act("Reply"), act("Bold")], MenuContext(location: ["Editor"], isContentItem: false)).isEmpty)
        #expect(rules([act("Reply"), act("Boldly go")]).isEmpty, "a word that merely starts the same is fine")
    }

    @Test func c6TitlesMustSayWhatIsInside() throws {
        #expect(rules([sub("", [act("A")])]) == ["C6"])
        #expect(rules([sub("Other", [act("A")])]) == ["C6"])
        #expect(rules([sub("Прочее", [act("A")])]) == ["C6"])
        #expect(rules([sub("Move this message to another mailbox now", [act("A")])]) == ["C6"])
        #expect(rules([sub("Move to", [act("A")])]).isEmpty)
        #expect(rules([sub("Переместить", [act("A")])]).isEmpty)
    }

    @Test func c7OneLevelOfSubmenus() throws {
        let nested = [sub("Share", [sub("Send via", [act("Mail")])])]
        let f = checks.check(nested, ctx)
        #expect(f.map(\.rule) == ["C7"])
        #expect(f[0].severity == .error)
        #expect(f[0].location == ["Mail", "Inbox", "Встреча завтра", "Share", "Send via"])
        // An inline group inside a submenu is not a second level.
        #expect(rules([sub("Share", [group([act("Mail"), act("Messages")]), act("Copy Link")])]).isEmpty)
    }

    @Test func c8TheMostUsedMustBeNearTheTop() throws {
        let menu = [act("Flag", "flag"), act("Mark", "mark"), act("Move", "move"), act("Reply", "reply")]
        var c = ctx
        c.usage = ["reply": 30, "flag": 2]
        #expect(rules(menu, c) == ["C8"])
        c.usage = ["move": 30, "flag": 2]
        #expect(rules(menu, c).isEmpty, "third row is among the first three")
        c.usage = ["reply": 3]
        #expect(rules(menu, c).isEmpty, "too few choices recorded to judge")
    }

    @Test func c9SeparatorsAndGroups() throws {
        #expect(rules([.separator, act("A")]) == ["C9"])
        #expect(rules([act("A"), .separator]) == ["C9"])
        #expect(rules([act("A"), .separator, .separator, act("B")]) == ["C9"])
        #expect(rules([act("A"), group([]), act("B")]) == ["C9"])
        #expect(rules([group([act("A")]), group([act("B")]), group([act("C")]), group([act("D")])]) == ["C9"])
        #expect(
            checks.check([group([act("A")]), group([act("B")]), group([act("C")]), group([act("D")])], ctx)[0].severity
                == .warning)
        #expect(rules([group([act("A")]), group([act("B")]), group([act("C")])]).isEmpty)
        #expect(rules([act("A"), .separator, act("B")]).isEmpty)
    }

    @Test func c11NoOpenBesideAPreview() throws {
        #expect(rules([act("Open"), act("Reply")]) == ["C11"])
        #expect(rules([act("Открыть"), act("Ответить")]) == ["C11"])
        #expect(rules([act("Open in New Window"), act("Reply")]).isEmpty)
        #expect(rules([act("Open"), act("Reply")], MenuContext(location: ["x"], hasPreview: false)).isEmpty)
        var c = ctx
        c.previewCommitIdentifier = "show-message"
        #expect(rules([act("Read", "show-message")], c) == ["C11"])
    }
}

@Suite struct MenuFileTests {
    let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Menus")

    @Test func theExampleMenuPasses() throws {
        let f = try MenuFile.read(dir.appendingPathComponent("mail-message.json").path)
        #expect(f.title == "Message")
        #expect(f.context.usage["reply"] == 40)
        #expect(MenuChecks().check(f.children, f.context).isEmpty)
    }

    @Test func theBrokenMenuBreaksWhatItShould() throws {
        let f = try MenuFile.read(dir.appendingPathComponent("broken-menu.json").path)
        let rules = Set(MenuChecks().check(f.children, f.context).map(\.rule))
        #expect(rules == ["C5", "C6", "C7", "C9", "C11"])
    }

    @Test func syntaxErrorsGiveLineAndColumn() throws {
        let bad = Data(
            "{\n  \"title\": \"A\",\n  \"children\": [\n    {\"type\": \"action\" \"title\": \"B\"}\n  ]\n}".utf8)
        do {
            _ = try MenuFile.parse(bad, path: "m.json")
            Issue.record("parsed")
        } catch {
            #expect(error.line == 4)
            #expect(error.description.hasPrefix("m.json:4:"))
        }
    }

    @Test func schemaErrorsNameThePlace() throws {
        do {
            _ = try MenuFile.parse(Data("{\"children\": [{\"type\": \"action\"}]}".utf8), path: "m.json")
            Issue.record("parsed")
        } catch {
            #expect(error.description == "m.json:1:15: children[0].title: an action needs a title")
        }
        #expect(throws: MenuFile.ReadError.self) { try MenuFile.read("/nonexistent/menu.json") }
    }
}

@Suite struct WindowAndElementChecksTests {
    @Test func w6AuxiliaryWindowsCloseWithDoneOrClose() throws {
        let ok = WindowNode(app: "Mail", title: "Встреча", role: .auxiliary, closingButton: "Готово", tools: ["Reply"])
        #expect(WindowChecks().check([ok]).isEmpty)
        let back = WindowNode(app: "Mail", title: "M", role: .auxiliary, closingButton: "Back", tools: [])
        #expect(WindowChecks().check([back]).map(\.rule) == ["W6"])
        let none = WindowNode(app: "Mail", title: "M", role: .auxiliary, closingButton: nil, tools: [])
        #expect(WindowChecks().check([none]).map(\.severity) == [.error])
        var closes = ok
        closes.backButtonCloses = true
        #expect(WindowChecks().check([closes]).map(\.rule) == ["W6"])
        let primary = WindowNode(app: "Mail", title: "Inbox", role: .primary, closingButton: nil, tools: [])
        #expect(WindowChecks().check([primary]).isEmpty, "primary windows need no closing button")
    }

    @Test func w5AuxiliaryRepeatsPrimaryTools() throws {
        let primary = WindowNode(
            app: "Mail", title: "Inbox", role: .primary, closingButton: nil, tools: ["New Mailbox", "Edit", "Compose"])
        let aux = WindowNode(
            app: "Mail", title: "M", role: .auxiliary, closingButton: "Done", tools: ["Reply", "New Mailbox"])
        let f = WindowChecks().check([primary, aux])
        #expect(f.map(\.rule) == ["W5"])
        #expect(f[0].message.contains("\"New Mailbox\""))
        let fine = WindowNode(
            app: "Mail", title: "M", role: .auxiliary, closingButton: "Done", tools: ["Reply", "Flag"])
        #expect(WindowChecks().check([primary, fine]).isEmpty)
    }

    @Test func c4AndC10() throws {
        let rows = (1...3).map {
            ElementNode(location: ["Mail", "row \($0)"], kind: "message-row", hasContextMenu: $0 != 2)
        }
        let f = ElementChecks().check(rows)
        #expect(f.map(\.rule) == ["C4"])
        #expect(f[0].location == ["Mail", "row 2"])
        #expect(
            ElementChecks().check(
                rows.map {
                    var r = $0
                    r.hasContextMenu = false
                    return r
                }
            ).isEmpty)
        let body = ElementNode(location: ["Mail", "body"], kind: "text", hasContextMenu: true, hasEditMenu: true)
        #expect(ElementChecks().check([body]).map(\.rule) == ["C10"])
    }

    @Test func reportsPrintErrorsFirstAndAsJSON() throws {
        let r = Report([
            Finding(rule: "C9", severity: .warning, location: ["a"], message: "m"),
            Finding(rule: "C7", severity: .error, location: ["b"], message: "n"),
            Finding(rule: "C7", severity: .error, location: ["b"], message: "n"),
        ])
        #expect(r.findings.map(\.rule) == ["C7", "C9"])
        #expect(r.text.hasSuffix("1 errors, 1 warnings"))
        #expect(r.json.contains("\"rule\" : \"C7\""))
    }
}
