import Foundation
import Graphics
import Menus
import Scenes
import UI

/// Settings' primary window: the sections in the sidebar beside the section shown (iPadOS's
/// Settings). Narrower than `SidebarLayout.twoColumnWidth`, one column at a time.
@MainActor public final class SettingsWindowView: View {
    let app: SettingsApp
    weak var scene: WindowScene?
    /// The bar over the sections.
    public let sidebarBar = NavigationBar()
    /// The sections.
    public let sectionList = ListView()
    /// The section shown and the pages it opened.
    let pages: SettingsPageStack
    let sidebarButton = Button(symbol: "sidebar.left")
    lazy var menus = SectionMenuDelegate(window: self)
    /// Whether a one-column window shows the sections (else the section).
    var showsSidebarOnly = false { didSet { setNeedsLayout() } }

    /// The section shown.
    public private(set) var section: SettingsSection

    init(app: SettingsApp, section: SettingsSection) {
        self.app = app
        self.section = section
        pages = SettingsPageStack(store: app.store, root: .section(section)) { [weak app] in app?.pictures() ?? [] }
        super.init()
        backgroundColor = SettingsMetrics.listBackground
        sidebarBar.backgroundColor = SettingsMetrics.sidebarBackground
        sectionList.backgroundColor = SettingsMetrics.sidebarBackground
        sectionList.rowHeight = SettingsMetrics.sidebarRowHeight
        sectionList.separatorInset = .infinity
        sectionList.identifier = "section-list"
        sidebarButton.action = { [weak self] in self?.showsSidebarOnly.toggle() }
        for v in [sectionList, sidebarBar, pages.container] as [View] { addSubview(v) }
        // Back to the section's page: the sidebar's button leads its bar again.
        pages.onPageShown = { [weak self] in self?.setNeedsLayout() }
        sectionList.dataSource = self
        sectionList.selectedRow = SettingsSection.allCases.firstIndex(of: section)
        sectionList.onSelect = { [weak self] row in
            guard let self, row < SettingsSection.allCases.count else { return }
            self.show(SettingsSection.allCases[row])
            self.showsSidebarOnly = false
        }
    }

    /// Shows `section` beside the sections.
    public func show(_ section: SettingsSection) {
        self.section = section
        sectionList.selectedRow = SettingsSection.allCases.firstIndex(of: section)
        pages.setRoot(.section(section))
        if let scene { scene.session.userActivity = SettingsApp.windowActivity(section, language: language) }
    }

    public override func didMoveToRoot() {
        guard root != nil else { return }
        // The words of the screen the window is on.
        sidebarBar.title = SettingsStrings.appName.resolved(language)
        sidebarButton.accessibilityLabel = SettingsStrings.showSidebar.resolved(language)
        scene?.title = SettingsStrings.appName.resolved(language)
        sectionList.reloadData()
    }

    public override func layoutSubviews() {
        let top = safeAreaInsets.top
        let barHeight = top + NavigationBar.height
        let layout = SidebarLayout(bounds: bounds, showsSidebarOnly: showsSidebarOnly)
        sidebarBar.contentInsetTop = top
        sidebarBar.frame = Rect(layout.sidebar.minX, 0, layout.sidebar.width, barHeight)
        sectionList.frame = Rect(layout.sidebar.minX, barHeight, layout.sidebar.width, bounds.height - barHeight)
        sidebarBar.isHidden = layout.sidebar.isEmpty
        sectionList.isHidden = layout.sidebar.isEmpty
        pages.container.frame = layout.content
        pages.container.isHidden = layout.content.isEmpty
        pages.container.safeAreaInsets = EdgeInsets(top: top, bottom: safeAreaInsets.bottom)
        // One column: the sidebar's button leads the section's bar (as Mail's and Notes'), where a page
        // deeper has Back instead.
        let bar = pages.container.bar
        let wanted = !layout.isTwoColumns && pages.container.pages.count == 1 ? [sidebarButton] : bar.leadingItems
        let shown = layout.isTwoColumns ? bar.leadingItems.filter { $0 !== sidebarButton } : wanted
        if shown.map(ObjectIdentifier.init) != bar.leadingItems.map(ObjectIdentifier.init) { bar.leadingItems = shown }
    }

