import Dispatch
import Graphics

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

    /// Writes `rect` darkened by `shades`, all but `hole` (something opaque is drawn there next); with
    /// `kernels`, rows of 2×2 blocks are stretched by them (vector arithmetic, the same pixels).
    func write(
        _ rect: PixelRect, to out: UnsafeMutablePointer<UInt32>, stride: Int, shades: [Shade], hole: PixelRect?,
        kernels: (any PixelKernels)? = nil
    ) {
        let r = rect.intersection(PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight))
        guard !r.isEmpty else { return }
        let out = out + (r.y - rect.y) * stride + (r.x - rect.x)
        wide.withUnsafeBufferPointer { wide in
            let job = Job(
                wide: wide.baseAddress!, source: self, rect: r, out: out, stride: stride, kernels: kernels,
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

    /// The two thumbnail rows (stretched across) that the block row starting at screen row `top` lies
    /// between, and how far it is from the first to the second, in 256ths.
    func rowBetween(top: Int) -> (first: Int, second: Int, f: UInt32) {
        let sy = (Double(top) + Double(block) / 2) * Double(rows) / Double(pixelHeight) - 0.5
        let r0 = min(max(Int(sy.rounded(.down)), 0), rows - 1)
        let r1 = min(r0 + 1, rows - 1)
        let f = sy < 0 ? 0 : UInt32(((sy - Double(r0)) * 256).rounded())
        return (r0, r1, f)
    }

    /// From this many pixels a write is shared between two threads: the opening's damaged regions
    /// (the preview's row and the panel, 0.3-0.9 million pixels at 2×) as well as whole screens.
    /// Replaying the opening's frames, a frame's median went from 1.7-1.9 ms to 1.35-1.4 ms when
    /// this came down from 2^20.
    static let bandedArea = 1 << 18

    /// The writing of a region's rows, shared by the threads that each do a band of them.
    struct Job: @unchecked Sendable {
        let wide: UnsafePointer<UInt32>
        let source: StretchedBackdrop
        let rect: PixelRect
        let out: UnsafeMutablePointer<UInt32>
        let stride: Int
        let kernels: (any PixelKernels)?
        let shades: [Shade]
        /// Columns and rows (whole blocks) that something opaque covers: not written.
        let hole: PixelRect?

        /// `p` and `q` mixed `f`/256 of the way (`g` = 256 − `f`), each channel floored, opaque: two
        /// channels at a time in the spare bits of a word.
        @inline(__always)
        static func mix(_ p: UInt32, _ q: UInt32, f: UInt32, g: UInt32) -> UInt32 {
            let rb = ((p & 0x00FF_00FF) &* g &+ (q & 0x00FF_00FF) &* f) >> 8 & 0x00FF_00FF
            let ga = (((p >> 8) & 0x00FF_00FF) &* g &+ ((q >> 8) & 0x00FF_00FF) &* f) & 0xFF00_FF00
            return rb | ga | 0xFF00_0000
        }

        /// Writes the screen's columns `x0..<x1` of a row that is `f`/256 of the way from thumbnail
        /// row `a` to row `b` (both stretched across) to `d`: a part of a block at the start, whole
        /// blocks, and a part at the end.
        @inline(__always)
        func fill(
            _ d: UnsafeMutablePointer<UInt32>, from x0: Int, to x1: Int, block: Int, _ a: UnsafePointer<UInt32>,
            _ b: UnsafePointer<UInt32>, _ f: UInt32
        ) {
            if block == 2, let kernels {
                kernels.stretchRow(d, a + x0 / 2, b + x0 / 2, count: x1 - x0, odd: x0 % 2 != 0, f: UInt16(f))
                return
            }
            let g = 256 - f
            @inline(__always) func sample(_ c: Int) -> UInt32 { Self.mix(a[c], b[c], f: f, g: g) }
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
        func fillPair(
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
            @inline(__always) func sample(_ c: Int) -> UInt32 { Self.mix(a[c], b[c], f: f, g: g) }
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
            let columns = source.columns
            var y = rows.lowerBound
            while y < rows.upperBound {
                // The rows of one block are alike: the first is worked out, the rest copied.
                let top = y / block * block
                let end = min(top + block, rows.upperBound)
                let (r0, r1, f) = source.rowBetween(top: top)
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
                            if bs > x { fillPair(d0 + (x - x0), d1 + (x - x0), from: x, to: bs, a, b, f) }
                            Self.fillDarkened(d0 + (bs - x0), d1 + (bs - x0), from: bs, to: be, a, b, f, first, row: y)
                            x = be
                        }
                        if x < x1 { fillPair(d0 + (x - x0), d1 + (x - x0), from: x, to: x1, a, b, f) }
                        for band in first.bands where band.y == y + 1 || (band.y <= y && band.maxY == y + 1) {
                            let k = band.y == y + 1 ? y + 1 : y
                            first.darken(
                                row: k, k == y ? d0 : d1, from: max(x0, band.x), to: min(x1, band.maxX), origin: x0)
                        }
                        for shade in shades.dropFirst() { shade.darken(rowPair: y, d0, d1, from: x0, to: x1) }
                        continue
                    }
                    fill(d0, from: x0, to: x1, block: block, a, b, f)
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
