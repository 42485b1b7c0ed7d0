import Graphics
import Menus
import Scenes
import UI

/// The menu bar (swipe down from the top edge, F10): a Recipe menu with the commands of a recipe's
/// context menu — the menu bar holds every one of them (M2) — acting on the recipe selected in the
/// list, each with its keyboard shortcut; greyed while none is selected. The system adds the rest:
/// the app menu, Edit's commands for focused text, New Window, Close Window, the Window menu.
extension RecipesApp {
    public func buildMenuBar(_ builder: MenuBarBuilder, for scene: WindowScene) {
        let cookbook = self.cookbook
        let row = (scene.rootView as? RecipeListView)?.list.selectedRow
        let recipe = row.flatMap { cookbook.recipes.indices.contains($0) ? cookbook.recipes[$0] : nil }
        let greyed: Action.Attributes = recipe == nil ? .disabled : []
        builder.insertSibling(
            Menu(LocalizedString(en: "Recipe", ru: "Рецепт"), identifier: "recipes.recipe-menu") {
                let favorite = recipe?.isFavorite == true ? Strings.unfavorite : Strings.favorite
                Action(favorite, key: "d", attributes: greyed) { _ in
                    if let recipe { cookbook.toggleFavorite(recipe.id) }
                }
                Action(Strings.delete, key: .backspace, attributes: greyed.union(.destructive)) { _ in
                    if let recipe { cookbook.delete(recipe.id) }
                }
            }, afterMenu: MenuBar.Identifier.view)
    }
}