    public override func draw(in canvas: any Canvas) {
        SidebarLayout(bounds: bounds, showsSidebarOnly: showsSidebarOnly).drawSeparator(in: canvas)
    }
}

extension SettingsWindowView: ListView.DataSource {
    /// The sections.
    public func numberOfRows(in list: ListView) -> Int { SettingsSection.allCases.count }

    /// A section row's height.
    public func list(_ list: ListView, heightOfRow row: Int) -> Double { SettingsMetrics.sidebarRowHeight }

    /// A section's row: its tile and name.
    public func list(_ list: ListView, viewForRow row: Int, reusing: ListRow?) -> ListRow {
        let r = (reusing as? SectionRowView) ?? makeRow()
        r.configure(SettingsSection.allCases[row], language: language)
        return r
    }

    private func makeRow() -> SectionRowView {
        let r = SectionRowView()
        menus.attach(to: r)
        return r
    }
}

/// A section in the sidebar: its symbol on a coloured tile, and its name.
@MainActor final class SectionRowView: SidebarRowView {
    /// The section the row shows.
    private(set) var section: SettingsSection?

    func configure(_ section: SettingsSection, language: Language) {
        self.section = section
        configure(
            name: section.title, symbol: section.symbol,
            tile: SidebarRowView.Tile(
                color: section.tint, size: SettingsMetrics.tileSize,
                radius: SettingsMetrics.tileRadius, symbolSize: SettingsMetrics.tileSymbol))
        identifier = "section-\(section.rawValue)"
        restyle()
    }

    override func selectionChanged() {
        super.selectionChanged()
        restyle()
    }

    /// iPadOS 26's sidebar selection: a rounded tint inset from the column, the name white on it (the
    /// tile inside the inset).
    private func restyle() {
        leadingInset = SettingsMetrics.selectionInset
        selectionColor = .clear
        name.textColor = isSelected ? .white : .label
        setNeedsDisplay()
    }

    override func draw(in canvas: any Canvas) {
        if isSelected {
            let inset = SettingsMetrics.selectionInset
            canvas.fill(
                Path.roundedRect(
                    Rect(inset, 2, bounds.width - 2 * inset, bounds.height - 4), radius: SettingsMetrics.selectionRadius
                ),
                with: .tint)
        }
        super.draw(in: canvas)
    }
}

/// Each section's own menu, the same for every section: Open in New Window (W2d).
@MainActor final class SectionMenuDelegate: ContextMenuInteractionDelegate {
    unowned let window: SettingsWindowView
    init(window: SettingsWindowView) { self.window = window }

    static let menuIdentifier = "settings.section"

    func attach(to row: SectionRowView) {
        WindowMenuItems.attachMenu(self, to: row) { [weak row] in
            row?.section.map { SettingsApp.sectionActivity($0, language: row?.language ?? .en) }
        }
    }

    func contextMenuInteraction(
        _ interaction: ContextMenuInteraction, configurationForMenuAtLocation location: Point
    ) -> ContextMenuConfiguration? {
        guard let row = interaction.view as? SectionRowView, row.section != nil else { return nil }
        return ContextMenuConfiguration(identifier: Self.menuIdentifier) { suggested in
            Menu(identifier: Self.menuIdentifier) { suggested }
        }
    }

    /// Tapping the preview shows the section in this window (C11).
    func contextMenuInteraction(
        _ interaction: ContextMenuInteraction,
        willPerformPreviewActionForMenuWith configuration: ContextMenuConfiguration,
        animator: ContextMenuAnimator
    ) {
        guard let row = interaction.view as? SectionRowView, let section = row.section else { return }
        animator.addCompletion { [weak self] in self?.window.show(section) }
    }
}
