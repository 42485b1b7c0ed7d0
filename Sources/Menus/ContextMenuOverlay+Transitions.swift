import Graphics
import UI

// The menu's transitions: opening (lift, blur, unfold), shadows, closing.
extension ContextMenuOverlay {
    // MARK: Opening

    /// Draws the panel's picture ahead of the first frame, while the finger is still down.
    func prerender() {
        guard let renderer = screen.renderer, panel.rasterizes else { return }
        panel.layoutIfNeeded()
        let f = panel.frame
        _ = renderer.render(size: f.size, scale: screen.displayScale, appearance: appearance) { c in
            c.translate(x: -f.minX, y: -f.minY)
            panel.render(in: c, renderer: renderer)
        }
    }

    func present(in root: RootView) {
        // One menu on a screen at a time: another open on this screen gives way.
        for case let other as ContextMenuOverlay in root.subviews where other !== self { other.finish(.replaced) }
        root.addSubview(self)
        previousFocus = root.focusedView
        root.setFocus(self)
        let language = screen.language
        let title = menu.title.resolved(language)
        screen.announce?(
            title.isEmpty ? MenuStrings.menu.resolved(language) : MenuStrings.opened.formatted(title).resolved(language)
        )
        if let interaction {
            interaction.delegate?.contextMenuInteraction(
                interaction, willDisplayMenuFor: configuration, animator: displayAnimator)
        }
        let duration = form == .rich ? MenuMetrics.openDuration : MenuMetrics.compactOpenDuration
        let curve = form == .rich ? MenuMetrics.openCurve : MenuMetrics.compactOpenCurve
        transition = root.animator.animate(
            duration: duration, curve: curve,
            apply: { [weak self] p in self?.applyOpen(p) },
            completion: { [weak self] done in
                guard let self, done, self.phase == .opening else { return }
                self.phase = .open
                self.displayAnimator.complete()
            })
        loadDeferred()
    }

    func applyOpen(_ p: Double) {
        openProgress = p
        dimLevel = min(1, max(0, p))
        displayAnimator.step(min(1, p))
        if let preview {
            preview.transform = Self.settled(
                Self.morph(layout.previewFrame, toward: sourceFrame, 1 - p), size: preview.bounds.size,
                scale: screen.displayScale)
            preview.alpha = 1
        }
        let start = form == .rich ? MenuMetrics.panelOpenScale : MenuMetrics.compactOpenScale
        let startOpacity = form == .rich ? MenuMetrics.panelOpenOpacity : 0
        let fade = min(1, p / MenuMetrics.panelOpaqueAt)
        setPanel(scale: lerp(start, 1, p), alpha: min(1, max(0, lerp(startOpacity, 1, fade))))
        let q = min(1, max(0, p))
        setShadows(preview: q, panel: q * q * q * panel.alpha)
    }

    /// The transform (about `frame`'s centre) that shows `frame` moved `t` of the way to `target`.
    static func morph(_ frame: Rect, toward target: Rect, _ t: Double) -> Transform {
        guard frame.width > 0, target.width > 0 else { return .identity }
        let s = lerp(1, target.width / frame.width, t)
        let d = lerp(Point.zero, target.center - frame.center, t)
        return Transform(scale: s).concatenating(Transform(translationX: d.x, y: d.y))
    }

    /// `t` without a spring's last wobbles, too small to see: a scale that changes a view of `size` by
    /// under half a device pixel becomes 1, and the move is then rounded to whole device pixels. The
    /// view is then drawn from the same picture, unfiltered, at the same place frame after frame, and
    /// a frame in which it moved less than a pixel draws nothing.
    static func settled(_ t: Transform, size: Size, scale: Double) -> Transform {
        let growth = max(abs(t.a - 1) * size.width, abs(t.d - 1) * size.height) * scale
        guard t.b == 0, t.c == 0, growth < 0.5 else { return t }
        return Transform(translationX: (t.tx * scale).rounded() / scale, y: (t.ty * scale).rounded() / scale)
    }

