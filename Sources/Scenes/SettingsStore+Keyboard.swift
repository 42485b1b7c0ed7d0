/// Which keyboard types on the glass (Settings › General › Keyboard › On-Screen Keyboard).
public enum KeyboardSetting: String, SettingChoice {
    /// Slate's, until a hardware key is pressed, as iPadOS does (the default; also spelled
    /// `automatic`).
    case automatic = ""
    /// Slate's, always.
    case onScreen = "on-screen"
    /// None by itself: a hardware keyboard is there.
    case hardware
    /// Another program (squeekboard, wvkbd, over input-method-v2): Slate's never shows.
    case external

    public static var otherSpellings: [String: KeyboardSetting] { ["automatic": .automatic] }

    /// The keyboard `name` names, as `SLATE_KEYBOARD` or the file spells it (any case; "" and
    /// `automatic` for `automatic`).
    public init?(name: String) {
        guard let value = KeyboardSetting(setting: .string(name)) else { return nil }
        self = value
    }
}

extension SettingKey where Value == KeyboardSetting {
    /// Which keyboard types on the glass: `automatic`, `on-screen`, `hardware` or `external`. An
    /// outside keyboard needs the person's leave to type (`privacy.input`); once bound, it serves
    /// programs' fields under any of these. `SLATE_KEYBOARD` in the environment overrides it.
    public static let keyboard = SettingKey("keyboard", default: .automatic)
}
