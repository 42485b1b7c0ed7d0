import Foundation
import Graphics

// Drawing a view and its subtree: background, shadow, rounded clips, occlusion and the raster cache.
extension View {
    /// The path of the view's rounded background.
    public var backgroundPath: Path {
        Path.roundedRect(bounds, radius: cornerRadius, style: cornerStyle)
    }

    /// Draws the view and its subtree; the canvas is in the superview's coordinates. Skips what lies
    /// outside the canvas's clip.
    public func render(in canvas: any Canvas, renderer: (any RasterRenderer)? = nil) {
        if isHidden || alpha <= 0.001 { return }
        let clip = canvas.clipBounds
        let vis = visualFrame
        let shadowPad = shadow.map { $0.blur * 1.5 + max(abs($0.offset.x), abs($0.offset.y)) } ?? 0
        if !clipsToBounds || shadowPad > 0 {
            // Subviews may draw outside; test only when clipping.
            if clipsToBounds, !vis.insetBy(dx: -shadowPad, dy: -shadowPad).intersects(clip) { return }
        } else if !vis.intersects(clip) {
            return
        }
        canvas.save()
        if keepsTurnedPictures, rasterizes, let renderer, let turn = turnIndex {
            renderTurned(turn, in: canvas, renderer: renderer)
            canvas.restore()
            return
        }
        canvas.concatenate(transformToSuperview)
        if rasterizes, let renderer {
            renderRasterized(in: canvas, renderer: renderer)
        } else if rasterizes, let cache = rasterCache, cache.valid, environment.drawsFromPictures,
            cache.key.appearance == canvas.appearance
        {
            // A picture at another scale is resampled: for a blurred backdrop, detail is not wanted.
            if let s = shadow { renderShadow(s, bounds, in: canvas) }
            drawPicture(cache, in: canvas)
        } else {
            let layered = alpha < 1 && !appliesAlphaItself
            if layered {
                // The group is as large as the clip: a view that keeps to its bounds needs no more.
                if clipsToBounds { canvas.clip(to: bounds) }
                canvas.beginLayer(opacity: alpha)
            }
            renderContent(in: canvas, renderer: renderer)
            if layered { canvas.endLayer() }
        }
        canvas.restore()
    }

    /// Draws the view in its own coordinates (background, content, subviews, overlay).
    func renderContent(in canvas: any Canvas, renderer: (any RasterRenderer)?) {
        let own = Rect(origin: bounds.origin, size: bounds.size)
        let clip = canvas.clipBounds
        if let cover = coveringSubview(clip) {
            // Nothing below the cover shows: draw it and what is above it.
            for s in subviews[cover...] { s.render(in: canvas, renderer: renderer) }
            drawOverlay(in: canvas)
            return
        }
        let plan = OcclusionPlan.make(for: self, clip: clip, canvas: canvas)
        // The shadow, the background and the view's drawing, where the subviews leave them seen.
        switch plan?.own ?? .whole {
        case .hidden: break
        case .whole: renderBackground(own, in: canvas)
        case .parts(let parts):
            canvas.save()
            canvas.clip(to: Path(rects: parts))
            renderBackground(own, in: canvas)
            canvas.restore()
        }
        if clipsToBounds && cornerRadius > 0 {
            renderRoundedClip(own, plan, in: canvas, renderer: renderer)
        } else if clipsToBounds {
            canvas.save()
            canvas.clip(to: own)
            renderInside(canvas, plan, renderer: renderer)
            canvas.restore()
        } else {
            renderInside(canvas, plan, renderer: renderer)
        }
        if let b = border {
            canvas.stroke(
                Path.roundedRect(
                    own.insetBy(dx: b.width / 2, dy: b.width / 2), radius: max(0, cornerRadius - b.width / 2),
                    style: cornerStyle),
                with: b.color, lineWidth: b.width)
        }
    }

    func renderBackground(_ own: Rect, in canvas: any Canvas) {
        if let s = shadow { renderShadow(s, own, in: canvas) }
        if let bg = backgroundColor {
            if cornerRadius > 0 {
                canvas.fillRoundedRect(own, radius: cornerRadius, style: cornerStyle, with: bg)
            } else {
                canvas.fill(own, with: bg)
            }
        }
    }

