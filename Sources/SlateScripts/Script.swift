import Graphics

/// A script: what a person does and what they should then see, one step a line.
public struct Script: Sendable, Equatable {
    /// Where the script came from (a file path, or a name for scripts made in code).
    public var source: String
    public var steps: [Step]

    public init(source: String, steps: [Step]) {
        self.source = source
        self.steps = steps
    }

    /// One line of a script.
    public struct Step: Sendable, Equatable {
        public var line: Int
        /// The line as written, without its comment.
        public var text: String
        public var action: Action

        public init(line: Int, text: String, action: Action) {
            self.line = line
            self.text = text
            self.action = action
        }
    }

    /// Where on the screen a step acts.
    public enum Target: Sendable, Equatable, CustomStringConvertible {
        /// The element whose accessibility label is exactly this text, within a scope.
        case element(String, Scope)
        /// A point in screen points.
        case point(Point)

        public var description: String {
            switch self {
            case .element(let label, let scope): "\"\(label)\"\(scope.suffix)"
            case .point(let p): "\(p.x.formatted),\(p.y.formatted)"
            }
        }
    }

    /// Narrows an element search.
    public enum Scope: Sendable, Equatable {
        case anywhere, dock, menu
        /// The menu bar's titles and search field (the menu bar must be shown).
        case menuBar
        /// The Nth window from the front, counting from 1.
        case window(Int)
        /// The keyboard on the glass (its keys by what they show, or by name: `shift`, `delete`,
        /// `globe`, `return`, `123`, `#+=`, `abc`, `space`, `hide`), its popups and its bar.
        case keyboard

        var suffix: String {
            switch self {
            case .anywhere: ""
            case .dock: " in dock"
            case .menu: " in menu"
            case .menuBar: " in menu bar"
            case .window(let n): " in window \(n)"
            case .keyboard: " in keyboard"
            }
        }
    }

    /// Which way a `swipe` goes.
    public enum SwipeDirection: String, Sendable, Hashable, CaseIterable {
        case left, right, up, down
    }

    /// Where a drag ends.
    public enum Destination: Sendable, Equatable {
        case leftEdge, rightEdge
        case target(Target)
    }

    public enum Action: Sendable, Equatable {
        case device(String, landscape: Bool)
        case appearance(Appearance)
        case locale(String)
        /// Whether a hardware keyboard is there (`keyboard hardware`, the default) or only the one on
        /// the glass (`keyboard on-screen`): it then shows whenever a field takes text.
        case keyboard(onScreen: Bool)
        case launch(String, restoring: Bool)
        /// SIGKILL to the app's process (apps as processes only), for tests of crash isolation.
        case kill(String)
        case tap(Target)
        case hold(Target, duration: Double?, slideTo: Target?)
        /// A touch held, moved to `to`, and held there `resting` seconds (the default: a moment) before it lifts.
        case drag(Target, to: Destination, resting: Double?)
        case secondaryClick(Target)
        /// A middle click (a program pastes its primary selection there).
        case middleClick(Target)
        case key(String)
        /// The menu bar swiped down from the top edge, as a person would.
        case showMenuBar
        /// A quick swipe across the middle of the screen, with no hold first (a Home-screen page
        /// turned: `swipe left` goes to the next page).
        case swipe(SwipeDirection)
        /// A modifier key (ctrl, super) held alone for a while, and kept held until the next step
        /// that acts (an `expect` or a `snapshot` sees what holding it shows).
        case holdKey(String, duration: Double?)
        case type(String)
        case wait(Double)
        case scroll(Target, dy: Double)
        /// The multitasking mode (`full-screen` or `windowed`), as chosen in Settings.
        case multitasking(String)
        /// The window titled so resized to a size by its grab handle, as a finger would.
        case resizeWindow(title: String, size: Size)
        /// The window titled so moved by its top band so that its frame starts at a point.
        case moveWindow(title: String, to: Point)
        /// The window titled so tiled (`left-half`, `top-left-quarter`…) from its controls' menu.
        case tileWindow(title: String, layout: String)
        case expectWindows(app: String, count: Int)
        case expectWindow(title: String, role: String?)
        case expectSplit(left: String, right: String)
        case expectVisible(Target, visible: Bool)
        /// Rows in order; nil stands for a group separator (—).
        case expectMenu([String?])
        case expectFocused(Target)
        /// The window titled so has this frame, in screen points.
        case expectFrame(title: String, frame: Rect)
        /// A file (relative to the runner's `filesRoot`) holds the text.
        case expectFile(path: String, contains: String)
        /// A file holds exactly the text (`expect file "Notes/New Note.md" is "…"`).
        case expectFileIs(path: String, text: String)
        /// A file (relative to the runner's `filesRoot`) written with the text as another program
        /// would write it, behind the apps' backs (`write file "Notes/Trip.md" "Passport"`).
        case writeFile(path: String, text: String)
        case snapshot(String)
        /// The caption of the next snapshot: the rule it shows and one line about it (for the tour).
        case caption(rule: String, text: String)
        /// The power key pressed (and let go): the screen locks.
        case lock
        /// The screen is locked (`expect locked`) or not (`expect unlocked`).
        case expectLocked(Bool)

        /// Whether the step takes a snapshot.
        public var isSnapshot: Bool {
            if case .snapshot = self { return true }
            return false
        }

        /// Whether the step only looks (an `expect`): it changes nothing, so it may be looked at
        /// again.
        public var isExpectation: Bool {
            switch self {
            case .expectWindows, .expectWindow, .expectSplit, .expectVisible, .expectMenu, .expectFocused, .expectFile,
                .expectFrame, .expectFileIs, .expectLocked:
                true
            default: false
            }
        }
    }
}

extension Double {
    var formatted: String { self == rounded() ? String(Int(self)) : String(self) }
}
