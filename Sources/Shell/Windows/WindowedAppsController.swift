import Foundation
import Graphics
import Menus
import Scenes
import ShellPorts
import SystemUI
import UI
import Windowing

/// Windowed Apps' gestures and controls, an owned part of the shell: the window a finger moves or
/// resizes, the drop zone it shows, the window controls and the tiling menu, windows shrinking into
/// the Dock, the swipe up held for Exposé, and the four-finger swipes between windows. The window
/// manager (`Windowing`) decides where windows go; this turns the fingers into its operations. The
/// shell's public face of it is `Shell+WindowedApps`.
@MainActor final class WindowedAppsController {
    /// The shell whose windows it moves.
    unowned let shell: Shell

    init(shell: Shell) { self.shell = shell }

    /// The window being moved or resized, if any.
    var drag: WindowDrag?
    /// Where the dragged window would tile if let go now.
    let dropZone = DropZoneView()
    /// Windows shrinking into the Dock: laid out no more, but seen until they are small.
    var minimizing: Set<String> = []
    /// Counts the swipe up from the bottom edge held still, before Exposé shows.
    var exposeHold: Animation?
    /// Where that swipe's finger was when it last moved.
    var exposeHoldPoint: Point?
    /// Where something was dropped on the wallpaper for an app (its next window opens there).
    var dropPoint: (app: String, point: Point)?
    /// The windows four-finger swipes go through, as they were when the swipes began, and the one
    /// shown now.
    var switching: (order: [String], index: Int)?
}

/// A window a finger moves (by its top band, or its program's request) or resizes (by its handle,
/// or its program's request from an edge).
@MainActor struct WindowDrag {
    enum Kind {
        /// `grab`: where the finger holds the window — across, as a share of its width; down, in points.
        case move(grab: Point)
        /// The frame when the resize began, and the edges that move.
        case resize(start: Rect, edges: WindowEdges)
    }
    let id: String
    let kind: Kind
    /// Where the finger was when the drag began, in screen points.
    let start: Point
    /// The tile the window would take if let go now (moves only).
    var zone: Tile?
    /// When the finger last moved (a finger that rested before lifting flicks nothing).
    var movedAt: Double
}
