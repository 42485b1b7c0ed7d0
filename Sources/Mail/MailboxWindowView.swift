import Foundation
import Graphics
import MailStore
import Scenes
import UI

/// A primary window of Mail: the mailboxes beside the messages of one of them (W3). Several can be
/// open, each on its own mailbox (W4); each keeps its mailbox and scroll position.
@MainActor public final class MailboxWindowView: View {
    unowned let app: MailApp
    /// Kept strongly: the window may outlive the app object at shutdown.
    let library: MailLibrary
    weak var scene: WindowScene?
    public let sidebarBar = NavigationBar()
    public let mailboxList = ListView()
    public let listBar = NavigationBar()
    public let messageList = ListView()
    let composeButton = Button(symbol: "square.and.pencil")
    let sidebarButton = Button(symbol: "sidebar.left")
    let emptyLabel = Label("", style: .body, color: .secondaryLabel)
    public private(set) var mailbox: Mailbox
    var index: MailboxIndex
    private var observer: UUID?
    private var loadingObserver: UUID?
    /// The scroll position to show once the listing arrives (a restored window).
    private var pendingScroll: Double?
    /// Shows only the mailboxes (narrow windows show one column at a time).
    var showsSidebarOnly = false { didSet { setNeedsLayout() } }
    lazy var dragSource = MessageDragSource(library: library)
    lazy var messageMenus = MessageMenuDelegate(window: self)
    lazy var mailboxMenus = MailboxMenuDelegate(window: self)
    lazy var mailboxDropTarget = MailboxDropTarget(app: app)

    /// Windows narrower than this show one column at a time (a third of a 12.9" screen), as Notes'
    /// and Settings' do.
    public static let twoColumnWidth = SidebarLayout.twoColumnWidth
    /// The mailboxes' column.
    public static let sidebarWidth = SidebarLayout.sidebarWidth

    init(app: MailApp, mailbox: Mailbox) {
        self.app = app
        self.library = app.library
        self.mailbox = mailbox
        index = app.library.index(of: mailbox)
        super.init()
        backgroundColor = .systemBackground
        sidebarBar.localizedTitle = MailStrings.mailboxes
        sidebarBar.backgroundColor = .secondarySystemBackground
        mailboxList.backgroundColor = .secondarySystemBackground
        mailboxList.separatorInset = 52
        composeButton.localizedAccessibilityLabel = MailStrings.compose
        composeButton.action = { [weak self] in
            guard let self else { return }
            self.app.compose(OutgoingMessage(from: self.app.me, to: "", subject: "", body: ""), from: self.scene)
        }
        sidebarButton.localizedAccessibilityLabel = MailStrings.mailboxes
        sidebarButton.action = { [weak self] in self?.showsSidebarOnly.toggle() }
        listBar.trailingItems = [composeButton]
        messageList.separatorInset = 32
        // Every row is one height: a listing of 100,000 is not measured row by row.
        messageList.rowHeight = MessageRowView.height
        mailboxList.rowHeight = MailboxRowView.height
        messageList.identifier = "message-list"
        mailboxList.identifier = "mailbox-list"
        emptyLabel.alignment = .center
        emptyLabel.numberOfLines = 0
        for v in [mailboxList, sidebarBar, messageList, listBar, emptyLabel] as [View] { addSubview(v) }
        mailboxList.dataSource = self
        messageList.dataSource = self
        mailboxList.onSelect = { [weak self] row in
            guard let self else { return }
            self.show(self.app.library.mailboxes[row])
            self.showsSidebarOnly = false
        }
        messageList.onSelect = { [weak self] row in
            guard let self, let s = self.index.summary(at: row) else { return }
            self.app.open(s, from: self.scene)
        }
        observer = app.library.observe { [weak self] in self?.libraryChanged() }
        loadingObserver = app.library.observeLoading { [weak self] id, change in self?.arrived(id, change) }
        show(mailbox)
    }

    isolated deinit {
        if let observer { library.stopObserving(observer) }
        if let loadingObserver { library.stopObserving(loadingObserver) }
    }

    /// On a screen, the mailbox is listed and its rows read in the background (the screen's
    /// `backgroundWork`), the list filling as they arrive; on none (a window made in a test, not
    /// shown), they are read at once when it is laid out. Nothing is read as the window is made.
    var readsInBackground: Bool { root != nil }

    /// Off any screen, the listing is read when the window is first laid out.
    private func loadNowIfOffScreen() {
        guard !readsInBackground, !index.isLoaded else { return }
        _ = index.refs
        messageList.reloadData()
        mailboxList.reloadConfigured()
        if let s = pendingScroll {
            messageList.contentOffset = messageList.clamped(Point(0, s))
            pendingScroll = nil
        }
        updateEmpty()
    }

