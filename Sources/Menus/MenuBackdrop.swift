import Dispatch
import Graphics
import UI

/// The screen behind an open menu: blurred and dimmed, made once per opening and then drawn,
/// region by region, on every frame that needs it.
///
/// Made in three steps, cheapest first: the screen is drawn at a quarter of a pixel per point, shrunk
/// by a box filter and blurred (a blur needs no detail); then each of the blurred picture's rows is
/// dimmed and stretched across to the screen's width. A frame writes the pixels it needs straight
/// from those rows (`Canvas.drawPixels`): stretching down as it goes costs what copying a finished
/// picture of the whole screen would, and no such picture (22 MB at 2×) is made or kept.
@MainActor public struct MenuBackdrop {
    /// The small blurred picture it is stretched from.
    public let thumbnail: PixelImage
    public let appearance: Appearance
    /// The backdrop at the screen's resolution, computed as it is drawn.
    public let pixels: StretchedBackdrop
    private let storage = Storage()

    private final class Storage {
        var image: PixelImage?
    }

    /// The finished backdrop at the screen's resolution, opaque: made (once) when asked for — a frame
    /// draws from `pixels` instead, unless its canvas cannot take them.
    public var image: PixelImage {
        if let i = storage.image { return i }
        let i = pixels.picture()
        storage.image = i
        return i
    }

    /// Draws the backdrop into `rect` (the screen's bounds) with `opacity`.
    public func draw(in canvas: any Canvas, rect: Rect, opacity: Double) {
        if canvas.drawPixels(pixels, at: rect.origin, opacity: opacity) { return }
        canvas.drawImage(image, in: rect, opacity: opacity)
    }

