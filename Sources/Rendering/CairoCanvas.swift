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
            let data = UnsafeMutablePointer(mutating: buf.baseAddress!)
            let surface = cairo_image_surface_create_for_data(
                data, image.isOpaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, Int32(image.width),
                Int32(image.height),
                Int32(image.width * 4))
            cairo_save(cr)
            cairo_translate(cr, rect.minX, rect.minY)
            cairo_scale(cr, rect.width / Double(image.width), rect.height / Double(image.height))
            cairo_set_source_surface(cr, surface, 0, 0)
            // At one image pixel per device pixel, no filtering (and Cairo takes its copy fast path).
            // The device size is measured through the current transform: an image drawn under an
            // animating scale is filtered.
            // (User space is in image pixels here.)
            var wx = Double(image.width)
            var wy = 0.0
            var hx = 0.0
            var hy = Double(image.height)
            cairo_user_to_device_distance(cr, &wx, &wy)
            cairo_user_to_device_distance(cr, &hx, &hy)
            let exact =
                abs(wy) < 0.001 && abs(hx) < 0.001 && abs(wx - Double(image.width)) < 0.01
                && abs(hy - Double(image.height)) < 0.01
            cairo_pattern_set_filter(cairo_get_source(cr), exact ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR)
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_rectangle(cr, 0, 0, Double(image.width), Double(image.height))
            cairo_clip(cr)
            if opacity >= 1 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, opacity) }
            cairo_restore(cr)
            cairo_surface_destroy(surface)
        }
    }

    public func drawSymbol(_ name: String, in rect: Rect, tint: Color) {
        SymbolCatalog.shared.draw(name, in: rect, color: tint.resolved(appearance), on: cr)
    }

    public func drawShadow(of path: Path, color: Color, blur: Double, offset: Point) {
        let c = color.resolved(appearance)
        if c.alpha <= 0 { return }
        ShadowCache.shared.drawShadow(of: path, color: c, blur: blur, offset: offset, scale: scale, on: cr)
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

/// Blurred shadow masks, made once per shape, blur and scale and reused: a lifted preview or a menu
/// panel casts the same shadow every frame of its animation.
final class ShadowCache: @unchecked Sendable {
    static let shared = ShadowCache()
    private let lock = NSLock()
    private struct Key: Hashable {
        var path: Path
        var blur: Double
        var scale: Double
    }
    private var masks: [Key: (surface: OpaquePointer, origin: Point)] = [:]
    private var order: [Key] = []
    private let capacity = 48

    func drawShadow(of path: Path, color: RGBA, blur: Double, offset: Point, scale: Double, on cr: OpaquePointer) {
        let bounds = path.bounds
        let local = path.applying(Transform(translationX: -bounds.minX, y: -bounds.minY))
        // Shadows are soft: a mask at half the device resolution (at most 1 px per point) is plenty.
        // The mask is made at device resolution so that it is composited without resampling.
        let maskScale = scale
        let key = Key(path: local, blur: blur, scale: maskScale)
        lock.lock()
        defer { lock.unlock() }
        let entry: (surface: OpaquePointer, origin: Point)
        if let hit = masks[key] {
            entry = hit
        } else {
            entry = makeMask(local, size: bounds.size, blur: blur, scale: maskScale)
            masks[key] = entry
            order.append(key)
            if order.count > capacity {
                let k = order.removeFirst()
                if let old = masks.removeValue(forKey: k) { cairo_surface_destroy(old.surface) }
            }
        }
        cairo_save(cr)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_translate(cr, bounds.minX + offset.x + entry.origin.x, bounds.minY + offset.y + entry.origin.y)
        cairo_scale(cr, 1 / maskScale, 1 / maskScale)
        cairo_mask_surface(cr, entry.surface, 0, 0)
        cairo_restore(cr)
    }

    private func makeMask(_ path: Path, size: Size, blur: Double, scale: Double) -> (
        surface: OpaquePointer, origin: Point
    ) {
        let pad = (blur * 1.5).rounded(.up)
        let w = Int32(((size.width + 2 * pad) * scale).rounded(.up))
        let h = Int32(((size.height + 2 * pad) * scale).rounded(.up))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, max(1, w), max(1, h))!
        let cr = cairo_create(surface)!
        cairo_scale(cr, scale, scale)
        cairo_translate(cr, pad, pad)
        CairoCanvas.append(path, to: cr)
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        cairo_fill(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        // Three box passes approximate a Gaussian whose standard deviation is about blur / 2.
        let radius = max(1, Int((blur / 2 * scale).rounded()))
        let stride = Int(cairo_image_surface_get_stride(surface))
        if let data = cairo_image_surface_get_data(surface) {
            Self.blurA8(data, width: Int(w), height: Int(h), stride: stride, radius: radius)
        }
        cairo_surface_mark_dirty(surface)
        return (surface, Point(-pad, -pad))
    }

    static func blurA8(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, radius: Int) {
        var line = [UInt32](repeating: 0, count: max(width, height))
        let span = UInt32(2 * radius + 1)
        for _ in 0..<3 {
            for y in 0..<height {
                let row = data + y * stride
                for x in 0..<width { line[x] = UInt32(row[x]) }
                var sum: UInt32 = 0
                for k in -radius...radius { sum += line[min(max(k, 0), width - 1)] }
                for x in 0..<width {
                    row[x] = UInt8(sum / span)
                    sum = sum + line[min(x + radius + 1, width - 1)] - line[max(x - radius, 0)]
                }
            }
            for x in 0..<width {
                for y in 0..<height { line[y] = UInt32(data[y * stride + x]) }
                var sum: UInt32 = 0
                for k in -radius...radius { sum += line[min(max(k, 0), height - 1)] }
                for y in 0..<height {
                    data[y * stride + x] = UInt8(sum / span)
                    sum = sum + line[min(y + radius + 1, height - 1)] - line[max(y - radius, 0)]
                }
            }
        }
    }
}
