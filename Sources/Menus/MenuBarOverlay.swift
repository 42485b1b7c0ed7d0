import Graphics
import UI

/// The menu bar on the screen (as iPadOS 26's): the bar with the focused app's menus across the top,
/// slid down from the top edge, and the menu open under one of its titles — a context-menu panel with
/// its groups, its submenus (one level, opened in place), checkmarks, greyed disabled commands and
/// each command's shortcut on the right — or, while something is typed in the search field, the
/// commands found, each with where it is.
///
/// A full-screen view at the top of the root view while it is there: it takes every touch (a touch
/// outside the bar and the menu puts the bar away) and, with its search field focused, every key.
/// The shell makes it (`Shell.showMenuBar`); tests and scripts read its state.
@MainActor public final class MenuBarOverlay: View {
    /// Where the bar is in its life.
    public enum Phase: Sendable, Hashable {
        case showing, shown, hiding, gone
    }

    public let menuBar: MenuBar
    public let strip: MenuBarStripView
    let panel: MenuPanelView
    let screen: ScreenEnvironment
    public internal(set) var phase = Phase.showing
    /// The index of the open menu, if any.
    public internal(set) var openMenu: Int?
    /// The open submenus of the open menu, outermost first (paths relative to it).
    public internal(set) var submenuPath: [[Int]] = []
    /// The rows of the panel shown now (empty when none is).
    public internal(set) var rows: [MenuRow] = []
    /// Where the panel and its rows are, while one is shown.
    public internal(set) var layout: MenuLayout.Result?
    /// What the search found (indices into `search.commands`), while something is typed.
    public internal(set) var results: [Int]?
    /// Whether the bar goes when the pointer leaves it (it came because the pointer was pushed to the
    /// top edge).
    public var hidesWhenPointerLeaves = false
    /// Told once when the bar has gone.
    public var onDismiss: (() -> Void)?

    var transition: Animation?
    var panelTransition: Animation?
    weak var previousFocus: View?
    var tracks: [Int: Track] = [:]
    /// The search, made on the first keystroke.
    var searchIndex: MenuBarSearch?

    struct Track {
        var start: Point
        var moved = false
        /// The title the finger went down on was already open (a tap closes it).
        var closesOnLift = false
        var startedInPanel = false
    }

    /// The menu bar of `menuBar` on a screen of `bounds`, in `environment`'s language.
    public init(menuBar: MenuBar, bounds: Rect, environment: ScreenEnvironment) {
        self.menuBar = menuBar
        self.screen = environment
        strip = MenuBarStripView(
            titles: menuBar.menus.map(\.title),
            appMenu: menuBar.menus.firstIndex { $0.identifier == MenuBar.Identifier.application },
            language: environment.language)
        panel = MenuPanelView(material: MenuMetrics.compactMaterial)
        panel.style = .menuBar
        super.init(frame: bounds)
        strip.frame = Rect(0, 0, bounds.width, MenuBarMetrics.barHeight)
        addSubview(strip)
        panel.isHidden = true
        panel.shadow = MenuMetrics.panelShadow
        addSubview(panel)
        panel.chooseRow = { [weak self] i in self?.choose(row: i) }
        strip.searchField.onChange = { [weak self] text in self?.searchChanged(text) }
        strip.searchField.onReturn = { [weak self] in self?.chooseHighlightedOrFirst() }
    }

    // MARK: Input (the work is in MenuBarOverlay+Input)

    public override func hitTest(_ p: Point) -> View? { hit(p) }
    public override func touchBegan(_ touch: Touch, at point: Point) { fingerDown(touch) }
    public override func touchMoved(_ touch: Touch, at point: Point) { fingerMoved(touch) }
    public override func touchEnded(_ touch: Touch, at point: Point) { fingerUp(touch) }
    public override func touchCancelled(_ touch: Touch) { tracks[touch.id] = nil }
    public override func hoverMoved(to point: Point) { pointerMoved(to: convert(point, to: nil)) }
    public override func handleScroll(dx: Double, dy: Double) -> Bool { scrolled(dy: dy) }
    public override var canBecomeFocused: Bool { isActive }
    public override func focusDidChange() {}
    public override func handleKey(_ press: KeyPress) -> Bool { keyPressed(press) }

