/// Which activation requests a window accepts, by target content identifier (as
/// `UISceneActivationConditions`). `"*"` stands for any content.
///
/// A request for content that a window already shows brings that window forward when its conditions
/// can activate for the content; among several such windows one that prefers the content wins.
public struct ActivationConditions: Hashable, Sendable, Codable {
    /// Matches every target content identifier.
    public static let anyContent = "*"

    /// Content the window may be brought forward for. By default: any.
    public var canActivateFor: Set<String>
    /// Content the window would rather be brought forward for than others. By default: none.
    public var prefersToActivateFor: Set<String>

    public init(canActivateFor: Set<String> = [anyContent], prefersToActivateFor: Set<String> = []) {
        self.canActivateFor = canActivateFor
        self.prefersToActivateFor = prefersToActivateFor
    }

    /// Whether a request for `content` may bring the window forward.
    public func canActivate(for content: String?) -> Bool {
        Self.matches(canActivateFor, content)
    }

    /// Whether the window prefers requests for `content`.
    public func prefers(_ content: String?) -> Bool {
        Self.matches(prefersToActivateFor, content)
    }

    private static func matches(_ set: Set<String>, _ content: String?) -> Bool {
        if set.contains(anyContent) { return true }
        guard let content else { return false }
        return set.contains(content)
    }

    // Sets are stored sorted, so equal conditions are equal bytes.
    private enum CodingKeys: String, CodingKey { case canActivateFor, prefersToActivateFor }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        canActivateFor = Set(try c.decode([String].self, forKey: .canActivateFor))
        prefersToActivateFor = Set(try c.decodeIfPresent([String].self, forKey: .prefersToActivateFor) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(canActivateFor.sorted(), forKey: .canActivateFor)
        if !prefersToActivateFor.isEmpty {
            try c.encode(prefersToActivateFor.sorted(), forKey: .prefersToActivateFor)
        }
    }
}
