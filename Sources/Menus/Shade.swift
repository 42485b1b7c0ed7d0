import Graphics

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
