import Foundation
import Recipes
import SlateSystem

// `recipes run`, `render`, `script`, `tour`, `lint`, `bench`: Slate's command line with this app on
// the Home screen and in the Dock, and Slate's Mail beside it.
let recipes = AppEntry(name: "Recipes") { places in
    RecipesApp(cookbook: Cookbook.load(from: places.dataDirectory(for: "recipes")))
}
exit(MainActor.assumeIsolated { Slate.main(apps: [recipes, .mail]) })
