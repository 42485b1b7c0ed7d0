import Graphics
import Rendering
import Testing

@testable import Menus

/// The closing backdrop's blend (written two pixels a word, or by the canvas's vector kernels, shared
/// by two threads over a large region) gives each pixel what the plain per-channel mix of backdrop
/// and picture beneath gives.
@MainActor @Suite struct BackdropBlendTests {
    /// A thumbnail with a different colour in every pixel, so a misplaced sample shows.
    func thumbnail(width: Int, height: Int) -> PixelImage {
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                bytes[i] = UInt8((x * 37 + y * 11) % 256)
                bytes[i + 1] = UInt8((x * 5 + y * 71) % 256)
                bytes[i + 2] = UInt8((x * 13 + y * 3 + 128) % 256)
            }
        }
        return PixelImage(width: width, height: height, scale: 1, pixels: bytes)
    }

    /// The expected pixel: backdrop `s` weighted `a`/256 over `t`.
    func mix(_ s: UInt32, _ t: UInt32, _ a: UInt32) -> UInt32 {
        var out: UInt32 = 0
        for shift in stride(from: 0, through: 24, by: 8) {
            let c = ((s >> UInt32(shift) & 0xFF) * a + (t >> UInt32(shift) & 0xFF) * (256 - a)) >> 8
            out |= c << UInt32(shift)
        }
        return out
    }

    /// Swift's own arithmetic, and the kernels a Cairo canvas hands over.
    nonisolated static let ways: [(any PixelKernels)?] = [nil, VectorPixelKernels()]

    func check(size: Size, rect: PixelRect, opacity: Double, kernels: (any PixelKernels)?) {
        let backdrop = StretchedBackdrop(thumbnail(width: 37, height: 29), to: size, scale: 2, dim: 0.2)
        let (w, h) = (backdrop.pixelWidth, backdrop.pixelHeight)
        // The backdrop alone, and a picture beneath with its own pattern.
        var plain = [UInt32](repeating: 0, count: w * h)
        plain.withUnsafeMutableBufferPointer {
            backdrop.write(PixelRect(x: 0, y: 0, width: w, height: h), to: $0.baseAddress!, stride: w)
        }
        let beneath = (0..<(w * h)).map { i in UInt32(truncatingIfNeeded: i &* 2_654_435_761) | 0xFF00_0000 }
        var out = [UInt32](repeating: 0x1234_5678, count: w * h)
        out.withUnsafeMutableBufferPointer { o in
            beneath.withUnsafeBufferPointer { b in
                backdrop.blend(
                    rect, into: o.baseAddress! + rect.y * w + rect.x, stride: w, opacity: opacity,
                    over: (b.baseAddress!, w), shades: [], kernels: kernels)
            }
        }
        let a = UInt32((opacity * 256).rounded())
        var wrong = 0
        var first = ""
        for y in 0..<h {
            for x in 0..<w {
                let i = y * w + x
                let inside = x >= rect.x && x < rect.maxX && y >= rect.y && y < rect.maxY
                let want = inside ? mix(plain[i], beneath[i], a) : 0x1234_5678
                if out[i] != want {
                    if wrong == 0 {
                        first = "(\(x), \(y)): \(String(out[i], radix: 16)), not \(String(want, radix: 16))"
                    }
                    wrong += 1
                }
            }
        }
        let way = kernels.map { "\(type(of: $0))" } ?? "Swift"
        #expect(wrong == 0, "\(way): \(wrong) pixels differ; the first at \(first)")
    }

    @Test(arguments: 0..<2) func aSmallRegionWithOddEdgesIsTheMix(way: Int) {
        let kernels = Self.ways[way]
        check(
            size: Size(width: 120, height: 90), rect: PixelRect(x: 3, y: 5, width: 201, height: 151), opacity: 0.37,
            kernels: kernels)
        // One pixel; two, starting on a block's right pixel; none of the backdrop left.
        check(
            size: Size(width: 20, height: 20), rect: PixelRect(x: 7, y: 3, width: 1, height: 1), opacity: 0.5,
            kernels: kernels)
        check(
            size: Size(width: 20, height: 20), rect: PixelRect(x: 9, y: 4, width: 2, height: 3), opacity: 1,
            kernels: kernels)
        check(
            size: Size(width: 20, height: 20), rect: PixelRect(x: 0, y: 0, width: 40, height: 40), opacity: 0,
            kernels: kernels)
    }

    /// Past `StretchedBackdrop.bandedArea` the region is shared by two threads, in two bands.
    @Test(arguments: 0..<2) func aWholeScreenInTwoBandsIsTheMix(way: Int) {
        let size = Size(width: 700, height: 500)
        #expect(1400 * 1000 >= StretchedBackdrop.bandedArea)
        check(size: size, rect: PixelRect(x: 0, y: 0, width: 1400, height: 1000), opacity: 0.8, kernels: Self.ways[way])
        check(size: size, rect: PixelRect(x: 1, y: 1, width: 1399, height: 999), opacity: 0.05, kernels: Self.ways[way])
    }

    /// The backdrop's stretch (the open menu's first frame writes it whole) gives the same pixels in the
    /// canvas's vector kernels as in Swift's arithmetic: whole screen in two bands, odd edges, one pixel.
    @Test func theStretchIsTheSameInVectorLanes() {
        let backdrop = StretchedBackdrop(
            thumbnail(width: 37, height: 29), to: Size(width: 700, height: 500), scale: 2, dim: 0.2)
        let (w, h) = (backdrop.pixelWidth, backdrop.pixelHeight)
        let rects = [
            PixelRect(x: 0, y: 0, width: w, height: h), PixelRect(x: 3, y: 5, width: 201, height: 151),
            PixelRect(x: 9, y: 4, width: 2, height: 3), PixelRect(x: 7, y: 3, width: 1, height: 1),
            PixelRect(x: 1, y: 1, width: 6, height: 2),
        ]
        for rect in rects {
            var ways: [[UInt32]] = []
            for kernels in Self.ways {
                var out = [UInt32](repeating: 0x1234_5678, count: w * h)
                out.withUnsafeMutableBufferPointer { o in
                    backdrop.write(
                        rect, to: o.baseAddress! + rect.y * w + rect.x, stride: w, shades: [], hole: nil,
                        kernels: kernels)
                }
                ways.append(out)
            }
            let differ = zip(ways[0], ways[1]).filter { $0 != $1 }.count
            #expect(differ == 0, "\(rect): \(differ) pixels differ")
            #expect(ways[1][rect.y * w + rect.x] >> 24 == 0xFF, "written, opaque")
        }
    }
}
