import Dispatch
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
        let small = source(of: root, excluding: excluding, renderer: renderer)
        let thumbnail = blur(small)
        return finish(thumbnail, of: root, scale: scale)
    }

    /// The screen drawn small (a quarter of a pixel per point).
    public static func source(of root: RootView, excluding: [View] = [], renderer: any RasterRenderer) -> PixelImage {
        // Whole pixels only: a screen 1366 points wide is 341.5 pixels at a quarter, and a half-drawn
        // last column (empty, so black once blurred) darkened the backdrop's right edge. The last
        // fraction of a pixel is left out instead (the stretch covers the screen anyway).
        let s = MenuMetrics.backdropRenderScale
        let size = Size(
            max(1 / s, (root.bounds.width * s).rounded(.down) / s),
            max(1 / s, (root.bounds.height * s).rounded(.down) / s))
        return renderer.render(size: size, scale: s, appearance: root.appearance) {
            c in
            c.fill(root.bounds, with: root.backgroundColor ?? .systemBackground)
            root.draw(in: c)
            // Without the renderer, rasterized views do not make pictures at this scale (theirs are
            // at the screen's); the pictures they have are drawn shrunk, instead of their content.
            View.drawsFromPictures = true
            defer { View.drawsFromPictures = false }
            for v in root.subviews where !excluding.contains(where: { $0 === v }) { v.render(in: c, renderer: nil) }
            root.drawOverlay(in: c)
        }
    }

    /// The small picture shrunk further and blurred: a box filter, then three box blurs each way (a
    /// Gaussian's usual approximation), summed exactly and divided once, over the planes of the
    /// channels.
    public static func blur(_ small: PixelImage) -> PixelImage {
        let factor = MenuMetrics.backdropDownscale
        let radius = max(
            1, Int((MenuMetrics.backdropBlurRadius * MenuMetrics.backdropRenderScale / Double(factor)).rounded()))
        let w = max(1, small.width / factor)
        let h = max(1, small.height / factor)
        let n = w * h
        var a = [Int](repeating: 0, count: 4 * n)
        var b = [Int](repeating: 0, count: 4 * n)
        var out = [UInt8](repeating: 0, count: 4 * n)
        let sw = small.width
        small.pixels.withUnsafeBufferPointer { s in
            a.withUnsafeMutableBufferPointer { a in
                b.withUnsafeMutableBufferPointer { b in
                    let s = s.baseAddress!
                    let a = a.baseAddress!
                    let b = b.baseAddress!
                    // The box filter, into one plane a channel.
                    for y in 0..<h {
                        for x in 0..<w {
                            for c in 0..<4 {
                                var sum = 0
                                for yy in 0..<factor {
                                    let row = s + ((y * factor + yy) * sw + x * factor) * 4 + c
                                    for xx in 0..<factor { sum += Int(row[xx * 4]) }
                                }
                                a[c * n + y * w + x] = sum
                            }
                        }
                    }
                    for _ in 0..<3 {
                        for c in 0..<4 {
                            boxPass(a + c * n, b + c * n, lines: h, length: w, lineStep: w, step: 1, radius: radius)
                            boxPass(b + c * n, a + c * n, lines: w, length: h, lineStep: 1, step: w, radius: radius)
                        }
                    }
                }
            }
        }
        let span = 2 * radius + 1
        let divisor = factor * factor * span * span * span * span * span * span
        a.withUnsafeBufferPointer { a in
            out.withUnsafeMutableBufferPointer { o in
                for i in 0..<n {
                    for c in 0..<4 { o[i * 4 + c] = UInt8(min(255, (a[c * n + i] + divisor / 2) / divisor)) }
                }
            }
        }
        return PixelImage(width: w, height: h, scale: small.scale / Double(factor), pixels: out)
    }

    /// One box blur along lines of a plane (sums, not means), the edges clamped.
    static func boxPass(
        _ src: UnsafePointer<Int>, _ dst: UnsafeMutablePointer<Int>, lines: Int, length: Int, lineStep: Int,
        step: Int, radius: Int
    ) {
        for line in 0..<lines {
            let s = src + line * lineStep
            let d = dst + line * lineStep
            var sum = 0
            for k in -radius...radius { sum += s[min(max(k, 0), length - 1) * step] }
            for i in 0..<length {
                d[i * step] = sum
                sum += s[min(i + radius + 1, length - 1) * step] - s[max(i - radius, 0) * step]
            }
        }
    }

    /// The blurred thumbnail stretched, dimmed, to the screen's pixels (at most `backdropScale` a point).
    public static func finish(_ thumbnail: PixelImage, of root: RootView, scale: Double) -> MenuBackdrop {
        let appearance = root.appearance
        let full = stretch(
            thumbnail, to: root.bounds.size, scale: min(scale, MenuMetrics.backdropScale),
            dim: MenuMetrics.backdropDim.resolved(appearance).alpha)
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
        // First across: each thumbnail row, dimmed, interpolated to the screen's columns (a few
        // hundred thousand pixels); then down, each screen row a blend of two of those rows, two
        // channels at a time in the spare bits of a word, over contiguous memory.
        var wide = [UInt32](repeating: 0, count: sh * columns)
        src.pixels.withUnsafeBufferPointer { s in
            wide.withUnsafeMutableBufferPointer { wide in
                var line = [UInt32](repeating: 0, count: sw)
                for r in 0..<sh {
                    let a = s.baseAddress! + r * sw * 4
                    for x in 0..<sw {
                        let i = x * 4
                        let v0 = min((UInt32(a[i]) &* keep) >> 8, 255)
                        let v1 = min((UInt32(a[i + 1]) &* keep) >> 8, 255)
                        let v2 = min((UInt32(a[i + 2]) &* keep) >> 8, 255)
                        line[x] = v0 | v1 << 8 | v2 << 16
                    }
                    let row = wide.baseAddress! + r * columns
                    for c in 0..<columns {
                        let i = x0[c]
                        let p = line[i]
                        let q = line[i + 1 < sw ? i + 1 : i]
                        let f = fx[c]
                        let g = 256 - f
                        let rb = ((p & 0x00FF_00FF) &* g &+ (q & 0x00FF_00FF) &* f) >> 8 & 0x00FF_00FF
                        let ga = (((p >> 8) & 0x00FF_00FF) &* g &+ ((q >> 8) & 0x00FF_00FF) &* f) & 0xFF00_FF00
                        row[c] = rb | ga
                    }
                }
            }
        }
        // Two bands of rows, one a core (whole blocks each).
        let bands = h >= 64 * block ? 2 : 1
        let rowsPerBand = ((h + bands - 1) / bands + block - 1) / block * block
        wide.withUnsafeBufferPointer { wide in
            buffer.withUnsafeMutableBytes { raw in
                let job = StretchJob(
                    wide: wide.baseAddress!, sh: sh, columns: columns,
                    out: raw.baseAddress!.assumingMemoryBound(to: UInt32.self), w: w, h: h, block: block)
                if bands == 1 {
                    job.run(rows: 0..<h)
                } else {
                    DispatchQueue.concurrentPerform(iterations: bands) { b in
                        job.run(rows: min(h, b * rowsPerBand)..<min(h, (b + 1) * rowsPerBand))
                    }
                }
            }
        }
        var image = PixelImage(width: w, height: h, scale: scale, pixels: buffer)
        image.isOpaque = true
        recycled = image.pixels
        return image
    }

    /// The downward half of a stretch over raw pixels, shared by the threads that each do a band of
    /// its rows.
    struct StretchJob: @unchecked Sendable {
        let wide: UnsafePointer<UInt32>
        let sh: Int
        let columns: Int
        let out: UnsafeMutablePointer<UInt32>
        let w: Int
        let h: Int
        let block: Int

        func run(rows: Range<Int>) {
            guard !rows.isEmpty else { return }
            var y = rows.lowerBound
            while y < rows.upperBound {
                let sy = (Double(y) + Double(block) / 2) * Double(sh) / Double(h) - 0.5
                let r0 = min(max(Int(sy.rounded(.down)), 0), sh - 1)
                let r1 = min(r0 + 1, sh - 1)
                let f = sy < 0 ? 0 : UInt32(((sy - Double(r0)) * 256).rounded())
                let g = 256 - f
                let a = wide + r0 * columns
                let b = wide + r1 * columns
                let row = out + y * w
                if block == 2 && columns * 2 == w {
                    // The common case, 2×: each value twice, in one 64-bit store.
                    let pairs = UnsafeMutableRawPointer(row).assumingMemoryBound(to: UInt64.self)
                    for c in 0..<columns {
                        let p = a[c]
                        let q = b[c]
                        let rb = ((p & 0x00FF_00FF) &* g &+ (q & 0x00FF_00FF) &* f) >> 8 & 0x00FF_00FF
                        let ga = (((p >> 8) & 0x00FF_00FF) &* g &+ ((q >> 8) & 0x00FF_00FF) &* f) & 0xFF00_FF00
                        let v = UInt64(rb | ga | 0xFF00_0000)
                        pairs[c] = v | v << 32
                    }
                } else {
                    var x = 0
                    for c in 0..<columns {
                        let p = a[c]
                        let q = b[c]
                        let rb = ((p & 0x00FF_00FF) &* g &+ (q & 0x00FF_00FF) &* f) >> 8 & 0x00FF_00FF
                        let ga = (((p >> 8) & 0x00FF_00FF) &* g &+ ((q >> 8) & 0x00FF_00FF) &* f) & 0xFF00_FF00
                        let v = rb | ga | 0xFF00_0000
                        let end = x + block < w ? x + block : w
                        while x < end {
                            row[x] = v
                            x += 1
                        }
                    }
                }
                // The rest of the block's rows are the same.
                let n = min(block, rows.upperBound - y)
                for k in 1..<max(n, 1) {
                    UnsafeMutableRawPointer(row + k * w).copyMemory(from: row, byteCount: w * 4)
                }
                y += n
            }
        }
    }

    /// Whether the backdrop still fits `root` at `scale`.
    public func fits(_ root: RootView, scale: Double) -> Bool {
        appearance == root.appearance && image.scale == min(scale, MenuMetrics.backdropScale)
            && abs(image.size.width - root.bounds.width) < 0.5
            && abs(image.size.height - root.bounds.height) < 0.5
    }
}