    // MARK: Reading the state

    /// Whether the bar is on the screen and taking input.
    public var isActive: Bool { phase == .showing || phase == .shown }
    /// The panel's frame on the screen, while a menu or the search's results are shown.
    public var panelFrame: Rect? { panel.isHidden ? nil : layout?.panelFrame }
    /// The panel's view, while shown (scripts look for rows in it).
    public var panelView: View? { panel.isHidden ? nil : panel }
    /// The highlighted row, if any.
    public var highlightedRow: Int? { panel.highlight?.row }
    /// What is typed in the search field.
    public var searchText: String { strip.searchField.text }
    /// The index of the first row titled `title` in English.
    public func row(titled title: String) -> Int? { rows.firstIndex { $0.title.en == title } }
    /// The menu shown in the panel: the open submenu, or the open menu.
    public var currentMenu: Menu? {
        guard let i = openMenu else { return nil }
        let m = menuBar.menus[i]
        guard let p = submenuPath.last, case .menu(let sub)? = m.element(at: p) else { return m }
        return sub
    }
    /// The search over the menu bar's commands.
    public var search: MenuBarSearch {
        if let searchIndex { return searchIndex }
        let s = MenuBarSearch(menuBar, language: screen.language)
        searchIndex = s
        return s
    }

    // MARK: Presenting

    /// Puts the bar on `root`, sliding down from above the screen, with the search field focused.
    public func present(in root: RootView) {
        root.addSubview(self)
        previousFocus = root.focusedView
        root.setFocus(strip.searchField)
        screen.announce?(MenuBarStrings.menuBar.resolved(screen.language))
        setStripOffset(1)
        transition = root.animator.animate(
            duration: MenuBarMetrics.showDuration, curve: MenuBarMetrics.showCurve,
            apply: { [weak self] p in self?.setStripOffset(1 - p) },
            completion: { [weak self] done in
                guard let self, done, self.phase == .showing else { return }
                self.phase = .shown
            })
    }

    /// Moves the bar up by `fraction` of its height (and its shadow) — 0 in place, 1 off the screen.
    func setStripOffset(_ fraction: Double) {
        let h = MenuBarMetrics.barHeight + MenuBarMetrics.barShadow.blur * 1.5
        let y = -(fraction * h).rounded()
        strip.transform = Transform(translationX: 0, y: y)
    }

    /// Puts the bar away: the open menu goes, the bar slides up, focus goes back where it was.
    public func dismiss(animated: Bool = true) {
        guard isActive, let root else {
            if phase != .gone { finish() }
            return
        }
        phase = .hiding
        transition?.cancel()
        hidePanel()
        restoreFocus()
        guard animated else {
            finish()
            return
        }
        let from = -strip.transform.ty / (MenuBarMetrics.barHeight + MenuBarMetrics.barShadow.blur * 1.5)
        transition = root.animator.animate(
            duration: MenuBarMetrics.hideDuration * (1 - from), curve: MenuBarMetrics.hideCurve,
            apply: { [weak self] q in self?.setStripOffset(lerp(from, 1, q)) },
            completion: { [weak self] _ in self?.finish() })
    }

    private func restoreFocus() {
        guard let root, root.focusedView == nil || root.focusedView === strip.searchField else { return }
        if let p = previousFocus, p.root === root { root.setFocus(p) } else { root.setFocus(nil) }
    }

    private func finish() {
        guard phase != .gone else { return }
        transition?.cancel()
        panelTransition?.cancel()
        restoreFocus()
        phase = .gone
        removeFromSuperview()
        onDismiss?()
        onDismiss = nil
    }

