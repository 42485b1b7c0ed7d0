import Graphics
import UI

/// The list of recipes; a tap opens one in its own window.
@MainActor final class RecipeListView: View, ListView.DataSource {
    let app: RecipesApp
    let bar = NavigationBar()
    let list = ListView()
    /// Opens a recipe (the scene delegate asks the system for a window).
    var open: ((Recipe) -> Void)?

    init(app: RecipesApp) {
        self.app = app
        super.init()
        backgroundColor = .systemBackground
        bar.localizedTitle = app.displayName
        addSubview(bar)
        list.dataSource = self
        list.onSelect = { [weak self] row in
            guard let self, app.cookbook.recipes.indices.contains(row) else { return }
            self.open?(app.cookbook.recipes[row])
        }
        addSubview(list)
        app.cookbook.onChange.append { [weak self] in self?.list.reloadData() }
    }

    override func layoutSubviews() {
        let top = safeAreaInsets.top
        bar.contentInsetTop = top
        bar.frame = Rect(0, 0, bounds.width, top + NavigationBar.height)
        list.frame = Rect(0, bar.frame.maxY, bounds.width, bounds.height - bar.frame.maxY - safeAreaInsets.bottom)
    }

    func numberOfRows(in list: ListView) -> Int { app.cookbook.recipes.count }

    func list(_ list: ListView, heightOfRow row: Int) -> Double { 60 }

    func list(_ list: ListView, viewForRow row: Int, reusing: ListRow?) -> ListRow {
        let r = (reusing as? RecipeRow) ?? RecipeRow(cookbook: app.cookbook)
        r.configure(app.cookbook.recipes[row])
        return r
    }
}
