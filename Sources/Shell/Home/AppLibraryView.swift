import Graphics
import SystemUI
import UI

/// The App Library, the page after the Home screen's last: a search field over the automatic groups,
/// each a frosted platter of its first apps (three, and the rest as small icons in the fourth place
/// when there are more: a tap there lists the whole group). A tap on the field lists every app by
/// name; typing filters the list.
@MainActor public final class AppLibraryView: View {
    /// The search field.
    public let searchField = AppLibrarySearchField(placeholder: HomeStrings.appLibrary)
    /// Makes an app's icon (with or without its name), as the Home screen's.
    var makeIcon: (String, Bool) -> AppIconView? = { _, _ in nil }
    /// The groups shown.
    public private(set) var groups: [AppLibrary.Group] = []
    /// Every app's identifier by name, those matching a query (all for an empty one): the shell's
    /// search index.
    var listed: (String) -> [String] = { _ in [] }
    /// The list (nil: the groups are shown), and the group it is limited to.
    public private(set) var list: AppLibraryListView?
    private var listGroup: AppLibrary.Group?
    private var platters: [AppLibraryPlatterView] = []

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        localizedAccessibilityLabel = HomeStrings.appLibrary
        isAccessibilityElement = false
        searchField.onFocus = { [weak self] in self?.showList(group: nil) }
        searchField.onChange = { [weak self] _ in self?.refreshList() }
        addSubview(searchField)
    }

    /// Sets the groups.
    func setGroups(_ groups: [AppLibrary.Group]) {
        self.groups = groups
        for platter in platters { platter.removeFromSuperview() }
        platters = groups.map { group in
            let platter = AppLibraryPlatterView(
                group: group, icons: group.apps.prefix(7).compactMap { makeIcon($0, false) })
            platter.onMore = { [weak self] in self?.showList(group: group) }
            addSubview(platter)
            return platter
        }
        if list != nil { refreshList() }
        setNeedsLayout()
    }

    /// Shows the alphabetical list (of one group, or of every app filtered by the field).
    public func showList(group: AppLibrary.Group?) {
        listGroup = group
        if list == nil {
            let made = AppLibraryListView()
            addSubview(made)
            list = made
        }
        for platter in platters { platter.isHidden = true }
        refreshList()
        setNeedsLayout()
    }

    /// Back to the groups: the field emptied, the list gone.
    public func closeList() {
        guard list != nil else { return }
        list?.removeFromSuperview()
        list = nil
        listGroup = nil
        searchField.text = ""
        root?.setFocus(nil)
        for platter in platters { platter.isHidden = false }
        setNeedsLayout()
    }

    private func refreshList() {
        guard let list else {
            if !searchField.text.isEmpty { showList(group: nil) }
            return
        }
        var ids = listed(searchField.text)
        if let listGroup {
            let members = Set(listGroup.apps)
            ids = ids.filter { members.contains($0) }
        }
        list.setRows(ids.compactMap { id in makeIcon(id, false) })
    }

    public override func layoutSubviews() {
        let fieldWidth = min(AppLibraryMetrics.searchWidth, bounds.width - 2 * HomeMetrics.sideMargin)
        searchField.frame = Rect(
            (bounds.width - fieldWidth) / 2, AppLibraryMetrics.searchTop, fieldWidth, AppLibraryMetrics.searchHeight)
        let top = searchField.frame.maxY + AppLibraryMetrics.gap
        list?.frame = Rect(searchField.frame.minX, top, fieldWidth, bounds.height - top)
        let columns =
            bounds.width >= bounds.height ? AppLibraryMetrics.landscapeColumns : AppLibraryMetrics.portraitColumns
        let side = AppLibraryMetrics.platterSide
        let pitch = side + AppLibraryMetrics.gap
        let rowPitch = side + AppLibraryMetrics.nameHeight + AppLibraryMetrics.gap
        let left = (bounds.width - Double(columns) * pitch + AppLibraryMetrics.gap) / 2
        for (index, platter) in platters.enumerated() {
            platter.frame = Rect(
                left + Double(index % columns) * pitch, top + Double(index / columns) * rowPitch, side,
                side + AppLibraryMetrics.nameHeight)
        }
    }
}

/// The App Library's search field: a magnifier, the placeholder, and what is typed; it says when it
/// takes focus (the list then shows).
@MainActor public final class AppLibrarySearchField: SearchField {
    /// Told when the field takes focus.
    var onFocus: (() -> Void)?

    override init(placeholder: LocalizedString) {
        super.init(placeholder: placeholder)
        symbolFraction = 0.45
        symbolInset = 12
        textGap = 6
        backgroundColor = AppLibraryMetrics.frost
        cornerRadius = AppLibraryMetrics.searchHeight / 2 - 6
        textInputTraits.returnKeyType = .search
    }