    /// Performs `action` as chosen: the bar goes first (focus back where it was, so that an Edit
    /// command reaches the view it was made for), then the command runs.
    func perform(_ action: Action) {
        guard !action.isDisabled else { return }
        dismiss()
        action.handler(action)
    }

    // MARK: The panel

    /// Opens menu `i` under its title (nil closes the open one), its first row highlighted when asked.
    public func open(menu i: Int?, highlightFirst: Bool = false) {
        guard isActive else { return }
        if let i, !menuBar.menus.indices.contains(i) { return }
        if i == openMenu, results == nil {
            if highlightFirst { moveHighlight(toFirst: true) }
            return
        }
        if i != nil, !searchText.isEmpty {
            strip.searchField.text = ""
        }
        openMenu = i
        submenuPath = []
        results = nil
        strip.highlighted = i
        guard i != nil else {
            hidePanel()
            return
        }
        rebuild(animated: true)
        if highlightFirst { moveHighlight(toFirst: true) }
    }

    /// Opens the submenu at `path` (relative to the menu shown) in place of its rows.
    public func openSubmenu(_ path: [Int], highlightFirst: Bool = false) {
        guard let m = currentMenu, case .menu? = m.element(at: path) else { return }
        submenuPath.append((submenuPath.last ?? []) + path)
        rebuild(animated: false)
        if highlightFirst { moveHighlight(toFirst: true, skippingBack: true) }
    }

    /// Goes back from an open submenu.
    public func closeSubmenu() {
        guard !submenuPath.isEmpty else { return }
        let leaving = submenuPath.removeLast()
        rebuild(animated: false)
        let base = submenuPath.last ?? []
        if let i = rows.firstIndex(where: { $0.isSelectable && base + $0.path == leaving }) { setHighlight(i) }
    }

    func hidePanel() {
        panelTransition?.cancel()
        panel.setHighlight(nil)
        panel.isHidden = true
        rows = []
        layout = nil
    }

    /// Lays the panel out again for the open menu (or the search's results).
    func rebuild(animated: Bool) {
        let anchor: Point
        if let results {
            rows = resultRows(results)
            let f = strip.searchField.frame
            anchor = Point(f.minX, MenuBarMetrics.barHeight + MenuBarMetrics.menuGap)
        } else if let i = openMenu, let m = currentMenu {
            // The menu's title is in the bar: no header above its rows.
            let shown = submenuPath.isEmpty ? m.replacingTitle("") : m
            rows = MenuRow.rows(for: shown, isSubmenu: !submenuPath.isEmpty)
            anchor = Point(strip.titleViews[i].frame.minX, MenuBarMetrics.barHeight + MenuBarMetrics.menuGap)
        } else {
            hidePanel()
            return
        }
        let safe = EdgeInsets(top: MenuBarMetrics.barHeight + MenuBarMetrics.menuGap - MenuMetrics.screenMargin)
        let fit = MenuRow.fit(
            rows, language: screen.language, measurer: screen.textMeasurer,
            maximumWidth: MenuLayout.usableArea(bounds, safe).width,
            metrics: screen.fontMetrics,
            style: .menuBar)
        let specs = zip(rows, fit.heights).map { r, h in MenuLayout.RowSpec(height: h, role: r.spec.role) }
        var l = MenuLayout.compact(
            bounds: bounds, safeInsets: safe, at: anchor, rows: specs, order: .fixed, panelWidth: fit.width)
        if results != nil {
            // The results hang from the search field's trailing edge, as its menu would.
            let f = strip.searchField.frame
            l.panelFrame.origin.x = max(
                MenuMetrics.screenMargin, min(f.maxX, bounds.width - MenuMetrics.screenMargin) - l.panelFrame.width)
        }
        layout = l
        panel.setHighlight(nil)
        panel.transform = .identity
        panel.frame = l.panelFrame
        panel.setRows(rows, frames: l.rowFrames, order: l.displayOrder)
        panel.rasterizes = screen.renderer != nil
        let wasHidden = panel.isHidden
        panel.isHidden = false
        guard animated, wasHidden, let root else { return }
        panelTransition?.cancel()
        panel.alpha = 0
        panelTransition = root.animator.animate(
            duration: MenuMetrics.compactOpenDuration, curve: MenuMetrics.compactOpenCurve,
            apply: { [weak self] p in
                guard let self else { return }
                let s = lerp(MenuMetrics.compactOpenScale, 1, p)
                let h = self.panel.bounds.height
                self.panel.transform = Transform(scale: s).concatenating(
                    Transform(translationX: 0, y: -(1 - s) * h / 2))
                self.panel.alpha = p
            })
    }

