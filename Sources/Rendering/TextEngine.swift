import CCairo
import CPango
import Foundation
import Graphics

/// Text layout and drawing with Pango: shaping (Cyrillic, Arabic, Hebrew and the rest HarfBuzz knows),
/// line breaking, ellipsising, bidirectional text. Laid-out text is cached, so a frame that draws the
/// same strings again shapes nothing.
///
/// Pango is not thread-safe; every call takes the engine's lock.
public final class TextEngine: TextMeasuring, @unchecked Sendable {
    /// The engine every canvas of the process shares.
    public static let shared = TextEngine()

    /// Families tried in order: Inter (the closest free face to SF Pro), then DejaVu Sans.
    public static let fallbackFamilies = "Inter, DejaVu Sans, sans-serif"

    let lock = NSLock()
    private let context: OpaquePointer
    private var cache: [CacheKey: OpaquePointer] = [:]
    private var order: [CacheKey] = []
    private let capacity = 768

    private struct CacheKey: Hashable {
        var text: String
        var font: Font
        var alignment: TextAlignment
        var lineLimit: Int
        var truncation: Truncation
        var width: Double?
    }

    private init() {
        let fontMap = pango_cairo_font_map_new()!
        context = pango_font_map_create_context(fontMap)!
        g_object_unref(UnsafeMutableRawPointer(fontMap))
        // Unhinted metrics and outlines: the same layout at 1× and 2×, positions in fractional points.
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
    }

    /// The size `layout` takes, in points.
    public func measure(_ layout: TextLayout) -> Size {
        lock.lock()
        defer { lock.unlock() }
        let pl = pangoLayout(for: layout)
        var w: Int32 = 0
        var h: Int32 = 0
        pango_layout_get_size(pl, &w, &h)
        let width = Double(w) / Double(PANGO_SCALE)
        return Size(layout.width.map { min($0, width) } ?? width, Double(h) / Double(PANGO_SCALE))
    }

    /// The distance from the top of the layout box to the first line's baseline, in points.
    public func firstBaseline(_ layout: TextLayout) -> Double {
        lock.lock()
        defer { lock.unlock() }
        return Double(pango_layout_get_baseline(pangoLayout(for: layout))) / Double(PANGO_SCALE)
    }

    /// Draws `layout` on a Cairo context with the top-left of its box at the current point (0, 0).
    func draw(_ layout: TextLayout, on cr: OpaquePointer) {
        lock.lock()
        defer { lock.unlock() }
        pango_cairo_show_layout(cr, pangoLayout(for: layout))
    }

    func pangoLayout(for layout: TextLayout) -> OpaquePointer {
        let key = CacheKey(
            text: layout.text, font: layout.font, alignment: layout.alignment, lineLimit: layout.lineLimit,
            truncation: layout.truncation, width: layout.width)
        if let hit = cache[key] { return hit }
        // Text on one line that fits the width, from the left: the same layout at any wider width
        // (nothing wraps, nothing is cut, nothing moves), so one is made for all — a label whose
        // width changes every frame (a window resized under a finger) shapes its text once.
        if let w = layout.width, layout.alignment == .natural || layout.alignment == .left {
            var free = layout
            free.width = nil
            let one = pangoLayout(for: free)
            var natural: Int32 = 0
            pango_layout_get_size(one, &natural, nil)
            if pango_layout_get_line_count(one) == 1, Double(natural) <= w * Double(PANGO_SCALE),
                layout.alignment == .left || pango_layout_get_direction(one, 0) != PANGO_DIRECTION_RTL
            {
                g_object_ref(UnsafeMutableRawPointer(one))
                remember(one, as: key)
                return one
            }
        }
        let pl = pango_layout_new(context)!
        let desc = pango_font_description_new()!
        pango_font_description_set_family(desc, "\(layout.font.family), \(Self.fallbackFamilies)")
        pango_font_description_set_absolute_size(desc, layout.font.size * Double(PANGO_SCALE))
        pango_font_description_set_weight(desc, PangoWeight(rawValue: UInt32(layout.font.weight.rawValue)))
        pango_font_description_set_style(desc, layout.font.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_layout_set_font_description(pl, desc)
        pango_font_description_free(desc)
        // Pango reads a C string: a NUL would end the text there, so it is shown as U+FFFD instead.
        let text =
            layout.text.utf8.contains(0) ? layout.text.replacingOccurrences(of: "\0", with: "\u{FFFD}") : layout.text
        pango_layout_set_text(pl, text, -1)
        if let w = layout.width {
            // Pango units are Int32: a width past about two million points (or not a number) is clamped.
            let units = w.isNaN ? 0 : min(max(0, w) * Double(PANGO_SCALE), Double(Int32.max))
            pango_layout_set_width(pl, Int32(units))
            pango_layout_set_wrap(pl, PANGO_WRAP_WORD_CHAR)
        }
        if layout.lineLimit > 0 && layout.width != nil {
            pango_layout_set_height(pl, -Int32(layout.lineLimit))
        }
        // Pango ellipsizes to one line when no height is set, so text with no line limit is never
        // ellipsized (it wraps to as many lines as it needs).
        if layout.lineLimit == 1 || (layout.width != nil && layout.lineLimit > 0) {
            let mode: PangoEllipsizeMode =
                switch layout.truncation {
                case .none: PANGO_ELLIPSIZE_NONE
                case .head: PANGO_ELLIPSIZE_START
                case .middle: PANGO_ELLIPSIZE_MIDDLE
                case .tail: PANGO_ELLIPSIZE_END
                }
            pango_layout_set_ellipsize(pl, layout.width == nil ? PANGO_ELLIPSIZE_NONE : mode)
        }
        // Natural alignment follows the paragraph's direction (Pango mirrors LEFT for RTL text).
        pango_layout_set_auto_dir(pl, 1)
        switch layout.alignment {
        case .natural: pango_layout_set_alignment(pl, PANGO_ALIGN_LEFT)
        case .left:
            pango_layout_set_auto_dir(pl, 0)
            pango_layout_set_alignment(pl, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(pl, PANGO_ALIGN_CENTER)
        case .right:
            pango_layout_set_auto_dir(pl, 0)
            pango_layout_set_alignment(pl, PANGO_ALIGN_RIGHT)
        }
        remember(pl, as: key)
        return pl
    }

    /// Keeps a layout (one reference of it) for `key`, letting the oldest quarter go when full.
    private func remember(_ pl: OpaquePointer, as key: CacheKey) {
        cache[key] = pl
        order.append(key)
        if order.count > capacity {
            let drop = order.prefix(capacity / 4)
            for k in drop {
                if let old = cache.removeValue(forKey: k) { g_object_unref(UnsafeMutableRawPointer(old)) }
            }
            order.removeFirst(drop.count)
        }
    }
}
