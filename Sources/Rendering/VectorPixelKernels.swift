import Graphics
import SlatePixels

/// The row kernels of `SlatePixels` (C, in the compiler's vector arithmetic: SSE2 on x86-64, NEON on
/// ARM), which Cairo canvases hand the pixel sources that work out their own pixels. A menu's
/// backdrop fading out over the screen at 2×, each channel of 5.6 million pixels mixed every frame,
/// took 11-13 ms a frame on two cores in Swift's two-lanes-a-word arithmetic, 8-9 ms in these.
public struct VectorPixelKernels: PixelKernels {
    public init() {}

    public func fadeLine(
        _ line: UnsafeMutablePointer<UInt16>, _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, count: Int,
        f: UInt16, weight: UInt16
    ) {
        guard count > 0 else { return }
        slate_fade_line(line, a, b, count, f, weight)
    }

    public func fadeRow(
        _ out: UnsafeMutablePointer<UInt32>, under: UnsafePointer<UInt32>, line: UnsafePointer<UInt16>, count: Int,
        odd: Bool, weight: UInt16
    ) {
        guard count > 0 else { return }
        slate_fade_row(out, under, line, count, odd ? 1 : 0, weight)
    }

    public func stretchRow(
        _ out: UnsafeMutablePointer<UInt32>, _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, count: Int,
        odd: Bool, f: UInt16
    ) {
        guard count > 0 else { return }
        slate_stretch_row(out, a, b, count, odd ? 1 : 0, f)
    }
}
