import Foundation

/// A recipe: what a recipe window shows.
public struct Recipe: Codable, Hashable, Sendable, Identifiable {
    public var id: String
    public var title: String
    public var minutes: Int
    public var steps: [String]
    public var isFavorite = false

    public init(id: String, title: String, minutes: Int, steps: [String], isFavorite: Bool = false) {
        self.id = id
        self.title = title
        self.minutes = minutes
        self.steps = steps
        self.isFavorite = isFavorite
    }
}

/// The recipes, kept in `recipes.json` in the app's data folder (written atomically on each change).
@MainActor public final class Cookbook {
    public private(set) var recipes: [Recipe]
    /// Where the recipes are saved; nil keeps them in memory.
    let file: URL?
    /// Told after every change.
    var onChange: [() -> Void] = []

    public init(recipes: [Recipe], file: URL? = nil) {
        self.recipes = recipes
        self.file = file
    }

    /// The cookbook in `folder`, or the sample recipes on first use. A file that cannot be read is
    /// left as it is and said in one line; the samples are shown and nothing is saved over it.
    public static func load(from folder: URL) -> Cookbook {
        let file = folder.appendingPathComponent("recipes.json")
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return Cookbook(recipes: samples, file: file)
        }
        do {
            return Cookbook(recipes: try JSONDecoder().decode([Recipe].self, from: data), file: file)
        } catch {
            FileHandle.standardError.write(Data("recipes: cannot read \(file.path): \(error); not saving\n".utf8))
            return Cookbook(recipes: samples, file: nil)
        }
    }

    public func recipe(_ id: String) -> Recipe? { recipes.first { $0.id == id } }

    public func toggleFavorite(_ id: String) {
        guard let i = recipes.firstIndex(where: { $0.id == id }) else { return }
        recipes[i].isFavorite.toggle()
        changed()
    }

    public func delete(_ id: String) {
        recipes.removeAll { $0.id == id }
        changed()
    }

    private func changed() {
        if let file {
            do {
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try JSONEncoder().encode(recipes).write(to: file, options: .atomic)
            } catch {
                FileHandle.standardError.write(Data("recipes: cannot save \(file.path): \(error)\n".utf8))
            }
        }
        for f in onChange { f() }
    }

    public static let samples = [
        Recipe(
            id: "borscht", title: "Борщ", minutes: 120,
            steps: ["Свёклу натереть и потушить.", "Сварить бульон.", "Добавить капусту и картофель."]),
        Recipe(
            id: "pancakes", title: "Pancakes", minutes: 25,
            steps: ["Whisk flour, milk and eggs.", "Rest the batter 10 minutes.", "Fry thin, one at a time."]),
        Recipe(
            id: "shakshuka", title: "Shakshuka", minutes: 30,
            steps: ["Soften onion and pepper.", "Add tomatoes and spices.", "Crack in the eggs, cover."]),
        Recipe(
            id: "pelmeni", title: "Пельмени", minutes: 90,
            steps: ["Замесить тесто.", "Слепить пельмени.", "Варить 7 минут после всплытия."]),
    ]
}
