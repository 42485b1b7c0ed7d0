import Graphics
import Shell
import UI
import Windowing

/// A line of a script that does not parse: where and why.
public struct ScriptSyntaxError: Error, Equatable, CustomStringConvertible {
    public var source: String
    public var line: Int
    public var column: Int
    public var message: String

    public var description: String { "\(source):\(line):\(column): \(message)" }
}

/// Reads the script format: one step a line, `#` starts a comment, labels in double quotes.
public enum ScriptParser {
    /// Parses every line; the first line that does not parse is the error (nothing has run yet).
    public static func parse(_ text: String, source: String) throws(ScriptSyntaxError) -> Script {
        var steps: [Script.Step] = []
        // "\r\n" is one Character in Swift: both it and "\n" end a line.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (i, raw) in lines.enumerated() {
            var lexer = Lexer(line: String(raw), number: i + 1, source: source)
            let tokens = try lexer.tokens()
            if tokens.isEmpty { continue }
            var p = LineParser(tokens: tokens, line: i + 1, source: source, text: lexer.code)
            let action = try p.parse()
            steps.append(Script.Step(line: i + 1, text: lexer.code.trimmingSpaces, action: action))
        }
        return Script(source: source, steps: steps)
    }
}

struct LineParser {
    var tokens: [Token]
    var line: Int
    var source: String
    var text: String
    var pos = 0

    init(tokens: [Token], line: Int, source: String, text: String) {
        self.tokens = tokens
        self.line = line
        self.source = source
        self.text = text
    }

    var column: Int { pos < tokens.count ? tokens[pos].column : text.count + 1 }

    func error(_ msg: String) -> ScriptSyntaxError {
        ScriptSyntaxError(source: source, line: line, column: column, message: msg)
    }

    mutating func next() -> Token.Kind? {
        guard pos < tokens.count else { return nil }
        pos += 1
        return tokens[pos - 1].kind
    }

    func peek() -> Token.Kind? { pos < tokens.count ? tokens[pos].kind : nil }

    mutating func word(_ expected: String? = nil) throws(ScriptSyntaxError) -> String {
        guard case .word(let w)? = peek() else {
            throw error(expected.map { "expected '\($0)'" } ?? "expected a word")
        }
        if let expected, w != expected { throw error("expected '\(expected)', found \(ScriptLimits.shown(w))") }
        pos += 1
        return w
    }

    mutating func accept(_ w: String) -> Bool {
        if case .word(let x)? = peek(), x == w {
            pos += 1
            return true
        }
        return false
    }

    mutating func quoted() throws(ScriptSyntaxError) -> String {
        guard case .quoted(let s)? = peek() else { throw error("expected text in quotes") }
        pos += 1
        return s
    }

    mutating func duration() throws(ScriptSyntaxError) -> Double {
        switch peek() {
        case .duration(let d)?, .number(let d)?:
            guard d >= 0, d <= ScriptLimits.longestDuration else {
                throw error("a duration is from 0 to \(Int(ScriptLimits.longestDuration))s")
            }
            pos += 1
            return d
        default: throw error("expected a duration such as 0.6s or 600ms")
        }
    }

    mutating func integer() throws(ScriptSyntaxError) -> Int {
        guard case .number(let d)? = peek(), d == d.rounded(), d >= 0 else { throw error("expected a whole number") }
        guard d <= Double(ScriptLimits.largestCount) else {
            throw error("expected a whole number up to \(ScriptLimits.largestCount)")
        }
        pos += 1
        return Int(d)
    }

    /// A distance or coordinate in points, within `ScriptLimits.largestDistance`.
    func checkDistance(_ v: Double) throws(ScriptSyntaxError) {
        guard abs(v) <= ScriptLimits.largestDistance else {
            throw error("points are within ±\(Int(ScriptLimits.largestDistance))")
        }
    }

    mutating func target() throws(ScriptSyntaxError) -> Script.Target {
        switch peek() {
        case .point(let x, let y)?:
            try checkDistance(x)
            try checkDistance(y)
            pos += 1
            return .point(Point(x, y))
        case .quoted(let s)?:
            pos += 1
            var scope = Script.Scope.anywhere
            if accept("in") {
                let w = try word()
                switch w {
                case "dock": scope = .dock
                case "menu": scope = accept("bar") ? .menuBar : .menu
                case "window": scope = .window(try integer())
                case "keyboard": scope = .keyboard
                default:
                    pos -= 1
                    throw error(
                        "expected dock, menu, menu bar, keyboard or window N after 'in', found \(ScriptLimits.shown(w))"
                    )
                }
            }
            return .element(s, scope)
        default:
            throw error("expected an element in quotes or a point x,y")
        }
    }

