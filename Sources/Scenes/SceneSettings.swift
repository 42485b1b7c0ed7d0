/// The numbers of the scene system, each with where it comes from.
public struct SceneSettings: Hashable, Sendable {
    /// Connected scenes allowed in the background before the oldest are disconnected to free memory.
    /// iPadOS decides by memory pressure and publishes no count; four keeps a Split View pair and a
    /// Slide Over window warm behind the current ones while bounding memory.
    public var backgroundSceneBudget: Int
    /// How many destroyed sessions the recently-closed list keeps; ten, as the issue suggests and as
    /// browsers' recently-closed menus commonly show.
    public var recentlyClosedLimit: Int

    public init(backgroundSceneBudget: Int = 4, recentlyClosedLimit: Int = 10) {
        self.backgroundSceneBudget = max(0, backgroundSceneBudget)
        self.recentlyClosedLimit = max(0, recentlyClosedLimit)
    }

    /// The settings above.
    public static let standard = SceneSettings()
}
