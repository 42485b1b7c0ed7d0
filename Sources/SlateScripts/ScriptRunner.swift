import Foundation
import Graphics
import Host
import Rendering
import UI

/// Why a step failed: where, what was expected, what was found, and a picture of the screen then.
public struct ScriptFailure: Error, CustomStringConvertible {
    public var source: String
    public var line: Int
    public var step: String
    public var expected: String
    public var found: String
    /// A PNG of the screen at the moment of failure, when one could be written.
    public var screenshot: String?

    public var description: String {
        var s = "\(source):\(line): step failed: \(step)\n  expected: \(expected)\n  found:    \(found)"
        if let screenshot { s += "\n  screen:   \(screenshot)" }
        return s
    }
}

/// Runs scripts on a headless host, on the virtual clock: the same script gives the same result.
@MainActor public final class ScriptRunner {
    public let world: any ScriptWorld
    /// Where snapshots and failure pictures go.
    public var outputDirectory: URL
    /// Where reference pictures for `snapshot` steps are; a snapshot with none there fails. Nil: no
    /// comparison (the tour).
    public var referenceDirectory: URL?
    /// The folder `expect file` steps' relative paths start from (the run's documents folder).
    public var filesRoot: URL?
    /// Write references instead of comparing.
    public var updateSnapshots = false
    /// Lines of progress, one per step (nil: quiet).
    public var log: ((String) -> Void)?
    /// Sees every snapshot with the caption given before it (the tour collects them).
    public var onSnapshot: ((_ name: String, _ image: PixelImage, _ caption: (rule: String, text: String)?) -> Void)?
    private var pendingCaption: (rule: String, text: String)?
    /// The modifier keys a `hold key` step holds, until the next step that acts.
    private var heldModifiers: KeyModifiers = []

    /// A modifier key held alone this long by default: past the keyboard shortcuts panel's delay.
    public static let defaultKeyHold = 1.2
    /// How long the swipe that shows the menu bar takes, and how far down it goes.
    public static let menuBarSwipe = (duration: 0.25, distance: 120.0)
    /// A `swipe` step: 300 pt in 0.15 s across the middle of the screen (a flick: 2,000 pt/s).
    public static let quickSwipe = (duration: 0.15, distance: 300.0)

    /// A touch held this long lifts an item for dragging (after its long press, as on iPad).
    public static let dragLift = 0.65
    /// The default hold: a little longer than the 0.5 s long press.
    public static let defaultHold = 0.6
    /// How long a drag's finger travels.
    public static let dragTravel = 0.5
    /// How long the finger rests over a drop target before lifting (targets light up meanwhile).
    public static let dragRest = 0.3
    /// How long the finger rests on an opened menu before sliding (its open animation is about 0.3 s).
    public static let menuSettle = 0.4
    /// The longest a step waits for animations to come to rest.
    public static let settleLimit = 3.0
    /// How long an `expect` step tries again, when the script's clock keeps to the real one (it
    /// waits on real programs, which answer when they answer), in seconds.
    public static let realClockExpectLimit = 10.0
    /// How often it tries again meanwhile, in seconds.
    public static let realClockExpectInterval = 0.1

    public init(world: any ScriptWorld, outputDirectory: URL, referenceDirectory: URL? = nil) {
        self.world = world
        self.outputDirectory = outputDirectory
        self.referenceDirectory = referenceDirectory
    }

    var host: HeadlessHost { world.host }

    /// Runs every step; stops at the first that fails.
    public func run(_ script: Script) throws(ScriptFailure) {
        settle()
        for step in script.steps {
            log?("\(script.source):\(step.line): \(step.text)")
            do {
                try perform(step.action)
            } catch let f as StepFailure {
                throw failure(script, step, expected: f.expected, found: f.found)
            } catch {
                throw failure(script, step, expected: "the step to be possible", found: "\(error)")
            }
        }
    }