    /// A point x,y in screen points.
    mutating func point() throws(ScriptSyntaxError) -> Point {
        guard case .point(let x, let y)? = peek() else { throw error("expected a point x,y") }
        try checkDistance(x)
        try checkDistance(y)
        pos += 1
        return Point(x, y)
    }

    /// A size W×H (or WxH) in points, each side positive.
    mutating func size() throws(ScriptSyntaxError) -> Size {
        guard case .word(let w)? = peek() else { throw error("expected a size such as 800×600") }
        let parts = w.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "×" || $0 == "x" })
        guard parts.count == 2, parts.allSatisfy({ $0.count <= ScriptLimits.longestNumber }),
            let width = Double(parts[0]), let height = Double(parts[1]), width.isFinite, height.isFinite,
            width > 0, height > 0
        else { throw error("expected a size such as 800×600, not \(ScriptLimits.shown(w))") }
        try checkDistance(width)
        try checkDistance(height)
        pos += 1
        return Size(width, height)
    }

    mutating func end() throws(ScriptSyntaxError) {
        if pos < tokens.count { throw error("unexpected text at the end of the step") }
    }

    mutating func parse() throws(ScriptSyntaxError) -> Script.Action {
        let verb = try word()
        let action: Script.Action
        switch verb {
        case "device":
            let name = try word()
            guard ["ipad-pro-12.9", "ipad-pro-11"].contains(name) else {
                pos -= 1
                throw error("unknown device \(ScriptLimits.shown(name)): ipad-pro-12.9 or ipad-pro-11")
            }
            var landscape = true
            if accept("portrait") { landscape = false } else { _ = accept("landscape") }
            action = .device(name, landscape: landscape)
        case "appearance":
            let w = try word()
            guard let a = Appearance(rawValue: w) else {
                pos -= 1
                throw error("appearance is light or dark, not \(ScriptLimits.shown(w))")
            }
            action = .appearance(a)
        case "keyboard":
            let w = try word()
            guard ["hardware", "on-screen"].contains(w) else {
                pos -= 1
                throw error("keyboard is hardware or on-screen, not \(ScriptLimits.shown(w))")
            }
            action = .keyboard(onScreen: w == "on-screen")
        case "locale":
            let w = try word()
            guard ["en", "ru"].contains(w) else {
                pos -= 1
                throw error("locale is en or ru, not \(ScriptLimits.shown(w))")
            }
            action = .locale(w)
        case "launch":
            let app = try word()
            action = .launch(app, restoring: accept("restoring"))
        case "kill":
            action = .kill(try word())
        case "tap":
            action = .tap(try target())
        case "hold" where peek() == .word("key"):
            pos += 1
            guard case .word(let k)? = peek(), KeyPress.modifiers(named: k) != nil || k == "power" else {
                throw error("expected a key to hold: ctrl, alt, shift, super or power")
            }
            pos += 1
            var d: Double? = nil
            if accept("for") { d = try duration() }
            action = .holdKey(k, duration: d)
        case "swipe":
            let way = try word()
            guard let direction = Script.SwipeDirection(rawValue: way) else {
                pos -= 1
                throw error("swipe left, right, up or down, not \(ScriptLimits.shown(way))")
            }
            action = .swipe(direction)
        case "show":
            _ = try word("menu")
            _ = try word("bar")
            action = .showMenuBar
        case "hold":
            let t = try target()
            var d: Double? = nil
            if accept("for") { d = try duration() }
            var slide: Script.Target? = nil
            if accept("then") {
                _ = try word("slide")
                _ = try word("to")
                slide = try target()
                _ = try word("and")
                _ = try word("release")
            }
            action = .hold(t, duration: d, slideTo: slide)
        case "drag":
            let t = try target()
            _ = try word("to")
            let destination: Script.Destination
            if accept("left") {
                _ = try word("edge")
                destination = .leftEdge
            } else if accept("right") {
                _ = try word("edge")
                destination = .rightEdge
            } else {
                destination = .target(try target())
            }
            // `resting 1s`: the finger waits there (a folder made, a page turned) before it lifts.
            action = .drag(t, to: destination, resting: accept("resting") ? try duration() : nil)
        case "secondary-click":
            action = .secondaryClick(try target())
        case "middle-click":
            action = .middleClick(try target())
        case "key":
            guard case .word(let k)? = peek() else { throw error("expected a key such as escape, down or ctrl+n") }
            pos += 1
            action = .key(k)
        case "type":
            action = .type(try quoted())
        case "wait":
            action = .wait(try duration())
        case "scroll":
            let t = try target()
            _ = try word("by")
            guard case .number(let dy)? = peek() else { throw error("expected points to scroll, such as 300 or -300") }
            try checkDistance(dy)
            pos += 1
            action = .scroll(t, dy: dy)
        case "multitasking":
            let w = try word()
            guard ["full-screen", "windowed"].contains(w) else {
                pos -= 1
                throw error("multitasking is full-screen or windowed, not \(ScriptLimits.shown(w))")
            }
            action = .multitasking(w)
        case "resize":
            let title = try quoted()
            _ = try word("to")
            action = .resizeWindow(title: title, size: try size())
        case "move":
            let title = try quoted()
            _ = try word("to")
            action = .moveWindow(title: title, to: try point())
        case "tile":
            let title = try quoted()
            let w = try word()
            guard Tile(rawValue: w) != nil else {
                pos -= 1
                throw error(
                    "unknown layout \(ScriptLimits.shown(w)): \(Tile.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            action = .tileWindow(title: title, layout: w)
        case "snapshot":
            let name = try word()
            guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                pos -= 1
                throw error("a snapshot name has letters, digits, - and _ only")
            }
            action = .snapshot(name)
        case "caption":
            let rule = try word()
            action = .caption(rule: rule, text: try quoted())
        case "lock":
            action = .lock
        case "write":
            _ = try word("file")
            let path = try quoted()
            action = .writeFile(path: path, text: try quoted())
        case "expect":
            action = try expectation()
        default:
            pos -= 1
            throw error("unknown step \(ScriptLimits.shown(verb))")
        }
        try end()
        return action
    }

    mutating func expectation() throws(ScriptSyntaxError) -> Script.Action {
        let what = try word()
        switch what {
        case "windows":
            let app = try word()
            return .expectWindows(app: app, count: try integer())
        case "window":
            let title = try quoted()
            var role: String? = nil
            if case .word(let r)? = peek() {
                guard r == "primary" || r == "auxiliary" else { throw error("a window's role is primary or auxiliary") }
                pos += 1
                role = r
            }
            return .expectWindow(title: title, role: role)
        case "split":
            let l = try quoted()
            guard case .bar? = next() else {
                pos -= 1
                throw error("expected | between the left and the right window")
            }
            return .expectSplit(left: l, right: try quoted())
        case "visible":
            return .expectVisible(try target(), visible: true)
        case "not":
            _ = try word("visible")
            return .expectVisible(try target(), visible: false)
        case "focused":
            return .expectFocused(try target())
        case "locked":
            return .expectLocked(true)
        case "unlocked":
            return .expectLocked(false)
        case "frame":
            let title = try quoted()
            let origin = try point()
            let size = try size()
            return .expectFrame(title: title, frame: Rect(origin: origin, size: size))
        case "file":
            let path = try quoted()
            if accept("is") { return .expectFileIs(path: path, text: try quoted()) }
            _ = try word("contains")
            return .expectFile(path: path, contains: try quoted())
        case "menu":
            var rows: [String?] = []
            while true {
                switch peek() {
                case .quoted(let s)?: rows.append(s)
                case .dash?: rows.append(nil)
                default: throw error("expected a row in quotes or — for a separator")
                }
                pos += 1
                if peek() == nil { break }
                guard case .comma? = next() else {
                    pos -= 1
                    throw error("expected a comma between rows")
                }
            }
            return .expectMenu(rows)
        default:
            pos -= 1
            throw error(
                "unknown expectation \(ScriptLimits.shown(what)): windows, window, split, visible, not visible, menu, focused, file, frame"
            )
        }
    }
}
