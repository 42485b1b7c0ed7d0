/// A bitmap: premultiplied 8-bit BGRA pixels in memory order (Cairo's ARGB32 on little-endian),
/// with the scale that maps its pixels to points.
public struct PixelImage: Sendable, Equatable {
    public static func == (a: PixelImage, b: PixelImage) -> Bool {
        a.width == b.width && a.height == b.height && a.scale == b.scale && a.pixels == b.pixels
    }

    public let width: Int
    public let height: Int
    /// Pixels per point.
    public let scale: Double
    /// width × height × 4 bytes, rows without padding.
    public var pixels: [UInt8]
    /// Every pixel is fully opaque: the image can be copied instead of blended.
    public var isOpaque = false

    public init(width: Int, height: Int, scale: Double = 1, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixel buffer size does not match \(width)×\(height)")
        self.width = width
        self.height = height
        self.scale = scale
        self.pixels = pixels
    }

    /// A transparent image.
    public init(width: Int, height: Int, scale: Double = 1) {
        self.init(width: width, height: height, scale: scale, pixels: [UInt8](repeating: 0, count: width * height * 4))
    }

    /// The size in points.
    public var size: Size { Size(Double(width) / scale, Double(height) / scale) }

    /// The colour of one pixel, un-premultiplied.
    public func pixel(x: Int, y: Int) -> RGBA {
        let i = (y * width + x) * 4
        let a = Double(pixels[i + 3]) / 255
        if a == 0 { return RGBA(0, 0, 0, 0) }
        return RGBA(
            Double(pixels[i + 2]) / 255 / a, Double(pixels[i + 1]) / 255 / a, Double(pixels[i]) / 255 / a, a)
    }

    /// A copy shrunk by a whole factor, each output pixel the mean of a factor×factor block.
    public func downscaled(by factor: Int) -> PixelImage {
        precondition(factor >= 1)
        if factor == 1 { return self }
        let w = max(1, width / factor)
        let h = max(1, height / factor)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let n = UInt32(factor * factor)
        pixels.withUnsafeBufferPointer { src in
            for y in 0..<h {
                for x in 0..<w {
                    var acc: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
                    for yy in 0..<factor {
                        var i = ((y * factor + yy) * width + x * factor) * 4
                        for _ in 0..<factor {
                            acc.0 &+= UInt32(src[i])
                            acc.1 &+= UInt32(src[i + 1])
                            acc.2 &+= UInt32(src[i + 2])
                            acc.3 &+= UInt32(src[i + 3])
                            i += 4
                        }
                    }
                    let o = (y * w + x) * 4
                    out[o] = UInt8(acc.0 / n)
                    out[o + 1] = UInt8(acc.1 / n)
                    out[o + 2] = UInt8(acc.2 / n)
                    out[o + 3] = UInt8(acc.3 / n)
                }
            }
        }
        return PixelImage(width: w, height: h, scale: scale / Double(factor), pixels: out)
    }

    /// A Gaussian-like blur: three box-blur passes each way (the standard approximation), radius in pixels.
    public func blurred(radius: Int) -> PixelImage {
        guard radius > 0, width > 0, height > 0 else { return self }
        var a = pixels
        var b = [UInt8](repeating: 0, count: pixels.count)
        for _ in 0..<3 {
            Self.boxBlur(from: a, to: &b, width: width, height: height, radius: radius, horizontal: true)
            Self.boxBlur(from: b, to: &a, width: width, height: height, radius: radius, horizontal: false)
        }
        return PixelImage(width: width, height: height, scale: scale, pixels: a)
    }

    private static func boxBlur(
        from src: [UInt8], to dst: inout [UInt8], width: Int, height: Int, radius: Int, horizontal: Bool
    ) {
        let lines = horizontal ? height : width
        let length = horizontal ? width : height
        let step = horizontal ? 4 : width * 4
        let span = UInt32(2 * radius + 1)
        src.withUnsafeBufferPointer { s in
            dst.withUnsafeMutableBufferPointer { d in
                for line in 0..<lines {
                    let base = horizontal ? line * width * 4 : line * 4
                    for c in 0..<4 {
                        // Running sum with clamped edges.
                        var sum: UInt32 = 0
                        for k in -radius...radius {
                            let idx = min(max(k, 0), length - 1)
                            sum += UInt32(s[base + idx * step + c])
                        }
                        for i in 0..<length {
                            d[base + i * step + c] = UInt8(sum / span)
                            let outIdx = max(i - radius, 0)
                            let inIdx = min(i + radius + 1, length - 1)
                            sum = sum + UInt32(s[base + inIdx * step + c]) - UInt32(s[base + outIdx * step + c])
                        }
                    }
                }
            }
        }
    }

    /// How two images differ: the count of pixels whose any channel differs by more than `tolerance`
    /// (0…255), and the largest channel difference. Images of other sizes differ everywhere.
    public func difference(from other: PixelImage, tolerance: Int) -> (count: Int, maxDelta: Int) {
        guard width == other.width, height == other.height else { return (max(width * height, 1), 255) }
        var count = 0
        var maxDelta = 0
        pixels.withUnsafeBufferPointer { a in
            other.pixels.withUnsafeBufferPointer { b in
                var i = 0
                while i < a.count {
                    var m = 0
                    for c in 0..<4 { m = max(m, abs(Int(a[i + c]) - Int(b[i + c]))) }
                    if m > tolerance { count += 1 }
                    maxDelta = max(maxDelta, m)
                    i += 4
                }
            }
        }
        return (count, maxDelta)
    }
}
