/// Light or dark, as the iPad's appearance setting.
public enum Appearance: String, Sendable, Codable, CaseIterable {
    case light, dark
}

/// A colour in sRGB with straight (not premultiplied) alpha, components 0…1.
public struct RGBA: Hashable, Sendable, Codable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour from 0xRRGGBB.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(
            Double((hex >> 16) & 0xFF) / 255, Double((hex >> 8) & 0xFF) / 255, Double(hex & 0xFF) / 255, alpha)
    }

    public func withAlpha(_ a: Double) -> RGBA { RGBA(red, green, blue, a) }

    /// Linear interpolation toward `other` by `t` (0…1).
    public func mixed(with other: RGBA, _ t: Double) -> RGBA {
        RGBA(
            red + (other.red - red) * t, green + (other.green - green) * t, blue + (other.blue - blue) * t,
            alpha + (other.alpha - alpha) * t)
    }
}

/// A colour that may differ between the light and the dark appearance, as a dynamic `UIColor`.
///
/// The palette below follows the iOS system colours (Apple's "Color" page of the HIG,
/// iOS values), so views written against `Color.label` look right in both appearances.
public struct Color: Hashable, Sendable, Codable {
    public var light: RGBA
    public var dark: RGBA

    /// A colour that is the same in both appearances.
    public init(_ rgba: RGBA) {
        self.light = rgba
        self.dark = rgba
    }

    public init(light: RGBA, dark: RGBA) {
        self.light = light
        self.dark = dark
    }

    public init(hex: UInt32, alpha: Double = 1) { self.init(RGBA(hex: hex, alpha: alpha)) }

    public init(white: Double, alpha: Double = 1) { self.init(RGBA(white, white, white, alpha)) }

    public func resolved(_ appearance: Appearance) -> RGBA { appearance == .light ? light : dark }

    public func withAlpha(_ a: Double) -> Color {
        Color(light: light.withAlpha(light.alpha * a), dark: dark.withAlpha(dark.alpha * a))
    }

    public static let clear = Color(RGBA(0, 0, 0, 0))
    public static let black = Color(RGBA(0, 0, 0))
    public static let white = Color(RGBA(1, 1, 1))

    // System tints (iOS light / dark values).
    public static let systemBlue = Color(light: RGBA(hex: 0x007AFF), dark: RGBA(hex: 0x0A84FF))
    public static let systemRed = Color(light: RGBA(hex: 0xFF3B30), dark: RGBA(hex: 0xFF453A))
    public static let systemOrange = Color(light: RGBA(hex: 0xFF9500), dark: RGBA(hex: 0xFF9F0A))
    public static let systemYellow = Color(light: RGBA(hex: 0xFFCC00), dark: RGBA(hex: 0xFFD60A))
    public static let systemGreen = Color(light: RGBA(hex: 0x34C759), dark: RGBA(hex: 0x30D158))
    public static let systemTeal = Color(light: RGBA(hex: 0x30B0C7), dark: RGBA(hex: 0x40CBE0))
    public static let systemIndigo = Color(light: RGBA(hex: 0x5856D6), dark: RGBA(hex: 0x5E5CE6))
    public static let systemPurple = Color(light: RGBA(hex: 0xAF52DE), dark: RGBA(hex: 0xBF5AF2))
    public static let systemPink = Color(light: RGBA(hex: 0xFF2D55), dark: RGBA(hex: 0xFF375F))
    public static let systemGray = Color(light: RGBA(hex: 0x8E8E93), dark: RGBA(hex: 0x8E8E93))
    public static let systemGray2 = Color(light: RGBA(hex: 0xAEAEB2), dark: RGBA(hex: 0x636366))
    public static let systemGray3 = Color(light: RGBA(hex: 0xC7C7CC), dark: RGBA(hex: 0x48484A))
    public static let systemGray4 = Color(light: RGBA(hex: 0xD1D1D6), dark: RGBA(hex: 0x3A3A3C))
    public static let systemGray5 = Color(light: RGBA(hex: 0xE5E5EA), dark: RGBA(hex: 0x2C2C2E))
    public static let systemGray6 = Color(light: RGBA(hex: 0xF2F2F7), dark: RGBA(hex: 0x1C1C1E))

    // Semantic colours.
    public static let label = Color(light: RGBA(0, 0, 0), dark: RGBA(1, 1, 1))
    public static let secondaryLabel = Color(
        light: RGBA(hex: 0x3C3C43, alpha: 0.6), dark: RGBA(hex: 0xEBEBF5, alpha: 0.6))
    public static let tertiaryLabel = Color(
        light: RGBA(hex: 0x3C3C43, alpha: 0.3), dark: RGBA(hex: 0xEBEBF5, alpha: 0.3))
    public static let separator = Color(
        light: RGBA(hex: 0x3C3C43, alpha: 0.29), dark: RGBA(hex: 0x545458, alpha: 0.6))
    public static let opaqueSeparator = Color(light: RGBA(hex: 0xC6C6C8), dark: RGBA(hex: 0x38383A))
    public static let systemBackground = Color(light: RGBA(1, 1, 1), dark: RGBA(0, 0, 0))
    public static let secondarySystemBackground = Color(light: RGBA(hex: 0xF2F2F7), dark: RGBA(hex: 0x1C1C1E))
    public static let tertiarySystemBackground = Color(light: RGBA(1, 1, 1), dark: RGBA(hex: 0x2C2C2E))
    public static let systemGroupedBackground = Color(light: RGBA(hex: 0xF2F2F7), dark: RGBA(0, 0, 0))
    public static let systemFill = Color(
        light: RGBA(hex: 0x787880, alpha: 0.2), dark: RGBA(hex: 0x787880, alpha: 0.36))
    public static let secondarySystemFill = Color(
        light: RGBA(hex: 0x787880, alpha: 0.16), dark: RGBA(hex: 0x787880, alpha: 0.32))
    public static let tertiarySystemFill = Color(
        light: RGBA(hex: 0x767680, alpha: 0.12), dark: RGBA(hex: 0x767680, alpha: 0.24))
    /// The tint of controls and links.
    public static let tint = systemBlue
}