    /// Scales the panel about its edge next to the preview (or the pointer) and fades it.
    func setPanel(scale s: Double, alpha a: Double) {
        let f = layout.panelFrame
        let anchorY = layout.placement == .below ? -f.height / 2 : f.height / 2
        let towards = anchor.x - f.midX
        let anchorX = min(max(towards, -f.width / 2), f.width / 2)
        panel.transform = Self.settled(
            Transform(scale: s).concatenating(Transform(translationX: (1 - s) * anchorX, y: (1 - s) * anchorY)),
            size: f.size, scale: screen.displayScale)
        panel.alpha = a
    }

    // MARK: Shadows

    /// Sets the shadows' strength, damaging where they were drawn and where they are now, if either
    /// changed. Call it after the preview and the panel have moved: their shadows move with them.
    func setShadows(preview p: Double, panel q: Double) {
        let strengths = (previewShadowStrength, panelShadowStrength)
        previewShadowStrength = min(1, max(0, p))
        panelShadowStrength = min(1, max(0, q))
        let now = shadowRects
        guard now != drawnShadowRects || strengths != (previewShadowStrength, panelShadowStrength) else { return }
        damageShadows()
    }

    /// Damages where the shadows were last drawn and where they are now.
    func damageShadows() {
        let now = shadowRects
        for r in drawnShadowRects + now { setNeedsDisplay(r) }
        drawnShadowRects = now
    }

    /// The areas the shadows cover now.
    var shadowRects: [Rect] {
        var out: [Rect] = []
        if let preview, previewShadowStrength > 0 {
            out.append(
                Self.shadowExtent(MenuMetrics.previewShadow, size: preview.bounds.size, at: preview.visualFrame.center))
        }
        if panelShadowStrength > 0 {
            out.append(
                Self.shadowExtent(MenuMetrics.panelShadow, size: panel.bounds.size, at: panel.visualFrame.center))
        }
        return out
    }

    static func shadowExtent(_ s: View.Shadow, size: Size, at c: Point) -> Rect {
        let pad = (s.blur * 1.5).rounded(.up) + 1
        return Rect(center: c, size: size).offsetBy(dx: s.offset.x, dy: s.offset.y).insetBy(dx: -pad, dy: -pad)
    }

    /// The shadows `draw(in:)` casts, as shades over the backdrop's pixels (the overlay's own
    /// coordinates at the canvas's scale); nil when the canvas gives no masks, or a shadow does not
    /// fall on whole pixels.
    func shades(in canvas: any Canvas) -> [Shade]? {
        var out: [Shade] = []
        if let preview, preview.alpha > 0.01 {
            guard
                let s = shade(
                    MenuMetrics.previewShadow, shape: preview.shape, size: preview.bounds.size, of: preview,
                    strength: previewShadowStrength * preview.alpha, in: canvas)
            else { return nil }
            out += s
        }
        guard
            let s = shade(
                MenuMetrics.panelShadow,
                shape: Path.roundedRect(panel.bounds, radius: MenuMetrics.panelCornerRadius), size: panel.bounds.size,
                of: panel, strength: panelShadowStrength, in: canvas)
        else { return nil }
        return out + s
    }

    /// The device pixels the lifted preview covers opaquely now — its frame less the rounded corners'
    /// columns and a pixel all round (filtered edges) — which the backdrop need not fill.
    func previewHole(scale: Double) -> PixelRect? {
        guard let preview, preview.alpha >= 1, let radius = preview.opaqueCornerRadius(appearance) else { return nil }
        let f = preview.visualFrame
        let s = preview.bounds.width > 0 ? f.width / preview.bounds.width : 1
        let r = f.insetBy(dx: radius * s + 1 / scale, dy: 1 / scale)
        guard r.width > 0, r.height > 0 else { return nil }
        let x0 = Int((r.minX * scale).rounded(.up))
        let y0 = Int((r.minY * scale).rounded(.up))
        let hole = PixelRect(
            x: x0, y: y0, width: Int((r.maxX * scale).rounded(.down)) - x0,
            height: Int((r.maxY * scale).rounded(.down)) - y0)
        return hole.isEmpty ? nil : hole
    }

