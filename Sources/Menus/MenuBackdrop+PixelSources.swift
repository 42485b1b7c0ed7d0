import Graphics

/// The backdrop with the shadows of what lies over it, written in one pass.
struct ShadowedBackdrop: PixelSource {
    let backdrop: StretchedBackdrop
    let shades: [Shade]
    /// Where something opaque is drawn over the backdrop next (the lifted preview): left unwritten.
    let hole: PixelRect?
    /// The canvas's row kernels, where it has them.
    let kernels: (any PixelKernels)?

    var pixelWidth: Int { backdrop.pixelWidth }
    var pixelHeight: Int { backdrop.pixelHeight }
    var scale: Double { backdrop.scale }

    func write(_ rect: PixelRect, to out: UnsafeMutablePointer<UInt32>, stride: Int) {
        backdrop.write(rect, to: out, stride: stride, shades: shades, hole: hole, kernels: kernels)
    }
}

/// The backdrop fading out over a picture of what lies beneath it, with the shadows of what lies
/// over it: each pixel written once a frame as a menu closes (drawing the screen below and then
/// blending the backdrop over it took four passes over the screen).
struct FadingBackdrop: PixelSource {
    let backdrop: StretchedBackdrop
    /// The screen beneath the menu, at the backdrop's pixels.
    let beneath: PixelImage
    let opacity: Double
    let shades: [Shade]
    /// The canvas's row kernels, where it has them.
    let kernels: (any PixelKernels)?

    var pixelWidth: Int { backdrop.pixelWidth }
    var pixelHeight: Int { backdrop.pixelHeight }
    var scale: Double { backdrop.scale }

    func write(_ rect: PixelRect, to out: UnsafeMutablePointer<UInt32>, stride: Int) {
        beneath.pixels.withUnsafeBytes { raw in
            backdrop.blend(
                rect, into: out, stride: stride, opacity: opacity,
                over: (raw.baseAddress!.assumingMemoryBound(to: UInt32.self), beneath.width), shades: shades,
                kernels: kernels)
        }
    }
}
