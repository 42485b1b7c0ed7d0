import Foundation
import Graphics
import Rendering
import SlateClientShim
@_spi(Hosting) import UI

/// A drag that leaves an app process's window becomes a Wayland drag (wl_data_device): other
/// programs' windows, and the shell's screen edges, can take it, and read its data only when it is
/// dropped on them. Each of the item's representations is offered under the MIME types Linux
/// programs know it by.
@MainActor enum WaylandDrag {
    /// The MIME type of a Slate user activity (JSON): the shell opens a window with it on a screen
    /// edge; an app that declares the activity's type can open it.
    static let userActivityMIME = "application/vnd.slate.user-activity+json"

    /// The MIME types a representation is offered as, most faithful first.
    static func mimeTypes(for itemType: String) -> [String] {
        switch itemType {
        case ItemType.plainText: ["text/plain;charset=utf-8", "text/plain", "UTF8_STRING", "TEXT", "STRING"]
        case ItemType.fileURL: ["text/uri-list"]
        case ItemType.userActivity: [userActivityMIME]
        default: []
        }
    }

    /// The representation a MIME type is read from, and how its bytes are written for it.
    static func representation(for mime: String, in provider: ItemProvider) -> (
        type: String, encode: ([UInt8]) -> [UInt8]
    )? {
        for type in provider.registeredTypes where mimeTypes(for: type).contains(mime) {
            if type == ItemType.fileURL {
                // text/uri-list: one URI a line, each ended by CR LF (RFC 2483).
                return (type, { bytes in Array((fileURI(String(decoding: bytes, as: UTF8.self)) + "\r\n").utf8) })
            }
            return (type, { $0 })
        }
        return nil
    }

    /// A path as a file URI.
    static func fileURI(_ path: String) -> String {
        if path.hasPrefix("file://") { return path }
        return URL(fileURLWithPath: path).absoluteString
    }

    /// The most a dropped representation may be, in bytes (more is cut there).
    static let dropLimit = 64 * 1024 * 1024

    /// Every MIME type the session's first item is offered as.
    static func offeredTypes(_ session: DragSession?) -> [String] {
        guard let item = session?.items.first else { return [] }
        var out: [String] = []
        for t in item.provider.registeredTypes { out += mimeTypes(for: t).filter { !out.contains($0) } }
        return out
    }

    /// Writes the first item's data as `mime` to `fd` (blocking; the reader reads to the end) and
    /// closes it. Nothing is written for a type the item does not have, or data that will not load.
    static func send(_ session: DragSession, mime: String, to fd: Int32) {
        defer { close(fd) }
        guard let provider = session.items.first?.provider, let (type, encode) = representation(for: mime, in: provider)
        else { return }
        provider.releaseForDrop()
        // What the app cannot give is not sent: the other program's drop gets nothing, as with any
        // program's empty offer.
        guard let data = try? provider.load(type) else { return }
        let bytes = encode(data)
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0, errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }
}

extension WaylandDrag {
    /// The picture under the finger while the drag is the system's: the item's lifted preview as the
    /// window showed it (`DragPreviewStyle`), at `scale` pixels a point.
    static func icon(for item: DragItem, scale: Double) -> PixelImage {
        let size = DragPreviewStyle.size(of: item)
        var image = PixelImage(
            width: max(1, Int((size.width * scale).rounded())), height: max(1, Int((size.height * scale).rounded())),
            scale: scale)
        let (w, h) = (image.width, image.height)
        image.pixels.withUnsafeMutableBufferPointer { buf in
            CairoRenderer.draw(
                into: buf.baseAddress!, width: w, height: h, scale: scale, appearance: .light, clear: true
            ) { canvas in
                DragPreviewStyle.drawPicture(of: item, in: Rect(size: size), on: canvas)
            }
        }
        return image
    }
}
