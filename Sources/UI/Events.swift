import Graphics

/// One finger (or the mouse's primary button) on the screen.
public struct Touch: Hashable, Sendable {
    /// Where a touch is in its life, as UIKit's `UITouch.Phase`.
    public enum Phase: Sendable, Hashable {
        case began, moved, stationary, ended, cancelled
    }

    /// What made a touch, as UIKit's `UITouch.TouchType`: the host knows which device it came from,
    /// and the shell passes it on to other programs' windows (a finger as `wl_touch`, a mouse as
    /// `wl_pointer`).
    public enum TouchType: Sendable, Hashable {
        /// A finger on a touchscreen, or a pen's tip taken as one.
        case direct
        /// A mouse's or trackpad's primary button: the pointer, pressed.
        case indirectPointer
        /// A pen's tip on the screen (Apple Pencil's, a tablet stylus's): a finger to the system and
        /// to apps, a pen with its pressure and tilt to programs that read tablets.
        case pencil

        /// Whether it is the pointer (a mouse or trackpad), not a finger or a pen on the glass.
        public var isPointer: Bool { self == .indirectPointer }
    }

    /// Stays the same from began to ended.
    public var id: Int

    /// The ids of fingers a touchscreen or a compositor numbered (`wl_touch`'s ids, libinput's
    /// slots) start here, apart from the small ids a host gives the pointer's presses, so that a
    /// finger and the mouse never share one.
    public static let deviceIDBase = 10_000

    /// The id of the finger a device numbered `deviceID`.
    public static func id(ofDeviceTouch deviceID: Int) -> Int { deviceIDBase + deviceID }
    public var phase: Phase
    /// In screen (root view) coordinates, points.
    public var location: Point
    /// Seconds on the clock of the root view.
    public var timestamp: Double
    /// The device that made it: a finger (the default, as on an iPad) or the pointer.
    public var type: TouchType

    /// A touch `id` in `phase` at `location` (screen points) at `timestamp` (seconds), made by a
    /// device of `type`.
    public init(id: Int, phase: Phase, location: Point, timestamp: Double, type: TouchType = .direct) {
        self.id = id
        self.phase = phase
        self.location = location
        self.timestamp = timestamp
        self.type = type
    }
}

/// Keys Slate handles by name; everything that types text arrives as `.character`.
public enum Key: Hashable, Sendable {
    case character(Character)
    case `return`, escape, tab, backspace, delete, space
    case up, down, left, right, home, end, pageUp, pageDown
    /// The Menu (application) key, which opens the context menu of the focused element.
    case menu
    case function(Int)
    /// The system's keys: Print Screen, the volume buttons and the power button (a tablet's side
    /// buttons come as these keys).
    case print, volumeUp, volumeDown, power
}

/// `"n"` is the key that types n: key equivalents read as they are written (`Action(…, key: "n")`).
extension Key: ExpressibleByExtendedGraphemeClusterLiteral {
    public init(extendedGraphemeClusterLiteral value: Character) { self = .character(value) }
}

/// Modifier keys held with a key. On Linux, Ctrl plays the part of the iPad's Command key.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = KeyModifiers(rawValue: 1)
    public static let control = KeyModifiers(rawValue: 2)
    public static let alternate = KeyModifiers(rawValue: 4)
    public static let command = KeyModifiers(rawValue: 8)
}

/// A key press.
public struct KeyPress: Hashable, Sendable {
    public var key: Key
    public var modifiers: KeyModifiers

    public init(_ key: Key, modifiers: KeyModifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// The modifiers a spec such as `ctrl` or `ctrl+shift` names alone, or nil when it names a key
    /// too (or nothing).
    public static func modifiers(named text: String) -> KeyModifiers? {
        var mods: KeyModifiers = []
        for p in text.lowercased().split(separator: "+", omittingEmptySubsequences: false) {
            switch p {
            case "ctrl", "control": mods.insert(.control)
            case "shift": mods.insert(.shift)
            case "alt", "option": mods.insert(.alternate)
            case "cmd", "command", "super": mods.insert(.command)
            default: return nil
            }
        }
        return mods.isEmpty ? nil : mods
    }

    /// Parses `ctrl+n`, `shift+f10`, `escape`, `down`, `a`.
    public init?(parsing text: String) {
        var mods: KeyModifiers = []
        let parts = text.lowercased().split(separator: "+").map(String.init)
        guard let last = parts.last, !last.isEmpty else { return nil }
        for p in parts.dropLast() {
            switch p {
            case "ctrl", "control": mods.insert(.control)
            case "shift": mods.insert(.shift)
            case "alt", "option": mods.insert(.alternate)
            case "cmd", "command", "super": mods.insert(.command)
            default: return nil
            }
        }
        let key: Key
        switch last {
        case "return", "enter": key = .return
        case "escape", "esc": key = .escape
        case "tab": key = .tab
        case "backspace": key = .backspace
        case "delete": key = .delete
        case "space": key = .space
        case "up": key = .up
        case "down": key = .down
        case "left": key = .left
        case "right": key = .right
        case "home": key = .home
        case "end": key = .end
        case "pageup": key = .pageUp
        case "pagedown": key = .pageDown
        case "menu": key = .menu
        case "print": key = .print
        case "volumeup": key = .volumeUp
        case "volumedown": key = .volumeDown
        case "power": key = .power
        default:
            if last.count >= 2, last.first == "f", let n = Int(last.dropFirst()), (1...24).contains(n) {
                key = .function(n)
            } else if last.count == 1, let c = last.first {
                key = .character(c)
            } else {
                return nil
            }
        }
        self.init(key, modifiers: mods)
    }

    /// Whether this press asks for the context menu: the Menu key, or Shift+F10.
    public var opensContextMenu: Bool {
        key == .menu || (key == .function(10) && modifiers == .shift)
    }

    /// The press as key equivalents compare it: a letter in lower case (Shift is a modifier of its
    /// own, whichever case the host delivered), and ⌘ (Super) the same as Ctrl, which plays its part
    /// on Linux — so Ctrl+Shift+R, ⌘⇧R and `ctrl+shift+r` in a script are one shortcut.
    public var asShortcut: KeyPress {
        var mods = modifiers
        if mods.contains(.command) {
            mods.remove(.command)
            mods.insert(.control)
        }
        guard case .character(let c) = key, c.isLetter, c.isUppercase || c.isLowercase else {
            return KeyPress(key, modifiers: mods)
        }
        if c.isUppercase { mods.insert(.shift) }
        return KeyPress(.character(Character(c.lowercased())), modifiers: mods)
    }
}

/// What the pointer (a mouse or trackpad) does besides touching.
public enum PointerEvent: Hashable, Sendable {
    /// The pointer moved without a button held.
    case hover(Point)
    /// The pointer left the screen.
    case exit
    /// A secondary (right) click at a point.
    case secondaryClick(Point)
    /// A middle click at a point (on Linux: paste the primary selection, what is selected now).
    case middleClick(Point)
    /// A scroll wheel or two-finger scroll, in points.
    case scroll(Point, dx: Double, dy: Double)
}