    /// Draws `root` without the views in `excluding` (an overlay already there) into the backdrop —
    /// or gives the one made while the screen was at rest, when the screen has not changed since.
    public static func make(
        of root: RootView, excluding: [View] = [], renderer: any RasterRenderer, scale: Double
    ) -> MenuBackdrop {
        if let made = root.environment[RestingBackdrop.self]?.backdrop(for: root, scale: scale) { return made }
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
    /// Gaussian's usual approximation), summed exactly and divided once. The four channels of a
    /// pixel are summed together, and the blurs down the picture run along whole rows, so that every
    /// pass reads memory in order.
    public static func blur(_ small: PixelImage) -> PixelImage {
        let factor = MenuMetrics.backdropDownscale
        let radius = max(
            1, Int((MenuMetrics.backdropBlurRadius * MenuMetrics.backdropRenderScale / Double(factor)).rounded()))
        let w = max(1, small.width / factor)
        let h = max(1, small.height / factor)
        let span = 2 * radius + 1
        let divisor = factor * factor * span * span * span * span * span * span
        // The sums fit 32 bits: at most 255 × divisor.
        precondition(255 * divisor < Int(UInt32.max), "the backdrop's blur is too wide for 32-bit sums")
        var a = [SIMD4<UInt32>](repeating: .zero, count: w * h)
        var b = [SIMD4<UInt32>](repeating: .zero, count: w * h)
        var out = [UInt8](repeating: 0, count: 4 * w * h)
        let sw = small.width
        small.pixels.withUnsafeBufferPointer { s in
            a.withUnsafeMutableBufferPointer { a in
                b.withUnsafeMutableBufferPointer { b in
                    let s = s.baseAddress!
                    let a = a.baseAddress!
                    let b = b.baseAddress!
                    // The box filter.
                    for y in 0..<h {
                        for x in 0..<w {
                            var sum = SIMD4<UInt32>.zero
                            for yy in 0..<factor {
                                let row = s + ((y * factor + yy) * sw + x * factor) * 4
                                for xx in 0..<factor {
                                    let p = row + xx * 4
                                    sum &+= SIMD4(UInt32(p[0]), UInt32(p[1]), UInt32(p[2]), UInt32(p[3]))
                                }
                            }
                            a[y * w + x] = sum
                        }
                    }
                    for _ in 0..<3 {
                        blurAcross(a, b, width: w, height: h, radius: radius)
                        blurDown(b, a, width: w, height: h, radius: radius)
                    }
                }
            }
        }
        let d = UInt32(divisor)
        a.withUnsafeBufferPointer { a in
            out.withUnsafeMutableBufferPointer { o in
                for i in 0..<(w * h) {
                    let v = (a[i] &+ SIMD4(repeating: d / 2)) / SIMD4(repeating: d)
                    for c in 0..<4 { o[i * 4 + c] = UInt8(min(255, v[c])) }
                }
            }
        }
        return PixelImage(width: w, height: h, scale: small.scale / Double(factor), pixels: out)
    }

    /// One box blur along each row (sums, not means), the edges clamped.
    static func blurAcross(
        _ src: UnsafePointer<SIMD4<UInt32>>, _ dst: UnsafeMutablePointer<SIMD4<UInt32>>, width: Int, height: Int,
        radius: Int
    ) {
        for y in 0..<height {
            let s = src + y * width
            let d = dst + y * width
            var sum = SIMD4<UInt32>.zero
            for k in -radius...radius { sum &+= s[min(max(k, 0), width - 1)] }
            for i in 0..<width {
                d[i] = sum
                sum = sum &+ s[min(i + radius + 1, width - 1)] &- s[max(i - radius, 0)]
            }
        }
    }

    /// One box blur down each column (sums, not means), the edges clamped: a running sum of whole
    /// rows.
    static func blurDown(
        _ src: UnsafePointer<SIMD4<UInt32>>, _ dst: UnsafeMutablePointer<SIMD4<UInt32>>, width: Int, height: Int,
        radius: Int
    ) {
        var sum = [SIMD4<UInt32>](repeating: .zero, count: width)
        sum.withUnsafeMutableBufferPointer { sum in
            let sum = sum.baseAddress!
            for k in -radius...radius {
                let row = src + min(max(k, 0), height - 1) * width
                for x in 0..<width { sum[x] &+= row[x] }
            }
            for i in 0..<height {
                let d = dst + i * width
                let add = src + min(i + radius + 1, height - 1) * width
                let sub = src + max(i - radius, 0) * width
                for x in 0..<width {
                    d[x] = sum[x]
                    sum[x] = sum[x] &+ add[x] &- sub[x]
                }
            }
        }
    }

    /// The blurred thumbnail made ready to stretch, dimmed, to the screen's pixels (at most
    /// `backdropScale` a point).
    public static func finish(_ thumbnail: PixelImage, of root: RootView, scale: Double) -> MenuBackdrop {
        let appearance = root.appearance
        let pixels = StretchedBackdrop(
            thumbnail, to: root.bounds.size, scale: min(scale, MenuMetrics.backdropScale),
            dim: MenuMetrics.backdropDim.resolved(appearance).alpha)
        return MenuBackdrop(thumbnail: thumbnail, appearance: appearance, pixels: pixels)
    }

    /// Stretches the blurred thumbnail to the screen's pixels, darkened by `dim` (0…1), opaque.
    static func stretch(_ src: PixelImage, to size: Size, scale: Double, dim: Double) -> PixelImage {
        StretchedBackdrop(src, to: size, scale: scale, dim: dim).picture()
    }

    /// Whether the backdrop still fits `root` at `scale`.
    public func fits(_ root: RootView, scale: Double) -> Bool {
        let s = min(scale, MenuMetrics.backdropScale)
        return appearance == root.appearance && pixels.scale == s
            && abs(Double(pixels.pixelWidth) / s - root.bounds.width) < 0.5
            && abs(Double(pixels.pixelHeight) / s - root.bounds.height) < 0.5
    }
}

/// A blurred thumbnail stretched to the screen's pixels, darkened, opaque — computed where it is
/// drawn.
///
/// Bilinear, with one sample per point: at 2× each sample fills a 2×2 block, which on a blurred
/// picture cannot be seen, and a quarter of the arithmetic is done. The stretch across is done
/// once, as it is made (each thumbnail row to the screen's columns, a few hundred thousand
/// pixels); the stretch down, as pixels are written: each screen row a blend of two of those
/// rows, two channels at a time in the spare bits of a word.
public struct StretchedBackdrop: PixelSource {
    public let pixelWidth: Int
    public let pixelHeight: Int
    public let scale: Double
    /// Pixels a sample covers each way.
    let block: Int
    /// The thumbnail's rows, dimmed and stretched across: `rows` of `columns` samples (one a block).
    let wide: [UInt32]
    let rows: Int
    let columns: Int

