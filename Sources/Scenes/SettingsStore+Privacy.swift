/// Answers by program — a desktop-file id or an executable's path to true or false — as the privacy
/// settings keep them.
extension Dictionary: SettingRepresentable where Key == String, Value == Bool {
    /// An object of true and false.
    public static var settingKind: SettingKind { .answers }
    public init?(setting: SettingValue) {
        guard case .object(let object) = setting else { return nil }
        var answers: [String: Bool] = [:]
        for (program, value) in object {
            if case .bool(let allowed) = value { answers[program] = allowed }
        }
        self = answers
    }

    public var settingValue: SettingValue { .object(mapValues { .bool($0) }) }
}

extension SettingKey where Value == [String: Bool] {
    /// Which programs may read and replace the clipboard with no paste of the person's.
    public static let privacyClipboard = SettingKey("privacy.clipboard", default: [:])
    /// Which programs may copy (record) the screen.
    public static let privacyScreen = SettingKey("privacy.screen", default: [:])
    /// Which programs may type and click as the person.
    public static let privacyInput = SettingKey("privacy.input", default: [:])
    /// Which programs may see and manage other windows, or draw over everything.
    public static let privacyWindows = SettingKey("privacy.windows", default: [:])
}
