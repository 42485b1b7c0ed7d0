import CCairo
import Foundation
import Graphics

extension CairoRenderer {
    /// An SVG file that could not be written.
    public struct SVGError: Error, CustomStringConvertible {
        /// The file.
        public var path: String
        /// Cairo's or the system's reason.
        public var reason: String

        /// The file and the reason, in one line.
        public var description: String { "cannot write SVG \(path): \(reason)" }
    }

    /// Draws `size` points into an SVG file at `path` (a point a user unit), whole or not at all: paths,
    /// gradients and symbols as vectors; what is a picture in Slate's drawing (a blurred shadow's mask)
    /// as an embedded picture of `scale` pixels a point.
    public static func writeSVG(
        size: Size, scale: Double, appearance: Appearance, to path: String, _ draw: (any Canvas) -> Void
    ) throws(SVGError) {
        let temporary = path + ".tmp"
        guard let surface = cairo_svg_surface_create(temporary, size.width, size.height) else {
            throw SVGError(path: path, reason: "no surface")
        }
        cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1)
        cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_USER)
        let cr = cairo_create(surface)!
        draw(CairoCanvas(context: cr, scale: scale, appearance: appearance))
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            unlink(temporary)
            throw SVGError(path: path, reason: String(cString: cairo_status_to_string(status)))
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw SVGError(path: path, reason: reason)
        }
    }
}
