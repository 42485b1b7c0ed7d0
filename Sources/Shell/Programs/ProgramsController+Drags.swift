import Graphics
import ShellPorts
@_spi(Hosting) import UI

/// The shell's part in a drag between programs: the picture under the finger, and the screen's
/// sides, which open a window for a dragged object that one of the apps declares (W2b), as they do
/// for a drag inside the shell's process.
@_spi(Testing) @MainActor public final class ProgramDragState {
    /// The drag as the side targets see it: its item loads from the program only on drop.
    let session: DragSession
    /// The picture that follows the finger.
    let iconView = ProgramDragIconView()
    var iconVersion: UInt32?
    var iconOffset = Point.zero
    /// Whether the finger is over a side that would take it.
    public internal(set) var overSide = false

    init(session: DragSession) {
        self.session = session
        iconView.isUserInteractionEnabled = false
    }
}

extension ProgramsController {
    /// A program's drag moved to `p` (screen points). True when a side of the screen takes it there
    /// (no program's window is offered it then).
    func programDragMoved(to p: Point) -> Bool {
        guard let source = shell.programDrags, source.isDragging else { return false }
        let state = programDrag ?? beginProgramDrag(source, at: p)
        if state.iconVersion != source.iconVersion {
            state.iconVersion = source.iconVersion
            if let icon = source.icon {
                state.iconView.picture = icon.picture
                state.iconView.frame = Rect(origin: .zero, size: icon.picture.size)
                state.iconOffset = icon.offset
                state.iconView.isHidden = false
            } else {
                state.iconView.isHidden = true
            }
        }
        state.iconView.frame.origin = Point(p.x + state.iconOffset.x, p.y + state.iconOffset.y)
        let edge = shell.dragCoordinator.systemTargets.lazy.compactMap { $0 as? EdgeDropTarget }.first
        let op = edge?.update(state.session, at: p) ?? .cancel
        state.overSide = op == .copy
        if state.overSide { source.leavePrograms() }
        return state.overSide
    }

    /// Called each frame: a program that began its drag after the finger stopped moving (a slow one)
    /// has it seen where the finger rests — over a side, the side takes it — with no further move.
    func programDragMayHaveBegun() {
        guard programDrag == nil, let p = programTouchPoint, shell.programDrags?.isDragging == true else { return }
        _ = programDragMoved(to: p)
    }

    /// A program's drag was let go at `p`. True when a side of the screen took it: the shell opens
    /// the object's window there, and no program gets the drop.
    func programDragEnded(at p: Point) -> Bool {
        guard let state = programDrag else { return false }
        programDrag = nil
        state.iconView.removeFromSuperview()
        let edge = shell.dragCoordinator.systemTargets.lazy.compactMap { $0 as? EdgeDropTarget }.first
        guard state.overSide, let edge, shell.programDrags?.isDragging == true else {
            edge?.exit(state.session)
            return false
        }
        shell.programDrags?.leavePrograms()
        for item in state.session.items { item.provider.releaseForDrop() }
        edge.performDrop(state.session)
        edge.exit(state.session)
        return true
    }

    /// The finger that carried a program's drag was taken away: nothing is dropped by the shell.
    func programDragCancelled() {
        guard let state = programDrag else { return }
        programDrag = nil
        state.iconView.removeFromSuperview()
        shell.dragCoordinator.systemTargets.lazy.compactMap { $0 as? EdgeDropTarget }.first?.exit(state.session)
    }

    /// Whether the shell shows a program's drag under the finger now, and the picture it shows.
    var programDragPicture: PixelImage? {
        guard let state = programDrag, !state.iconView.isHidden else { return nil }
        return state.iconView.picture
    }

    /// The drag as the shell keeps it: its user activity (when it offers one) read on drop.
    private func beginProgramDrag(_ source: any ProgramDragSource, at p: Point) -> ProgramDragState {
        let provider = ItemProvider()
        let offered = source.offeredTypes
        if offered.contains(ProgramDragTypes.userActivity) {
            provider.register(type: ItemType.userActivity) { [weak source] in
                source?.read(ProgramDragTypes.userActivity)
            }
        }
        if let text = ProgramDragTypes.plainText.first(where: offered.contains) {
            provider.register(type: ItemType.plainText) { [weak source] in source?.read(text) }
        }
        let session = DragSession(items: [DragItem(provider: provider)], location: p)
        let state = ProgramDragState(session: session)
        shell.overlayLayer.addSubview(state.iconView)
        programDrag = state
        return state
    }
}

/// The picture a program drags, drawn under the finger.
@MainActor final class ProgramDragIconView: View {
    var picture: PixelImage? { didSet { setNeedsDisplay() } }

    override func draw(in canvas: any Canvas) {
        if let picture { canvas.drawImage(picture, in: bounds, opacity: 1) }
    }
}