    init(_ src: PixelImage, to size: Size, scale: Double, dim: Double) {
        let w = max(1, Int((size.width * scale).rounded()))
        let h = max(1, Int((size.height * scale).rounded()))
        let block = max(1, Int(scale.rounded()))
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
        self.pixelWidth = w
        self.pixelHeight = h
        self.scale = scale
        self.block = block
        self.wide = wide
        self.rows = sh
        self.columns = columns
    }

    public func write(_ rect: PixelRect, to out: UnsafeMutablePointer<UInt32>, stride: Int) {
        write(rect, to: out, stride: stride, shades: [], hole: nil)
    }

    /// Over what is there, as the backdrop fades out: each 2×2 block's value worked out once, then
    /// blended into its four pixels two at a time, a channel a 16-bit lane.
    public func blend(_ rect: PixelRect, into out: UnsafeMutablePointer<UInt32>, stride: Int, opacity: Double)
        -> Bool
    {
        guard block == 2 else { return false }
        blend(rect, into: out, stride: stride, opacity: opacity, over: nil, shades: [])
        return true
    }

    /// Blends `rect` with `opacity` over `beneath` (the pixels under it, the backdrop's own pixel
    /// coordinates, rows `beneath.stride` apart) or, with none, over what `out` holds; then darkens
    /// it by `shades`. Only at 2×.
    func blend(
        _ rect: PixelRect, into out: UnsafeMutablePointer<UInt32>, stride: Int, opacity: Double,
        over beneath: (pixels: UnsafePointer<UInt32>, stride: Int)?, shades: [Shade]
    ) {
        let r = rect.intersection(PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight))
        guard !r.isEmpty else { return }
        let out = out + (r.y - rect.y) * stride + (r.x - rect.x)
        let a = UInt32((min(1, max(0, opacity)) * 256).rounded())
        let b = 256 - a
        let av = SIMD8<UInt16>(repeating: UInt16(a))
        let bv = SIMD8<UInt16>(repeating: UInt16(b))
        let c0 = r.x / 2
        let c1 = (r.maxX - 1) / 2
        let line = UnsafeMutablePointer<UInt32>.allocate(capacity: c1 - c0 + 1)
        defer { line.deallocate() }
        wide.withUnsafeBufferPointer { wide in
            let wide = wide.baseAddress!
            var y = r.y
            while y < r.maxY {
                let top = y / 2 * 2
                let end = min(top + 2, r.maxY)
                let sy = (Double(top) + 1) * Double(rows) / Double(pixelHeight) - 0.5
                let r0 = min(max(Int(sy.rounded(.down)), 0), rows - 1)
                let r1 = min(r0 + 1, rows - 1)
                let f = sy < 0 ? 0 : UInt32(((sy - Double(r0)) * 256).rounded())
                let g = 256 - f
                let pa = wide + r0 * columns
                let pb = wide + r1 * columns
                for c in c0...c1 {
                    let p = pa[c]
                    let q = pb[c]
                    let rb = ((p & 0x00FF_00FF) &* g &+ (q & 0x00FF_00FF) &* f) >> 8 & 0x00FF_00FF
                    let ga = (((p >> 8) & 0x00FF_00FF) &* g &+ ((q >> 8) & 0x00FF_00FF) &* f) & 0xFF00_FF00
                    line[c - c0] = rb | ga | 0xFF00_0000
                }
                for k in y..<end {
                    let d = out + (k - r.y) * stride
                    let raw = UnsafeMutableRawPointer(d)
                    // What the backdrop fades over: the picture beneath, or what is there.
                    let under = beneath.map { UnsafePointer($0.pixels + k * $0.stride + r.x) } ?? UnsafePointer(d)
                    let rawUnder = UnsafeRawPointer(under)
                    @inline(__always) func one(_ x: Int) {
                        let s = line[x / 2 - c0]
                        let t = under[x - r.x]
                        let rb = ((s & 0x00FF_00FF) &* a &+ (t & 0x00FF_00FF) &* b) >> 8 & 0x00FF_00FF
                        let ga = (((s >> 8) & 0x00FF_00FF) &* a &+ ((t >> 8) & 0x00FF_00FF) &* b) & 0xFF00_FF00
                        d[x - r.x] = rb | ga
                    }
                    var x = r.x
                    if x % 2 != 0 {
                        one(x)
                        x += 1
                    }
                    while x + 1 < r.maxX {
                        let v = UInt64(line[x / 2 - c0])
                        let s = SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(v | v << 32, to: SIMD8<UInt8>.self))
                        let o = (x - r.x) * 4
                        let t = SIMD8<UInt16>(
                            truncatingIfNeeded: rawUnder.loadUnaligned(fromByteOffset: o, as: SIMD8<UInt8>.self))
                        let m = (s &* av &+ t &* bv) &>> 8
                        raw.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: m), toByteOffset: o, as: SIMD8<UInt8>.self)
                        x += 2
                    }
                    if x < r.maxX { one(x) }
                    for shade in shades { shade.darken(row: k, d, from: r.x, to: r.maxX) }
                }
                y = end
            }
        }
    }

    /// Writes `rect` darkened by `shades`, all but `hole` (something opaque is drawn there next).
    func write(
        _ rect: PixelRect, to out: UnsafeMutablePointer<UInt32>, stride: Int, shades: [Shade], hole: PixelRect?
    ) {
        let r = rect.intersection(PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight))
        guard !r.isEmpty else { return }
        let out = out + (r.y - rect.y) * stride + (r.x - rect.x)
        wide.withUnsafeBufferPointer { wide in
            let job = Job(
                wide: wide.baseAddress!, source: self, rect: r, out: out, stride: stride,
                shades: shades.filter { $0.bands.contains { !$0.intersection(r).isEmpty } },
                hole: hole.map { h in
                    // Whole blocks only, so that a block's rows are written alike.
                    let x0 = (h.x + block - 1) / block * block
                    let y0 = (h.y + block - 1) / block * block
                    return PixelRect(
                        x: x0, y: y0, width: h.maxX / block * block - x0, height: h.maxY / block * block - y0)
                }.flatMap { $0.isEmpty ? nil : $0 })
            // A large region (the first frame's whole screen) on both cores, in two bands of
            // whole blocks.
            if r.width * r.height >= Self.bandedArea && r.height >= 4 * block {
                let half = ((r.y + r.height / 2) / block) * block
                DispatchQueue.concurrentPerform(iterations: 2) { i in
                    job.run(rows: i == 0 ? r.y..<half : half..<r.maxY)
                }
            } else {
                job.run(rows: r.y..<r.maxY)
            }
        }
    }

    /// From this many pixels a write is shared between two threads.
    static let bandedArea = 1 << 20

    /// The writing of a region's rows, shared by the threads that each do a band of them.
    struct Job: @unchecked Sendable {
        let wide: UnsafePointer<UInt32>
        let source: StretchedBackdrop
        let rect: PixelRect
        let out: UnsafeMutablePointer<UInt32>
        let stride: Int
        let shades: [Shade]
        /// Columns and rows (whole blocks) that something opaque covers: not written.
        let hole: PixelRect?

        /// Writes the screen's columns `x0..<x1` of a row that is `f`/256 of the way from thumbnail
        /// row `a` to row `b` (both stretched across) to `d`: a part of a block at the start, whole
        /// blocks, and a part at the end.
        @inline(__always)
        static func fill(
            _ d: UnsafeMutablePointer<UInt32>, from x0: Int, to x1: Int, block: Int, _ a: UnsafePointer<UInt32>,
            _ b: UnsafePointer<UInt32>, _ f: UInt32
        ) {
            let g = 256 - f
            @inline(__always) func sample(_ c: Int) -> UInt32 {
                let p = a[c]
                let q = b[c]
                let rb = ((p & 0x00FF_00FF) &* g &+ (q & 0x00FF_00FF) &* f) >> 8 & 0x00FF_00FF
                let ga = (((p >> 8) & 0x00FF_00FF) &* g &+ ((q >> 8) & 0x00FF_00FF) &* f) & 0xFF00_FF00
                return rb | ga | 0xFF00_0000
            }
            var x = x0
            var d = d
            while x < x1 && x % block != 0 {
                d.pointee = sample(x / block)
                d += 1
                x += 1
            }
            if block == 2 {
                // The common case, 2×: each value twice, in one 64-bit store.
                let pairs = (x1 - x) / 2
                let c0 = x / 2
                let raw = UnsafeMutableRawPointer(d)
                for k in 0..<pairs {
                    let v = UInt64(sample(c0 + k))
                    raw.storeBytes(of: v | v << 32, toByteOffset: k * 8, as: UInt64.self)
                }
                d += 2 * pairs
                x += 2 * pairs
            } else {
                while x + block <= x1 {
                    let v = sample(x / block)
                    for _ in 0..<block {
                        d.pointee = v
                        d += 1
                    }
                    x += block
                }
            }
            while x < x1 {
                d.pointee = sample(x / block)
                d += 1
                x += 1
            }
        }

        /// Writes columns `x0..<x1` of a row of 2×2 blocks to `d0`, and copies them to `d1`.
        @inline(__always)
        static func fillPair(
            _ d0: UnsafeMutablePointer<UInt32>, _ d1: UnsafeMutablePointer<UInt32>, from x0: Int, to x1: Int,
            _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, _ f: UInt32
        ) {
            fill(d0, from: x0, to: x1, block: 2, a, b, f)
            UnsafeMutableRawPointer(d1).copyMemory(from: d0, byteCount: (x1 - x0) * 4)
        }

        /// Writes columns `x0..<x1` of a row of 2×2 blocks (rows `row` and `row + 1`) to `d0` and `d1`,
        /// darkened by `shade`: a whole block once, through the mask at its top-left pixel (a soft
        /// mask changes by a level or so from one pixel to the next).
        static func fillDarkened(
            _ d0: UnsafeMutablePointer<UInt32>, _ d1: UnsafeMutablePointer<UInt32>, from x0: Int, to x1: Int,
            _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, _ f: UInt32, _ shade: Shade, row y: Int
        ) {
            let g = 256 - f
            @inline(__always) func sample(_ c: Int) -> UInt32 {
                let p = a[c]
                let q = b[c]
                let rb = ((p & 0x00FF_00FF) &* g &+ (q & 0x00FF_00FF) &* f) >> 8 & 0x00FF_00FF
                let ga = (((p >> 8) & 0x00FF_00FF) &* g &+ ((q >> 8) & 0x00FF_00FF) &* f) & 0xFF00_FF00
                return rb | ga | 0xFF00_0000
            }
            let m0 = shade.maskRow(y)
            let m1 = shade.maskRow(y + 1)
            var x = x0
            if x % 2 != 0 {
                let v = sample(x / 2)
                d0[0] = Shade.darkened(v, shade.strength(m0[x]))
                d1[0] = Shade.darkened(v, shade.strength(m1[x]))
                x += 1
            }
            let raw0 = UnsafeMutableRawPointer(d0 + (x - x0))
            let raw1 = UnsafeMutableRawPointer(d1 + (x - x0))
            var k = 0
            // Two blocks at a time, a channel a 16-bit lane (the products fit): the same arithmetic.
            let fv = SIMD8<UInt16>(repeating: UInt16(f))
            let gv = SIMD8<UInt16>(repeating: UInt16(g))
            let ra = UnsafeRawPointer(a)
            let rb = UnsafeRawPointer(b)
            while x + 3 < x1 {
                let c = x / 2
                let pa = SIMD8<UInt16>(
                    truncatingIfNeeded: ra.loadUnaligned(fromByteOffset: c * 4, as: SIMD8<UInt8>.self))
                let pb = SIMD8<UInt16>(
                    truncatingIfNeeded: rb.loadUnaligned(fromByteOffset: c * 4, as: SIMD8<UInt8>.self))
                let v = (pa &* gv &+ pb &* fv) &>> 8
                let s0 = shade.strength(m0[x])
                let s1 = shade.strength(m0[x + 2])
                let k0 = UInt16(255 - s0)
                let k1 = UInt16(255 - s1)
                let t = v &* SIMD8<UInt16>(k0, k0, k0, k0, k1, k1, k1, k1) &+ 0x80
                let w = unsafeBitCast(SIMD8<UInt8>(truncatingIfNeeded: (t &+ (t &>> 8)) &>> 8), to: UInt64.self)
                // The rows' alpha was 255, so it is 255 again once the shadow's is added back.
                let p0 = (w & 0x00FF_FFFF) | 0xFF00_0000
                let p1 = ((w >> 32) & 0x00FF_FFFF) | 0xFF00_0000
                raw0.storeBytes(of: p0 | p0 << 32, toByteOffset: k, as: UInt64.self)
                raw0.storeBytes(of: p1 | p1 << 32, toByteOffset: k + 8, as: UInt64.self)
                raw1.storeBytes(of: p0 | p0 << 32, toByteOffset: k, as: UInt64.self)
                raw1.storeBytes(of: p1 | p1 << 32, toByteOffset: k + 8, as: UInt64.self)
                k += 16
                x += 4
            }
            while x + 1 < x1 {
                let o = UInt64(Shade.darkened(sample(x / 2), shade.strength(m0[x])))
                raw0.storeBytes(of: o | o << 32, toByteOffset: k, as: UInt64.self)
                raw1.storeBytes(of: o | o << 32, toByteOffset: k, as: UInt64.self)
                k += 8
                x += 2
            }
            if x < x1 {
                let v = sample(x / 2)
                d0[x - x0] = Shade.darkened(v, shade.strength(m0[x]))
                d1[x - x0] = Shade.darkened(v, shade.strength(m1[x]))
            }
        }

        func run(rows: Range<Int>) {
            let block = source.block
            let (h, sh, columns) = (source.pixelHeight, source.rows, source.columns)
            var y = rows.lowerBound
            while y < rows.upperBound {
                // The rows of one block are alike: the first is worked out, the rest copied.
                let top = y / block * block
                let end = min(top + block, rows.upperBound)
                let sy = (Double(top) + Double(block) / 2) * Double(sh) / Double(h) - 0.5
                let r0 = min(max(Int(sy.rounded(.down)), 0), sh - 1)
                let r1 = min(r0 + 1, sh - 1)
                let f = sy < 0 ? 0 : UInt32(((sy - Double(r0)) * 256).rounded())
                let a = wide + r0 * columns
                let b = wide + r1 * columns
                // The columns to write: the rectangle's, less the hole across these rows.
                var segments = [(rect.x, rect.maxX)]
                if let hole, hole.y <= y, end <= hole.maxY, hole.x < rect.maxX, hole.maxX > rect.x {
                    segments = [(rect.x, max(rect.x, hole.x)), (min(rect.maxX, hole.maxX), rect.maxX)]
                }
                let row = out + (y - rect.y) * stride
                for (x0, x1) in segments where x0 < x1 {
                    let d0 = row + (x0 - rect.x)
                    if block == 2 && end - y == 2, let first = shades.first {
                        // A row of 2×2 blocks: where the first shadow falls on both rows, each
                        // block is worked out, darkened and written once; elsewhere written and
                        // copied; then the other shadows.
                        let d1 = d0 + stride
                        var x = x0
                        for band in first.bands where band.y <= y && y + 1 < band.maxY && band.maxX > x && band.x < x1 {
                            let bs = max(band.x, x)
                            let be = min(band.maxX, x1)
                            if bs > x { Self.fillPair(d0 + (x - x0), d1 + (x - x0), from: x, to: bs, a, b, f) }
                            Self.fillDarkened(d0 + (bs - x0), d1 + (bs - x0), from: bs, to: be, a, b, f, first, row: y)
                            x = be
                        }
                        if x < x1 { Self.fillPair(d0 + (x - x0), d1 + (x - x0), from: x, to: x1, a, b, f) }
                        for band in first.bands where band.y == y + 1 || (band.y <= y && band.maxY == y + 1) {
                            let k = band.y == y + 1 ? y + 1 : y
                            first.darken(
                                row: k, k == y ? d0 : d1, from: max(x0, band.x), to: min(x1, band.maxX), origin: x0)
                        }
                        for shade in shades.dropFirst() { shade.darken(rowPair: y, d0, d1, from: x0, to: x1) }
                        continue
                    }
                    Self.fill(d0, from: x0, to: x1, block: block, a, b, f)
                    for k in (y + 1)..<max(end, y + 1) {
                        UnsafeMutableRawPointer(d0 + (k - y) * stride).copyMemory(from: d0, byteCount: (x1 - x0) * 4)
                    }
                    for shade in shades {
                        for k in y..<end { shade.darken(row: k, d0 + (k - y) * stride, from: x0, to: x1) }
                    }
                }
                y = end
            }
        }
    }
}