    /// Draws the shadow. Under an opaque background the middle of the shadow is never seen, so only
    /// the four bands around the inner rectangle are composited (box clips, a fraction of the pixels).
    func renderShadow(_ s: Shadow, _ own: Rect, in canvas: any Canvas) {
        func cast() {
            canvas.drawShadow(
                ofRoundedRect: own, radius: cornerRadius, style: cornerStyle, color: s.color, blur: s.blur,
                offset: s.offset)
        }
        let opaque = (backgroundColor?.resolved(canvas.appearance).alpha ?? 0) >= 1
        guard opaque else {
            cast()
            return
        }
        let c = (cornerRadius * 1.528665).rounded(.up)
        let inner = own.insetBy(dx: c, dy: c)
        let outer = own.offsetBy(dx: s.offset.x, dy: s.offset.y).insetBy(dx: -s.blur * 1.5 - 1, dy: -s.blur * 1.5 - 1)
            .union(own)
        guard !inner.isEmpty else {
            cast()
            return
        }
        let bands = [
            Rect(outer.minX, outer.minY, outer.width, inner.minY - outer.minY),
            Rect(outer.minX, inner.maxY, outer.width, outer.maxY - inner.maxY),
            Rect(outer.minX, inner.minY, inner.minX - outer.minX, inner.height),
            Rect(inner.maxX, inner.minY, outer.maxX - inner.maxX, inner.height),
        ]
        for band in bands where !band.isEmpty {
            canvas.save()
            canvas.clip(to: band)
            if !canvas.clipBounds.isEmpty { cast() }
            canvas.restore()
        }
    }

    /// The index of the topmost subview that opaquely covers `clip` (own coordinates), if any.
    func coveringSubview(_ clip: Rect) -> Int? {
        guard !subviews.isEmpty, !clip.isEmpty else { return nil }
        return subviews.lastIndex { $0.covers(clip) }
    }

    func renderInside(_ canvas: any Canvas, _ plan: OcclusionPlan?, renderer: (any RasterRenderer)?) {
        guard let plan else {
            draw(in: canvas)
            for s in subviews { s.render(in: canvas, renderer: renderer) }
            drawOverlay(in: canvas)
            return
        }
        switch plan.own {
        case .hidden: break
        case .whole: draw(in: canvas)
        case .parts(let parts):
            canvas.save()
            canvas.clip(to: Path(rects: parts))
            draw(in: canvas)
            canvas.restore()
        }
        for (s, visibility) in zip(subviews, plan.subviews) {
            switch visibility {
            case .hidden: continue
            case .whole: s.render(in: canvas, renderer: renderer)
            case .parts(let parts):
                // Only when the subview reaches what is covered.
                let reach = s.clipsToBounds && s.shadow == nil ? s.visualFrame : nil
                if let reach, !parts.contains(where: { $0.intersects(reach) }) { continue }
                if let reach, parts.count == 1, parts[0].contains(reach) {
                    s.render(in: canvas, renderer: renderer)
                    continue
                }
                canvas.save()
                canvas.clip(to: Path(rects: parts))
                s.render(in: canvas, renderer: renderer)
                canvas.restore()
            }
        }
        drawOverlay(in: canvas)
    }

    /// Clipping to a rounded rectangle with a path makes Cairo composite everything inside through a
    /// mask, which costs more than the drawing itself. Instead: the rectangle without its four corner
    /// squares is clipped with boxes (fast), and only the small corner squares are drawn again under
    /// the rounded path; subviews outside each part are skipped.
    func renderRoundedClip(
        _ own: Rect, _ plan: OcclusionPlan?, in canvas: any Canvas, renderer: (any RasterRenderer)?
    ) {
        let path = Path.roundedRect(own, radius: cornerRadius, style: cornerStyle)
        // The continuous corner reaches 1.53 r along each edge.
        let c = min(cornerStyle == .continuous ? cornerRadius * 1.528665 : cornerRadius, own.width / 2, own.height / 2)
            .rounded(.up)
        let body = [
            Rect(own.minX + c, own.minY, own.width - 2 * c, own.height),
            Rect(own.minX, own.minY + c, c, own.height - 2 * c),
            Rect(own.maxX - c, own.minY + c, c, own.height - 2 * c),
        ]
        for part in body where !part.isEmpty {
            canvas.save()
            canvas.clip(to: part)
            if !canvas.clipBounds.isEmpty { renderInside(canvas, plan, renderer: renderer) }
            canvas.restore()
        }
        let corners = [
            Rect(own.minX, own.minY, c, c), Rect(own.maxX - c, own.minY, c, c),
            Rect(own.minX, own.maxY - c, c, c), Rect(own.maxX - c, own.maxY - c, c, c),
        ]
        for corner in corners {
            canvas.save()
            canvas.clip(to: corner)
            if !canvas.clipBounds.isEmpty {
                canvas.clip(to: path)
                renderInside(canvas, plan, renderer: renderer)
            }
            canvas.restore()
        }
    }

