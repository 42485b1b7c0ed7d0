import Foundation
import Graphics
import Scenes
import UI

/// A primary window of Notes: the folders beside the notes of one, with a search field and New Note
/// (W3). Several can be open, each on its own folder (W4); each keeps its folder and scroll position.
@MainActor public final class NotesWindowView: View {
    let app: NotesApp
    /// Kept strongly: the window may outlive the app object at shutdown.
    let store: NoteStore
    weak var scene: WindowScene?
    /// The bar over the folders.
    public let sidebarBar = NavigationBar()
    /// The folders.
    public let folderList = ListView()
    /// The bar over the notes, with New Note.
    public let listBar = NavigationBar()
    /// Narrows the notes to those whose beginning has every word typed.
    public let searchField = TextField(placeholder: NotesStrings.search)
    /// The notes of the folder, newest first.
    public let noteList = ListView()
    let newNoteButton = Button(symbol: "pencil")
    let sidebarButton = Button(symbol: "sidebar.left")
    let emptyLabel = Label("", style: .body, color: .secondaryLabel)
    /// Says that text of notes that could not be saved was kept, with Open.
    public let recoveryNotice = NoticeBar(symbol: "arrow.uturn.backward", tint: .tint)
    /// The notes whose kept text the notice offers.
    var recovered: [NoteRecovery.Kept] = []
    /// The folder shown, from the notes folder ("" for the notes folder itself).
    public private(set) var folder: String
    var folders: [String] = []
    /// Every note of the folder, newest first; titles are read as rows show.
    var allNotes: [NoteSummary] = []
    /// The notes the search leaves.
    var shown: [NoteSummary] = []
    var problem: String?
    private var observer: UUID?
    var showsSidebarOnly = false { didSet { setNeedsLayout() } }
    lazy var menus = NoteMenuDelegate(window: self)
    lazy var folderMenus = FolderMenuDelegate(window: self)
    lazy var dragSource = NoteDragSource(app: app)
    lazy var listDropTarget = NoteListDropTarget(window: self)

    /// Windows narrower than this show one column at a time, as Mail's and Settings' do.
    public static let twoColumnWidth = SidebarLayout.twoColumnWidth
    /// The folders' column, as wide as Mail's mailboxes.
    public static let sidebarWidth = SidebarLayout.sidebarWidth
    /// The search field's band under the bar: a 36 pt field with 8 pt around it.
    static let searchHeight: Double = 52

    init(app: NotesApp, folder: String, scroll: Double = 0) {
        self.app = app
        self.store = app.store
        self.folder = folder
        super.init()
        backgroundColor = .systemBackground
        sidebarBar.localizedTitle = NotesStrings.folders
        sidebarBar.backgroundColor = .secondarySystemBackground
        folderList.backgroundColor = .secondarySystemBackground
        folderList.separatorInset = 52
        newNoteButton.localizedAccessibilityLabel = NotesStrings.newNote
        newNoteButton.action = { [weak self] in self?.newNote() }
        sidebarButton.localizedAccessibilityLabel = NotesStrings.folders
        sidebarButton.action = { [weak self] in self?.showsSidebarOnly.toggle() }
        listBar.trailingItems = [newNoteButton]
        searchField.localizedAccessibilityLabel = NotesStrings.search
        searchField.backgroundColor = .secondarySystemBackground
        searchField.cornerRadius = 10
        searchField.onChange = { [weak self] _ in self?.filter() }
        noteList.separatorInset = 20
        // Every row is one height: a folder of 10,000 notes is not measured row by row.
        noteList.rowHeight = NoteRowView.height
        folderList.rowHeight = FolderRowView.height
        noteList.identifier = "note-list"
        folderList.identifier = "folder-list"
        emptyLabel.alignment = .center
        emptyLabel.numberOfLines = 0
        for v in [folderList, sidebarBar, noteList, searchField, listBar, emptyLabel, recoveryNotice] as [View] {
            addSubview(v)
        }
        recoveryNotice.isHidden = true
        recoveryNotice.setActions([
            (NotesStrings.open, { [weak self] in self.map { $0.app.openRecovered($0.recovered, from: $0.scene) } })
        ])
        folderList.dataSource = self
        noteList.dataSource = self
        noteList.addInteraction(DropInteraction(delegate: listDropTarget))
        folderList.onSelect = { [weak self] row in
            guard let self, row < self.folders.count else { return }
            self.show(self.folders[row])
            self.showsSidebarOnly = false
        }
        noteList.onSelect = { [weak self] row in
            guard let self, row < self.shown.count else { return }
            let n = self.store.summary(self.shown[row])
            self.app.open(n.path, title: n.title, from: self.scene)
        }
        observer = store.observe { [weak self] in self?.storeChanged() }
        show(folder, scroll: scroll)
    }

    isolated deinit {
        if let observer { store.stopObserving(observer) }
    }

    /// Shows another folder in this window.
    public func show(_ folder: String, scroll: Double = 0) {
        self.folder = folder
        folders = store.folders()
        listBar.localizedTitle = NotesStrings.name(ofFolder: folder)
        scene?.title = NotesStrings.name(ofFolder: folder).resolved(language)
        reload()
        folderList.selectedRow = folders.firstIndex(of: folder)
        folderList.reloadData()
        noteList.contentOffset = noteList.clamped(Point(0, scroll))
    }

    /// Looks again for text kept from saves that failed, for notes no window shows.
    func refreshRecovered() {
        recovered = app.recoveredNotes()
        let titles = recovered.map { kept in
            let t = NoteText.title(of: kept.text[...])
            return "“" + (t.isEmpty ? NotesStrings.name(ofNote: kept.path) : t) + "”"
        }
        recoveryNotice.message = NotesStrings.recoveredNotes.formatted(titles.joined(separator: ", "))
        if recoveryNotice.isHidden != recovered.isEmpty {
            recoveryNotice.isHidden = recovered.isEmpty
            setNeedsLayout()
        }
    }

