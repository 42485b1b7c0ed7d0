import Foundation

/// What a window shows, said in a way the system can store and hand back (as `NSUserActivity`): a
/// declared activity type, a title, the identifier of the content it is about, and a payload the
/// app encodes as JSON.
///
/// A user activity asks for a window (`ActivationRequest.userActivity`), comes back to the scene
/// delegate when the window connects (`ConnectionOptions.userActivities`), and is what a session
/// keeps for state restoration (`SceneSession.userActivity`).
public struct UserActivity: Hashable, Sendable, Codable {
    /// One of the application's declared `activityTypes`, e.g. `org.slate.mail.message`.
    public var activityType: String
    /// A title for people (shown in the app switcher and the recently-closed list).
    public var title: String?
    /// The content the activity is about (a message id); windows showing the same content are
    /// brought forward instead of opened twice.
    public var targetContentIdentifier: String?
    /// The app's own data, JSON-encoded; read it back with `payload(as:)`.
    public var payload: Data

    /// An activity with a payload encoded as JSON (sorted keys, so equal payloads are equal bytes).
    public init<P: Encodable>(
        type: String, title: String? = nil, targetContentIdentifier: String? = nil, payload: P
    ) throws {
        self.activityType = type
        self.title = title
        self.targetContentIdentifier = targetContentIdentifier
        self.payload = try Self.encoder.encode(payload)
    }

    /// An activity with no payload.
    public init(type: String, title: String? = nil, targetContentIdentifier: String? = nil) {
        self.activityType = type
        self.title = title
        self.targetContentIdentifier = targetContentIdentifier
        self.payload = Data()
    }

    /// Decodes the payload; throws the decoder's error when it is not a `P` (or there is none).
    public func payload<P: Decodable>(as type: P.Type) throws -> P {
        try JSONDecoder().decode(P.self, from: payload)
    }

    private static var encoder: JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return e
    }

    // The payload is stored as JSON text when it is UTF-8 (it always is when made by `init(type:…payload:)`),
    // so state files stay readable; anything else is stored as base64.
    private enum CodingKeys: String, CodingKey {
        case activityType, title, targetContentIdentifier, payload, payloadBase64
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        activityType = try c.decode(String.self, forKey: .activityType)
        title = try c.decodeIfPresent(String.self, forKey: .title)
        targetContentIdentifier = try c.decodeIfPresent(String.self, forKey: .targetContentIdentifier)
        if let text = try c.decodeIfPresent(String.self, forKey: .payload) {
            payload = Data(text.utf8)
        } else if let b64 = try c.decodeIfPresent(Data.self, forKey: .payloadBase64) {
            payload = b64
        } else {
            payload = Data()
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(activityType, forKey: .activityType)
        try c.encodeIfPresent(title, forKey: .title)
        try c.encodeIfPresent(targetContentIdentifier, forKey: .targetContentIdentifier)
        if payload.isEmpty {
            return
        } else if let text = String(data: payload, encoding: .utf8), Data(text.utf8) == payload {
            try c.encode(text, forKey: .payload)
        } else {
            try c.encode(payload, forKey: .payloadBase64)
        }
    }
}
