import CCairo
import CRsvg
import Foundation
import Graphics

/// Finds a program's icon by its freedesktop icon name (the `.desktop` file's `Icon`) in the icon
/// themes — hicolor, then Adwaita — under the data directories, or `pixmaps`, or at an absolute
/// path, and draws it into a square picture: an SVG through librsvg, a PNG through Cairo. An icon
/// that cannot be found or read gives nil (the caller draws its placeholder).
public enum AppIconTheme {
    /// Icon sizes looked at, best first for a picture of about 128 pixels.
    static let sizes = ["scalable", "256x256", "192x192", "128x128", "96x96", "64x64", "48x48", "32x32"]
    static let themes = ["hicolor", "Adwaita"]

    /// The icon file for `name` in `dataDirectories` (e.g. `~/.local/share`, `/usr/share`).
    public static func path(for name: String, dataDirectories: [String]) -> String? {
        let fm = FileManager.default
        if name.hasPrefix("/") { return fm.isReadableFile(atPath: name) ? name : nil }
        for dir in dataDirectories {
            for theme in themes {
                for size in sizes {
                    for ext in size == "scalable" ? ["svg"] : ["png", "svg"] {
                        let p = "\(dir)/icons/\(theme)/\(size)/apps/\(name).\(ext)"
                        if fm.isReadableFile(atPath: p) { return p }
                    }
                }
            }
        }
        for dir in dataDirectories {
            for ext in ["svg", "png"] {
                let p = "\(dir)/pixmaps/\(name).\(ext)"
                if fm.isReadableFile(atPath: p) { return p }
            }
        }
        return nil
    }

    /// The largest icon file drawn, in bytes: the largest real ones (a detailed SVG) are a few
    /// hundred KiB; a larger file is not read.
    public static let maximumFileBytes = 8 * 1024 * 1024
    /// The widest and tallest PNG icon drawn, in pixels: a small file may claim a picture of
    /// gigabytes (Cairo makes the whole of it before it is scaled down); icons are 512 at most.
    public static let maximumPNGSide = 4096

    /// Whether the icon file at `path` may be drawn: a plain file (a FIFO would block the reader),
    /// not larger than `maximumFileBytes`, and a PNG not wider or taller than `maximumPNGSide`.
    static func isDrawable(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
            status.st_size <= maximumFileBytes
        else { return false }
        guard !path.hasSuffix(".svg") else { return true }
        // The PNG header: the signature (8 bytes), IHDR's length and name (8), then the width and
        // height (4 bytes each, big-endian).
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 24), header.count == 24 else { return false }
        let side = { (at: Int) in header[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return side(16) <= maximumPNGSide && side(20) <= maximumPNGSide
    }

    /// The icon `name` drawn into a `pixels`-square picture at `scale`, or nil (none found, or one
    /// that is not `isDrawable` or does not decode).
    public static func image(named name: String, pixels: Int, scale: Double, dataDirectories: [String]) -> PixelImage? {
        guard let path = path(for: name, dataDirectories: dataDirectories), isDrawable(path) else { return nil }
        var image = PixelImage(width: pixels, height: pixels, scale: scale)
        let ok = image.pixels.withUnsafeMutableBufferPointer { buf -> Bool in
            let surface = cairo_image_surface_create_for_data(
                buf.baseAddress!, CAIRO_FORMAT_ARGB32, Int32(pixels), Int32(pixels), Int32(pixels * 4))
            defer { cairo_surface_destroy(surface) }
            let cr = cairo_create(surface)!
            defer { cairo_destroy(cr) }
            if path.hasSuffix(".svg") {
                var error: UnsafeMutablePointer<GError>? = nil
                guard let h = rsvg_handle_new_from_file(path, &error) else {
                    if let e = error { g_error_free(e) }
                    return false
                }
                defer { g_object_unref(UnsafeMutableRawPointer(h)) }
                var viewport = RsvgRectangle(x: 0, y: 0, width: Double(pixels), height: Double(pixels))
                let drawn = rsvg_handle_render_document(h, cr, &viewport, &error)
                if let e = error { g_error_free(e) }
                return drawn != 0
            }
            guard let png = cairo_image_surface_create_from_png(path) else { return false }
            defer { cairo_surface_destroy(png) }
            guard cairo_surface_status(png) == CAIRO_STATUS_SUCCESS else { return false }
            let w = Double(cairo_image_surface_get_width(png))
            let h = Double(cairo_image_surface_get_height(png))
            guard w > 0, h > 0 else { return false }
            let s = Double(pixels) / max(w, h)
            cairo_scale(cr, s, s)
            cairo_set_source_surface(cr, png, (Double(pixels) / s - w) / 2, (Double(pixels) / s - h) / 2)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
            return true
        }
        return ok ? image : nil
    }
}
