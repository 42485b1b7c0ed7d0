import Graphics
import Host
import ShellPorts
import SlateCompositorShim
import UI

/// One xdg surface of a client as Swift keeps it: its handle, whether it is shown, and its latest
/// picture cut to its window geometry.
@MainActor public class ClientView {
    let handle: OpaquePointer
    let comp: OpaquePointer
    /// False once the client destroyed it: nothing is sent to it any more.
    var isAlive = true
    var isMapped = false
    /// The latest picture, cut to the window geometry; nil before the first readable buffer. After
    /// `releasePicture()` it is read again from the client's buffer when asked for.
    public var picture: PixelImage? {
        if released {
            released = false
            refreshPicture(notify: false, copy: true)
        }
        return kept
    }
    /// Whether the shell draws this view straight from the client's buffers (`livePixels`), so a
    /// commit copies nothing: the picture is read only when asked for (a snapshot, a stretch during
    /// an animation). Slate's app processes' windows keep their pictures (shown if the app ends).
    var drawsLive: Bool { false }
    /// The window geometry in the buffer (pixels) and the buffer's scale, as of the last commit.
    private(set) var liveWindow: (x: Int, y: Int, width: Int, height: Int, scale: Int)?
    /// The picture's size in points, kept while the picture is let go.
    public private(set) var pictureSize: Size?
    /// The bytes of the picture as kept now (0 while it is let go), for memory figures.
    public var keptPictureBytes: Int { kept?.pixels.count ?? 0 }
    /// The picture as kept; nil when there is none or it was let go.
    private var kept: PixelImage? {
        didSet { if let kept { pictureSize = kept.size } }
    }
    /// The picture was let go: the client's current buffer holds it.
    private var released = false
    /// What the last commit changed, in the picture's points; nil when it may be everything.
    public internal(set) var damage: Rect?
    /// The window geometry in surface points.
    public internal(set) var geometry = Rect.zero
    /// Whether the client's last buffer is one the shell cannot read (too big to copy).
    public internal(set) var cannotBeShown = false
    /// Pictures taken from the client so far.
    public internal(set) var pictureCount = 0
    /// When the last picture was taken (`MonotonicClock` seconds), for latency figures.
    public internal(set) var pictureTime = 0.0

    /// The compositor's `wl_touch` ids (shared by its windows: a finger's id is the seat's).
    let touchSlots: TouchSlots

    init(handle: OpaquePointer, comp: OpaquePointer, touchSlots: TouchSlots) {
        self.handle = handle
        self.comp = comp
        self.touchSlots = touchSlots
    }

    /// The size and scale of the last buffer read.
    private var bufferSize = (width: 0, height: 0, scale: 1)
    /// How many subsurfaces showed in the last picture, and their change count then.
    private var shownSubsurfaces = (count: Int32(0), changes: UInt32(0))

    /// Lets the picture go (a window not on the screen keeps none: 22 MB at 2× for a full-screen
    /// one). Asked for again, it is copied from the client's current buffer, which the compositor
    /// holds until the client commits another.
    public func releasePicture() {
        guard kept != nil, isAlive else { return }
        kept = nil
        damage = nil
        released = true
    }

