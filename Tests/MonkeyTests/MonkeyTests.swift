import Foundation
import Graphics
import Host
import Mail
import MailStore
import Scenes
import Shell
import SlateTesting
import Testing
import UI

@testable import Menus

/// A monkey: seeded random input — taps, holds, drags, secondary clicks, keys, scrolls, text — on the
/// whole system (the shell with Mail on a sample Maildir) on the headless host, with the system's
/// invariants checked after every step. A failure names its seed and step and how to replay it:
///
///     SLATE_MONKEY_SEED=7 SLATE_MONKEY_STEPS=900 swift test --filter MonkeyTests
@MainActor @Suite(.serialized) struct MonkeyTests {
    /// The seeds `make test` runs, and their steps each.
    static let seeds: [UInt64] = [1, 2, 3]
    static let steps = 700

    @Test func seededRandomInputBreaksNoInvariant() throws {
        let env = ProcessInfo.processInfo.environment
        let seeds = env["SLATE_MONKEY_SEED"].flatMap { UInt64($0) }.map { [$0] } ?? Self.seeds
        let steps = env["SLATE_MONKEY_STEPS"].flatMap { Int($0) } ?? Self.steps
        for seed in seeds {
            let monkey = try Monkey(seed: seed)
            defer { monkey.finish() }
            if let failure = monkey.run(steps: steps) {
                Issue.record(Comment(rawValue: failure))
                return
            }
        }
    }
}

