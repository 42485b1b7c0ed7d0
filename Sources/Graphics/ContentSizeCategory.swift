/// The text size a person chose (Settings › Display & Brightness › Text Size), as iOS's content-size
/// categories: every text style has a size in each, and layouts around text grow with the body's.
public enum ContentSizeCategory: String, Sendable, Codable, CaseIterable, Comparable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge

    /// The category a person gets unless they chose another ("Large", iOS's default).
    public static let standard = ContentSizeCategory.large

    /// The category whose body text is `points` (the size Settings saves), or the nearest one.
    public init(bodySize points: Double) {
        self =
            Self.allCases.min { abs(TextStyle.body.size(in: $0) - points) < abs(TextStyle.body.size(in: $1) - points) }
            ?? .standard
    }

    /// The categories in order, smallest first.
    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// Point sizes of each text style in this category, in `TextStyle.allCases` order (Apple HIG,
    /// Typography, "iOS, iPadOS Dynamic Type sizes": xSmall … xxxLarge).
    var sizes: [Double] {
        switch self {
        case .extraSmall: [31, 25, 19, 17, 14, 14, 13, 12, 12, 11, 11]
        case .small: [32, 26, 20, 18, 15, 15, 14, 13, 12, 11, 11]
        case .medium: [33, 27, 21, 19, 16, 16, 15, 14, 12, 11, 11]
        case .large: [34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11]
        case .extraLarge: [36, 30, 24, 22, 19, 19, 18, 17, 15, 14, 13]
        case .extraExtraLarge: [38, 32, 26, 24, 21, 21, 20, 19, 17, 16, 15]
        case .extraExtraExtraLarge: [40, 34, 28, 26, 23, 23, 22, 21, 19, 18, 17]
        }
    }
}

extension TextStyle {
    /// The style's point size in `category` (Apple HIG's Dynamic Type table).
    public func size(in category: ContentSizeCategory) -> Double {
        category.sizes[Self.allCases.firstIndex(of: self)!]
    }
}

/// Scales fonts and the layouts around them to a content-size category, as `UIFontMetrics.default`
/// does: a font of a text style takes that style's size in the category; any other length (a row's
/// height, the space above a line) grows or shrinks with the body style.
public struct FontMetrics: Sendable, Hashable {
    /// The category scaled to.
    public var category: ContentSizeCategory

    /// Metrics for `category`.
    public init(category: ContentSizeCategory) { self.category = category }

    /// The standard text size's: fonts and lengths as they are given.
    public static let standard = FontMetrics(category: .standard)

    /// How much larger the body text is than at the standard size.
    public var scale: Double { TextStyle.body.size(in: category) / TextStyle.body.size(in: .standard) }

    /// `font` as it is shown in the category: a text style's font at the style's size there (its
    /// weight and slant kept); a font of a fixed size as it is.
    public func scaledFont(_ font: Font) -> Font {
        guard let style = font.textStyle, category != .standard else { return font }
        var scaled = font
        scaled.size = style.size(in: category)
        return scaled
    }

    /// A length laid out around text at the standard size, in the category (rounded to the point).
    public func scaledValue(_ value: Double) -> Double {
        category == .standard ? value : (value * scale).rounded()
    }
}