    public override func focusDidChange() {
        super.focusDidChange()
        if root?.focusedView === self { onFocus?() }
    }

}

/// A group's platter: up to four places of a 2 × 2 grid on a frosted rounded square, the group's
/// name under it. With more than four apps, the fourth place holds the next four as small icons, and
/// a tap there lists the whole group.
@MainActor final class AppLibraryPlatterView: View {
    let group: AppLibrary.Group
    let icons: [AppIconView]
    var onMore: (() -> Void)?
    private let name: Label
    private let more = View()

    init(group: AppLibrary.Group, icons: [AppIconView]) {
        self.group = group
        self.icons = icons
        name = Label(group.name, style: .footnote, color: .white)
        name.alignment = .center
        super.init()
        localizedAccessibilityLabel = group.name
        isAccessibilityElement = false
        let platter = View()
        platter.backgroundColor = AppLibraryMetrics.frost
        platter.cornerRadius = AppLibraryMetrics.platterCornerRadius
        platter.isUserInteractionEnabled = false
        addSubview(platter)
        addSubview(name)
        for icon in icons { addSubview(icon) }
        if icons.count > 4 {
            more.localizedAccessibilityLabel = HomeStrings.moreIn.formatted(group.name)
            more.accessibilityTraits = .button
            more.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.onMore?() })
            addSubview(more)
        }
    }

    override func layoutSubviews() {
        let side = bounds.width
        subviews.first?.frame = Rect(0, 0, side, side)
        name.frame = Rect(-10, side + 4, side + 20, AppLibraryMetrics.nameHeight - 4)
        let cell = (side - 2 * AppLibraryMetrics.platterInset) / 2
        let big = AppLibraryMetrics.iconSide
        func slot(_ index: Int) -> Rect {
            Rect(
                AppLibraryMetrics.platterInset + Double(index % 2) * cell,
                AppLibraryMetrics.platterInset + Double(index / 2) * cell, cell, cell)
        }
        let full = icons.count <= 4
        for (index, icon) in icons.enumerated() {
            if full || index < 3 {
                let place = slot(index)
                icon.frame = Rect(place.midX - big / 2, place.midY - big / 2, big, big)
            } else {
                // The next four, small, in the fourth place.
                let place = slot(3)
                let small = (big - AppLibraryMetrics.smallGap) / 2
                let smallIndex = index - 3
                icon.frame = Rect(
                    place.midX - big / 2 + Double(smallIndex % 2) * (small + AppLibraryMetrics.smallGap),
                    place.midY - big / 2 + Double(smallIndex / 2) * (small + AppLibraryMetrics.smallGap), small, small)
                icon.isUserInteractionEnabled = false
            }
        }
        let place = slot(3)
        more.frame = Rect(place.midX - big / 2, place.midY - big / 2, big, big)
    }
}

/// The App Library's list: a row an app, its icon and its name, by name; a tap opens it.
@MainActor public final class AppLibraryListView: ScrollView {
    /// The rows, in order.
    public private(set) var rows: [View] = []

    /// Sets the rows: a small icon of each app, its name beside it.
    func setRows(_ icons: [AppIconView]) {
        for row in rows { row.removeFromSuperview() }
        rows = icons.map { icon in
            let name = icon.accessibilityLabel ?? ""
            let row = View()
            let label = Label(LocalizedString(verbatim: name), style: .body, color: .white)
            label.isAccessibilityElement = false
            row.addSubview(icon)
            row.addSubview(label)
            icon.frame = Rect(8, (AppLibraryMetrics.rowHeight - 40) / 2, 40, 40)
            label.frame = Rect(64, 0, 500, AppLibraryMetrics.rowHeight)
            // The whole row is the app's (a tap on its name opens it too).
            icon.isAccessibilityElement = false
            row.accessibilityLabel = name
            row.accessibilityTraits = .button
            for recognizer in icon.gestureRecognizers where recognizer is TapGestureRecognizer {
                icon.removeGestureRecognizer(recognizer)
                row.addGestureRecognizer(recognizer)
            }
            addSubview(row)
            return row
        }
        contentSize = Size(bounds.width, Double(rows.count) * AppLibraryMetrics.rowHeight)
        setNeedsLayout()
    }

    public override func layoutSubviews() {
        for (index, row) in rows.enumerated() {
            row.frame = Rect(0, Double(index) * AppLibraryMetrics.rowHeight, bounds.width, AppLibraryMetrics.rowHeight)
        }
        contentSize = Size(bounds.width, Double(rows.count) * AppLibraryMetrics.rowHeight)
    }
}
