import Foundation
import Graphics
import Host
import SlateTesting
import Testing
@_spi(Testing) import UI

@testable import Shell
@testable import SlateScripts

/// The question about a program's privilege, as the person sees and answers it.
@MainActor @Suite struct PermissionAlertTests {
    /// The alert over the Home screen in English and Russian, light and dark: the question with the
    /// program's name, why it matters, Don't Allow and Allow.
    @Test(arguments: [("en", "light"), ("ru", "dark")])
    func theQuestionIsAskedAsIOSAsks(language: String, appearance: String) throws {
        let w = world()
        try run(w, "locale \(language)\nappearance \(appearance)")
        w.shell.askPermission(program: "grim", privilege: .screen) { _ in }
        w.host.run(for: 0.1)
        let alert = try #require(w.shell.permissionAlert)
        #expect(alert.accessibilityLabel?.contains("grim") == true)
        expectReference(w.host.frame(), "permission-screen-\(language)-\(appearance)")
    }

    /// Allow answers true, Don't Allow false; a second question waits for the first, and the same
    /// question is not asked twice while it waits.
    @Test func answersComeBackAndQuestionsWaitTheirTurn() throws {
        let w = world()
        var answers: [String] = []
        w.shell.askPermission(program: "wl-paste", privilege: .clipboard) { answers.append("clipboard \($0)") }
        w.shell.askPermission(program: "wl-paste", privilege: .clipboard) { answers.append("again \($0)") }
        w.shell.askPermission(program: "grim", privilege: .screen) { answers.append("screen \($0)") }
        w.host.run(for: 0.1)
        let first = try #require(w.shell.permissionAlert)
        w.host.tap(at: first.allow.convert(first.allow.bounds.center, to: nil))
        w.host.run(for: 0.1)
        let second = try #require(w.shell.permissionAlert, "the second question")
        #expect(second !== first)
        w.host.tap(at: second.deny.convert(second.deny.bounds.center, to: nil))
        w.host.run(for: 0.1)
        #expect(w.shell.permissionAlert == nil)
        #expect(answers == ["clipboard true", "screen false"])
    }
}