    /// One shadow as `drawShadow` draws it, as a shade (none when it is too faint to draw).
    private func shade(
        _ s: View.Shadow, shape: Path, size: Size, of view: View, strength: Double, in canvas: any Canvas
    ) -> [Shade]? {
        guard strength > 0.004 else { return [] }
        let color = s.color.withAlpha(strength).resolved(appearance)
        guard color.red == 0, color.green == 0, color.blue == 0 else { return nil }
        let scale = canvas.scale
        let c = view.visualFrame.center
        let origin = Point(
            ((c.x - size.width / 2) * scale).rounded() / scale, ((c.y - size.height / 2) * scale).rounded() / scale)
        let path = shape.applying(Transform(translationX: origin.x, y: origin.y))
        guard let mask = canvas.shadowMask(of: path, blur: s.blur), mask.scale == scale else { return nil }
        let b = path.bounds
        let mx = (b.minX + s.offset.x + mask.origin.x) * scale
        let my = (b.minY + s.offset.y + mask.origin.y) * scale
        guard abs(mx - mx.rounded()) < 1e-6, abs(my - my.rounded()) < 1e-6 else { return nil }
        // Cairo's 16-bit colour alpha, then Pixman's 8 bits.
        let alpha = UInt32((min(1, max(0, color.alpha)) * 65535).rounded()) >> 8
        let bands = Self.shadowBands(s, size: size, of: view).map { r in
            let x0 = Int((r.minX * scale).rounded())
            let y0 = Int((r.minY * scale).rounded())
            return PixelRect(
                x: x0, y: y0, width: Int((r.maxX * scale).rounded()) - x0, height: Int((r.maxY * scale).rounded()) - y0)
        }
        return [Shade(mask: mask, x: Int(mx.rounded()), y: Int(my.rounded()), alpha: alpha, bands: bands)]
    }

    /// Where a shadow is drawn: its extent, less the view's own frame.
    static func shadowBands(_ s: View.Shadow, size: Size, of view: View) -> [Rect] {
        let outer = shadowExtent(s, size: size, at: view.visualFrame.center)
        let inner = view.visualFrame.intersection(outer)
        return inner.isEmpty
            ? [outer]
            : [
                Rect(outer.minX, outer.minY, outer.width, inner.minY - outer.minY),
                Rect(outer.minX, inner.maxY, outer.width, outer.maxY - inner.maxY),
                Rect(outer.minX, inner.minY, inner.minX - outer.minX, inner.height),
                Rect(inner.maxX, inner.minY, outer.maxX - inner.maxX, inner.height),
            ]
    }

    /// Draws a soft shadow of `shape` (at the view's full size) centred where the view is now — not
    /// scaled with it: a blurred mask composited under a scale costs seven times one that is only
    /// moved — and only outside the view's current frame, so a translucent panel is not darkened by
    /// its own shadow.
    func drawShadow(
        _ s: View.Shadow, shape: Path, size: Size, of view: View, strength: Double, in canvas: any Canvas
    ) {
        guard strength > 0.004 else { return }
        let scale = canvas.scale
        let c = view.visualFrame.center
        let origin = Point(
            ((c.x - size.width / 2) * scale).rounded() / scale, ((c.y - size.height / 2) * scale).rounded() / scale)
        let path = shape.applying(Transform(translationX: origin.x, y: origin.y))
        let bands = Self.shadowBands(s, size: size, of: view)
        let color = s.color.withAlpha(strength)
        for band in bands where !band.isEmpty {
            canvas.save()
            canvas.clip(to: band)
            if !canvas.clipBounds.isEmpty { canvas.drawShadow(of: path, color: color, blur: s.blur, offset: s.offset) }
            canvas.restore()
        }
    }

    // MARK: Closing

