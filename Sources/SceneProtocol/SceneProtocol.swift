import Scenes
import SlateProtocols

// Slate's scene values as the scene protocol (Protocols/slate-scene-v1.xml) sends them: one table
// for the shell's side and an app's, read from the protocol's own enums.

extension Placement {
    /// `slate_scene_manager_v1.placement`.
    public var wire: UInt32 {
        switch self {
        case .automatic: SLATE_SCENE_MANAGER_V1_PLACEMENT_AUTOMATIC.rawValue
        case .prominent: SLATE_SCENE_MANAGER_V1_PLACEMENT_PROMINENT.rawValue
        case .standard: SLATE_SCENE_MANAGER_V1_PLACEMENT_BESIDE.rawValue
        case .left: SLATE_SCENE_MANAGER_V1_PLACEMENT_LEFT.rawValue
        case .right: SLATE_SCENE_MANAGER_V1_PLACEMENT_RIGHT.rawValue
        }
    }

    /// The placement a wire value names; the system's choice for one it does not (full screen is
    /// the system's to give).
    public init(wire: UInt32) {
        self = Self.allCases.first { $0.wire == wire } ?? .automatic
    }
}

extension SceneSession.Role {
    /// `slate_scene_manager_v1.role`.
    public var wire: UInt32 {
        self == .auxiliary
            ? SLATE_SCENE_MANAGER_V1_ROLE_AUXILIARY.rawValue : SLATE_SCENE_MANAGER_V1_ROLE_PRIMARY.rawValue
    }

    /// The role a wire value names (primary for any other).
    public init(wire: UInt32) {
        self = wire == SLATE_SCENE_MANAGER_V1_ROLE_AUXILIARY.rawValue ? .auxiliary : .primary
    }
}

extension DismissalAnimation {
    /// `slate_scene_v1.animation`.
    public var wire: UInt32 {
        switch self {
        case .standard: SLATE_SCENE_V1_ANIMATION_STANDARD.rawValue
        case .commit: SLATE_SCENE_V1_ANIMATION_COMMIT.rawValue
        case .decline: SLATE_SCENE_V1_ANIMATION_DECLINE.rawValue
        }
    }

    /// The animation a wire value names (the standard one for any other).
    public init(wire: UInt32) {
        switch wire {
        case SLATE_SCENE_V1_ANIMATION_COMMIT.rawValue: self = .commit
        case SLATE_SCENE_V1_ANIMATION_DECLINE.rawValue: self = .decline
        default: self = .standard
        }
    }
}