    /// Reads the committed buffer (premultiplied BGRA), cut to the window geometry, into the picture.
    /// When the buffer kept its size, only the rows the commit damaged are copied, and `damage` says
    /// where they are in the picture. While the picture is let go, nothing is copied: it is read
    /// when asked for. `notify`: a new picture from the client (counted, and the shell told).
    func refreshPicture(notify: Bool = true, copy: Bool = false) {
        guard isAlive else { return }
        if released, !drawsLive, !copy {
            pictureCount += 1
            pictureTime = MonotonicClock.read()
            pictureDidChange()
            return
        }
        var gx: Int32 = 0
        var gy: Int32 = 0
        var gw: Int32 = 0
        var gh: Int32 = 0
        slate_view_geometry(handle, &gx, &gy, &gw, &gh)
        var w: Int32 = 0
        var h: Int32 = 0
        var s: Int32 = 1
        guard slate_view_picture_size(handle, &w, &h, &s) != 0 else {
            // A buffer the shell cannot read: said once (the window would be blank).
            if isMapped, slate_view_buffer_state(handle) == .unreadable, !cannotBeShown {
                cannotBeShown = true
                pictureDidChange()
            }
            return
        }
        cannotBeShown = false
        let (bw, bh, scale) = (Int(w), Int(h), Int(max(1, s)))
        var dx: Int32 = 0
        var dy: Int32 = 0
        var dw: Int32 = 0
        var dh: Int32 = 0
        slate_view_damage(handle, &dx, &dy, &dw, &dh)
        // The window geometry in buffer pixels, kept inside the buffer.
        let x0 = min(max(0, Int(gx) * scale), bw - 1)
        let y0 = min(max(0, Int(gy) * scale), bh - 1)
        let cw = min(gw > 0 ? Int(gw) * scale : bw, bw - x0)
        let ch = min(gh > 0 ? Int(gh) * scale : bh, bh - y0)
        guard cw > 0, ch > 0 else { return }
        geometry = Rect(Double(gx), Double(gy), Double(cw / scale), Double(ch / scale))
        let sameBuffer = bufferSize == (bw, bh, scale)
        bufferSize = (bw, bh, scale)
        // Subsurfaces that show something (a video, a program's content in a surface of its own) are
        // composed in: over the rows the main surface redrew when none of them changed, else over
        // a picture made whole.
        let subsurfaces = slate_view_has_subsurfaces(handle)
        let changes = slate_view_subsurface_changes(handle)
        let subsurfacesChanged = subsurfaces != shownSubsurfaces.count || changes != shownSubsurfaces.changes
        shownSubsurfaces = (subsurfaces, changes)
        let partial = subsurfaces == 0 || !subsurfacesChanged
        if drawsLive, !copy {
            // Nothing copied: the frame reads the buffer. What changed is known all the same.
            let same = liveWindow.map { $0 == (x0, y0, cw, ch, scale) } ?? false
            liveWindow = (x0, y0, cw, ch, scale)
            kept = nil
            released = true
            pictureSize = Size(Double(cw / scale), Double(ch / scale))
            if partial, same, sameBuffer, dw > 0, dh > 0, Int(dh) < bh {
                let d = Double(scale)
                damage = Rect(Double(Int(dx) - x0) / d, Double(Int(dy) - y0) / d, Double(dw) / d, Double(dh) / d)
            } else {
                damage = nil
            }
        } else if partial, sameBuffer, dw > 0, dh > 0, Int(dh) < bh, let p = kept, p.width == cw, p.height == ch {
            // The rows the commit damaged, drawn anew from the buffers (the subsurfaces over them).
            let rows = (max(0, Int(dy) - y0), min(ch, Int(dy) + Int(dh) - y0))
            if rows.1 > rows.0 {
                let ok = kept!.pixels.withUnsafeMutableBufferPointer {
                    slate_view_draw(
                        handle, Int32(x0), Int32(y0), Int32(cw), Int32(ch), 0, Int32(rows.0), Int32(cw),
                        Int32(rows.1 - rows.0), $0.baseAddress! + rows.0 * cw * 4, Int32(cw * 4), 1)
                }
                guard ok == 0 else { return }
            }
            let d = Double(scale)
            damage = Rect(Double(Int(dx) - x0) / d, Double(Int(dy) - y0) / d, Double(dw) / d, Double(dh) / d)
        } else {
            var pixels = [UInt8](repeating: 0, count: cw * ch * 4)
            let ok = pixels.withUnsafeMutableBufferPointer {
                slate_view_draw(
                    handle, Int32(x0), Int32(y0), Int32(cw), Int32(ch), 0, 0, Int32(cw), Int32(ch), $0.baseAddress,
                    Int32(cw * 4), 1)
            }
            guard ok == 0 else { return }
            kept = PixelImage(width: cw, height: ch, scale: Double(scale), pixels: pixels)
            // (Read when asked for, the picture is the last commit's: what that commit changed stays.)
            if !copy { damage = nil }
        }
        guard notify else { return }
        pictureCount += 1
        pictureTime = MonotonicClock.read()
        pictureDidChange()
    }

    func pictureDidChange() {}

    var toplevel: ClientToplevel? { nil }
}

/// What shows a client's popups and keeps them in its bounds: a window (`ClientToplevel`) or a
/// layer surface (`ClientLayer`). Popups are placed in its points.
@MainActor protocol PopupOwner: AnyObject {
    /// Where its popups may go, in its points.
    var popupBounds: Rect { get }
    /// A popup of its (or of one of its popups) came.
    func attach(_ popup: ClientPopup)
    /// A popup of its went.
    func detach(_ popup: ClientPopup)
    /// A popup of its was shown, moved or drew again.
    func popupsChanged()
}

/// A client's popup (menu, tooltip): placed relative to its parent, kept inside the window.
@MainActor public final class ClientPopup: ClientView {
    weak var parent: ClientView?
    /// The layer surface it is a popup of (zwlr_layer_surface_v1.get_popup); nil for a window's.
    weak var layer: ClientLayer?

    init(handle: OpaquePointer, comp: OpaquePointer, touchSlots: TouchSlots, parent: ClientView?) {
        self.parent = parent
        super.init(handle: handle, comp: comp, touchSlots: touchSlots)
        constrain()
    }

    /// The popup's frame in the toplevel's window points.
    public var frame: Rect {
        var x: Int32 = 0
        var y: Int32 = 0
        var w: Int32 = 0
        var h: Int32 = 0
        slate_view_popup_position(handle, &x, &y, &w, &h)
        let origin = (parent as? ClientPopup)?.frame.origin ?? .zero
        return Rect(origin.x + Double(x), origin.y + Double(y), Double(w), Double(h))
    }

    /// Keeps the popup inside its owner's bounds (so inside the screen), flipping or sliding it as
    /// its positioner allows.
    func constrain() {
        guard let area = owner?.popupBounds, !area.isEmpty else { return }
        let origin = (parent as? ClientPopup)?.frame.origin ?? .zero
        slate_view_popup_constrain(
            handle, Int32((area.minX - origin.x).rounded()), Int32((area.minY - origin.y).rounded()),
            Int32(area.width.rounded()), Int32(area.height.rounded()))
    }

    override func pictureDidChange() { owner?.popupsChanged() }

    /// What shows it: its window, or its layer surface, through its parent popups.
    var owner: (any PopupOwner)? {
        if let layer { return layer }
        if let t = parent as? ClientToplevel { return t }
        return (parent as? ClientPopup)?.owner
    }

    override var toplevel: ClientToplevel? {
        if let t = parent as? ClientToplevel { return t }
        return parent?.toplevel
    }
}
