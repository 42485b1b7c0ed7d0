/// A font: a family, a size in points, a weight and a slant.
public struct Font: Hashable, Sendable, Codable {
    /// Font weights, with the OpenType values Pango and fontconfig use.
    public enum Weight: Int, Sendable, Codable, Comparable {
        case ultraLight = 200
        case light = 300
        case regular = 400
        case medium = 500
        case semibold = 600
        case bold = 700
        case heavy = 800

        public static func < (a: Weight, b: Weight) -> Bool { a.rawValue < b.rawValue }
    }

    /// The family the system UI uses. Inter is the closest free match for SF Pro; the renderer falls
    /// back to DejaVu Sans when it is not installed.
    public static let systemFamily = "Inter"

    public var family: String
    /// The size in points. For a text style's font, its size at the standard text size; the screen
    /// shows it at the person's (`FontMetrics.scaledFont`).
    public var size: Double {
        didSet { if size != oldValue { textStyle = nil } }
    }
    public var weight: Weight
    public var italic: Bool
    /// The text style the font is of, when it follows the person's text size; nil: a fixed size.
    public internal(set) var textStyle: TextStyle?

    public init(family: String = Font.systemFamily, size: Double, weight: Weight = .regular, italic: Bool = false) {
        self.family = family
        self.size = size
        self.weight = weight
        self.italic = italic
    }

    public static func system(size: Double, weight: Weight = .regular) -> Font {
        Font(size: size, weight: weight)
    }

    /// The font of an iOS text style at the default (Large) content size; shown at the person's text
    /// size (`FontMetrics.scaledFont`).
    public static func preferred(_ style: TextStyle) -> Font {
        var font = Font(size: style.size, weight: style.weight)
        font.textStyle = style
        return font
    }

    /// The font at its standard size whatever the person's text size: bars keep their titles and
    /// buttons so (a navigation bar's title does not grow with Dynamic Type on iOS).
    public var fixed: Font {
        var font = self
        font.textStyle = nil
        return font
    }

    public func weight(_ w: Weight) -> Font {
        var f = self
        f.weight = w
        return f
    }

    public func size(_ s: Double) -> Font {
        var f = self
        f.size = s
        return f
    }
}

/// The iOS dynamic-type text styles at the default "Large" size (Apple HIG, Typography, iOS table).
public enum TextStyle: String, Sendable, Codable, CaseIterable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    public var size: Double {
        switch self {
        case .largeTitle: 34
        case .title1: 28
        case .title2: 22
        case .title3: 20
        case .headline: 17
        case .body: 17
        case .callout: 16
        case .subheadline: 15
        case .footnote: 13
        case .caption1: 12
        case .caption2: 11
        }
    }

    public var weight: Font.Weight {
        switch self {
        case .headline: .semibold
        case .largeTitle, .title1, .title2, .title3: .regular
        default: .regular
        }
    }

    /// Line height (leading) of the style in points.
    public var lineHeight: Double {
        switch self {
        case .largeTitle: 41
        case .title1: 34
        case .title2: 28
        case .title3: 25
        case .headline, .body: 22
        case .callout: 21
        case .subheadline: 20
        case .footnote: 18
        case .caption1: 16
        case .caption2: 13
        }
    }
}

/// How a line of text that does not fit is shortened.
public enum Truncation: Sendable, Hashable {
    case none, head, middle, tail
}

/// Horizontal alignment of text within its box.
public enum TextAlignment: Sendable, Hashable {
    /// Leading: left in left-to-right text, right in right-to-left text.
    case natural
    case left, center, right
}

/// A piece of text and how to lay it out: the input of the text engine.
public struct TextLayout: Hashable, Sendable {
    public var text: String
    public var font: Font
    public var color: Color
    public var alignment: TextAlignment
    /// The most lines shown; 0 means no limit.
    public var lineLimit: Int
    public var truncation: Truncation
    /// The width to wrap at; nil for a single unwrapped line.
    public var width: Double?

    public init(
        _ text: String, font: Font, color: Color = .label, alignment: TextAlignment = .natural,
        lineLimit: Int = 1, truncation: Truncation = .tail, width: Double? = nil
    ) {
        self.text = text
        self.font = font
        self.color = color
        self.alignment = alignment
        self.lineLimit = lineLimit
        self.truncation = truncation
        self.width = width
    }
}

/// Measures text. The renderer implements it with Pango; views use it for layout.
public protocol TextMeasuring: Sendable {
    /// The size the text takes when laid out as `layout` says.
    func measure(_ layout: TextLayout) -> Size
}

/// A measurer for tests of pure layout that has no text engine: each character is 0.55 em wide and a
/// line is 1.2 em high. Never used to draw.
public struct ApproximateTextMeasurer: TextMeasuring {
    public init() {}

    public func measure(_ layout: TextLayout) -> Size {
        let charW = layout.font.size * 0.55
        let lineH = (layout.font.size * 1.2).rounded()
        let natural = Double(layout.text.count) * charW
        guard let w = layout.width, natural > w, w > 0 else { return Size(natural, lineH) }
        var lines = Int((natural / w).rounded(.up))
        if layout.lineLimit > 0 { lines = min(lines, layout.lineLimit) }
        return Size(w, Double(lines) * lineH)
    }
}
