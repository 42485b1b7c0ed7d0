import Dispatch
import Graphics

extension StretchedBackdrop {
    /// Blends `rect` with `opacity` over what `out` holds, as the backdrop fades out; false (nothing
    /// written) at a scale other than 2×.
    public func blend(_ rect: PixelRect, into out: UnsafeMutablePointer<UInt32>, stride: Int, opacity: Double)
        -> Bool
    {
        guard block == 2 else { return false }
        blend(rect, into: out, stride: stride, opacity: opacity, over: nil, shades: [])
        return true
    }

    /// Blends `rect` with `opacity` over `beneath` (the pixels under it, the backdrop's own pixel
    /// coordinates, rows `beneath.stride` apart) or, with none, over what `out` holds; then darkens
    /// it by `shades`. Only at 2×. A large region is shared by both cores, in two bands of rows; with
    /// `kernels`, each row is mixed by them (vector arithmetic, the same pixels).
    func blend(
        _ rect: PixelRect, into out: UnsafeMutablePointer<UInt32>, stride: Int, opacity: Double,
        over beneath: (pixels: UnsafePointer<UInt32>, stride: Int)?, shades: [Shade],
        kernels: (any PixelKernels)? = nil
    ) {
        let r = rect.intersection(PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight))
        guard !r.isEmpty else { return }
        let out = out + (r.y - rect.y) * stride + (r.x - rect.x)
        let a = UInt64((min(1, max(0, opacity)) * 256).rounded())
        let shades = shades.filter { $0.bands.contains { !$0.intersection(r).isEmpty } }
        wide.withUnsafeBufferPointer { wide in
            let job = BlendJob(
                wide: wide.baseAddress!, source: self, rect: r, out: out, stride: stride, a: a, beneath: beneath,
                shades: shades, kernels: kernels)
            if r.width * r.height >= Self.bandedArea && r.height >= 8 {
                let half = (r.y + r.height / 2) / 2 * 2
                DispatchQueue.concurrentPerform(iterations: 2) { i in
                    job.run(rows: i == 0 ? r.y..<half : half..<r.maxY)
                }
            } else {
                job.run(rows: r.y..<r.maxY)
            }
        }
    }

    /// The blending of a region's rows, shared by the threads that each do a band of them.
    struct BlendJob: @unchecked Sendable {
        let wide: UnsafePointer<UInt32>
        let source: StretchedBackdrop
        let rect: PixelRect
        let out: UnsafeMutablePointer<UInt32>
        let stride: Int
        /// The backdrop's weight, 0…256.
        let a: UInt64
        let beneath: (pixels: UnsafePointer<UInt32>, stride: Int)?
        let shades: [Shade]
        let kernels: (any PixelKernels)?

        /// The pixels under row `k` (a screen row inside `rect`), from `rect.x`: the picture beneath,
        /// or what `d` holds.
        @inline(__always)
        func under(row k: Int, _ d: UnsafeMutablePointer<UInt32>) -> UnsafePointer<UInt32> {
            beneath.map { UnsafePointer($0.pixels + k * $0.stride + rect.x) } ?? UnsafePointer(d)
        }

        /// Blends rows `rows` (screen rows inside `rect`): each row of 2×2 blocks' values worked out
        /// once, then blended into its pixels.
        func run(rows: Range<Int>) {
            if let kernels {
                runWith(kernels, rows: rows)
            } else {
                runInWords(rows: rows)
            }
        }

        /// With the canvas's kernels: a row of block values, then each row's pixels, in vector lanes.
        private func runWith(_ kernels: any PixelKernels, rows: Range<Int>) {
            let r = rect
            let c0 = r.x / 2
            let count = (r.maxX - 1) / 2 - c0 + 1
            let line = UnsafeMutablePointer<UInt16>.allocate(capacity: count * 8)
            defer { line.deallocate() }
            var y = rows.lowerBound
            while y < rows.upperBound {
                let top = y / 2 * 2
                let end = min(top + 2, rows.upperBound)
                let (r0, r1, f) = source.rowBetween(top: top)
                kernels.fadeLine(
                    line, wide + r0 * source.columns + c0, wide + r1 * source.columns + c0, count: count,
                    f: UInt16(f), weight: UInt16(a))
                for k in y..<end {
                    let d = out + (k - r.y) * stride
                    kernels.fadeRow(
                        d, under: under(row: k, d), line: line, count: r.width, odd: r.x % 2 != 0,
                        weight: UInt16(256 - a))
                    for shade in shades { shade.darken(row: k, d, from: r.x, to: r.maxX) }
                }
                y = end
            }
        }

        /// Each channel in a 16-bit lane of a word, two pixels a word.
        private func runInWords(rows: Range<Int>) {
            let r = rect
            let columns = source.columns
            let m: UInt64 = 0x00FF_00FF_00FF_00FF
            let a = self.a
            let b = 256 - a
            let c0 = r.x / 2
            let c1 = (r.maxX - 1) / 2
            // Each block's value, twice in a word and weighted already: its red and blue lanes, and its
            // green and alpha lanes (a row pair shares them).
            let lineRB = UnsafeMutablePointer<UInt64>.allocate(capacity: c1 - c0 + 1)
            let lineGA = UnsafeMutablePointer<UInt64>.allocate(capacity: c1 - c0 + 1)
            defer {
                lineRB.deallocate()
                lineGA.deallocate()
            }
            var y = rows.lowerBound
            while y < rows.upperBound {
                let top = y / 2 * 2
                let end = min(top + 2, rows.upperBound)
                let (r0, r1, f) = source.rowBetween(top: top)
                let g = 256 - f
                let pa = wide + r0 * columns
                let pb = wide + r1 * columns
                for c in c0...c1 {
                    let p = pa[c]
                    let q = pb[c]
                    let rb = ((p & 0x00FF_00FF) &* g &+ (q & 0x00FF_00FF) &* f) >> 8 & 0x00FF_00FF
                    let ga = (((p >> 8) & 0x00FF_00FF) &* g &+ ((q >> 8) & 0x00FF_00FF) &* f) & 0xFF00_FF00
                    let v = UInt64(rb | ga | 0xFF00_0000)
                    let w = v | v << 32
                    lineRB[c - c0] = (w & m) &* a
                    lineGA[c - c0] = (w >> 8 & m) &* a
                }
                for k in y..<end {
                    let d = out + (k - r.y) * stride
                    // What the backdrop fades over: the picture beneath, or what is there.
                    let under = under(row: k, d)
                    @inline(__always) func one(_ x: Int) {
                        let t = UInt64(under[x - r.x])
                        let rb = (lineRB[x / 2 - c0] &+ (t & m) &* b) >> 8 & m
                        let ga = (lineGA[x / 2 - c0] &+ (t >> 8 & m) &* b) & ~m
                        d[x - r.x] = UInt32(truncatingIfNeeded: rb | ga)
                    }
                    var x = r.x
                    if x % 2 != 0 {
                        one(x)
                        x += 1
                    }
                    // Two pixels a word: a channel a 16-bit lane, whose products (≤ 255 × 256)
                    // cannot carry into the next.
                    let pairs = (r.maxX - x) / 2
                    let rawOut = UnsafeMutableRawPointer(d + (x - r.x))
                    let rawUnder = UnsafeRawPointer(under + (x - r.x))
                    let first = x / 2 - c0
                    for i in 0..<pairs {
                        let t = rawUnder.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)
                        let rb = (lineRB[first + i] &+ (t & m) &* b) >> 8 & m
                        let ga = (lineGA[first + i] &+ (t >> 8 & m) &* b) & ~m
                        rawOut.storeBytes(of: rb | ga, toByteOffset: i * 8, as: UInt64.self)
                    }
                    x += 2 * pairs
                    if x < r.maxX { one(x) }
                    for shade in shades { shade.darken(row: k, d, from: r.x, to: r.maxX) }
                }
                y = end
            }
        }
    }
}