    /// The search's results as rows: each command with where it is as its subtitle.
    private func resultRows(_ found: [Int]) -> [MenuRow] {
        guard !found.isEmpty else { return [MenuRow(.header(MenuBarStrings.noResults), path: [])] }
        let s = search
        return found.enumerated().map { k, i in
            var a = s.commands[i].action
            a.subtitle = LocalizedString(verbatim: s.entries[i].place)
            return MenuRow(.action(a), path: [k])
        }
    }

    /// Something was typed in (or taken out of) the search field.
    func searchChanged(_ text: String) {
        guard isActive else { return }
        if text.trimmingCharacters(in: .whitespaces).isEmpty {
            results = nil
            hidePanel()
            return
        }
        openMenu = nil
        submenuPath = []
        strip.highlighted = nil
        let wasShown = !panel.isHidden
        results = search.matches(text, limit: MenuBarMetrics.maximumResults)
        rebuild(animated: !wasShown)
        if let first = rows.indices.first(where: { rows[$0].isSelectable }) { setHighlight(first) }
    }

    // MARK: Choosing

    /// Chooses row `i` as a tap, a lift or Return would: runs a command, opens a submenu, goes back.
    public func choose(row i: Int) {
        guard isActive, rows.indices.contains(i) else { return }
        switch rows[i].kind {
        case .action(let a): perform(a)
        case .submenu: openSubmenu(rows[i].path)
        case .back: closeSubmenu()
        default: break
        }
    }

    func chooseHighlightedOrFirst() {
        if let i = highlightedRow {
            choose(row: i)
        } else if let i = rows.indices.first(where: { rows[$0].isSelectable }) {
            choose(row: i)
        }
    }

    // MARK: Highlight

    func setHighlight(_ i: Int?) {
        guard let i, rows.indices.contains(i), rows[i].isSelectable else {
            panel.setHighlight(nil)
            return
        }
        panel.setHighlight((i, nil))
        panel.scrollToVisible(i)
    }

    func moveHighlight(by step: Int) {
        guard let order = layout?.displayOrder, !order.isEmpty else { return }
        let n = order.count
        var pos = highlightedRow.flatMap { order.firstIndex(of: $0) } ?? (step > 0 ? -1 : n)
        for _ in 0..<n {
            pos = (pos + step + n) % n
            if rows[order[pos]].isSelectable {
                setHighlight(order[pos])
                return
            }
        }
    }

    func moveHighlight(toFirst: Bool, skippingBack: Bool = false) {
        guard let order = layout?.displayOrder else { return }
        let ordered = toFirst ? order : order.reversed()
        let i = ordered.first { k in
            if skippingBack, case .back = rows[k].kind { return false }
            return rows[k].isSelectable
        }
        setHighlight(i)
    }
}

extension Menu {
    /// The same menu with another title.
    func replacingTitle(_ title: LocalizedString) -> Menu {
        var m = self
        m.title = title
        return m
    }
}

/// The menu bar to a screen reader: a menu bar of menus; while it is there, what lies behind it is
/// out of reach, as behind an open menu.
extension MenuBarOverlay: AccessibilityDescribing {
    public var accessibilityRole: AccessibilityRole? { .menuBar }
    public var accessibilitySpokenLabel: String? { MenuBarStrings.menuBar.resolved(screen.language) }
    public var accessibilityIsModal: Bool { isActive }
}