    public override func didMoveToRoot() {
        super.didMoveToRoot()
        guard readsInBackground else { return }
        startLoading()
        messageList.reloadData()
        mailboxList.reloadConfigured()
        updateEmpty()
    }

    private func startLoading() {
        guard readsInBackground else { return }
        index.load(using: environment.backgroundWork, for: self)
    }

    /// The listing or some summaries of a mailbox arrived.
    private func arrived(_ id: String, _ change: MailboxIndex.Change) {
        if change == .listing { mailboxList.reloadConfigured() }
        guard id == mailbox.id else { return }
        switch change {
        case .listing:
            messageList.reloadData()
            if let s = pendingScroll {
                messageList.contentOffset = messageList.clamped(Point(0, s))
                pendingScroll = nil
            }
            updateEmpty()
        case .summaries:
            // Only the rows still waiting for their summary are configured again.
            for (i, r) in messageList.visibleRows {
                guard let row = r as? MessageRowView, row.isPlaceholder else { continue }
                _ = list(messageList, viewForRow: i, reusing: row)
            }
        }
    }

    /// Shows another mailbox in this window.
    public func show(_ box: Mailbox, scroll: Double = 0) {
        mailbox = box
        index = app.library.index(of: box)
        listBar.localizedTitle = MailStrings.name(of: box)
        scene?.title = MailStrings.name(of: box).resolved(language)
        mailboxList.selectedRow = app.library.mailboxes.firstIndex { $0.id == box.id }
        messageList.selectedRow = nil
        startLoading()
        messageList.reloadData()
        mailboxList.reloadConfigured()
        if index.isLoaded {
            messageList.contentOffset = messageList.clamped(Point(0, scroll))
            pendingScroll = nil
        } else {
            messageList.contentOffset = .zero
            pendingScroll = scroll
        }
        updateEmpty()
    }

    private func updateEmpty() {
        if !index.isLoaded {
            emptyLabel.localizedText = MailStrings.loading
        } else if let p = index.loadedProblem {
            emptyLabel.localizedText = MailStrings.folderUnreadable.formatted(p)
        } else {
            emptyLabel.localizedText = index.loadedCount == 0 ? MailStrings.noMessages : ""
        }
        emptyLabel.isHidden = emptyLabel.localizedText.en.isEmpty
    }

    private func libraryChanged() {
        if app.library.mailbox(id: mailbox.id) == nil, let inbox = app.library.mailbox(role: .inbox) {
            show(inbox)
            return
        }
        index = app.library.index(of: mailbox)
        messageList.reloadData()
        mailboxList.reloadConfigured()
        updateEmpty()
    }

    /// The scroll position, for restoration (the one still to be shown while the listing is read).
    var scrollOffset: Double { pendingScroll ?? messageList.contentOffset.y }

    public override func layoutSubviews() {
        loadNowIfOffScreen()
        let top = safeAreaInsets.top
        let barH = top + NavigationBar.height
        let twoColumns = bounds.width >= Self.twoColumnWidth
        sidebarBar.contentInsetTop = top
        listBar.contentInsetTop = top
        listBar.leadingItems = twoColumns ? [] : [sidebarButton]
        if twoColumns {
            let w = Self.sidebarWidth
            sidebarBar.frame = Rect(0, 0, w, barH)
            mailboxList.frame = Rect(0, barH, w, bounds.height - barH)
            listBar.frame = Rect(w, 0, bounds.width - w, barH)
            messageList.frame = Rect(w, barH, bounds.width - w, bounds.height - barH)
            for v in [sidebarBar, mailboxList, listBar, messageList] as [View] { v.isHidden = false }
        } else {
            sidebarBar.frame = Rect(0, 0, bounds.width, barH)
            mailboxList.frame = Rect(0, barH, bounds.width, bounds.height - barH)
            listBar.frame = sidebarBar.frame
            messageList.frame = mailboxList.frame
            sidebarBar.isHidden = !showsSidebarOnly
            mailboxList.isHidden = !showsSidebarOnly
            listBar.isHidden = showsSidebarOnly
            messageList.isHidden = showsSidebarOnly
        }
        messageList.contentInset = EdgeInsets(bottom: safeAreaInsets.bottom)
        emptyLabel.frame = Rect(
            messageList.frame.minX + 20, messageList.frame.midY - 40, messageList.frame.width - 40, 80)
    }