    /// Closes the menu with the close transition; `handler` work has already run.
    func dismiss(_ reason: EndReason, style: CommitStyle = .dismiss) {
        guard isActive, let root else { return }
        transition?.cancel()
        phase = .closing
        endReason = reason
        let animator = ContextMenuAnimator(previewView: displayAnimator.previewView)
        animator.preferredCommitStyle = style
        endAnimator = animator
        if let interaction {
            interaction.delegate?.contextMenuInteraction(interaction, willEndFor: configuration, animator: animator)
        }
        var target = sourceFrame
        if reason != .committed, let interaction,
            let t = interaction.delegate?.contextMenuInteraction(
                interaction, previewForDismissingMenuWithConfiguration: configuration)
        {
            target = t.view.convert(t.visibleRect, to: nil)
        }
        // The backdrop fades out with the dim (the screen below shows through as it goes): over a
        // picture of the screen below, kept up to date, where there is a renderer; else the screen
        // below is drawn every frame.
        if backdrop != nil, screen.renderer != nil {
            // Made while the menu rested open, it is brought up to date; else made in the first frame.
            if beneathObserver == nil { keepPictureBeneath(in: root) }
        } else {
            isOpaqueCover = false
        }
        let fromPanelAlpha = panel.alpha
        let fromPanelScale = panel.transform.a
        let fromPreview = preview?.transform ?? .identity
        let previewFrame = layout.previewFrame
        transition = root.animator.animate(
            duration: MenuMetrics.closeDuration, curve: MenuMetrics.closeCurve,
            apply: { [weak self] q in
                guard let self else { return }
                animator.step(q)
                self.setPanel(
                    scale: lerp(fromPanelScale, MenuMetrics.panelCloseScale, q), alpha: fromPanelAlpha * (1 - q))
                // Once the preview has moved too.
                defer { self.setShadows(preview: 1 - q, panel: (1 - q) * (1 - q) * self.panel.alpha) }
                self.dimLevel = 1 - q
                self.backdropOpacity = 1 - q
                guard let preview = self.preview else { return }
                switch (reason, style) {
                case (.committed, .pop):
                    preview.transform = Transform(scale: lerp(1, MenuMetrics.popScale, q))
                    preview.alpha = 1 - q
                case (.dragged, _):
                    // The drag took the item: its own preview under the finger is the item now (as
                    // iOS lifts the platter into the drag), so none is left fading in its place.
                    preview.alpha = 0
                default:
                    let back = Self.morph(previewFrame, toward: target, q)
                    preview.transform = q <= 0 ? fromPreview : back
                }
            },
            completion: { [weak self] _ in self?.closingDidEnd(reason) })
    }

    /// The close transition ended. Where the backdrop faded over the picture of the screen beneath,
    /// one more frame shows that picture whole, and the menu then goes with no redraw of the screen
    /// beneath it: drawn again from its views that frame cost 16-20 ms at 2× (Split View, two windows,
    /// the drop targets of a drag).
    private func closingDidEnd(_ reason: EndReason) {
        guard phase == .closing, beneath != nil, let root else {
            finish(reason)
            return
        }
        showsBeneathWhole = true
        setNeedsDisplay()
        // Any time after now ends at the next frame.
        transition = root.animator.animate(
            duration: 1e-6, apply: { _ in },
            completion: { [weak self] done in if done { self?.finish(reason, screenShowsBeneath: true) } })
    }

    // MARK: The screen beneath, while closing

    /// Starts keeping a picture of what lies beneath the overlay: the views below it and the root's
    /// own drawing, drawn again where they change.
    private func keepPictureBeneath(in root: RootView) {
        beneath = nil
        beneathDirty = nil
        beneathRoot = root
        beneathObserver = root.addDamageObserver { [weak self, weak root] r, through in
            guard let self, through !== self, let root else { return }
            let subviews = root.subviews
            if let t = through, let i = subviews.firstIndex(where: { $0 === t }),
                let me = subviews.firstIndex(where: { $0 === self }), i > me
            {
                return  // above the menu
            }
            if self.beneathDirty != nil { self.beneathDirty?.append(r) }
        }
    }

