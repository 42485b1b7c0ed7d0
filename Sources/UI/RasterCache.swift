import Graphics

/// A cached picture of a rasterized view.
struct RasterCache {
    struct Key: Equatable {
        var size: Size
        var scale: Double
        var appearance: Appearance
        /// The screen's language: a picture of text in another is drawn again.
        var language: Language
    }
    var key: Key
    var image: PixelImage
    /// Every pixel outside the rounded corners' squares is opaque: those parts can be copied.
    var bodyOpaque = false
    /// The parts of the picture (in its points) that changed since it was drawn; nil: all of it.
    private(set) var dirtyRects: [Rect]? = []
    var valid: Bool { dirtyRects?.isEmpty == true }

    init(key: Key, image: PixelImage) {
        self.key = key
        self.image = image
    }

    mutating func invalidate() { dirtyRects = nil }

    /// Marks `r` (the picture's points) to be drawn again. A few rectangles are kept; when they would
    /// cover most of the picture, all of it is drawn again.
    mutating func invalidate(_ r: Rect) {
        guard var rects = dirtyRects else { return }
        let whole = Rect(size: key.size)
        let clipped = r.intersection(whole)
        if clipped.isEmpty { return }
        if let i = rects.firstIndex(where: { $0.intersects(clipped) }) {
            rects[i] = rects[i].union(clipped)
        } else if rects.count >= 8 {
            rects[rects.count - 1] = rects[rects.count - 1].union(clipped)
        } else {
            rects.append(clipped)
        }
        let area = rects.reduce(0) { $0 + $1.width * $1.height }
        dirtyRects = area >= whole.width * whole.height * 0.9 ? nil : rects
    }

    mutating func markValid() { dirtyRects = [] }
}
