import Graphics
import UI

/// One recipe: how long it takes and its steps.
@MainActor final class RecipeView: View {
    let minutes = Label("", style: .headline)
    let steps: [Label]

    init(recipe: Recipe) {
        steps = recipe.steps.enumerated().map { i, s in
            let l = Label("\(i + 1). \(s)", style: .body)
            l.numberOfLines = 0
            return l
        }
        super.init()
        backgroundColor = .systemBackground
        minutes.localizedText = Strings.minutes.formatted(String(recipe.minutes))
        addSubview(minutes)
        for s in steps { addSubview(s) }
    }

    override func layoutSubviews() {
        let area = bounds.inset(by: safeAreaInsets).insetBy(dx: 20, dy: 16)
        minutes.frame = Rect(area.minX, area.minY, area.width, 24)
        var y = area.minY + 36
        for s in steps {
            let h = s.sizeThatFits(Size(area.width, .infinity)).height
            s.frame = Rect(area.minX, y, area.width, h)
            y += h + 10
        }
    }
}
