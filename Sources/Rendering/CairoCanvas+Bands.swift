import CCairo
import Dispatch
import Graphics

// A large picture on both cores: Pixman's bilinear filter costs about 2 ns a pixel on one (a
// window's snapshot as it zooms, a menu's preview as it lifts), blending a picture unfiltered about
// 1.5 ns (App Exposé's twelve windows), and copying the wallpaper at 2× is 4 ms. The rows it covers
// are split into two bands, and each band is drawn by its own Cairo context over its own image
// surface on the same bitmap, clipped to the band's rows: separate Cairo objects (as Cairo's
// threading rules ask), each writing only its own rows.
extension CairoCanvas {
    /// From this many device pixels a picture is drawn in two bands at once.
    static let bandedPictureArea = 160_000

    /// Draws `image` placed by `placed` (image pixels to device pixels) with `filter` in two bands at
    /// once; false (nothing drawn) when it is small, or the canvas is not a plain bitmap with a
    /// whole-pixel clip.
    func drawInBands(
        _ pixels: UnsafeMutablePointer<UInt8>, _ image: PixelImage, placed: cairo_matrix_t, filter: cairo_filter_t,
        opacity: Double
    ) -> Bool {
        let target = cairo_get_target(cr)
        guard let target, cairo_get_group_target(cr) == target,
            cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
            cairo_get_operator(cr) == CAIRO_OPERATOR_OVER,
            let data = cairo_image_surface_get_data(target)
        else { return false }
        let format = cairo_image_surface_get_format(target)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 else { return false }
        let surface = PixelRect(
            x: 0, y: 0, width: Int(cairo_image_surface_get_width(target)),
            height: Int(cairo_image_surface_get_height(target)))
        guard let clip = deviceClip(surface: surface) else { return false }
        let covered = Self.deviceBounds(of: image, placed: placed)
        let rects = clip.map { $0.intersection(covered) }.filter { !$0.isEmpty }
        guard rects.reduce(0, { $0 + $1.width * $1.height }) >= Self.bandedPictureArea else { return false }
        let top = rects.map(\.y).min()!
        let bottom = rects.map(\.maxY).max()!
        guard bottom - top >= 2 else { return false }
        let job = BandedPaint(
            pixels: pixels, image: image, placed: placed, filter: filter, opacity: opacity, bitmap: data,
            format: format, width: surface.width, height: surface.height,
            stride: Int(cairo_image_surface_get_stride(target)), rects: rects)
        let middle = top + (bottom - top) / 2
        cairo_surface_flush(target)
        DispatchQueue.concurrentPerform(iterations: 2) { i in
            job.run(rows: i == 0 ? top..<middle : middle..<bottom)
        }
        for r in rects {
            cairo_surface_mark_dirty_rectangle(target, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
        }
        return true
    }

    /// The whole device pixels the placed image touches.
    static func deviceBounds(of image: PixelImage, placed m: cairo_matrix_t) -> PixelRect {
        let corners = [
            (0.0, 0.0), (Double(image.width), 0.0), (0.0, Double(image.height)),
            (Double(image.width), Double(image.height)),
        ].map { x, y in
            (m.xx * x + m.xy * y + m.x0, m.yx * x + m.yy * y + m.y0)
        }
        let x0 = Int(corners.map(\.0).min()!.rounded(.down))
        let y0 = Int(corners.map(\.1).min()!.rounded(.down))
        let x1 = Int(corners.map(\.0).max()!.rounded(.up))
        let y1 = Int(corners.map(\.1).max()!.rounded(.up))
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// One band's drawing: the image's pixels are only read, and each band writes only its own rows.
private struct BandedPaint: @unchecked Sendable {
    let pixels: UnsafeMutablePointer<UInt8>
    let image: PixelImage
    let placed: cairo_matrix_t
    let filter: cairo_filter_t
    let opacity: Double
    let bitmap: UnsafeMutablePointer<UInt8>
    let format: cairo_format_t
    let width: Int
    let height: Int
    let stride: Int
    let rects: [PixelRect]

    func run(rows: Range<Int>) {
        let band = PixelRect(x: 0, y: rows.lowerBound, width: width, height: rows.count)
        let parts = rects.map { $0.intersection(band) }.filter { !$0.isEmpty }
        // A surface of its own over the whole bitmap, clipped to the band's rows. (A surface over the
        // band's rows alone, moved into place, would change Pixman's fixed-point sampling positions:
        // pixels one or two levels off every few rows.)
        guard !parts.isEmpty,
            let surface = cairo_image_surface_create_for_data(
                bitmap, format, Int32(width), Int32(height), Int32(stride))
        else { return }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return }
        defer { cairo_destroy(cr) }
        for r in parts { cairo_rectangle(cr, Double(r.x), Double(r.y), Double(r.width), Double(r.height)) }
        cairo_clip(cr)
        CairoCanvas.paint(pixels, image, placed: placed, filter: filter, opacity: opacity, on: cr)
    }
}