    private func failure(_ script: Script, _ step: Script.Step, expected: String, found: String) -> ScriptFailure {
        var shot: String? = nil
        try? FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)
        let base = URL(fileURLWithPath: script.source).deletingPathExtension().lastPathComponent
        let path = outputDirectory.appendingPathComponent("\(base)-failure-line\(step.line).png").path
        if (try? PNG.write(host.frame(), to: path)) != nil { shot = path }
        return ScriptFailure(
            source: script.source, line: step.line, step: step.text, expected: expected, found: found, screenshot: shot)
    }

    struct StepFailure: Error {
        var expected: String
        var found: String
    }

    /// Runs frames until nothing moves (animations, timers), at most `settleLimit` seconds.
    public func settle() {
        var t = 0.0
        host.frame()
        while host.root.isSettling && t < Self.settleLimit && !host.root.dispatcher.hasTouches {
            host.run(for: HeadlessHost.frameInterval)
            t += HeadlessHost.frameInterval
        }
    }

    // MARK: Finding elements

    /// The views labelled `label` in a scope that a person could see and touch, frontmost first.
    func find(_ label: String, _ scope: Script.Scope) throws -> [View] {
        guard let scopeView = try world.scopeRoot(scope) else { return [] }
        var out: [View] = []
        for v in scopeView.allViews() where v.isAccessible && v.isVisibleOnScreen {
            // The keyboard's named keys answer to their names too (`shift`, `delete`, `return`…).
            if v.accessibilityLabelOrText == label || (scope == .keyboard && v.identifier == label) { out.append(v) }
        }
        // The one a touch at its centre would reach comes first.
        let root = host.root
        return out.sorted { a, b in
            let ha = root.hitTest(visibleCentre(a)).map { $0.isDescendant(of: a) } ?? false
            let hb = root.hitTest(visibleCentre(b)).map { $0.isDescendant(of: b) } ?? false
            return ha && !hb
        }
    }

    func visibleCentre(_ v: View) -> Point {
        var f = v.frameInRoot.intersection(host.root.bounds)
        var a = v.superview
        while let cur = a {
            if cur.clipsToBounds { f = f.intersection(cur.frameInRoot) }
            a = cur.superview
        }
        return f.isEmpty ? v.frameInRoot.center : f.center
    }

    func point(_ t: Script.Target) throws -> Point {
        switch t {
        case .point(let p): return p
        case .element(let label, let scope):
            guard let v = try find(label, scope).first else {
                let seen =
                    (try? world.scopeRoot(scope))??.accessibilityElements().map { "\"\($0.label)\"" }.prefix(12) ?? []
                throw StepFailure(
                    expected: "an element labelled \"\(label)\"\(scope.suffix) on screen",
                    found: seen.isEmpty ? "nothing labelled there" : "only \(seen.joined(separator: ", "))")
            }
            return visibleCentre(v)
        }
    }

    // MARK: Windows

    /// Where a person takes hold of the window titled `title`.
    func handles(_ title: String) throws -> WindowHandles {
        guard let g = try world.windowHandles(title: title) else {
            throw StepFailure(expected: "a window titled \"\(title)\" on the screen", found: "none")
        }
        return g
    }

    /// A finger drags from `a` to `b` at a walking pace, rests, and lifts (no flick).
    func slowDrag(from a: Point, to b: Point) {
        let id = host.touchDown(at: a)
        host.drag(id, from: a, to: b, duration: Self.dragTravel)
        host.run(for: Self.dragRest)
        host.touchUp(id, at: b)
        settle()
    }

    // MARK: Steps

    func perform(_ action: Script.Action) throws {
        guard host.keepsRealTime, action.isExpectation || (action.isSnapshot && !updateSnapshots) else {
            return try performOnce(action)
        }
        // Real programs answer on the real clock: an expectation (or a snapshot compared with its
        // reference) is looked at again until it holds or its time is up (the clock keeps to the
        // real one, so `run(for:)` lasts that long). A tap after it lands on what it looked for.
        var waited = 0.0
        while true {
            do {
                return try performOnce(action)
            } catch let failure as StepFailure {
                guard waited < Self.realClockExpectLimit else { throw failure }
                host.run(for: Self.realClockExpectInterval)
                waited += Self.realClockExpectInterval
            }
        }
    }

    private func performOnce(_ action: Script.Action) throws {
        // A held modifier is let go before the next step that acts (an expectation looks while held).
        if !heldModifiers.isEmpty, !action.isExpectation {
            switch action {
            case .snapshot, .caption, .holdKey: break
            default:
                heldModifiers = []
                host.modifiers([])
                settle()
            }
        }
        switch action {
        case .device(let name, let landscape):
            try world.setDevice(name, landscape: landscape)
            settle()
        case .appearance(let a):
            try world.setAppearance(a)
            settle()
        case .locale(let l):
            try world.setLanguage(Language(rawValue: l) ?? .en)
            settle()
        case .keyboard(let onScreen):
            try world.setKeyboard(onScreen: onScreen)
            settle()
        case .launch(let app, let restoring):
            try world.launch(app, restoring: restoring)
            settle()
        case .kill(let app):
            try world.kill(app)
            settle()
        case .tap(let t):
            let p = try point(t)
            host.tap(at: p)
            settle()
        case .hold(let t, let duration, let slide):
            let p = try point(t)
            let id = host.touchDown(at: p)
            host.run(for: duration ?? Self.defaultHold)
            if let slide {
                // A person looks at the open menu before sliding to a row.
                host.run(for: Self.menuSettle)
                let q = try point(slide)
                host.drag(id, from: p, to: q, duration: 0.3)
                host.touchUp(id, at: q)
            } else {
                host.touchUp(id, at: p)
            }
            settle()
        case .drag(let t, let dest, let resting):
            let p = try point(t)
            let q: Point
            switch dest {
            case .leftEdge: q = world.edgePoint(left: true)
            case .rightEdge: q = world.edgePoint(left: false)
            case .target(let target): q = try point(target)
            }
            let id = host.touchDown(at: p)
            host.run(for: Self.dragLift)
            host.drag(id, from: p, to: q, duration: Self.dragTravel)
            host.run(for: resting ?? Self.dragRest)
            host.touchUp(id, at: q)
            settle()
        case .secondaryClick(let t):
            host.pointer(.secondaryClick(try point(t)))
        case .middleClick(let t):
            host.pointer(.middleClick(try point(t)))
            settle()
        case .key(let spec):
            guard let press = KeyPress(parsing: spec) else {
                throw StepFailure(expected: "a key such as escape, down, return, ctrl+n", found: "'\(spec)'")
            }
            host.key(press)
            settle()
        case .type(let text):
            host.type(text)
            settle()
        case .showMenuBar:
            // A finger from the top edge, down, over the window that has the keys: the swipe a person
            // makes.
            let x = world.menuBarSwipeX()
            let start = Point(x, 2)
            let id = host.touchDown(at: start)
            host.drag(
                id, from: start, to: Point(x, Self.menuBarSwipe.distance), duration: Self.menuBarSwipe.duration)
            host.touchUp(id, at: Point(x, Self.menuBarSwipe.distance))
            settle()
        case .swipe(let direction):
            let size = host.root.bounds.size
            let start = Point((size.width / 2).rounded(), (size.height / 2).rounded())
            let distance = Self.quickSwipe.distance
            let end: Point
            switch direction {
            case .left: end = Point(start.x - distance, start.y)
            case .right: end = Point(start.x + distance, start.y)
            case .up: end = Point(start.x, start.y - distance)
            case .down: end = Point(start.x, start.y + distance)
            }
            let id = host.touchDown(at: start)
            host.drag(id, from: start, to: end, duration: Self.quickSwipe.duration)
            host.touchUp(id, at: end)
            settle()
        case .holdKey("power", let duration):
            // The power key held (its menu after a second), then let go.
            host.keyDown(KeyPress(.power))
            host.run(for: duration ?? Self.defaultKeyHold)
            host.keyUp(.power)
            settle()
        case .lock:
            host.key(KeyPress(.power))
            settle()
        case .expectLocked(let locked):
            let now = try world.isLocked()
            if now != locked {
                throw StepFailure(expected: locked ? "locked" : "unlocked", found: now ? "locked" : "unlocked")
            }
        case .holdKey(let spec, let duration):
            guard let mods = KeyPress.modifiers(named: spec) else {
                throw StepFailure(expected: "a modifier key such as ctrl", found: "'\(spec)'")
            }
            heldModifiers = mods
            host.modifiers(mods)
            host.run(for: duration ?? Self.defaultKeyHold)
        case .wait(let s):
            host.run(for: s)
        case .scroll(let t, let dy):
            host.pointer(.scroll(try point(t), dx: 0, dy: dy))
            settle()
        case .multitasking(let mode):
            try world.setMultitasking(mode)
            settle()
        case .resizeWindow(let title, let size):
            let g = try handles(title)
            // The handle is dragged so that the corner it sits in lands where the size puts it.
            let end = Point(
                g.handle.x + (g.resizeFrame.minX + size.width - g.resizeFrame.maxX),
                g.handle.y + (g.resizeFrame.minY + size.height - g.resizeFrame.maxY))
            slowDrag(from: g.handle, to: end)
        case .moveWindow(let title, let origin):
            let g = try handles(title)
            // The finger keeps its place on the band (across: its share of the width the window
            // floats at once it moves).
            let share = (g.grip.x - g.frame.minX) / g.frame.width
            let end = Point(origin.x + share * g.floatingSize.width, origin.y + (g.grip.y - g.frame.minY))
            slowDrag(from: g.grip, to: end)
        case .tileWindow(let title, let layout):
            let g = try handles(title)
            let id = host.touchDown(at: g.fullScreenControl)
            host.run(for: Self.defaultHold)
            host.touchUp(id, at: g.fullScreenControl)
            settle()
            for label in try world.tilingMenuPath(layout) {
                host.tap(at: try point(.element(label, .menu)))
                settle()
            }
        case .expectFrame(let title, let frame):
            guard let g = try world.windowHandles(title: title) else {
                throw StepFailure(expected: "a window titled \"\(title)\" on the screen", found: "none")
            }
            let f = g.frame
            let off = [f.minX - frame.minX, f.minY - frame.minY, f.width - frame.width, f.height - frame.height]
            if off.contains(where: { abs($0) > 0.5 }) {
                func show(_ r: Rect) -> String {
                    "\(r.minX.formatted),\(r.minY.formatted) \(r.width.formatted)×\(r.height.formatted)"
                }
                throw StepFailure(expected: "\"\(title)\" at \(show(frame))", found: show(f))
            }
        case .writeFile(let path, let text):
            try writeFile(path, text: text)
        case .expectFile(let path, let text):
            try expectFile(path, contains: text)
        case .expectFileIs(let path, let text):
            try expectFile(path, is: text)
        case .expectWindows(let app, let count):
            let n = try world.windowCount(app: app)
            if n != count { throw StepFailure(expected: "\(count) windows of \(app)", found: "\(n)") }
        case .expectWindow(let title, let role):
            let found = try world.windowRole(title: title)
            guard let found else { throw StepFailure(expected: "a window titled \"\(title)\"", found: "none") }
            if let role, role != found {
                throw StepFailure(expected: "\"\(title)\" to be \(role)", found: found)
            }
        case .expectSplit(let l, let r):
            let s = try world.splitTitles()
            guard let s, s.0 == l, s.1 == r else {
                throw StepFailure(
                    expected: "Split View \"\(l)\" | \"\(r)\"",
                    found: s.map { "\"\($0.0)\" | \"\($0.1)\"" } ?? "no Split View")
            }
        case .expectVisible(let t, let visible):
            let seen: Bool
            switch t {
            case .point: throw StepFailure(expected: "an element in quotes", found: "a point")
            case .element(let label, let scope): seen = !(try find(label, scope)).isEmpty
            }
            if seen != visible {
                throw StepFailure(
                    expected: "\(t) \(visible ? "visible" : "not visible")", found: seen ? "visible" : "not visible")
            }
        case .expectMenu(let rows):
            guard let got = try world.menuRows() else { throw StepFailure(expected: "an open menu", found: "no menu") }
            if got != rows {
                func show(_ r: [String?]) -> String { r.map { $0.map { "\"\($0)\"" } ?? "—" }.joined(separator: ", ") }
                throw StepFailure(expected: show(rows), found: show(got))
            }
        case .expectFocused(let t):
            guard case .element(let label, let scope) = t else {
                throw StepFailure(expected: "an element in quotes", found: "a point")
            }
            let focused = host.root.focusedView
            if !world.hasFocus(try find(label, scope)) {
                throw StepFailure(
                    expected: "\(t) focused",
                    found: focused.map {
                        "focus on \($0.accessibilityLabelOrText.map { "\"\($0)\"" } ?? "\(type(of: $0))")"
                    } ?? "no focus")
            }
        case .caption(let rule, let text):
            pendingCaption = (rule, text)
        case .snapshot(let name):
            settle()
            let image = host.frame()
            onSnapshot?(name, image, pendingCaption)
            pendingCaption = nil
            try FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)
            try PNG.write(image, to: outputDirectory.appendingPathComponent(name + ".png").path)
            if let refs = referenceDirectory {
                if updateSnapshots {
                    try FileManager.default.createDirectory(at: refs, withIntermediateDirectories: true)
                    try PNG.write(image, to: refs.appendingPathComponent(name + ".png").path)
                } else {
                    // A snapshot with no reference fails, as a first run of a snapshot test does: a
                    // person records it on purpose (--update-snapshots) and looks at it.
                    switch ReferenceImage.compare(image, named: name, in: refs) {
                    case .matched, .recorded: break
                    case .missing(let path):
                        throw StepFailure(
                            expected: "a reference picture \(path)",
                            found: "none; record it with --update-snapshots and look at it")
                    case let outcome:
                        throw StepFailure(expected: "the screen to match \(name).png", found: "\(outcome)")
                    }
                }
            }
        }
    }
}
