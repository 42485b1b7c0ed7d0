import Graphics
import ShellPorts
import UI

/// Other programs, an owned part of the shell: their windows (foreign toplevels, each a scene of its
/// `ForeignApp`), Slate's apps running as processes of their own, layer surfaces (panels, docks,
/// wallpapers), drags between programs, and the conformance suite's placed windows. The compositor
/// speaks to the shell through `ShellPorts`; the shell's side of those ports is `Shell+Compositor`,
/// which hands them here.
@MainActor final class ProgramsController {
    /// The shell the programs' windows show in.
    unowned let shell: Shell

    init(shell: Shell) { self.shell = shell }

    /// Other programs' windows and launches.
    let foreign = ForeignWindows()
    /// The programs' catalog: what it installed, and its reading again when its files change.
    let catalogState = CatalogState()
    /// Other programs' layer surfaces (panels, docks, wallpapers), in their layers.
    let layers = LayerSurfaces()
    /// Other programs' windows where the conformance suite puts them (its test mode only).
    let placedWindows = PlacedWindows()
    /// The drag between programs under way, as the shell shows and takes it.
    var programDrag: ProgramDragState?
    /// Where the finger on a program's window is now (screen points), while it is down.
    var programTouchPoint: Point?
}
