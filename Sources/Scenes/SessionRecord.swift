/// What is stored for one session: everything needed to bring its window back as it was. One record
/// is one small file (`sessions/<id>.json`), so saving a change rewrites only the sessions that changed.
public struct SessionRecord: Hashable, Sendable, Codable {
    /// The session's persistent identifier (letters, digits, `-`, `_`, `.`; it names the file).
    public var id: String
    public var role: SceneSession.Role
    public var configurationName: String
    public var title: String
    public var userActivity: UserActivity?
    public var targetContentIdentifier: String?
    public var userInfo: [String: String]
    public var activationConditions: ActivationConditions

    public init(
        id: String, role: SceneSession.Role, configurationName: String, title: String = "",
        userActivity: UserActivity? = nil, targetContentIdentifier: String? = nil, userInfo: [String: String] = [:],
        activationConditions: ActivationConditions = ActivationConditions()
    ) {
        self.id = id
        self.role = role
        self.configurationName = configurationName
        self.title = title
        self.userActivity = userActivity
        self.targetContentIdentifier = targetContentIdentifier
        self.userInfo = userInfo
        self.activationConditions = activationConditions
    }

    private enum CodingKeys: String, CodingKey {
        case id, role, configurationName, title, userActivity, targetContentIdentifier, userInfo
        case activationConditions
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        role = try c.decode(SceneSession.Role.self, forKey: .role)
        configurationName = try c.decode(String.self, forKey: .configurationName)
        title = try c.decodeIfPresent(String.self, forKey: .title) ?? ""
        userActivity = try c.decodeIfPresent(UserActivity.self, forKey: .userActivity)
        targetContentIdentifier = try c.decodeIfPresent(String.self, forKey: .targetContentIdentifier)
        userInfo = try c.decodeIfPresent([String: String].self, forKey: .userInfo) ?? [:]
        activationConditions =
            try c.decodeIfPresent(ActivationConditions.self, forKey: .activationConditions) ?? ActivationConditions()
    }

    // Defaults are left out, so a plain session costs few bytes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(role, forKey: .role)
        try c.encode(configurationName, forKey: .configurationName)
        if !title.isEmpty { try c.encode(title, forKey: .title) }
        try c.encodeIfPresent(userActivity, forKey: .userActivity)
        try c.encodeIfPresent(targetContentIdentifier, forKey: .targetContentIdentifier)
        if !userInfo.isEmpty { try c.encode(userInfo, forKey: .userInfo) }
        if activationConditions != ActivationConditions() {
            try c.encode(activationConditions, forKey: .activationConditions)
        }
    }

    /// Whether `id` can name a session file: 1–128 letters, digits, `-`, `_` or `.`, not starting with `.`.
    public static func isValidIdentifier(_ id: String) -> Bool {
        guard (1...128).contains(id.utf8.count), id.first != "." else { return false }
        return id.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2D || c == 0x5F
                || c == 0x2E
        }
    }
}