/// A soft black shadow over the backdrop: its mask, where it is, how strong, and where it falls.
struct Shade: Sendable {
    let mask: ShadowMask
    /// The mask's top-left pixel, in the backdrop's pixels.
    let x: Int
    let y: Int
    /// The shadow colour's alpha, 0…255.
    let alpha: UInt32
    /// Where it falls, in the backdrop's pixels (around its view, not under it), within the mask.
    let bands: [PixelRect]

    init(mask: ShadowMask, x: Int, y: Int, alpha: UInt32, bands: [PixelRect]) {
        self.mask = mask
        self.x = x
        self.y = y
        self.alpha = alpha
        let area = PixelRect(x: x, y: y, width: mask.width, height: mask.height)
        // Left to right, so that a row meets them in order.
        self.bands = bands.map { $0.intersection(area) }.filter { !$0.isEmpty }.sorted { ($0.x, $0.y) < ($1.x, $1.y) }
    }

    /// The mask's row for the backdrop's row `y`, indexed by the backdrop's columns.
    @inline(__always)
    func maskRow(_ y: Int) -> UnsafePointer<UInt8> {
        UnsafePointer(mask.bytes + (y - self.y) * mask.stride - x)
    }

    /// The shadow's alpha through a mask byte (Pixman's arithmetic: a product of bytes, rounded).
    @inline(__always)
    func strength(_ c: UInt8) -> UInt32 {
        let t = alpha &* UInt32(c) &+ 0x80
        return (t &+ (t >> 8)) >> 8
    }

