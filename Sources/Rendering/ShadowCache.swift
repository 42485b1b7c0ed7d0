import CCairo
import Foundation
import Graphics

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
    /// A mask and the Cairo surface over its bytes (the mask outlives the surface: someone may hold it).
    private struct Entry {
        var mask: ShadowMask
        var surface: OpaquePointer
    }
    private var masks: [Key: Entry] = [:]
    private var order: [Key] = []
    private let capacity = 48

    /// The mask of `path`'s shadow (its bounds' top-left at the origin) at `scale`, made if need be.
    func mask(of path: Path, blur: Double, scale: Double) -> ShadowMask {
        lock.lock()
        defer { lock.unlock() }
        return entry(of: path, blur: blur, scale: scale).mask
    }

    private func entry(of path: Path, blur: Double, scale: Double) -> Entry {
        let bounds = path.bounds
        let local = Self.quantized(path.applying(Transform(translationX: -bounds.minX, y: -bounds.minY)))
        let key = Key(path: local, blur: blur, scale: scale)
        if let hit = masks[key] { return hit }
        let made = makeMask(local, size: bounds.size, blur: blur, scale: scale)
        masks[key] = made
        order.append(key)
        if order.count > capacity {
            let k = order.removeFirst()
            if let old = masks.removeValue(forKey: k) { cairo_surface_destroy(old.surface) }
        }
        return made
    }

    /// `path` with its points on a grid of 1/1024 pt: one shape moved to another place comes back
    /// from its bounds' origin a few ulps off, and must find the same mask (a moving preview would
    /// make a mask every frame).
    static func quantized(_ path: Path) -> Path {
        func q(_ p: Point) -> Point { Point((p.x * 1024).rounded() / 1024, (p.y * 1024).rounded() / 1024) }
        var out = Path()
        for e in path.elements {
            switch e {
            case .move(let p): out.move(to: q(p))
            case .line(let p): out.line(to: q(p))
            case .curve(let a, let b, let p): out.curve(to: q(p), control1: q(a), control2: q(b))
            case .close: out.close()
            }
        }
        return out
    }

    func drawShadow(of path: Path, color: RGBA, blur: Double, offset: Point, scale: Double, on cr: OpaquePointer) {
        let bounds = path.bounds
        // The mask is made at device resolution so that it is composited without resampling.
        let maskScale = scale
        lock.lock()
        defer { lock.unlock() }
        let e = entry(of: path, blur: blur, scale: maskScale)
        cairo_save(cr)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_translate(cr, bounds.minX + offset.x + e.mask.origin.x, bounds.minY + offset.y + e.mask.origin.y)
        cairo_scale(cr, 1 / maskScale, 1 / maskScale)
        if let target = cairo_get_target(cr), cairo_surface_get_type(target) != CAIRO_SURFACE_TYPE_IMAGE {
            // Into a vector file (an SVG icon): a picture of the shadow in its colour, painted — an SVG
            // writer places a painted picture where it belongs, a mask it places without the translation.
            let picture = cairo_image_surface_create(
                CAIRO_FORMAT_ARGB32, cairo_image_surface_get_width(e.surface), cairo_image_surface_get_height(e.surface)
            )
            let pictureContext = cairo_create(picture)
            cairo_set_source_rgba(pictureContext, color.red, color.green, color.blue, color.alpha)
            cairo_mask_surface(pictureContext, e.surface, 0, 0)
            cairo_destroy(pictureContext)
            cairo_set_source_surface(cr, picture, 0, 0)
            cairo_paint(cr)
            cairo_surface_destroy(picture)
        } else {
            cairo_mask_surface(cr, e.surface, 0, 0)
        }
        cairo_restore(cr)
    }

    /// The shadow of a rounded rectangle, in nine pieces of the shadow of a small one with the same
    /// corners (made once, whatever the size): its corners as they are, the middle of its edges
    /// stretched along them — where the shadow does not change — and its middle. The same pixels as
    /// the whole shape's shadow, with no mask of the whole size made (a window resized under a finger
    /// is a new size every frame). A rectangle too small for its corners' reach, or a canvas that is
    /// not a bitmap, casts the whole shape's.
    func drawShadow(
        ofRoundedRect rect: Rect, radius: Double, style: Path.CornerStyle, color: RGBA, blur: Double, offset: Point,
        scale: Double, on cr: OpaquePointer
    ) {
        let whole = Path.roundedRect(rect, radius: radius, style: style)
        let corner = style == .continuous ? (radius * 1.528665).rounded(.up) : radius.rounded(.up)
        let pad = (blur * 1.5).rounded(.up)
        // From an edge to where the small one's shadow no longer changes along it, and that middle.
        let reach = corner + pad
        let middle = 4.0
        let side = 2 * reach + middle
        guard rect.width >= side, rect.height >= side,
            (rect.minX + offset.x) * scale == ((rect.minX + offset.x) * scale).rounded(),
            (rect.minY + offset.y) * scale == ((rect.minY + offset.y) * scale).rounded(), scale == scale.rounded(),
            let target = cairo_get_target(cr), cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE
        else {
            return drawShadow(of: whole, color: color, blur: blur, offset: offset, scale: scale, on: cr)
        }
        let small = Path.roundedRect(Rect(0, 0, side, side), radius: radius, style: style)
        lock.lock()
        defer { lock.unlock() }
        let e = entry(of: small, blur: blur, scale: scale)
        let pattern = cairo_pattern_create_for_surface(e.surface)!
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        defer { cairo_pattern_destroy(pattern) }
        // Each piece: where it goes along an axis, and where it comes from in the small shape (its
        // points); the middle piece takes the middle 2 pt of the small one's flat middle.
        func pieces(_ start: Double, _ length: Double) -> [(Double, Double, Double, Double)] {
            [
                (start - pad, pad + reach, -pad, pad + reach),
                (start + reach, length - 2 * reach, reach + 1, middle - 2),
                (start + length - reach, reach + pad, side - reach, reach + pad),
            ]
        }
        let ox = rect.minX + offset.x
        let oy = rect.minY + offset.y
        cairo_save(cr)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        for (tx, tw, sx, sw) in pieces(ox, rect.width) {
            for (ty, th, sy, sh) in pieces(oy, rect.height) where tw > 0 && th > 0 {
                cairo_save(cr)
                cairo_rectangle(cr, tx, ty, tw, th)
                cairo_clip(cr)
                var m = cairo_matrix_t()
                // Pattern space is the mask's pixels: a point p of the small shape is at (p + pad) × scale.
                cairo_matrix_init_translate(&m, (sx + pad) * scale, (sy + pad) * scale)
                cairo_matrix_scale(&m, sw / tw * scale, sh / th * scale)
                cairo_matrix_translate(&m, -tx, -ty)
                cairo_pattern_set_matrix(pattern, &m)
                cairo_mask(cr, pattern)
                cairo_restore(cr)
            }
        }
        cairo_restore(cr)
    }

    private func makeMask(_ path: Path, size: Size, blur: Double, scale: Double) -> Entry {
        let pad = (blur * 1.5).rounded(.up)
        let w = max(1, Int32(((size.width + 2 * pad) * scale).rounded(.up)))
        let h = max(1, Int32(((size.height + 2 * pad) * scale).rounded(.up)))
        let stride = cairo_format_stride_for_width(CAIRO_FORMAT_A8, w)
        let mask = ShadowMask(
            width: Int(w), height: Int(h), stride: Int(stride), scale: scale, origin: Point(-pad, -pad))
        let surface = cairo_image_surface_create_for_data(mask.bytes, CAIRO_FORMAT_A8, w, h, stride)!
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
        Self.blurA8(mask.bytes, width: Int(w), height: Int(h), stride: Int(stride), radius: radius)
        cairo_surface_mark_dirty(surface)
        return Entry(mask: mask, surface: surface)
    }

    /// Three box blurs each way, in place (each pass's running sum divided down to a byte). The
    /// passes down the mask run along whole rows, from a copy of the plane, so that memory is read in
    /// order.
    static func blurA8(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, radius: Int) {
        guard width > 0, height > 0 else { return }
        let span = UInt32(2 * radius + 1)
        let line = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * height)
        defer {
            line.deallocate()
            sums.deallocate()
            copy.deallocate()
        }
        for _ in 0..<3 {
            for y in 0..<height {
                let row = data + y * stride
                for x in 0..<width { line[x] = UInt32(row[x]) }
                var sum: UInt32 = 0
                for k in -radius...radius { sum += line[k < 0 ? 0 : k < width ? k : width - 1] }
                for x in 0..<width {
                    row[x] = UInt8(sum / span)
                    let add = x + radius + 1
                    let sub = x - radius
                    sum = sum + line[add < width ? add : width - 1] - line[sub > 0 ? sub : 0]
                }
            }
            copy.update(from: data, count: stride * height)
            for x in 0..<width { sums[x] = 0 }
            for k in -radius...radius {
                let src = copy + (k < 0 ? 0 : k < height ? k : height - 1) * stride
                for x in 0..<width { sums[x] += UInt32(src[x]) }
            }
            for y in 0..<height {
                let row = data + y * stride
                let add = y + radius + 1
                let sub = y - radius
                let plus = copy + (add < height ? add : height - 1) * stride
                let minus = copy + (sub > 0 ? sub : 0) * stride
                for x in 0..<width {
                    row[x] = UInt8(sums[x] / span)
                    sums[x] = sums[x] + UInt32(plus[x]) - UInt32(minus[x])
                }
            }
        }
    }
}
