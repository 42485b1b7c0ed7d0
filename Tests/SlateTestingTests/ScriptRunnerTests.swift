import Foundation
import Graphics
import Host
import SlateTesting
import Testing
import UI

@testable import SlateScripts

@MainActor final class Pad: RootView {
    let ok = Button(title: "Готово")
    let field = Button(title: "Поле")
    let hidden = Label("Скрыто")
    var log: [String] = []

    init() {
        super.init(size: Size(600, 400), clock: VirtualClock())
        backgroundColor = .systemBackground
        ok.frame = Rect(20, 20, 120, 44)
        ok.action = { [unowned self] in log.append("ok") }
        field.frame = Rect(20, 80, 120, 44)
        hidden.frame = Rect(20, 140, 100, 20)
        hidden.isHidden = true
        addSubview(ok)
        addSubview(field)
        addSubview(hidden)
        let hold = LongPressGestureRecognizer { [unowned self] g in if g.state == .began { log.append("held") } }
        field.addGestureRecognizer(hold)
    }
}

@MainActor @Suite struct ScriptRunnerTests {
    func runner() -> (Pad, ScriptRunner) {
        let pad = Pad()
        let host = HeadlessHost(root: pad, clock: pad.clock as! VirtualClock, scale: 1)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("slate-script-\(UUID())")
        return (pad, ScriptRunner(world: ViewWorld(host: host), outputDirectory: out))
    }

    @Test func stepsActAsAPersonWould() throws {
        let (pad, r) = runner()
        let script = try ScriptParser.parse(
            """
            tap "Готово"
            hold "Поле" for 0.7s
            expect visible "Готово"
            expect not visible "Скрыто"
            key tab
            expect focused "Готово"
            key return
            """, source: "ok.slate")
        try r.run(script)
        #expect(pad.log == ["ok", "held", "ok"])
    }

    @Test func aFailingStepSaysWhereWhatAndShowsTheScreen() throws {
        let (_, r) = runner()
        let script = try ScriptParser.parse(
            "tap \"Готово\"\nexpect visible \"Скрыто\"\ntap \"Готово\"", source: "fail.slate")
        do {
            try r.run(script)
            Issue.record("the script passed")
        } catch {
            #expect(error.line == 2)
            #expect(error.step == "expect visible \"Скрыто\"")
            #expect(error.expected == "\"Скрыто\" visible")
            #expect(error.found == "not visible")
            let shot = try #require(error.screenshot)
            #expect(FileManager.default.fileExists(atPath: shot))
        }
    }

    @Test func aMissingElementListsWhatIsThere() throws {
        let (_, r) = runner()
        let script = try ScriptParser.parse("tap \"Отмена\"", source: "m.slate")
        do {
            try r.run(script)
            Issue.record("the script passed")
        } catch {
            #expect(error.expected == "an element labelled \"Отмена\" on screen")
            #expect(error.found.contains("\"Готово\"") && error.found.contains("\"Поле\""))
        }
    }

    @Test func shellStepsSayWhatTheyNeed() throws {
        let (_, r) = runner()
        let script = try ScriptParser.parse("launch Mail", source: "s.slate")
        do {
            try r.run(script)
            Issue.record("the script passed")
        } catch {
            #expect(error.found == "'launch' needs the shell, which hosts apps")
        }
    }

    @Test func snapshotsAreWrittenAndCompared() throws {
        let (pad, r) = runner()
        let refs = r.outputDirectory.appendingPathComponent("refs")
        r.referenceDirectory = refs
        r.updateSnapshots = true
        try r.run(try ScriptParser.parse("snapshot pad", source: "p.slate"))
        #expect(FileManager.default.fileExists(atPath: refs.appendingPathComponent("pad.png").path))
        r.updateSnapshots = false
        try r.run(try ScriptParser.parse("snapshot pad", source: "p.slate"))
        pad.ok.title = "Изменено"
        #expect(throws: ScriptFailure.self) { try r.run(try ScriptParser.parse("snapshot pad", source: "p.slate")) }
    }
}

@MainActor @Suite struct TourTests {
    @Test func captionedSnapshotsBecomeAnIndexedTour() throws {
        let pad = Pad()
        let host = HeadlessHost(root: pad, clock: pad.clock as! VirtualClock, scale: 1)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("slate-tour-\(UUID())")
        let r = ScriptRunner(world: ViewWorld(host: host), outputDirectory: dir.appendingPathComponent("work"))
        let tour = try TourWriter(directory: dir, title: "Tour <test>")
        r.onSnapshot = { name, image, caption in
            try? tour.add(image, name: name, rule: caption?.rule ?? "", caption: caption?.text ?? "")
        }
        try r.run(try ScriptParser.parse("caption C3 \"Hold & see\"\nsnapshot first\nsnapshot second", source: "t"))
        let index = try tour.finish()
        let html = try String(contentsOfFile: index, encoding: .utf8)
        #expect(tour.frames.map(\.file) == ["01-first.png", "02-second.png"])
        #expect(html.contains("<span class=\"rule\">C3</span>Hold &amp; see"))
        #expect(html.contains("Tour &lt;test&gt;"))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("02-second.png").path))
    }
}

@MainActor @Suite struct SnapshotStepTests {
    @Test func aSnapshotWithNoReferenceFailsUntilRecordedThenMatches() throws {
        let pad = Pad()
        let host = HeadlessHost(root: pad, clock: pad.clock as! VirtualClock, scale: 1)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("slate-snap-\(UUID())")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = ScriptRunner(
            world: ViewWorld(host: host), outputDirectory: dir.appendingPathComponent("out"),
            referenceDirectory: dir.appendingPathComponent("refs"))
        let script = try ScriptParser.parse("snapshot pad", source: "t")
        #expect(throws: ScriptFailure.self) { try r.run(script) }
        r.updateSnapshots = true
        try r.run(script)
        r.updateSnapshots = false
        try r.run(script)
        // Something a person would see changed: it fails again.
        pad.ok.title = "Отмена"
        #expect(throws: ScriptFailure.self) { try r.run(script) }
    }
}
