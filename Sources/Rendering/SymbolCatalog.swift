import CCairo
import CRsvg
import Foundation
import Graphics
import SlateLog

/// Maps the SF-Symbol-style names apps use (`trash`, `folder`, `square.on.square`…) to icons of the
/// system's Adwaita theme, loads them with librsvg and draws them tinted.
///
/// An unknown name, or a theme file that cannot be read, draws a placeholder (a dashed rounded square)
/// and prints one warning per name; it never stops drawing.
public final class SymbolCatalog: @unchecked Sendable {
    public static let shared = SymbolCatalog()

    /// SF Symbol name → Adwaita icon name (without `-symbolic.svg`).
    public static let names: [String: String] = [
        "trash": "user-trash", "trash.fill": "user-trash-full",
        "arrowshape.turn.up.left": "mail-reply-sender", "arrowshape.turn.up.left.2": "mail-reply-all",
        "arrowshape.turn.up.right": "mail-forward", "square.on.square": "window-new",
        "macwindow.badge.plus": "window-new", "folder": "folder", "folder.badge.plus": "folder-new",
        "envelope": "mail-unread", "envelope.open": "mail-read", "envelope.badge": "mail-unread",
        "plus": "list-add", "minus": "list-remove", "xmark": "window-close", "checkmark": "object-select",
        "chevron.right": "go-next", "chevron.left": "go-previous", "chevron.down": "go-down",
        "chevron.up": "go-up", "flag": "emoji-flags", "flag.fill": "emoji-flags",
        "star": "non-starred", "star.fill": "starred", "paperplane": "mail-send", "tray": "mail-send-receive",
        "tray.and.arrow.down": "mail-send-receive", "archivebox": "folder-documents",
        "xmark.bin": "mail-mark-junk", "doc.on.doc": "edit-copy", "scissors": "edit-cut",
        "doc.on.clipboard": "edit-paste", "pencil": "document-edit", "square.and.pencil": "mail-message-new",
        "magnifyingglass": "edit-find", "ellipsis": "view-more-horizontal", "ellipsis.circle": "view-more",
        "square.split.2x1": "view-dual", "rectangle": "view-fullscreen", "rectangle.on.rectangle": "view-paged",
        "square.grid.2x2": "view-app-grid", "gear": "emblem-system", "info.circle": "dialog-information",
        "exclamationmark.triangle": "dialog-warning", "questionmark.circle": "dialog-question",
        "arrow.uturn.backward": "edit-undo", "arrow.uturn.forward": "edit-redo", "link": "insert-link",
        "printer": "printer", "square.and.arrow.up": "send-to", "person.crop.circle": "avatar-default",
        "paperclip": "mail-attachment", "pin": "view-pin", "arrow.clockwise": "view-refresh",
        "list.bullet": "view-list-bullet", "bold": "format-text-bold", "italic": "format-text-italic",
        "underline": "format-text-underline", "textformat": "font-select", "lock": "system-lock-screen",
        "folder.badge.gearshape": "folder-templates", "arrow.up.left.and.arrow.down.right": "view-fullscreen",
        "arrow.down.right.and.arrow.up.left": "view-restore", "sidebar.left": "view-paged",
        "text.bubble": "chat-message-new", "calendar": "appointment-new", "eye": "view-reveal",
        "eye.slash": "view-conceal",
        // The status bar and Control Center.
        "airplane": "airplane-mode", "wifi": "network-wireless-signal-excellent", "cable.connector": "network-wired",
        "bluetooth": "bluetooth-active", "sun.max": "display-brightness", "speaker.wave.2": "audio-volume-high",
        "speaker.slash": "audio-volume-muted", "lock.rotation": "rotation-locked", "moon": "weather-clear-night",
        "camera.viewfinder": "camera-photo",
        // Settings' sections.
        "keyboard": "input-keyboard", "bell.badge": "preferences-system-notifications",
        "hand.raised": "preferences-system-privacy", "accessibility": "preferences-desktop-accessibility",
        "photo": "preferences-desktop-wallpaper",
    ]

    /// Where the theme lives; `SLATE_ICON_THEME_DIR` overrides it.
    public let themeDirectory: URL

    private let lock = NSLock()
    private var index: [String: String]?  // icon file name → path
    private var handles: [String: OpaquePointer?] = [:]
    private var warned: Set<String> = []
    private let warn: @Sendable (String) -> Void

    public init(
        themeDirectory: URL? = nil,
        warn: @escaping @Sendable (String) -> Void = { Logger("symbols", label: nil).warning($0) }
    ) {
        let env = ProcessInfo.processInfo.environment["SLATE_ICON_THEME_DIR"]
        self.themeDirectory =
            themeDirectory ?? URL(fileURLWithPath: env ?? "/usr/share/icons/Adwaita/scalable", isDirectory: true)
        self.warn = warn
    }

    /// Whether `name` maps to an icon file that exists.
    public func has(_ name: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return path(for: name) != nil
    }

    private func path(for name: String) -> String? {
        if index == nil { buildIndex() }
        let adwaita = Self.names[name] ?? name
        return index?["\(adwaita)-symbolic.svg"] ?? index?["\(adwaita).svg"]
    }

