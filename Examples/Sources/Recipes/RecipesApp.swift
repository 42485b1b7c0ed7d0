import Graphics
import Scenes
import UI

/// Recipes: the list in primary windows, one recipe in an auxiliary window with Done.
@MainActor public final class RecipesApp: Application {
    public static let listActivity = "org.example.recipes.list"
    public static let recipeActivity = "org.example.recipes.recipe"

    public let identifier = "org.example.recipes"  // windows kept in ~/.local/state/slate/org.example.recipes/
    public let displayName = LocalizedString(en: "Recipes", ru: "Рецепты")
    public let icon = AppIcon(symbol: "list.bullet", topColor: Color(hex: 0xFFB340), bottomColor: Color(hex: 0xFF6A00))
    public let activityTypes: Set<String> = [RecipesApp.listActivity, RecipesApp.recipeActivity]
    public let cookbook: Cookbook

    public init(cookbook: Cookbook) {
        self.cookbook = cookbook
    }

    public var configurations: [SceneConfiguration] {
        [
            SceneConfiguration(name: "Recipes", role: .primary) { [unowned self] in RecipeListScene(app: self) },
            SceneConfiguration(name: "Recipe", role: .auxiliary, closingButtonStyle: .done) { [unowned self] in
                RecipeScene(app: self)
            },
        ]
    }

    /// A recipe opens in an auxiliary window; the list in a primary one.
    public func role(for activity: UserActivity) -> SceneSession.Role {
        activity.activityType == Self.recipeActivity ? .auxiliary : .primary
    }

    /// Offers every recipe to Spotlight: found by its title and its steps, opened in its own window.
    public func didConnect(to system: any SceneSystem) {
        let items = cookbook.recipes.compactMap { recipe in
            Self.activity(for: recipe).map { activity in
                SearchableItem(
                    identifier: recipe.id, kind: .document, title: recipe.title,
                    subtitle: Strings.minutes.formatted(String(recipe.minutes)).resolved(system.language),
                    text: recipe.steps.joined(separator: "\n"), userActivity: activity)
            }
        }
        // The one failure is more items than an app may keep, which a cookbook never is.
        try? system.indexSearchableItems(items)
    }

    /// What opens a recipe in its own window (Open in New Window, a drop on a side of the screen).
    public static func activity(for recipe: Recipe) -> UserActivity? {
        try? UserActivity(
            type: recipeActivity, title: recipe.title, targetContentIdentifier: "recipe/\(recipe.id)",
            payload: recipe.id)
    }
}

/// A primary window: every recipe, a place people come back to.
@MainActor final class RecipeListScene: SceneDelegate {
    let app: RecipesApp
    init(app: RecipesApp) { self.app = app }

    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        scene.title = app.displayName.resolved(scene.language)
        let list = RecipeListView(app: app)
        list.open = { [weak scene] recipe in
            guard let scene, let activity = RecipesApp.activity(for: recipe) else { return }
            // Centred over the list; a recipe already open in a window comes forward instead.
            let request = ActivationRequest(userActivity: activity, requestingScene: scene, placement: .prominent)
            scene.windowView.environment.errors.attempt(Strings.openRecipe, userAction: true) {
                try scene.sceneSystem?.activate(request)
            }
        }
        scene.rootView = list
    }
}

/// An auxiliary window: one recipe, and Done.
@MainActor final class RecipeScene: SceneDelegate {
    let app: RecipesApp
    init(app: RecipesApp) { self.app = app }

    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        guard let activity = options.userActivities.first ?? session.userActivity,
            let id = try? activity.payload(as: String.self), let recipe = app.cookbook.recipe(id)
        else {
            scene.rootView = Label(Strings.gone)
            return
        }
        scene.title = recipe.title
        scene.rootView = RecipeView(recipe: recipe)
    }
}

/// The app's words, in English and Russian.
enum Strings {
    static let favorite = LocalizedString(en: "Favorite", ru: "В избранное")
    static let unfavorite = LocalizedString(en: "Remove from Favorites", ru: "Убрать из избранного")
    static let delete = LocalizedString(en: "Delete", ru: "Удалить")
    static let minutes = LocalizedString(en: "%@ min", ru: "%@ мин")
    static let openRecipe = LocalizedString(en: "open the recipe", ru: "открыть рецепт")
    static let gone = LocalizedString(en: "This recipe was deleted.", ru: "Этот рецепт удалён.")
}