/// A small deterministic generator (SplitMix64): the same seed, the same steps.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@MainActor final class Monkey {
    enum Step: CustomStringConvertible {
        case tap(Point)
        case hold(Point, Double)
        case drag(Point, Point, lifted: Bool)
        case secondaryClick(Point)
        case key(String)
        case scroll(Point, Double)
        case type(String)
        case wait(Double)
        /// A key pressed while a finger is down (Ctrl+H or Ctrl+W in the middle of a tap).
        case keyDuringTouch(Point, String)

        var description: String {
            func p(_ q: Point) -> String { "\(Int(q.x)),\(Int(q.y))" }
            switch self {
            case .tap(let q): return "tap \(p(q))"
            case .hold(let q, let d): return "hold \(p(q)) for \(d)s"
            case .drag(let a, let b, let lifted): return "drag \(p(a)) to \(p(b))\(lifted ? " (lifted)" : "")"
            case .secondaryClick(let q): return "secondary-click \(p(q))"
            case .key(let k): return "key \(k)"
            case .scroll(let q, let dy): return "scroll \(p(q)) by \(Int(dy))"
            case .type(let t): return "type \"\(t)\""
            case .wait(let d): return "wait \(d)s"
            case .keyDuringTouch(let q, let k): return "touch \(p(q)), key \(k), lift"
            }
        }
    }

    static let keys = [
        "escape", "ctrl+n", "ctrl+w", "ctrl+h", "ctrl+up", "tab", "shift+tab", "down", "up", "left", "right", "return",
        "shift+f10", "menu", "a", "space",
    ]
    static let texts = ["hello", "Привет", "a", "😀 x", "\u{7}\u{0}"]

    let seed: UInt64
    var rng: SplitMix64
    let folder: URL
    let maildir: URL
    let stateHome: URL
    let mail: MailApp
    let world: ShellWorld
    var mailLog: [String] = []
    let originalMessages: Set<String>
    var recent: [String] = []

    init(seed: UInt64) throws {
        self.seed = seed
        rng = SplitMix64(state: seed)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("slate-monkey-\(getpid())-\(seed)")
        try? FileManager.default.removeItem(at: folder)
        maildir = folder.appendingPathComponent("mail")
        stateHome = folder.appendingPathComponent("state")
        let library = try MailLibrary.open(
            root: maildir, writeSampleIfEmpty: true, now: { Date(timeIntervalSince1970: 1_795_000_000) })
        let app = MailApp(library: library)
        mail = app
        world = ShellWorld(catalog: ["Mail": { app }], stateHome: stateHome)
        originalMessages = Self.messageNames(maildir)
        world.shell.environment.errors.log = { [weak self] line in self?.mailLog.append(line) }
        try world.launch("Mail", restoring: false)
        world.host.run(for: 0.5)
    }

    func finish() {
        for a in world.shell.apps { a.runtime.terminate() }
        try? FileManager.default.removeItem(at: folder)
    }

    var host: HeadlessHost { world.host }
    var shell: Shell { world.shell }

    /// Runs `steps` random steps; returns the report of the first broken invariant, if any.
    func run(steps: Int) -> String? {
        for n in 1...steps {
            let step = next()
            recent.append("\(n): \(step)")
            if recent.count > 12 { recent.removeFirst() }
            perform(step)
            advance(Double(Int.random(in: 0...12, using: &rng)) / 120)
            if n % Self.drawEvery == 0 { host.frame() }
            let broken = violations()
            if !broken.isEmpty {
                return """
                    monkey seed \(seed), step \(n): \(broken.joined(separator: "; "))
                    last steps:
                      \(recent.joined(separator: "\n  "))
                    replay: SLATE_MONKEY_SEED=\(seed) SLATE_MONKEY_STEPS=\(n) swift test --filter MonkeyTests
                    """
            }
        }
        return nil
    }

    // MARK: Steps

    func point() -> Point {
        let b = shell.bounds
        if Int.random(in: 0..<2, using: &rng) == 0 {
            let targets = Self.elements(in: host.root).filter { v in
                let r = v.convert(v.bounds, to: nil)
                return r.width > 0 && r.height > 0 && r.midX >= 0 && r.midY >= 0 && r.midX < b.width
                    && r.midY < b.height
            }
            if let v = targets.randomElement(using: &rng) {
                let r = v.convert(v.bounds, to: nil)
                return Point(r.midX, r.midY)
            }
        }
        return Point(Double.random(in: 0..<b.width, using: &rng), Double.random(in: 0..<b.height, using: &rng))
    }

    func next() -> Step {
        let b = shell.bounds
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<35: return .tap(point())
        case 35..<45: return .hold(point(), Double(Int.random(in: 2...9, using: &rng)) / 10)
        case 45..<55:
            let a = point()
            let to: Point
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: to = Point(8, b.midY)
            case 1: to = Point(b.width - 8, b.midY)
            case 2: to = Point(a.x, 4)
            default: to = point()
            }
            return .drag(a, to, lifted: Bool.random(using: &rng))
        case 55..<58: return .drag(Point(b.midX, b.height - 2), Point(b.midX, b.height - 160), lifted: false)
        case 58..<65: return .secondaryClick(point())
        case 65..<85: return .key(Self.keys.randomElement(using: &rng) ?? "escape")
        case 85..<92: return .scroll(point(), Double(Int.random(in: -800...800, using: &rng)))
        case 92..<95:
            return .keyDuringTouch(
                point(), ["ctrl+h", "ctrl+w", "escape", "ctrl+up"].randomElement(using: &rng) ?? "ctrl+h")
        case 95..<97: return .type(Self.texts.randomElement(using: &rng) ?? "a")
        default: return .wait(Double(Int.random(in: 1...10, using: &rng)) / 10)
        }
    }

    /// Every this many steps a frame is drawn (Cairo, text, blur), so drawing is exercised too; the
    /// frames between are laid out and animated but not drawn, which keeps the monkey fast.
    static let drawEvery = 10

    /// Advances the virtual clock frame by frame, running layout, animations and timers, not drawing.
    func advance(_ seconds: Double) {
        var left = seconds
        while left > 1e-9 {
            let step = min(HeadlessHost.frameInterval, left)
            host.clock.advance(by: step)
            left -= step
            host.root.prepareFrame()
            _ = host.root.takeDamage(scale: host.scale)
        }
    }

    func perform(_ step: Step) {
        switch step {
        case .tap(let p):
            let id = host.touchDown(at: p)
            advance(0.05)
            host.touchUp(id, at: p)
        case .hold(let p, let d):
            let id = host.touchDown(at: p)
            advance(d)
            host.touchUp(id, at: p)
        case .drag(let a, let b, let lifted):
            let id = host.touchDown(at: a)
            advance(lifted ? 0.65 : 0.02)
            let frames = 12
            for i in 1...frames {
                advance(0.3 / Double(frames))
                let t = Double(i) / Double(frames)
                host.touchMove(id, to: Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t))
            }
            advance(0.1)
            host.touchUp(id, at: b)
        case .secondaryClick(let p): host.root.dispatcher.handle(PointerEvent.secondaryClick(p))
        case .key(let k): if let press = KeyPress(parsing: k) { _ = host.root.dispatcher.handle(press) }
        case .scroll(let p, let dy): host.root.dispatcher.handle(PointerEvent.scroll(p, dx: 0, dy: dy))
        case .type(let t): _ = host.root.dispatcher.handleText(t)
        case .wait(let d): advance(d)
        case .keyDuringTouch(let p, let k):
            let id = host.touchDown(at: p)
            advance(0.03)
            if let press = KeyPress(parsing: k) { _ = host.root.dispatcher.handle(press) }
            advance(0.03)
            host.touchUp(id, at: p)
        }
    }

    /// The views a person can find by sight: visible, labelled.
    static func elements(in root: View) -> [View] {
        var out: [View] = []
        func walk(_ v: View) {
            guard !v.isHidden, v.alpha > 0 else { return }
            if v.accessibilityLabel != nil { out.append(v) }
            for s in v.subviews { walk(s) }
        }
        walk(root)
        return out
    }

    // MARK: Invariants

    func violations() -> [String] {
        var out: [String] = []
        let runtimes = shell.apps.map(\.runtime)
        func isLive(_ id: String) -> Bool { runtimes.contains { $0.session(withIdentifier: id) != nil } }
        // One focused window, and it is live.
        let active = runtimes.flatMap(\.connectedScenes).filter { $0.activationState == .foregroundActive }
        if active.count > 1 { out.append("\(active.count) scenes are active at once") }
        if let f = shell.focusedWindow, !isLive(f) { out.append("the focused window \(f) has no live session") }
        // Every window on screen belongs to a live session.
        for id in shell.visibleWindows where !isLive(id) {
            out.append("window \(id) is on screen with no live session")
        }
        // A menu is open only with a live interaction whose view is on screen.
        for case let overlay as ContextMenuOverlay in host.root.subviews where overlay.isActive {
            guard let interaction = overlay.interaction, let view = interaction.view else {
                out.append("a menu is open with no interaction")
                continue
            }
            if !view.isDescendant(of: host.root) { out.append("a menu is open for a view no longer on screen") }
            if interaction.overlay !== overlay { out.append("a menu is open that its interaction does not know") }
        }
        // No message file vanished (moves and the Trash are fine).
        let missing = originalMessages.subtracting(Self.messageNames(maildir))
        if !missing.isEmpty { out.append("message files vanished: \(missing.sorted().prefix(3))") }
        // Nothing Mail asked of the system was refused (the orphaned requests of Ctrl+H).
        if !mailLog.isEmpty {
            out.append("Mail logged: \(mailLog.joined(separator: " | "))")
            mailLog = []
        }
        // The state on disk always loads, with nothing set aside.
        var problems: [String] = []
        if let store = try? RestorationStore(appIdentifier: mail.identifier, stateHome: stateHome, log: { _ in }) {
            problems = store.load().problems
        } else {
            problems = ["the state folder cannot be opened"]
        }
        if !problems.isEmpty {
            out.append("the saved state does not load cleanly: \(problems.joined(separator: " | "))")
        }
        return out
    }

    /// The unique names (before the `:2,` info) of every message file in the Maildir's folders.
    static func messageNames(_ root: URL) -> Set<String> {
        var out = Set<String>()
        let fm = FileManager.default
        var folders = [root.path]
        for name in (try? fm.contentsOfDirectory(atPath: root.path)) ?? [] where name.hasPrefix(".") {
            folders.append(root.path + "/" + name)
        }
        for f in folders {
            for sub in ["cur", "new"] {
                for name in (try? fm.contentsOfDirectory(atPath: f + "/" + sub)) ?? [] {
                    out.insert(String(name.split(separator: ":", maxSplits: 1).first ?? Substring(name)))
                }
            }
        }
        return out
    }
}