    /// Draws a rasterized view from its picture, which is made whole the first time, and afterwards
    /// only where the content changed. Content that changes frame after frame (a list scrolling, a
    /// window resized by the Split View divider) is drawn straight to the screen instead, until it
    /// keeps still: a picture redrawn every frame only adds a copy.
    func renderRasterized(in canvas: any Canvas, renderer: any RasterRenderer) {
        let scale = canvas.scale
        let key = RasterCache.Key(
            size: bounds.size, scale: scale, appearance: canvas.appearance, language: environment.language)
        let changed = contentVersion != rasterState.version
        let changing = changed && rasterState.changedBefore
        rasterState = (contentVersion, changed)
        // Straight to the screen only on whole device pixels, where it gives the picture's pixels.
        if rasterCache?.key != key || rasterCache?.valid != true, changing, let o = canvas.deviceOrigin,
            Self.isWhole(o.x + bounds.minX * scale), Self.isWhole(o.y + bounds.minY * scale)
        {
            if let c = rasterCache { spareRasterPixels = c.image }
            rasterCache = nil
            let layered = alpha < 1
            if layered {
                if clipsToBounds { canvas.clip(to: bounds) }
                canvas.beginLayer(opacity: alpha)
            }
            renderContent(in: canvas, renderer: renderer)
            if layered { canvas.endLayer() }
            return
        }
        if var cache = rasterCache, cache.key == key, !cache.valid, let dirty = cache.dirtyRects {
            // Draw again only the parts that changed, on whole device pixels.
            rasterCache = nil  // the picture's pixels are changed in place, with no copy
            let own = Rect(size: bounds.size)
            let clip = dirty.map { $0.integral(scale: scale).intersection(own) }.filter { !$0.isEmpty }
            View.picturesDrawn += 1
            renderer.render(into: &cache.image, clip: clip, appearance: canvas.appearance) { c in
                c.translate(x: -bounds.minX, y: -bounds.minY)
                renderPicture(in: c, renderer: renderer)
            }
            cache.markValid()
            cache.bodyOpaque = paintsBodyOpaquely(canvas.appearance)
            cache.image.isOpaque = cornerRadius == 0 && cache.bodyOpaque
            rasterCache = cache
        } else if rasterCache == nil || rasterCache!.key != key || !rasterCache!.valid {
            makePicture(key, renderer: renderer)
        }
        if let s = shadow { renderShadow(s, bounds, in: canvas) }
        drawPicture(rasterCache!, in: canvas)
    }

    /// The multiple of `turnStep` the view's transform turns it by, when it is a rotation alone by one
    /// (not an unturned view: that draws its picture as it is).
    var turnIndex: Int? {
        let t = transform
        guard abs(t.tx) < 1e-9, abs(t.ty) < 1e-9, abs(t.a - t.d) < 1e-9, abs(t.b + t.c) < 1e-9 else { return nil }
        let steps = atan2(t.b, t.a) / View.turnStep
        let index = Int(steps.rounded())
        guard index != 0, abs(steps - Double(index)) < 1e-3 else { return nil }
        return index
    }

