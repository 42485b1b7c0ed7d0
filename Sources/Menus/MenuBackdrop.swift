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

    /// The screen's backdrop as the menus keep it made at rest: made now if the screen changed since,
    /// and kept for the next menu too (the shell's Control Center prepares its own from it).
    public static func atRest(of root: RootView, renderer: any RasterRenderer, scale: Double) -> MenuBackdrop {
        if let r = root.environment[RestingBackdrop.self] {
            r.prepare(root)
            if let b = r.backdrop(for: root, scale: scale) { return b }
        }
        return make(of: root, renderer: renderer, scale: scale)
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
            let environment = root.environment
            environment.drawsFromPictures = true
            defer { environment.drawsFromPictures = false }
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
    public static func finish(_ thumbnail: PixelImage, of root: RootView, scale: Double, dim: Color? = nil)
        -> MenuBackdrop
    {
        let appearance = root.appearance
        let pixels = StretchedBackdrop(
            thumbnail, to: root.bounds.size, scale: min(scale, MenuMetrics.backdropScale),
            dim: (dim ?? MenuMetrics.backdropDim).resolved(appearance).alpha)
        return MenuBackdrop(thumbnail: thumbnail, appearance: appearance, pixels: pixels)
    }

    /// Draws the backdrop at `opacity` over `beneath` (the screen under it, a picture of `rect`) in one
    /// pass where the canvas takes pixels (at 2×); else the picture, then the backdrop over it.
    public func draw(in canvas: any Canvas, rect: Rect, opacity: Double, over beneath: PixelImage) {
        if pixels.block == 2, beneath.width == pixels.pixelWidth, beneath.height == pixels.pixelHeight,
            canvas.drawPixels(
                FadingBackdrop(
                    backdrop: pixels, beneath: beneath, opacity: opacity, shades: [], kernels: canvas.pixelKernels),
                at: rect.origin, opacity: 1)
        {
            return
        }
        var below = beneath
        below.isOpaque = true
        canvas.drawImage(below, in: rect, opacity: 1)
        draw(in: canvas, rect: rect, opacity: opacity)
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
