import Graphics

/// An app's icon, described so the shell can draw it at any size: a symbol on a gradient.
public struct AppIcon: Hashable, Sendable {
    /// An SF-Symbol name (drawn with the Adwaita equivalent), e.g. `envelope.fill`.
    public var symbol: String
    /// The gradient, top to bottom.
    public var topColor: Color
    public var bottomColor: Color
    /// The symbol's colour.
    public var symbolColor: Color

    public init(symbol: String, topColor: Color, bottomColor: Color, symbolColor: Color = .white) {
        self.symbol = symbol
        self.topColor = topColor
        self.bottomColor = bottomColor
        self.symbolColor = symbolColor
    }
}