    /// An opaque pixel under a black source of alpha `s`: each channel times 255 − `s`, rounded, and
    /// the source's alpha added back to the pixel's, which stays opaque.
    @inline(__always)
    static func darkened(_ p: UInt32, _ s: UInt32) -> UInt32 {
        let keep = 255 - s
        var t = (p & 0x00FF_00FF) &* keep &+ 0x0080_0080
        let rb = ((t &+ ((t >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        t = ((p >> 8) & 0x00FF_00FF) &* keep &+ 0x0080_0080
        let ag = (t &+ ((t >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return (rb | ag) &+ (s << 24)
    }

    /// Darkens the pixels of row `y`, columns `x0..<x1`, at `d` (the pixel of column `x0`), as a
    /// black source with this alpha composited over them through the mask.
    func darken(row y: Int, _ d: UnsafeMutablePointer<UInt32>, from x0: Int, to x1: Int) {
        for band in bands where y >= band.y && y < band.maxY {
            let start = max(band.x, x0)
            let end = min(band.maxX, x1)
            guard start < end else { continue }
            let m = mask.bytes + (y - self.y) * mask.stride - self.x
            for x in start..<end { d[x - x0] = Self.darkened(d[x - x0], strength(m[x])) }
        }
    }

    /// Darkens rows `y` and `y + 1` (a row of 2×2 blocks of the backdrop, `y` even), at `d0` and
    /// `d1`: a block whose four pixels are alike (the backdrop's, not yet darkened by another shadow)
    /// is darkened once, through the mask at its top-left pixel — a soft mask changes by a level or
    /// so from one pixel to the next, and a quarter of the work is done.
    func darken(
        rowPair y: Int, _ d0: UnsafeMutablePointer<UInt32>, _ d1: UnsafeMutablePointer<UInt32>, from x0: Int,
        to x1: Int
    ) {
        for band in bands where y + 1 >= band.y && y < band.maxY {
            guard y >= band.y && y + 1 < band.maxY else {
                // The band starts or ends between the two rows.
                if y >= band.y { darken(row: y, d0, from: max(x0, band.x), to: min(x1, band.maxX), origin: x0) }
                if y + 1 < band.maxY {
                    darken(row: y + 1, d1, from: max(x0, band.x), to: min(x1, band.maxX), origin: x0)
                }
                continue
            }
            let start = max(band.x, x0)
            let end = min(band.maxX, x1)
            guard start < end else { continue }
            let m0 = mask.bytes + (y - self.y) * mask.stride - self.x
            let m1 = m0 + mask.stride
            var x = start
            if x % 2 != 0 {
                d0[x - x0] = Self.darkened(d0[x - x0], strength(m0[x]))
                d1[x - x0] = Self.darkened(d1[x - x0], strength(m1[x]))
                x += 1
            }
            while x + 1 < end {
                let i = x - x0
                let p = d0[i]
                let s = strength(m0[x])
                if d0[i + 1] == p && d1[i] == p && d1[i + 1] == p {
                    let v = UInt64(Self.darkened(p, s))
                    let pair = v | v << 32
                    UnsafeMutableRawPointer(d0 + i).storeBytes(of: pair, as: UInt64.self)
                    UnsafeMutableRawPointer(d1 + i).storeBytes(of: pair, as: UInt64.self)
                } else {
                    d0[i] = Self.darkened(p, s)
                    d0[i + 1] = Self.darkened(d0[i + 1], strength(m0[x + 1]))
                    d1[i] = Self.darkened(d1[i], strength(m1[x]))
                    d1[i + 1] = Self.darkened(d1[i + 1], strength(m1[x + 1]))
                }
                x += 2
            }
            if x < end {
                d0[x - x0] = Self.darkened(d0[x - x0], strength(m0[x]))
                d1[x - x0] = Self.darkened(d1[x - x0], strength(m1[x]))
            }
        }
    }

    /// Darkens row `y`'s columns `start..<end` at `d` (the pixel of column `origin`).
    func darken(row y: Int, _ d: UnsafeMutablePointer<UInt32>, from start: Int, to end: Int, origin: Int) {
        guard start < end else { return }
        let m = mask.bytes + (y - self.y) * mask.stride - self.x
        for x in start..<end { d[x - origin] = Self.darkened(d[x - origin], strength(m[x])) }
    }
}

/// The backdrop with the shadows of what lies over it, written in one pass.
struct ShadowedBackdrop: PixelSource {
    let backdrop: StretchedBackdrop
    let shades: [Shade]
    /// Where something opaque is drawn over the backdrop next (the lifted preview): left unwritten.
    let hole: PixelRect?

    var pixelWidth: Int { backdrop.pixelWidth }
    var pixelHeight: Int { backdrop.pixelHeight }
    var scale: Double { backdrop.scale }

    func write(_ rect: PixelRect, to out: UnsafeMutablePointer<UInt32>, stride: Int) {
        backdrop.write(rect, to: out, stride: stride, shades: shades, hole: hole)
    }
}

/// A screen's menu backdrop made ahead, while the screen is at rest, so that a menu asked for with
/// no press before it (a right click, the keyboard) does not draw and blur the screen in its first
/// frame. It is made again after the screen changes and comes to rest again (a few milliseconds),
/// and used only while the screen shows what it was made from.
@MainActor final class RestingBackdrop: ScreenEnvironmentKey {
    static func makeDefaultValue() -> RestingBackdrop? { nil }

    private var made: MenuBackdrop?
    /// The screen's damage count when it was made.
    private var damageCount = -1

    /// Makes the screen's resting backdrop ready, once per screen: screens with context menus have one.
    static func install(on root: RootView) {
        guard root.environment[RestingBackdrop.self] == nil else { return }
        let r = RestingBackdrop()
        root.environment[RestingBackdrop.self] = r
        root.addRestWork { [weak root, weak r] in
            guard let root, let r else { return }
            r.prepare(root)
        }
    }

    private func prepare(_ root: RootView) {
        made = nil
        // Not while a menu is open: the next one would replace it, and the screen changes as it goes.
        guard let renderer = root.environment.renderer, !root.subviews.contains(where: { $0 is ContextMenuOverlay })
        else { return }
        let small = MenuBackdrop.source(of: root, renderer: renderer)
        made = MenuBackdrop.finish(MenuBackdrop.blur(small), of: root, scale: root.environment.displayScale)
        damageCount = root.damageCount
    }

    /// The backdrop made at rest, if the screen has not changed since and it fits.
    func backdrop(for root: RootView, scale: Double) -> MenuBackdrop? {
        guard let made, damageCount == root.damageCount, made.fits(root, scale: scale) else { return nil }
        return made
    }
}

/// The backdrop fading out over a picture of what lies beneath it, with the shadows of what lies
/// over it: each pixel written once a frame as a menu closes (drawing the screen below and then
/// blending the backdrop over it took four passes over the screen).
struct FadingBackdrop: PixelSource {
    let backdrop: StretchedBackdrop
    /// The screen beneath the menu, at the backdrop's pixels.
    let beneath: PixelImage
    let opacity: Double
    let shades: [Shade]

    var pixelWidth: Int { backdrop.pixelWidth }
    var pixelHeight: Int { backdrop.pixelHeight }
    var scale: Double { backdrop.scale }

    func write(_ rect: PixelRect, to out: UnsafeMutablePointer<UInt32>, stride: Int) {
        beneath.pixels.withUnsafeBytes { raw in
            backdrop.blend(
                rect, into: out, stride: stride, opacity: opacity,
                over: (raw.baseAddress!.assumingMemoryBound(to: UInt32.self), beneath.width), shades: shades)
        }
    }
}
