import CCairo
import Foundation
import Graphics

/// Renders into memory with Cairo: offscreen pictures, snapshots, the headless screen, PNG files.
public struct CairoRenderer: RasterRenderer {
    public func writePNG(_ image: PixelImage, to path: String) throws { try PNG.write(image, to: path) }

    public func pngData(_ image: PixelImage) throws -> [UInt8] { [UInt8](try PNG.data(image)) }

    public func readPNG(_ path: String, scale: Double) throws -> PixelImage { try PNG.read(path, scale: scale) }

    public init() {}

    public var textMeasurer: any TextMeasuring { TextEngine.shared }

    public func render(
        size: Size, scale: Double, appearance: Appearance, _ draw: (any Canvas) -> Void
    ) -> PixelImage {
        let w = max(1, Int((size.width * scale).rounded()))
        let h = max(1, Int((size.height * scale).rounded()))
        var image = PixelImage(width: w, height: h, scale: scale)
        image.pixels.withUnsafeMutableBufferPointer { buf in
            Self.draw(into: buf.baseAddress!, width: w, height: h, scale: scale, appearance: appearance, draw)
        }
        return image
    }

    public func render(
        into image: inout PixelImage, clip: [Rect], appearance: Appearance, _ draw: (any Canvas) -> Void
    ) {
        guard !clip.isEmpty else { return }
        let (w, h, scale) = (image.width, image.height, image.scale)
        image.pixels.withUnsafeMutableBufferPointer { buf in
            Self.draw(
                into: buf.baseAddress!, width: w, height: h, scale: scale, appearance: appearance, clip: clip,
                clear: true, draw)
        }
    }

    /// Draws into an existing buffer of premultiplied BGRA pixels (width × 4 bytes a row), as the hosts
    /// do into their framebuffers, with an optional clip of damaged rectangles in points.
    public static func draw(
        into pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, scale: Double,
        appearance: Appearance, clip: [Rect]? = nil, clear: Bool = false, _ draw: (any Canvas) -> Void
    ) {
        let surface = cairo_image_surface_create_for_data(
            pixels, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(width * 4))!
        let cr = cairo_create(surface)!
        cairo_scale(cr, scale, scale)
        if let clip {
            for r in clip { cairo_rectangle(cr, r.minX, r.minY, r.width, r.height) }
            cairo_clip(cr)
        }
        if clear {
            cairo_save(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
            cairo_paint(cr)
            cairo_restore(cr)
        }
        let canvas = CairoCanvas(context: cr, scale: scale, appearance: appearance)
        draw(canvas)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        cairo_surface_destroy(surface)
    }
}

/// Reading and writing PNG files (through Cairo's libpng writer).
public enum PNG {
    public enum Error: Swift.Error, CustomStringConvertible {
        case cannotRead(String, String)
        case cannotWrite(String, String)

        public var description: String {
            switch self {
            case .cannotRead(let p, let why): "cannot read PNG \(p): \(why)"
            case .cannotWrite(let p, let why): "cannot write PNG \(p): \(why)"
            }
        }
    }

    /// Writes `image` to `path` (through a temporary file and a rename, so a reader never sees half a file).
    public static func write(_ image: PixelImage, to path: String) throws {
        var copy = image.pixels
        let status: cairo_status_t = copy.withUnsafeMutableBufferPointer { buf in
            let surface = cairo_image_surface_create_for_data(
                buf.baseAddress!, CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height), Int32(image.width * 4))
            defer { cairo_surface_destroy(surface) }
            return cairo_surface_write_to_png(surface, path + ".tmp")
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            unlink(path + ".tmp")
            throw Error.cannotWrite(path, String(cString: cairo_status_to_string(status)))
        }
        guard rename(path + ".tmp", path) == 0 else {
            throw Error.cannotWrite(path, String(cString: strerror(errno)))
        }
    }

    /// `image` as the bytes of a PNG file, made in memory (so that the caller writes them as it
    /// writes any file, and a full disk says so as such).
    public static func data(_ image: PixelImage) throws -> Data {
        final class Sink {
            var bytes = Data()
        }
        let sink = Sink()
        var copy = image.pixels
        let status: cairo_status_t = copy.withUnsafeMutableBufferPointer { buf in
            let surface = cairo_image_surface_create_for_data(
                buf.baseAddress!, CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height), Int32(image.width * 4))
            defer { cairo_surface_destroy(surface) }
            return withExtendedLifetime(sink) {
                cairo_surface_write_to_png_stream(
                    surface,
                    { closure, bytes, length in
                        guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
                        Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().bytes.append(
                            bytes, count: Int(length))
                        return CAIRO_STATUS_SUCCESS
                    }, Unmanaged.passUnretained(sink).toOpaque())
            }
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw Error.cannotWrite("(memory)", String(cString: cairo_status_to_string(status)))
        }
        return sink.bytes
    }

    /// Reads a PNG as premultiplied BGRA; `scale` is recorded, not applied.
    public static func read(_ path: String, scale: Double = 1) throws -> PixelImage {
        guard FileManager.default.fileExists(atPath: path) else { throw Error.cannotRead(path, "no such file") }
        let surface = cairo_image_surface_create_from_png(path)!
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw Error.cannotRead(path, String(cString: cairo_status_to_string(status)))
        }
        // Normalise to ARGB32 (an RGB24 PNG has no alpha channel).
        let w = Int(cairo_image_surface_get_width(surface))
        let h = Int(cairo_image_surface_get_height(surface))
        var image = PixelImage(width: w, height: h, scale: scale)
        image.pixels.withUnsafeMutableBufferPointer { buf in
            let dst = cairo_image_surface_create_for_data(
                buf.baseAddress!, CAIRO_FORMAT_ARGB32, Int32(w), Int32(h), Int32(w * 4))
            let cr = cairo_create(dst)
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(cr)
            cairo_destroy(cr)
            cairo_surface_flush(dst)
            cairo_surface_destroy(dst)
        }
        return image
    }
}
