/// What reaches beyond a program's own windows: the person says once, per program, whether it may.
public enum Privilege: String, Sendable, CaseIterable {
    /// Reading or replacing the clipboard with no paste of the person's.
    case clipboard
    /// Copying (recording) the screen.
    case screen
    /// Typing and clicking as the person.
    case input
    /// Seeing and managing other windows, or drawing over everything.
    case windows
}
