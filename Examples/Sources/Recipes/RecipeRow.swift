import Graphics
import Menus
import Scenes
import UI

/// One recipe in the list. Touch and hold it (or right-click it): it lifts out as the preview and its
/// menu appears — the same menu on every row (C4), short commands in groups (C9), Delete last and red.
/// The system adds Open in New Window (W2d) because the app declares the recipe's activity type.
/// Drag it to a side of the screen and it opens there (W2b).
@MainActor final class RecipeRow: ListRow, ContextMenuInteractionDelegate, DragInteractionDelegate {
    let title = Label("", style: .body)
    let detail = Label("", style: .subheadline, color: .secondaryLabel)
    let star = ImageView(symbol: "star.fill", tint: .systemOrange)
    var recipe: Recipe?
    unowned let cookbook: Cookbook

    init(cookbook: Cookbook) {
        self.cookbook = cookbook
        super.init()
        addSubview(title)
        addSubview(detail)
        addSubview(star)
        let menu = ContextMenuInteraction(delegate: self)
        addInteraction(menu)
        WindowMenuItems.setActivity(for: menu) { [weak self] in self?.recipe.flatMap(RecipesApp.activity(for:)) }
        let drag = DragInteraction(delegate: self)
        drag.appIdentifier = "org.example.recipes"
        addInteraction(drag)
    }

    func configure(_ recipe: Recipe) {
        self.recipe = recipe
        title.text = recipe.title
        detail.localizedText = Strings.minutes.formatted(String(recipe.minutes))
        star.isHidden = !recipe.isFavorite
    }

    override func layoutSubviews() {
        title.frame = Rect(16, 8, bounds.width - 64, 24)
        detail.frame = Rect(16, 32, bounds.width - 64, 20)
        star.frame = Rect(bounds.width - 40, (bounds.height - 20) / 2, 20, 20)
    }

    // MARK: The context menu

    func contextMenuInteraction(
        _ interaction: ContextMenuInteraction, configurationForMenuAtLocation location: Point
    ) -> ContextMenuConfiguration? {
        guard let recipe else { return nil }
        let cookbook = self.cookbook
        return ContextMenuConfiguration(identifier: "recipes.recipe") { suggested in
            Menu(identifier: "recipes.recipe") {
                Menu(options: .displayInline) {
                    Action(
                        recipe.isFavorite ? Strings.unfavorite : Strings.favorite,
                        image: recipe.isFavorite ? "star" : "star.fill"
                    ) { _ in cookbook.toggleFavorite(recipe.id) }
                }
                // The system's suggestions: Open in New Window.
                Menu(options: .displayInline, children: suggested)
                Menu(options: .displayInline) {
                    Action(Strings.delete, image: "trash", attributes: .destructive) { _ in
                        cookbook.delete(recipe.id)
                    }
                }
            }
        }
    }

    // MARK: Dragging

    func itemsForBeginning(_ interaction: DragInteraction, at point: Point) -> [DragItem] {
        guard let recipe, let activity = RecipesApp.activity(for: recipe) else { return [] }
        return [DragItem.window(for: activity, title: recipe.title, preview: bounds.size)]
    }
}
