import Graphics
import UI

/// The screen behind an open menu: blurred and dimmed, made once per opening and then copied,
/// region by region, on every frame that needs it.
///
/// Made in three steps, cheapest first: the screen is drawn at a quarter of a pixel per point, shrunk
/// by a box filter and blurred (a blur needs no detail); then stretched once, with the dim, to the
/// screen's full resolution, so that each frame copies pixels instead of filtering them.
///
/// A backdrop of a whole 2× screen is 22 MB, so the last one's pixels are reused.
@MainActor public struct MenuBackdrop {
    /// The finished backdrop at the screen's resolution, opaque.
    public let image: PixelImage
    /// The small blurred picture it was stretched from.
    public let thumbnail: PixelImage
    public let appearance: Appearance

    /// Draws `root` without the views in `excluding` (an overlay already there) into the backdrop.
    public static func make(
        of root: RootView, excluding: [View] = [], renderer: any RasterRenderer, scale: Double
    ) -> MenuBackdrop {
        let appearance = root.appearance
        let size = root.bounds.size
        let small = renderer.render(size: size, scale: MenuMetrics.backdropRenderScale, appearance: appearance) { c in
            c.fill(root.bounds, with: root.backgroundColor ?? .systemBackground)
            root.draw(in: c)
            // Without the renderer, rasterized views draw their content: their cached pictures are
            // at the screen's scale and must not be replaced by pictures at this one.
            for v in root.subviews where !excluding.contains(where: { $0 === v }) { v.render(in: c, renderer: nil) }
            root.drawOverlay(in: c)
        }
        let factor = MenuMetrics.backdropDownscale
        let radius = Int(
            (MenuMetrics.backdropBlurRadius * MenuMetrics.backdropRenderScale / Double(factor)).rounded())
        let thumbnail = small.downscaled(by: factor).blurred(radius: max(1, radius))
        let full = stretch(
            thumbnail, to: size, scale: scale, dim: MenuMetrics.backdropDim.resolved(appearance).alpha)
        return MenuBackdrop(image: full, thumbnail: thumbnail, appearance: appearance)
    }

    /// The pixels of the last backdrop, drawn into again by the next one when nothing else holds them:
    /// a new 22 MB buffer costs more in page faults than the drawing does.
    private static var recycled: [UInt8] = []

    /// Stretches the blurred thumbnail to the screen's pixels, darkened by `dim` (0…1), opaque.
    ///
    /// Bilinear, with one sample per point: at 2× each sample fills a 2×2 block, which on a blurred
    /// picture cannot be seen, and a quarter of the arithmetic is done.
    static func stretch(_ src: PixelImage, to size: Size, scale: Double, dim: Double) -> PixelImage {
        let w = max(1, Int((size.width * scale).rounded()))
        let h = max(1, Int((size.height * scale).rounded()))
        let block = max(1, Int(scale.rounded()))
        var buffer = recycled
        recycled = []
        if buffer.count != w * h * 4 { buffer = [UInt8](repeating: 0, count: w * h * 4) }
        let sw = src.width
        let sh = src.height
        // Sample positions in thumbnail pixels, 8-bit weights.
        let columns = (w + block - 1) / block
        var x0 = [Int](repeating: 0, count: columns)
        var fx = [UInt32](repeating: 0, count: columns)
        for c in 0..<columns {
            let sx = (Double(c * block) + Double(block) / 2) * Double(sw) / Double(w) - 0.5
            let i = min(max(Int(sx.rounded(.down)), 0), sw - 1)
            x0[c] = i
            fx[c] = i >= sw - 1 || sx < 0 ? 0 : UInt32(((sx - Double(i)) * 256).rounded())
        }
        let keep = UInt32(((1 - min(1, max(0, dim))) * 256).rounded())
        var line = [UInt32](repeating: 0, count: sw)
        src.pixels.withUnsafeBufferPointer { s in
            buffer.withUnsafeMutableBytes { raw in
                line.withUnsafeMutableBufferPointer { line in
                    x0.withUnsafeBufferPointer { x0 in
                        fx.withUnsafeBufferPointer { fx in
                            let out = raw.baseAddress!.assumingMemoryBound(to: UInt32.self)
                            let s = s.baseAddress!
                            let line = line.baseAddress!
                            var y = 0
                            while y < h {
                                // One row of the thumbnail interpolated vertically and dimmed.
                                let sy = (Double(y) + Double(block) / 2) * Double(sh) / Double(h) - 0.5
                                let r0 = min(max(Int(sy.rounded(.down)), 0), sh - 1)
                                let r1 = min(r0 + 1, sh - 1)
                                let fy = sy < 0 ? 0 : UInt32(((sy - Double(r0)) * 256).rounded())
                                let a = s + r0 * sw * 4
                                let b = s + r1 * sw * 4
                                for x in 0..<sw {
                                    let i = x * 4
                                    let v0 = ((UInt32(a[i]) &* (256 - fy) &+ UInt32(b[i]) &* fy) &* keep) >> 16
                                    let v1 = ((UInt32(a[i + 1]) &* (256 - fy) &+ UInt32(b[i + 1]) &* fy) &* keep) >> 16
                                    let v2 = ((UInt32(a[i + 2]) &* (256 - fy) &+ UInt32(b[i + 2]) &* fy) &* keep) >> 16
                                    line[x] = min(v0, 255) | min(v1, 255) << 8 | min(v2, 255) << 16
                                }
                                // Horizontally: two channels at a time in the spare bits of a word.
                                let row = out + y * w
                                var x = 0
                                for c in 0..<columns {
                                    let i = x0[c]
                                    let p = line[i]
                                    let q = line[i + 1 < sw ? i + 1 : i]
                                    let f = fx[c]
                                    let g = 256 - f
                                    let rb = ((p & 0x00FF_00FF) &* g &+ (q & 0x00FF_00FF) &* f) >> 8 & 0x00FF_00FF
                                    let ga =
                                        (((p >> 8) & 0x00FF_00FF) &* g &+ ((q >> 8) & 0x00FF_00FF) &* f) & 0xFF00_FF00
                                    let v = rb | ga | 0xFF00_0000
                                    if block == 2 && x + 2 <= w {
                                        // The common case, 2×: one 64-bit store.
                                        UnsafeMutableRawPointer(row + x).storeBytes(
                                            of: UInt64(v) | UInt64(v) << 32, as: UInt64.self)
                                        x += 2
                                    } else {
                                        let end = x + block < w ? x + block : w
                                        while x < end {
                                            row[x] = v
                                            x += 1
                                        }
                                    }
                                }
                                // The rest of the block's rows are the same.
                                let rows = min(block, h - y)
                                for k in 1..<max(rows, 1) {
                                    UnsafeMutableRawPointer(row + k * w).copyMemory(from: row, byteCount: w * 4)
                                }
                                y += rows
                            }
                        }
                    }
                }
            }
        }
        var image = PixelImage(width: w, height: h, scale: scale, pixels: buffer)
        image.isOpaque = true
        recycled = image.pixels
        return image
    }

    /// Whether the backdrop still fits `root` at `scale`.
    public func fits(_ root: RootView, scale: Double) -> Bool {
        appearance == root.appearance && image.scale == scale && abs(image.size.width - root.bounds.width) < 0.5
            && abs(image.size.height - root.bounds.height) < 0.5
    }
}
