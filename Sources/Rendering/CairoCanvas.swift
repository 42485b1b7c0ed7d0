import CCairo
import Foundation
import Graphics

/// The `Canvas` over a Cairo context: paths, clips and transforms by Cairo, text by Pango, symbols by
/// librsvg. User space is in points; the device scale is applied once at creation.
public final class CairoCanvas: Canvas {
    public let appearance: Appearance
    public let scale: Double
    public var textMeasurer: any TextMeasuring { TextEngine.shared }
    let cr: OpaquePointer
    /// Whether large filtered pictures are drawn on both cores (`CairoCanvas+Bands`); tests compare.
    var drawsPicturesInBands = true
    /// How many pictures were drawn that way.
    private(set) var picturesDrawnInBands = 0

    /// A canvas over an existing Cairo context whose user space is already in points.
    init(context: OpaquePointer, scale: Double, appearance: Appearance) {
        self.cr = context
        self.scale = scale
        self.appearance = appearance
    }

    public var clipBounds: Rect {
        var x0 = 0.0
        var y0 = 0.0
        var x1 = 0.0
        var y1 = 0.0
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public var deviceOrigin: Point? {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard abs(m.xx - scale) < 1e-9, abs(m.yy - scale) < 1e-9, m.xy == 0, m.yx == 0 else { return nil }
        return Point(m.x0, m.y0)
    }

    public func save() { cairo_save(cr) }
    public func restore() { cairo_restore(cr) }

    public func concatenate(_ t: Transform) {
        var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        cairo_transform(cr, &m)
    }

    public func clip(to path: Path) {
        cairo_new_path(cr)
        Self.append(path, to: cr)
        cairo_clip(cr)
    }

    public func fill(_ path: Path, with color: Color) {
        let c = color.resolved(appearance)
        if c.alpha <= 0 { return }
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
        cairo_new_path(cr)
        Self.append(path, to: cr)
        cairo_fill(cr)
    }

    public func fill(_ path: Path, with gradient: LinearGradient) {
        let pattern = cairo_pattern_create_linear(gradient.start.x, gradient.start.y, gradient.end.x, gradient.end.y)
        for (loc, color) in zip(gradient.locations, gradient.colors) {
            let c = color.resolved(appearance)
            cairo_pattern_add_color_stop_rgba(pattern, loc, c.red, c.green, c.blue, c.alpha)
        }
        cairo_set_source(cr, pattern)
        cairo_new_path(cr)
        Self.append(path, to: cr)
        cairo_fill(cr)
        cairo_pattern_destroy(pattern)
    }

    public func stroke(_ path: Path, with color: Color, lineWidth: Double) {
        let c = color.resolved(appearance)
        if c.alpha <= 0 { return }
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
        cairo_set_line_width(cr, lineWidth)
        cairo_new_path(cr)
        Self.append(path, to: cr)
        cairo_stroke(cr)
    }

    public func drawText(_ layout: TextLayout, at origin: Point) {
        let c = layout.color.resolved(appearance)
        if c.alpha <= 0 || layout.text.isEmpty { return }
        cairo_save(cr)
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
        cairo_translate(cr, origin.x, origin.y)
        cairo_move_to(cr, 0, 0)
        TextEngine.shared.draw(layout, on: cr)
        cairo_restore(cr)
    }

    public func drawImage(_ image: PixelImage, in rect: Rect, opacity: Double) {
        guard image.width > 0, image.height > 0, rect.width > 0, rect.height > 0 else { return }
        image.pixels.withUnsafeBufferPointer { buf in
            let pixels = UnsafeMutablePointer(mutating: buf.baseAddress!)
            var m = cairo_matrix_t()
            cairo_get_matrix(cr, &m)
            let placed = Self.placement(of: image, in: rect, under: m)
            // At one image pixel per device pixel, no filtering (and Cairo takes its copy fast path).
            // The device size is measured through the current transform: an image drawn under an
            // animating scale is filtered.
            let w = Double(image.width)
            let h = Double(image.height)
            let exact =
                abs(placed.yx * w) < 0.001 && abs(placed.xy * h) < 0.001 && abs(placed.xx * w - w) < 0.01
                && abs(placed.yy * h - h) < 0.01
            let filter = exact ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR
            if drawsPicturesInBands, drawInBands(pixels, image, placed: placed, filter: filter, opacity: opacity) {
                picturesDrawnInBands += 1
                return
            }
            cairo_save(cr)
            Self.paint(pixels, image, placed: placed, filter: filter, opacity: opacity, on: cr)
            cairo_restore(cr)
        }
    }

    /// The transform from the image's pixels to the device's, for `image` drawn in `rect` under `m`.
    static func placement(of image: PixelImage, in rect: Rect, under m: cairo_matrix_t) -> cairo_matrix_t {
        var local = cairo_matrix_t()
        cairo_matrix_init(
            &local, rect.width / Double(image.width), 0, 0, rect.height / Double(image.height), rect.minX, rect.minY)
        var m = m
        var out = cairo_matrix_t()
        cairo_matrix_multiply(&out, &local, &m)
        return out
    }

    /// Paints `image` (its pixels at `pixels`) placed by `placed` on `cr`, whose user space is the
    /// device's, inside the image's rectangle; the edges beyond it are its own edge pixels, filtered.
    static func paint(
        _ pixels: UnsafeMutablePointer<UInt8>, _ image: PixelImage, placed: cairo_matrix_t,
        filter: cairo_filter_t, opacity: Double, on cr: OpaquePointer
    ) {
        let surface = cairo_image_surface_create_for_data(
            pixels, image.isOpaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, Int32(image.width),
            Int32(image.height), Int32(image.width * 4))
        var placed = placed
        cairo_set_matrix(cr, &placed)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), filter)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_rectangle(cr, 0, 0, Double(image.width), Double(image.height))
        cairo_clip(cr)
        if opacity >= 1 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, opacity) }
        cairo_surface_destroy(surface)
    }

    public func drawSymbol(_ name: String, in rect: Rect, tint: Color) {
        SymbolCatalog.shared.draw(name, in: rect, color: tint.resolved(appearance), on: cr)
    }

    public func shadowMask(of path: Path, blur: Double) -> ShadowMask? {
        ShadowCache.shared.mask(of: path, blur: blur, scale: scale)
    }

    public func drawShadow(of path: Path, color: Color, blur: Double, offset: Point) {
        let c = color.resolved(appearance)
        if c.alpha <= 0 { return }
        ShadowCache.shared.drawShadow(of: path, color: c, blur: blur, offset: offset, scale: scale, on: cr)
    }

    public func drawShadow(
        ofRoundedRect rect: Rect, radius: Double, style: Path.CornerStyle, color: Color, blur: Double, offset: Point
    ) {
        let c = color.resolved(appearance)
        if c.alpha <= 0 { return }
        ShadowCache.shared.drawShadow(
            ofRoundedRect: rect, radius: radius, style: style, color: c, blur: blur, offset: offset, scale: scale,
            on: cr)
    }

    public var pixelKernels: (any PixelKernels)? { VectorPixelKernels() }

    public func drawPixels(_ source: any PixelSource, at origin: Point, opacity: Double) -> Bool {
        guard opacity > 0 else { return true }
        guard source.scale == scale, let o = deviceOrigin else { return false }
        // Straight into the bitmap only: not into a group (its own surface, moved), not a recording.
        let target = cairo_get_target(cr)
        guard let target, cairo_get_group_target(cr) == target,
            cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
            cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32
                || cairo_image_surface_get_format(target) == CAIRO_FORMAT_RGB24,
            let data = cairo_image_surface_get_data(target)
        else { return false }
        let ox = o.x + origin.x * scale
        let oy = o.y + origin.y * scale
        guard abs(ox - ox.rounded()) < 1e-6, abs(oy - oy.rounded()) < 1e-6 else { return false }
        let surfaceRect = PixelRect(
            x: 0, y: 0, width: Int(cairo_image_surface_get_width(target)),
            height: Int(cairo_image_surface_get_height(target)))
        guard let clip = deviceClip(surface: surfaceRect) else { return false }
        let sx = Int(ox.rounded())
        let sy = Int(oy.rounded())
        let placed = PixelRect(x: sx, y: sy, width: source.pixelWidth, height: source.pixelHeight)
        let stride = Int(cairo_image_surface_get_stride(target)) / 4
        let pixels = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self)
        cairo_surface_flush(target)
        for c in clip {
            let r = c.intersection(placed).intersection(surfaceRect)
            guard !r.isEmpty else { continue }
            let own = PixelRect(x: r.x - sx, y: r.y - sy, width: r.width, height: r.height)
            let out = pixels + r.y * stride + r.x
            if opacity >= 1 {
                source.write(own, to: out, stride: stride)
            } else if !source.blend(own, into: out, stride: stride, opacity: opacity) {
                Self.blend(source, own, opacity: opacity, into: out, stride: stride)
            }
            cairo_surface_mark_dirty_rectangle(target, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
        }
        return true
    }

    /// The clip in device pixels, or nil when it is not made of whole-pixel rectangles.
    func deviceClip(surface: PixelRect) -> [PixelRect]? {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_identity_matrix(cr)
        guard let list = cairo_copy_clip_rectangle_list(cr) else { return nil }
        defer { cairo_rectangle_list_destroy(list) }
        if list.pointee.status != CAIRO_STATUS_SUCCESS {
            // No clip at all is "not representable" too: then the whole surface is drawn.
            var x0 = 0.0
            var y0 = 0.0
            var x1 = 0.0
            var y1 = 0.0
            cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
            let whole = x0 <= 0 && y0 <= 0 && x1 >= Double(surface.width) && y1 >= Double(surface.height)
            return whole ? [surface] : nil
        }
        var out: [PixelRect] = []
        for i in 0..<Int(list.pointee.num_rectangles) {
            let r = list.pointee.rectangles[i]
            for v in [r.x, r.y, r.width, r.height] where abs(v - v.rounded()) > 1e-6 { return nil }
            out.append(
                PixelRect(
                    x: Int(r.x.rounded()), y: Int(r.y.rounded()), width: Int(r.width.rounded()),
                    height: Int(r.height.rounded())
                ).intersection(surface))
        }
        return out
    }

    /// Writes `rect` of an opaque source over the pixels at `out` with `opacity`, a row at a time,
    /// a channel a 16-bit lane, two pixels at once (each channel (s × a + d × (256 − a)) / 256).
    private static func blend(
        _ source: any PixelSource, _ rect: PixelRect, opacity: Double, into out: UnsafeMutablePointer<UInt32>,
        stride: Int
    ) {
        let a = UInt64((min(1, opacity) * 256).rounded())
        let b = 256 - a
        // Two pixels a word, a channel a 16-bit lane (no generic vector types: a debug build runs
        // them through the runtime's metadata, a hundred times slower).
        let m: UInt64 = 0x00FF_00FF_00FF_00FF
        let line = UnsafeMutablePointer<UInt32>.allocate(capacity: rect.width)
        defer { line.deallocate() }
        let l = UnsafeRawPointer(line)
        for y in 0..<rect.height {
            source.write(
                PixelRect(x: rect.x, y: rect.y + y, width: rect.width, height: 1), to: line, stride: rect.width)
            let d = out + y * stride
            let raw = UnsafeMutableRawPointer(d)
            var x = 0
            while x + 1 < rect.width {
                let s = l.loadUnaligned(fromByteOffset: x * 4, as: UInt64.self)
                let t = UnsafeRawPointer(raw).loadUnaligned(fromByteOffset: x * 4, as: UInt64.self)
                let rb = ((s & m) &* a &+ (t & m) &* b) >> 8 & m
                let ga = ((s >> 8 & m) &* a &+ (t >> 8 & m) &* b) & ~m
                raw.storeBytes(of: rb | ga, toByteOffset: x * 4, as: UInt64.self)
                x += 2
            }
            if x < rect.width {
                let s = UInt64(line[x])
                let t = UInt64(d[x])
                let rb = ((s & m) &* a &+ (t & m) &* b) >> 8 & m
                let ga = ((s >> 8 & m) &* a &+ (t >> 8 & m) &* b) & ~m
                d[x] = UInt32(truncatingIfNeeded: rb | ga)
            }
        }
    }

    public func beginLayer(opacity: Double) {
        cairo_save(cr)
        cairo_push_group(cr)
        layerOpacities.append(opacity)
    }

    public func endLayer() {
        let opacity = layerOpacities.popLast() ?? 1
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, opacity)
        cairo_restore(cr)
    }

    private var layerOpacities: [Double] = []

    static func append(_ path: Path, to cr: OpaquePointer) {
        for e in path.elements {
            switch e {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p): cairo_line_to(cr, p.x, p.y)
            case .curve(let a, let b, let p): cairo_curve_to(cr, a.x, a.y, b.x, b.y, p.x, p.y)
            case .close: cairo_close_path(cr)
            }
        }
    }
}