    /// Takes the screen as the host shows it now as the picture of what lies beneath, while the
    /// menu is made ahead during a press (the menu is not on the screen yet: the screen shown is
    /// the screen beneath it), and keeps it up to date from here, with the damage not drawn yet.
    /// Made in the closing's first frame it cost that frame 45-55 ms at 2× (the whole screen drawn
    /// again), a stall as a drag takes the preview away while the menu still opens; taken here it
    /// costs one copy of the screen.
    func takeShownScreenAsBeneath(of root: RootView) {
        guard superview == nil, backdrop != nil, screen.renderer != nil, beneathObserver == nil,
            let shown = screen.shownScreen?(), shown.scale == screen.displayScale,
            shown.width == Int((bounds.width * shown.scale).rounded()),
            shown.height == Int((bounds.height * shown.scale).rounded())
        else { return }
        keepPictureBeneath(in: root)
        // Copied now, in a frame of the press: shared with the host, the copy would fall to the
        // host's next frame, the menu's first (at 2× it made that frame 24 ms instead of 5).
        var own = shown
        own.pixels.withUnsafeMutableBytes { _ in }
        beneath = own
        beneathDirty = root.pendingDamage
    }

    /// Stops keeping the picture beneath (a menu made ahead that will not open).
    func forgetPictureBeneath() {
        if let id = beneathObserver { beneathRoot?.removeDamageObserver(id) }
        beneathObserver = nil
        beneathRoot = nil
        beneath = nil
        beneathDirty = nil
    }

    /// Makes the picture of what lies beneath ahead, while the menu is open and the screen rests:
    /// made in the first frame of the closing it cost that frame 50-75 ms at 2× (a fresh 22 MB
    /// picture, drawn whole), a stall just as the finger drags the preview away.
    func prepareBeneathAtRest() {
        guard phase == .open, backdrop != nil, screen.renderer != nil, let root else { return }
        if beneathObserver == nil { keepPictureBeneath(in: root) }
        _ = pictureBeneath(scale: root.environment.displayScale)
    }

    /// The picture of what lies beneath, brought up to date at `scale`; nil when none is kept.
    func pictureBeneath(scale: Double) -> PixelImage? {
        guard beneathObserver != nil, let root, let renderer = screen.renderer else { return nil }
        let draw: (any Canvas) -> Void = { [self] c in
            c.fill(root.bounds, with: root.backgroundColor ?? .systemBackground)
            root.draw(in: c)
            for v in root.subviews {
                if v === self { break }
                v.render(in: c, renderer: renderer)
            }
        }
        if var image = beneath, image.scale == scale, let dirty = beneathDirty {
            if !dirty.isEmpty {
                beneath = nil  // drawn into in place, with no copy
                renderer.render(
                    into: &image, clip: dirty.map { $0.integral(scale: scale) }, appearance: appearance, draw)
            }
            beneath = image
        } else {
            beneath = renderer.render(size: bounds.size, scale: scale, appearance: appearance, draw)
        }
        beneathDirty = []
        return beneath
    }

    /// Takes the overlay away now, without a transition; `screenShowsBeneath` when the last frame
    /// showed the picture of what lies beneath, whole, so that only what is still seen of the overlay
    /// (a preview back in its place) is drawn again.
    func finish(_ reason: EndReason, screenShowsBeneath: Bool = false) {
        guard phase != .closed else { return }
        transition?.cancel()
        transition = nil
        if endReason == nil { endReason = reason }
        if phase != .closing, let interaction {
            let animator = ContextMenuAnimator(previewView: displayAnimator.previewView)
            endAnimator = animator
            interaction.delegate?.contextMenuInteraction(interaction, willEndFor: configuration, animator: animator)
        }
        phase = .closed
        let root = self.root
        forgetPictureBeneath()
        if screenShowsBeneath {
            let seen = subviews.filter { !$0.isHidden && $0.alpha > 0.001 }.map { convert($0.visualFrame, to: nil) }
            removeFromSuperview(leavingScreenAsDrawn: true)
            for r in seen { root?.setNeedsDisplay(r) }
        } else {
            removeFromSuperview()
        }
        if let root, root.focusedView == nil || root.focusedView === self {
            if let p = previousFocus, p.root === root { root.setFocus(p) } else { root.setFocus(nil) }
        }
        interaction?.overlayDidClose(self)
        displayAnimator.complete()
        endAnimator?.complete()
    }
}
