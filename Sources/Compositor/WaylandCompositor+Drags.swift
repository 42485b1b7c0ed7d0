import Foundation
import Graphics
import ShellPorts
import SlateCompositorShim

// Drags between programs (wl_data_device), as the shell sees them.
extension WaylandCompositor: ProgramDragSource {
    public var isDragging: Bool { comp.map { slate_comp_drag_active($0) != 0 } ?? false }

    /// Whether the drag under way is carried by a finger (`wl_touch`) rather than the pointer.
    public var isDragCarriedByFinger: Bool { comp.map { slate_comp_drag_is_touch($0) != 0 } ?? false }

    public var offeredTypes: [String] {
        guard let c = comp else { return [] }
        return (0..<slate_comp_drag_mime_count(c)).compactMap {
            slate_comp_drag_mime(c, $0).map { String(cString: $0) }
        }
    }

    public var icon: (picture: PixelImage, offset: Point)? {
        guard let c = comp else { return nil }
        var (w, h, s, dx, dy): (Int32, Int32, Int32, Int32, Int32) = (0, 0, 1, 0, 0)
        let need = slate_comp_drag_icon(c, nil, 0, &w, &h, &s, &dx, &dy)
        guard need > 0 else { return nil }
        var pixels = [UInt8](repeating: 0, count: need)
        let n = pixels.withUnsafeMutableBufferPointer {
            slate_comp_drag_icon(c, $0.baseAddress, $0.count, &w, &h, &s, &dx, &dy)
        }
        guard n >= 0 else { return nil }
        let picture = PixelImage(width: Int(w), height: Int(h), scale: Double(max(1, s)), pixels: pixels)
        return (picture, Point(Double(dx), Double(dy)))
    }

    public var iconVersion: UInt32 { comp.map { slate_comp_drag_icon_serial($0) } ?? 0 }

    /// How long the shell waits for a program to send a drag's data dropped on it, in milliseconds.
    static let dragReadTimeout: Int32 = 1000

    public func read(_ mime: String) -> [UInt8]? {
        guard let c = comp else { return nil }
        var out: UnsafeMutablePointer<UInt8>?
        let n = slate_comp_drag_read(c, mime, Self.dragReadTimeout, &out)
        defer { free(out) }
        guard n > 0, let out else { return nil }
        return Array(UnsafeBufferPointer(start: out, count: n))
    }

    public func leavePrograms() {
        if let c = comp { slate_comp_drag_leave(c) }
    }
}