    /// Reads the folder's listing again and filters it.
    func reload() {
        refreshRecovered()
        do {
            allNotes = try store.notes(in: folder)
            problem = nil
        } catch {
            allNotes = []
            problem = "\(error.localizedDescription)"
        }
        filter()
    }

    /// Keeps the notes whose beginning (title and first lines) has every word of the search.
    func filter() {
        let words = searchField.text.lowercased().split(separator: " ").map(String.init)
        if words.isEmpty {
            shown = allNotes
        } else {
            shown = allNotes.filter { n in
                let text = store.searchableText(n)
                return words.allSatisfy { text.contains($0) }
            }
        }
        noteList.selectedRow = nil
        noteList.reloadData()
        updateEmpty()
    }

    private func updateEmpty() {
        if let p = problem {
            emptyLabel.localizedText = NotesStrings.notesUnreadable.formatted(p)
        } else if shown.isEmpty {
            emptyLabel.localizedText = searchField.text.isEmpty ? NotesStrings.noNotes : NotesStrings.noResults
        } else {
            emptyLabel.text = ""
        }
        emptyLabel.isHidden = emptyLabel.localizedText.en.isEmpty
    }

    private func storeChanged() {
        let offset = noteList.contentOffset
        if !store.exists(folder) && !folder.isEmpty { folder = "" }
        show(folder, scroll: offset.y)
    }

    /// Makes an empty note in `folder` (this window's by default) and opens it, ready to type.
    func newNote(in folder: String? = nil) {
        let made = environment.errors.attempt(NotesStrings.makeANote, userAction: true) {
            try store.create(in: folder ?? self.folder, text: "", fallbackName: NotesStrings.newNote.resolved(language))
        }
        if let made { app.open(made, title: "", from: scene) }
    }

    /// The scroll position, for restoration.
    var scrollOffset: Double { noteList.contentOffset.y }

    public override func layoutSubviews() {
        let top = safeAreaInsets.top
        let barH = top + NavigationBar.height
        let twoColumns = bounds.width >= Self.twoColumnWidth
        sidebarBar.contentInsetTop = top
        listBar.contentInsetTop = top
        listBar.leadingItems = twoColumns ? [] : [sidebarButton]
        let listX = twoColumns ? Self.sidebarWidth : 0
        let listW = bounds.width - listX
        if twoColumns {
            sidebarBar.frame = Rect(0, 0, Self.sidebarWidth, barH)
            folderList.frame = Rect(0, barH, Self.sidebarWidth, bounds.height - barH)
            for v in [sidebarBar, folderList, listBar, noteList, searchField] as [View] { v.isHidden = false }
        } else {
            sidebarBar.frame = Rect(0, 0, bounds.width, barH)
            folderList.frame = Rect(0, barH, bounds.width, bounds.height - barH)
            sidebarBar.isHidden = !showsSidebarOnly
            folderList.isHidden = !showsSidebarOnly
            for v in [listBar, noteList, searchField] as [View] { v.isHidden = showsSidebarOnly }
        }
        listBar.frame = Rect(listX, 0, listW, barH)
        // The field grows with the text size; the 8 pt around it stays.
        let searchHeight = fontMetrics.scaledValue(Self.searchHeight - 16) + 16
        searchField.frame = Rect(listX + 16, barH + 8, listW - 32, searchHeight - 16)
        var listTop = barH + searchHeight
        if !recoveryNotice.isHidden && !(showsSidebarOnly && !twoColumns) {
            let margin = AlertMetrics.noticeMargin
            let h = recoveryNotice.sizeThatFits(Size(listW - 2 * margin, bounds.height)).height
            recoveryNotice.frame = Rect(listX + margin, listTop, listW - 2 * margin, h)
            listTop = recoveryNotice.frame.maxY + margin
        }
        noteList.frame = Rect(listX, listTop, listW, bounds.height - listTop)
        noteList.contentInset = EdgeInsets(bottom: safeAreaInsets.bottom)
        emptyLabel.frame = Rect(noteList.frame.minX + 20, noteList.frame.minY + 60, noteList.frame.width - 40, 80)
    }

    public override func draw(in canvas: any Canvas) {
        SidebarLayout(bounds: bounds, showsSidebarOnly: showsSidebarOnly).drawSeparator(in: canvas)
    }
}

extension NotesWindowView: ListView.DataSource {
    /// The folders, or the notes the search leaves.
    public func numberOfRows(in list: ListView) -> Int {
        list === folderList ? folders.count : shown.count
    }

    /// A folder row or a note row's height.
    public func list(_ list: ListView, heightOfRow row: Int) -> Double {
        list === folderList ? FolderRowView.height : NoteRowView.height
    }

    /// A row, reused when one is given; a note's title and first line are read as it shows.
    public func list(_ list: ListView, viewForRow row: Int, reusing: ListRow?) -> ListRow {
        if list === folderList {
            let r = (reusing as? FolderRowView) ?? makeFolderRow()
            r.configure(folders[row], count: nil)
            return r
        }
        let r = (reusing as? NoteRowView) ?? makeNoteRow()
        let s = store.summary(shown[row])
        shown[row] = s
        r.configure(s, now: store.now())
        return r
    }

    private func makeFolderRow() -> FolderRowView {
        let r = FolderRowView()
        folderMenus.attach(to: r)
        return r
    }

    private func makeNoteRow() -> NoteRowView {
        let r = NoteRowView()
        let drag = DragInteraction(delegate: dragSource)
        drag.appIdentifier = app.identifier
        r.addInteraction(drag)
        menus.attach(to: r)
        return r
    }
}
