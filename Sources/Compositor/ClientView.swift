import Graphics
import Host
import Shell
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
    /// The latest picture, cut to the window geometry; nil before the first readable buffer.
    public internal(set) var picture: PixelImage?
    /// The window geometry in surface points.
    public internal(set) var geometry = Rect.zero
    /// Pictures taken from the client so far.
    public internal(set) var pictureCount = 0
    /// When the last picture was taken (`MonotonicClock` seconds), for latency figures.
    public internal(set) var pictureTime = 0.0

    init(handle: OpaquePointer, comp: OpaquePointer) {
        self.handle = handle
        self.comp = comp
    }

    /// Reads the committed buffer (premultiplied BGRA) and cuts it to the window geometry.
    func refreshPicture() {
        guard isAlive else { return }
        var gx: Int32 = 0
        var gy: Int32 = 0
        var gw: Int32 = 0
        var gh: Int32 = 0
        slate_view_geometry(handle, &gx, &gy, &gw, &gh)
        var w: Int32 = 0
        var h: Int32 = 0
        var s: Int32 = 1
        let need = slate_view_copy_pixels(handle, nil, 0, &w, &h, &s)
        guard need > 0 else { return }
        var full = [UInt8](repeating: 0, count: need)
        let got = full.withUnsafeMutableBufferPointer {
            slate_view_copy_pixels(handle, $0.baseAddress, need, &w, &h, &s)
        }
        guard got == need else { return }
        let scale = Int(max(1, s))
        let (bw, bh) = (Int(w), Int(h))
        // The window geometry in buffer pixels, kept inside the buffer.
        var x0 = Int(gx) * scale
        var y0 = Int(gy) * scale
        var cw = gw > 0 ? Int(gw) * scale : bw
        var ch = gh > 0 ? Int(gh) * scale : bh
        x0 = min(max(0, x0), bw - 1)
        y0 = min(max(0, y0), bh - 1)
        cw = min(cw, bw - x0)
        ch = min(ch, bh - y0)
        guard cw > 0, ch > 0 else { return }
        geometry = Rect(Double(gx), Double(gy), Double(cw / scale), Double(ch / scale))
        if x0 == 0, y0 == 0, cw == bw, ch == bh {
            picture = PixelImage(width: bw, height: bh, scale: Double(scale), pixels: full)
        } else {
            var cut = [UInt8](repeating: 0, count: cw * ch * 4)
            full.withUnsafeBufferPointer { src in
                cut.withUnsafeMutableBufferPointer { dst in
                    for row in 0..<ch {
                        let from = src.baseAddress! + ((y0 + row) * bw + x0) * 4
                        (dst.baseAddress! + row * cw * 4).update(from: from, count: cw * 4)
                    }
                }
            }
            picture = PixelImage(width: cw, height: ch, scale: Double(scale), pixels: cut)
        }
        pictureCount += 1
        pictureTime = MonotonicClock.read()
        pictureDidChange()
    }

    func pictureDidChange() {}

    var toplevel: ClientToplevel? { nil }
}

/// A client's popup (menu, tooltip): placed relative to its parent, kept inside the window.
@MainActor public final class ClientPopup: ClientView {
    weak var parent: ClientView?

    init(handle: OpaquePointer, comp: OpaquePointer, parent: ClientView?) {
        self.parent = parent
        super.init(handle: handle, comp: comp)
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

    /// Keeps the popup inside its toplevel's window (so inside the screen), flipping or sliding it
    /// as its positioner allows.
    func constrain() {
        guard let top = toplevel else { return }
        let win = top.windowSize
        let origin = (parent as? ClientPopup)?.frame.origin ?? .zero
        slate_view_popup_constrain(
            handle, Int32(-origin.x), Int32(-origin.y), Int32(win.width.rounded()), Int32(win.height.rounded()))
    }

    override func pictureDidChange() { toplevel?.popupsChanged() }

    override var toplevel: ClientToplevel? {
        if let t = parent as? ClientToplevel { return t }
        return parent?.toplevel
    }
}
