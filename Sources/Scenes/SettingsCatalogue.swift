/// The JSON type a setting's value has, as `settings.json` must spell it.
public enum SettingKind: Sendable, Hashable {
    case bool, number, string, strings, answers
    /// A string, one of these names (`SettingChoice`).
    case choice([String])

    /// What the value must be, for a line that says it is not: "a number".
    public var spelled: String {
        switch self {
        case .bool: "true or false"
        case .number: "a number"
        case .string: "a string"
        case .strings: "a list of strings"
        case .answers: "an object of true and false"
        case .choice(let names): "one of " + Self.listed(names.map { "“\($0)”" })
        }
    }

    /// Whether `value` is of this kind (a list or an object as such: its members are `strayMembers`'s).
    public func accepts(_ value: SettingValue) -> Bool {
        switch (self, value) {
        case (.bool, .bool), (.number, .number), (.string, .string), (.strings, .array), (.answers, .object): true
        case (.choice(let names), .string(let name)): names.contains(name) || names.contains(name.lowercased())
        default: false
        }
    }

    /// The members of a list or an object of this kind that are not what they must be (a list's
    /// by their place, from 1): left out when the value is read.
    public func strayMembers(of value: SettingValue) -> [(member: String, value: SettingValue)] {
        switch (self, value) {
        case (.strings, .array(let items)):
            items.enumerated().compactMap { index, item in
                if case .string = item { nil } else { (String(index + 1), item) }
            }
        case (.answers, .object(let answers)):
            answers.sorted { $0.key < $1.key }.compactMap { name, answer in
                if case .bool = answer { nil } else { (name, answer) }
            }
        default: []
        }
    }

    /// What `value` is, for a line that says it is not of this kind: a choice's name as written,
    /// else its JSON type.
    public func spelling(of value: SettingValue) -> String {
        if case .choice = self, case .string(let name) = value { return "“\(name)”" }
        return value.kindSpelled
    }

    /// "a, b or c".
    private static func listed(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " or " + items.last!
    }

    /// What a member of a list or an object of this kind must be.
    var memberSpelled: String { self == .strings ? "a string" : "true or false" }
}

/// A setting's name and kind, whatever its Swift type.
public protocol AnySettingKey: Sendable {
    /// The key in `settings.json`.
    var name: String { get }
    /// The JSON type of its value.
    var kind: SettingKind { get }
}

extension SettingKey: AnySettingKey {
    /// The JSON type of its value.
    public var kind: SettingKind { Value.settingKind }
}

/// Every setting this Slate knows: what `settings.json` is read against. A key added to the
/// `SettingKey` extensions is added here (`SettingsCatalogueTests` finds one that is not).
public enum SettingsCatalogue {
    /// Every setting, in the order Settings shows them.
    public static let keys: [any AnySettingKey] = [
        SettingKey<LanguageSetting>.language, SettingKey<TimeFormat>.timeFormat, SettingKey<Bool>.accessibilityBus,
        SettingKey<Double>.textSize, SettingKey<Bool>.darkMode, SettingKey<Bool>.appearanceAutomatic,
        SettingKey<Double>.displayScale, SettingKey<Double>.autoLockSeconds,
        SettingKey<[String: Bool]>.dockApps, SettingKey<Bool>.dockShowsRecents,
        SettingKey<MultitaskingSetting>.multitasking, SettingKey<Bool>.multitaskingGestures,
        SettingKey<[String]>.keyboardLayouts, SettingKey<KeyboardSetting>.keyboard,
        SettingKey<Bool>.keyboardSuggestions,
        SettingKey<String>.wallpaper, SettingKey<Bool>.doNotDisturb,
        SettingKey<[String: Bool]>.notificationsAllowed, SettingKey<[String: Bool]>.notificationBanners,
        SettingKey<Bool>.lockAtStart, SettingKey<NotificationPreviews>.notificationPreviews,
        SettingKey<[String: Bool]>.privacyClipboard, SettingKey<[String: Bool]>.privacyScreen,
        SettingKey<[String: Bool]>.privacyInput, SettingKey<[String: Bool]>.privacyWindows,
        SettingKey<Bool>.rotationLock, SettingKey<Bool>.airplaneMode,
    ]

    /// Each setting's kind, by name.
    public static let kinds: [String: SettingKind] = Dictionary(uniqueKeysWithValues: keys.map { ($0.name, $0.kind) })

    /// The groups the dotted names make (`privacy` of `privacy.clipboard`): a file may spell
    /// `{"privacy": {"clipboard": …}}` for `"privacy.clipboard": …`.
    public static let groups: Set<String> = Set(
        keys.flatMap { key in
            let parts = key.name.split(separator: ".")
            return (1..<max(parts.count, 1)).map { parts.prefix($0).joined(separator: ".") }
        })
}