    /// Draws the view's picture turned by `turn` steps, turning it once and keeping it.
    func renderTurned(_ turn: Int, in canvas: any Canvas, renderer: any RasterRenderer) {
        let key = RasterCache.Key(
            size: bounds.size, scale: canvas.scale, appearance: canvas.appearance, language: environment.language)
        if rasterCache?.key != key || rasterCache?.valid != true { makePicture(key, renderer: renderer) }
        guard let picture = rasterCache?.image else { return }
        if turnedVersion != contentVersion || turnedPictures.values.first?.image.scale != picture.scale {
            turnedPictures = [:]
            turnedVersion = contentVersion
        }
        let turned: (image: PixelImage, rect: Rect)
        if let kept = turnedPictures[turn] {
            turned = kept
        } else {
            let centre = Point(bounds.midX, bounds.midY)
            let rotation = Transform(translationX: -centre.x, y: -centre.y)
                .concatenating(Transform(rotationAngle: Double(turn) * View.turnStep))
                .concatenating(Transform(translationX: centre.x, y: centre.y))
            let scale = canvas.scale
            let area = rotation.apply(to: bounds)
            let rect = Rect(
                (area.minX * scale).rounded(.down) / scale, (area.minY * scale).rounded(.down) / scale,
                (area.width * scale).rounded(.up) / scale + 1 / scale,
                (area.height * scale).rounded(.up) / scale + 1 / scale)
            let image = renderer.render(size: rect.size, scale: scale, appearance: canvas.appearance) { c in
                c.translate(x: -rect.minX, y: -rect.minY)
                c.concatenate(rotation)
                c.drawImage(picture, in: bounds, opacity: 1)
            }
            turned = (image, rect)
            turnedPictures[turn] = turned
        }
        // Unturned, on whole device pixels where the canvas says where they are.
        let place = Transform(translationX: frame.minX - bounds.minX, y: frame.minY - bounds.minY)
        canvas.concatenate(place)
        var rect = turned.rect
        if let origin = canvas.deviceOrigin {
            let scale = canvas.scale
            rect.origin = Point(
                ((origin.x + rect.minX * scale).rounded() - origin.x) / scale,
                ((origin.y + rect.minY * scale).rounded() - origin.y) / scale)
        }
        canvas.drawImage(turned.image, in: rect, opacity: alpha)
    }

    /// Draws the view's whole picture anew.
    func makePicture(_ key: RasterCache.Key, renderer: any RasterRenderer) {
        // The old picture's pixels are drawn into again when it has the same size: a new 22 MB
        // picture costs more in page faults than drawing it does. Otherwise it goes before the new
        // one is made.
        var old = rasterCache?.key == key ? rasterCache?.image : nil
        if old == nil, let spare = spareRasterPixels, spare.scale == key.scale,
            spare.width == Int((key.size.width * key.scale).rounded()),
            spare.height == Int((key.size.height * key.scale).rounded())
        {
            old = spare
        }
        spareRasterPixels = nil
        rasterCache = nil
        View.picturesDrawn += 1
        var image: PixelImage
        if var reused = old {
            old = nil
            renderer.render(into: &reused, clip: [Rect(size: key.size)], appearance: key.appearance) { c in
                c.translate(x: -bounds.minX, y: -bounds.minY)
                renderPicture(in: c, renderer: renderer)
            }
            image = reused
        } else {
            image = renderer.render(size: key.size, scale: key.scale, appearance: key.appearance) { c in
                c.translate(x: -bounds.minX, y: -bounds.minY)
                renderPicture(in: c, renderer: renderer)
            }
        }
        let body = paintsBodyOpaquely(key.appearance)
        image.isOpaque = cornerRadius == 0 && body
        rasterCache = RasterCache(key: key, image: image)
        rasterCache!.bodyOpaque = body
    }

    /// Lets go of the cached pictures in this subtree; they are drawn again when next shown.
    public func releasePictures() {
        if rasterCache != nil { rasterCache = nil }
        spareRasterPixels = nil
        if !turnedPictures.isEmpty { turnedPictures = [:] }
        for s in subviews { s.releasePictures() }
    }

    /// The bytes of the cached pictures in this subtree (for measuring what they cost).
    @_spi(Testing) public func pictureBytes() -> Int {
        (rasterCache.map { $0.image.pixels.count } ?? 0) + (spareRasterPixels?.pixels.count ?? 0)
            + subviews.reduce(0) { $0 + $1.pictureBytes() }
    }

    /// How many pictures of rasterized views were drawn, whole or in part, since the process began.
    @_spi(Testing) public static var picturesDrawn = 0

    /// Lays out this subtree and draws the pictures of its rasterized views now, at the screen's scale,
    /// so that the frames that first show them only copy them (App Exposé's snapshots, before it
    /// appears). Does nothing off a screen or with no renderer.
    public func preparePictures() {
        guard let root, let renderer = root.environment.renderer else { return }
        layoutIfNeeded()
        let scale = root.environment.displayScale
        for v in allViews() where v.rasterizes && !v.bounds.isEmpty {
            let key = RasterCache.Key(
                size: v.bounds.size, scale: scale, appearance: root.appearance, language: root.environment.language)
            if v.rasterCache?.key == key, v.rasterCache?.valid == true { continue }
            v.makePicture(key, renderer: renderer)
            v.rasterState = (v.contentVersion, false)
        }
    }

