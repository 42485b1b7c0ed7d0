extension SettingKey where Value == String {
    /// Which keyboard types on the glass: `automatic` (Slate's, until a hardware key is pressed, as
    /// iPadOS does — the default, also when unset), `on-screen` (Slate's, always), `hardware` (none by
    /// itself) or `external` (another program, as squeekboard, over input-method-v2: Slate's never
    /// shows). An outside keyboard needs the person's leave to type (`privacy.input`); once bound,
    /// it serves programs' fields under any of these. `SLATE_KEYBOARD` in the environment overrides it.
    public static let keyboard = SettingKey("keyboard", default: "")
}