    private func buildIndex() {
        var idx: [String: String] = [:]
        let fm = FileManager.default
        if let dirs = try? fm.contentsOfDirectory(atPath: themeDirectory.path) {
            for d in dirs.sorted() {
                let dir = themeDirectory.appendingPathComponent(d).path
                for f in (try? fm.contentsOfDirectory(atPath: dir)) ?? [] where f.hasSuffix(".svg") {
                    if idx[f] == nil { idx[f] = dir + "/" + f }
                }
            }
        }
        index = idx
    }

    private func handle(for name: String) -> OpaquePointer? {
        if let h = handles[name] { return h }
        var result: OpaquePointer? = nil
        if let p = path(for: name) {
            var error: UnsafeMutablePointer<GError>? = nil
            if let h = rsvg_handle_new_from_file(p, &error) {
                result = OpaquePointer(h)
            } else {
                let msg = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
                if let e = error { g_error_free(e) }
                warnOnce(name, "slate: icon '\(name)': cannot read \(p): \(msg); drawing a placeholder")
            }
        } else {
            warnOnce(name, "slate: icon '\(name)': no such icon in \(themeDirectory.path); drawing a placeholder")
        }
        handles[name] = result
        return result
    }

    private func warnOnce(_ name: String, _ message: String) {
        if warned.insert(name).inserted { warn(message) }
    }

    /// Draws the icon into `rect` (user space of `cr`) filled with `color`.
    func draw(_ name: String, in rect: Rect, color: RGBA, on cr: OpaquePointer) {
        lock.lock()
        defer { lock.unlock() }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        guard let h = handle(for: name) else {
            drawPlaceholder(in: rect, on: cr)
            return
        }
        let side = min(rect.width, rect.height)
        if let target = cairo_get_target(cr), cairo_surface_get_type(target) != CAIRO_SURFACE_TYPE_IMAGE {
            // Into a vector file (an SVG icon): the symbol's own paths, the tint painted through them.
            drawVector(name, handle: h, in: Rect(rect.midX - side / 2, rect.midY - side / 2, side, side), on: cr)
            return
        }
        // The icon is rendered once per size in device pixels into an alpha mask, then the tint is
        // painted through it: drawing a list of rows does not render SVG again.
        var dx = side
        var dy = 0.0
        cairo_user_to_device_distance(cr, &dx, &dy)
        let pixels = max(1, Int((dx * dx + dy * dy).squareRoot().rounded()))
        guard let mask = mask(name, handle: h, pixels: pixels) else {
            drawPlaceholder(in: rect, on: cr)
            return
        }
        cairo_translate(cr, rect.midX - side / 2, rect.midY - side / 2)
        cairo_scale(cr, side / Double(pixels), side / Double(pixels))
        cairo_mask_surface(cr, mask, 0, 0)
    }

    /// Draws the symbol's paths, not a picture of them, through a group used as the tint's mask.
    private func drawVector(_ name: String, handle h: OpaquePointer, in square: Rect, on cr: OpaquePointer) {
        cairo_push_group(cr)
        var viewport = RsvgRectangle(x: square.minX, y: square.minY, width: square.width, height: square.height)
        var error: UnsafeMutablePointer<GError>? = nil
        let ok = rsvg_handle_render_document(UnsafeMutablePointer(h), cr, &viewport, &error)
        let group = cairo_pop_group(cr)
        defer { cairo_pattern_destroy(group) }
        guard ok != 0 else {
            let msg = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let e = error { g_error_free(e) }
            warnOnce(name, "slate: icon '\(name)': librsvg cannot draw it: \(msg); drawing a placeholder")
            drawPlaceholder(in: square, on: cr)
            return
        }
        cairo_mask(cr, group)
    }

    private struct MaskKey: Hashable {
        var name: String
        var pixels: Int
    }
    private var masks: [MaskKey: OpaquePointer] = [:]

    private func mask(_ name: String, handle h: OpaquePointer, pixels: Int) -> OpaquePointer? {
        let key = MaskKey(name: name, pixels: pixels)
        if let m = masks[key] { return m }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(pixels), Int32(pixels)) else {
            return nil
        }
        let mcr = cairo_create(surface)!
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(pixels), height: Double(pixels))
        var error: UnsafeMutablePointer<GError>? = nil
        let ok = rsvg_handle_render_document(UnsafeMutablePointer(h), mcr, &viewport, &error)
        cairo_destroy(mcr)
        if ok == 0 {
            let msg = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let e = error { g_error_free(e) }
            warnOnce(name, "slate: icon '\(name)': librsvg cannot draw it: \(msg); drawing a placeholder")
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_flush(surface)
        if masks.count > 512 {
            for (_, m) in masks { cairo_surface_destroy(m) }
            masks.removeAll()
        }
        masks[key] = surface
        return surface
    }

    private func drawPlaceholder(in rect: Rect, on cr: OpaquePointer) {
        let side = min(rect.width, rect.height) * 0.8
        let r = Rect(center: rect.center, size: Size(side, side))
        var dashes: [Double] = [side / 6, side / 10]
        cairo_set_dash(cr, &dashes, 2, 0)
        cairo_set_line_width(cr, max(1, side / 12))
        CairoCanvas.append(Path.roundedRect(r, radius: side / 5), to: cr)
        cairo_stroke(cr)
    }
}