    public override func draw(in canvas: any Canvas) {
        SidebarLayout(bounds: bounds, showsSidebarOnly: showsSidebarOnly).drawSeparator(in: canvas)
    }
}

extension MailboxWindowView: ListView.DataSource {
    public func numberOfRows(in list: ListView) -> Int {
        if list === mailboxList { return app.library.mailboxes.count }
        return index.loadedCount
    }

    public func list(_ list: ListView, heightOfRow row: Int) -> Double {
        list === mailboxList ? MailboxRowView.height : MessageRowView.height
    }

    public func list(_ list: ListView, viewForRow row: Int, reusing: ListRow?) -> ListRow {
        if list === mailboxList {
            let r = (reusing as? MailboxRowView) ?? makeMailboxRow()
            let box = app.library.mailboxes[row]
            let boxIndex = app.library.index(of: box)
            if readsInBackground {
                boxIndex.load(using: environment.backgroundWork, for: self)
                r.configure(box, unread: boxIndex.loadedUnreadCount ?? 0)
            } else {
                r.configure(box, unread: boxIndex.unreadCount)
            }
            return r
        }
        let r = (reusing as? MessageRowView) ?? makeMessageRow()
        guard readsInBackground else {
            if let s = index.summary(at: row) {
                r.configure(s, now: app.library.now())
            } else if let reason = index.failure(at: row) {
                r.configureUnreadable(reason: reason)
            }
            return r
        }
        if let s = index.loadedSummary(at: row) {
            r.configure(s, now: app.library.now())
        } else if let reason = index.loadedFailure(at: row) {
            r.configureUnreadable(reason: reason)
        } else {
            r.configureLoading()
            index.want(row: row, using: environment.backgroundWork, for: self)
        }
        return r
    }

    private func makeMessageRow() -> MessageRowView {
        let r = MessageRowView()
        let drag = DragInteraction(delegate: dragSource)
        drag.appIdentifier = app.identifier
        r.addInteraction(drag)
        messageMenus.attach(to: r)
        return r
    }

    private func makeMailboxRow() -> MailboxRowView {
        let r = MailboxRowView()
        r.addInteraction(DropInteraction(delegate: mailboxDropTarget))
        mailboxMenus.attach(to: r)
        return r
    }

}

extension ListView {
    /// Reconfigures the rows on screen (counts, selection) without rebuilding the list.
    func reloadConfigured() { reconfigureVisibleRows() }
}

/// Drags a message: to a screen side it opens in its own window (W2b); onto a mailbox it moves there;
/// into another app as its whole text (loaded on drop), named by its subject.
@MainActor final class MessageDragSource: DragInteractionDelegate {
    let library: MailLibrary
    init(library: MailLibrary) { self.library = library }

    func itemsForBeginning(_ interaction: DragInteraction, at point: Point) -> [DragItem] {
        guard let row = interaction.view as? MessageRowView, let s = row.summary else { return [] }
        let item = DragItem.window(for: MailApp.messageActivity(s), title: s.subject, preview: row.bounds.size)
        let library = self.library
        item.provider.register(type: ItemType.plainText) { Array(library.message(s.ref).text.utf8) }
        item.localObject = MessageDragObject(summary: s, activity: MailApp.messageActivity(s))
        return [item]
    }
}

/// A message in flight: what a mailbox needs to move it, and the activity a screen side needs.
@MainActor public final class MessageDragObject: ActivityCarrying {
    public let summary: MessageSummary
    public let activity: UserActivity
    init(summary: MessageSummary, activity: UserActivity) {
        self.summary = summary
        self.activity = activity
    }
}

/// A mailbox row takes a dragged message and moves it there.
@MainActor final class MailboxDropTarget: DropInteractionDelegate {
    unowned let app: MailApp
    init(app: MailApp) { self.app = app }

    func dropInteraction(_ interaction: DropInteraction, canHandle session: DragSession) -> Bool {
        session.items.contains { $0.localObject is MessageDragObject }
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DragSession) -> DropOperation {
        guard let row = interaction.view as? MailboxRowView, let target = row.mailbox else { return .forbidden }
        let from = session.items.compactMap { ($0.localObject as? MessageDragObject)?.summary.ref.mailbox.id }
        return from.allSatisfy { $0 == target.id } ? .forbidden : .move
    }

    func dropInteraction(_ interaction: DropInteraction, performDrop session: DragSession) {
        guard let row = interaction.view as? MailboxRowView, let target = row.mailbox else { return }
        for item in session.items {
            if let m = item.localObject as? MessageDragObject { app.library.move(m.summary.ref, to: target) }
        }
    }
}
