/// A window as the checker sees it.
public struct WindowNode: Sendable {
    public enum Role: String, Sendable { case primary, auxiliary }
    public var app: String
    public var title: String
    public var role: Role
    /// The title of the button that closes the window, if it has one.
    public var closingButton: String?
    /// Whether a Back button is shown, and whether it closes the window (it must not).
    public var backButtonCloses: Bool?
    /// The titles (or identifiers) of the window's tools: bar buttons and toolbar items.
    public var tools: [String]

    public init(
        app: String, title: String, role: Role, closingButton: String?, backButtonCloses: Bool? = nil, tools: [String]
    ) {
        self.app = app
        self.title = title
        self.role = role
        self.closingButton = closingButton
        self.backButtonCloses = backButtonCloses
        self.tools = tools
    }
}

/// W5 and W6.
public struct WindowChecks: Sendable {
    /// Titles that are fine as closing buttons (W6), both languages.
    public static let closingTitles: Set<String> = ["done", "close", "готово", "закрыть"]
    public static let backTitles: Set<String> = ["back", "назад"]

    public init() {}

    public func check(_ windows: [WindowNode]) -> [Finding] {
        var out: [Finding] = []
        for w in windows where w.role == .auxiliary {
            let here = [w.app, w.title]
            if let closing = w.closingButton {
                let t = closing.lowercased()
                if Self.backTitles.contains(t) {
                    out.append(
                        Finding(
                            rule: "W6", severity: .error, location: here,
                            message: "the button that closes the window says \"\(closing)\""))
                } else if !Self.closingTitles.contains(t) {
                    out.append(
                        Finding(
                            rule: "W6", severity: .error, location: here,
                            message: "the closing button says \"\(closing)\", not Done or Close"))
                }
            } else {
                out.append(
                    Finding(
                        rule: "W6", severity: .error, location: here,
                        message: "an auxiliary window without Done or Close"))
            }
            if w.backButtonCloses == true {
                out.append(
                    Finding(
                        rule: "W6", severity: .error, location: here,
                        message: "Back closes the window; Back may only go back inside it"))
            }
            // W5: tools that repeat the primary window's.
            let primaryTools = Set(windows.filter { $0.app == w.app && $0.role == .primary }.flatMap(\.tools))
            let repeated = w.tools.filter {
                primaryTools.contains($0) && !Self.closingTitles.contains($0.lowercased())
                    && !Self.backTitles.contains($0.lowercased())
            }
            if !repeated.isEmpty {
                out.append(
                    Finding(
                        rule: "W5", severity: .warning, location: here,
                        message:
                            "repeats the primary window's tools: \(repeated.map { "\"\($0)\"" }.joined(separator: ", "))"
                    ))
            }
        }
        return out
    }
}
