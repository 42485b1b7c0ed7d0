import Foundation
import SlateLog

/// The one place a screen's failures go. Each is written to the log once (the same line again is
/// not repeated), and one that follows something a person did — a menu command that could not open
/// a window — is also shown to them, through `present`, which the system UI sets.
@MainActor public final class ErrorReporter {
    /// Writes one line to the log. Default: Slate's log (`Logger`, the `errors` subsystem), as an
    /// error: standard error, prefixed `slate: `.
    public var log: (String) -> Void
    /// Shows a message to the person using the screen (the shell shows a banner). Nil: logged only.
    public var present: ((LocalizedString) -> Void)?
    /// The lines logged so far, each once, oldest first.
    public private(set) var logged: [String] = []
    private var seen: Set<String> = []

    public init(log: ((String) -> Void)? = nil) {
        self.log = log ?? { Logger("errors").error($0) }
    }

    /// Reports a failure: `what` says what was being done ("open the message"), `error` why it
    /// failed. `userAction` says a person asked for it, so they are told too.
    public func report(_ error: any Error, while what: LocalizedString, userAction: Bool = false) {
        let message = LocalizedString(en: "cannot %@: %@", ru: "не удаётся %@: %@")
        let said = LocalizedString(
            en: message.formatted(what.en, Self.describe(error, .en)).en,
            ru: message.formatted(what.ru, Self.describe(error, .ru)).ru)
        if seen.insert(said.en).inserted {
            logged.append(said.en)
            log(said.en)
        }
        if userAction { present?(said) }
    }

    /// Runs `body`; a thrown error is reported as `report` does and nil is returned.
    @discardableResult
    public func attempt<T>(_ what: LocalizedString, userAction: Bool = false, _ body: () throws -> T) -> T? {
        do { return try body() } catch {
            report(error, while: what, userAction: userAction)
            return nil
        }
    }

    private static func describe(_ error: any Error, _ language: Language) -> String {
        if let l = error as? any LocalizedFailure { return l.message.resolved(language) }
        return "\(error)"
    }
}

/// An error that can say what went wrong in every language Slate speaks.
public protocol LocalizedFailure: Error {
    /// The message, in English and Russian.
    var message: LocalizedString { get }
}
