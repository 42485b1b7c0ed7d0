import Scenes

/// Slate's scene values as numbers of the scene protocol (Protocols/slate-scene-v1.xml).
enum SceneWire {
    /// `slate_scene_manager_v1.placement`.
    static func placement(_ p: Placement) -> Int32 {
        switch p {
        case .automatic: 0
        case .prominent: 2
        case .standard: 3
        case .left: 4
        case .right: 5
        }
    }

    /// `slate_scene_manager_v1.role`.
    static func role(_ r: SceneSession.Role) -> Int32 { r == .auxiliary ? 1 : 0 }

    /// `slate_scene_v1.animation`.
    static func animation(_ a: DismissalAnimation) -> Int32 {
        switch a {
        case .standard: 0
        case .commit: 1
        case .decline: 2
        }
    }
}
