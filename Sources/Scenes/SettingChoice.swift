/// A setting whose value is one of a few names, spelled as a string in `settings.json`: an enum
/// with a case a name (matched in any case of letters). A name the enum does not have is named in
/// one line and the key's default used, as for a value of the wrong type.
///
/// ```swift
/// public enum TimeFormat: String, SettingChoice { case locale = "", twelveHour = "12", twentyFourHour = "24" }
/// settings[.timeFormat] = .twentyFourHour      // "timeFormat": "24"
/// ```
public protocol SettingChoice: SettingRepresentable, RawRepresentable, CaseIterable where RawValue == String {
    /// Other spellings the file may hold for a case (kept from older Slates; lower case).
    static var otherSpellings: [String: Self] { get }
}

extension SettingChoice {
    public static var otherSpellings: [String: Self] { [:] }

    /// A string naming one of the cases.
    public static var settingKind: SettingKind {
        .choice(allCases.map(\.rawValue) + otherSpellings.keys.sorted())
    }

    /// The case `setting` names, in any case of letters; nil when it names none (or is not a string).
    public init?(setting: SettingValue) {
        guard case .string(let name) = setting else { return nil }
        let lower = name.lowercased()
        guard let value = Self(rawValue: name) ?? Self(rawValue: lower) ?? Self.otherSpellings[lower] else {
            return nil
        }
        self = value
    }

    /// The case's name as JSON.
    public var settingValue: SettingValue { .string(rawValue) }
}

/// Which setting changed, as a store's observers hear it: one by its name, or every one at once
/// (`all`: the first read, or whatever a reload may have changed).
public struct SettingChange: Sendable, Hashable, CustomStringConvertible {
    /// The key's name in `settings.json`; nil for every key.
    public let name: String?

    /// The setting named `name` changed.
    public init(_ name: String) { self.name = name }

    private init(all: Void) { name = nil }

    /// Every setting may have changed.
    public static let all = SettingChange(all: ())

    /// Whether `key` may be what changed (it, or every setting).
    public func includes<Value>(_ key: SettingKey<Value>) -> Bool { name == nil || name == key.name }

    /// Whether `key` alone is what changed.
    public func `is`<Value>(_ key: SettingKey<Value>) -> Bool { name == key.name }

    public var description: String { name ?? "(every setting)" }
}