    /// Whether `preparePictures()` would draw a picture in this subtree now: a rasterized view's is
    /// missing, stale, or at another scale, appearance or language. False off a screen.
    public var needsPictures: Bool {
        guard let root, root.environment.renderer != nil else { return false }
        return hasStalePicture(
            scale: root.environment.displayScale, appearance: root.appearance, language: root.environment.language)
    }

    /// Whether a rasterized view in this subtree lacks a valid picture for these; walks the tree with
    /// no array made (the Home screen asks it of its neighbour pages' icons every frame of a swipe).
    private func hasStalePicture(scale: Double, appearance: Appearance, language: Language) -> Bool {
        if rasterizes, !bounds.isEmpty {
            let key = RasterCache.Key(size: bounds.size, scale: scale, appearance: appearance, language: language)
            if rasterCache?.key != key || rasterCache?.valid != true { return true }
        }
        return subviews.contains { $0.hasStalePicture(scale: scale, appearance: appearance, language: language) }
    }

    /// The side of the squares at the rounded corners (the continuous corner reaches 1.53 r along
    /// each edge), on whole points.
    var cornerSquare: Double {
        guard cornerRadius > 0 else { return 0 }
        return min(
            cornerStyle == .continuous ? cornerRadius * 1.528665 : cornerRadius, bounds.width / 2, bounds.height / 2
        ).rounded(.up)
    }

    /// Whether the view and its subviews paint every pixel of its bounds opaquely, but for the squares
    /// at its rounded corners.
    func paintsBodyOpaquely(_ appearance: Appearance) -> Bool {
        let c = cornerSquare
        let body = c > 0 ? [bounds.insetBy(dx: c, dy: 0), bounds.insetBy(dx: 0, dy: c)] : [bounds]
        if cornerRadius == 0, let bg = backgroundColor, bg.resolved(appearance).alpha >= 1 { return true }
        let rects = opaqueRects(appearance, depth: OcclusionPlan.depth)
        return body.allSatisfy { part in part.isEmpty || rects.contains { $0.contains(part) } }
    }

    /// Draws a cached picture. A picture with rounded corners and an opaque body is copied where it
    /// is opaque (Cairo's copy, not a blend: at 2× a blend of a window costs as much as three copies)
    /// and blended only in its corners' squares.
    func drawPicture(_ cache: RasterCache, in canvas: any Canvas) {
        let image = cache.image
        guard cache.bodyOpaque, !image.isOpaque, alpha >= 1, cornerRadius > 0 else {
            canvas.drawImage(image, in: bounds, opacity: alpha)
            return
        }
        var solid = image
        solid.isOpaque = true
        let own = bounds
        let c = cornerSquare
        let parts = [
            (Rect(own.minX + c, own.minY, own.width - 2 * c, own.height), solid),
            (Rect(own.minX, own.minY + c, c, own.height - 2 * c), solid),
            (Rect(own.maxX - c, own.minY + c, c, own.height - 2 * c), solid),
            (Rect(own.minX, own.minY, c, c), image), (Rect(own.maxX - c, own.minY, c, c), image),
            (Rect(own.minX, own.maxY - c, c, c), image), (Rect(own.maxX - c, own.maxY - c, c, c), image),
        ]
        for (part, picture) in parts where !part.isEmpty {
            canvas.save()
            canvas.clip(to: part)
            if !canvas.clipBounds.isEmpty { canvas.drawImage(picture, in: own, opacity: 1) }
            canvas.restore()
        }
    }

    static func isWhole(_ x: Double) -> Bool { abs(x - x.rounded()) < 1e-6 }

    /// The view's content for its picture: everything but the shadow, which is drawn outside it.
    func renderPicture(in canvas: any Canvas, renderer: any RasterRenderer) {
        let saved = shadow
        shadow = nil
        renderContent(in: canvas, renderer: renderer)
        shadow = saved
    }

    /// A picture of the view as it is now, at `scale` (for snapshots and lifted previews).
    public func snapshot(renderer: any RasterRenderer, scale: Double, appearance: Appearance) -> PixelImage {
        layoutIfNeeded()
        return renderer.render(size: bounds.size, scale: scale, appearance: appearance) { c in
            c.translate(x: -bounds.minX, y: -bounds.minY)
            renderContent(in: c, renderer: renderer)
        }
    }
}
