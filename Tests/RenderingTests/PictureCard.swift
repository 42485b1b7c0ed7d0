import Graphics

@testable import UI

/// The card the picture tests draw: blue, rounded, with a white label, rasterized, on `root`.
@MainActor func addPictureCard(to root: RootView) -> (card: View, label: Label) {
    let card = View(frame: Rect(60, 40, 160, 110))
    card.backgroundColor = .systemBlue
    card.cornerRadius = 18
    let label = Label("Атлас", style: .title1, color: .white)
    label.frame = Rect(16, 30, 130, 40)
    card.addSubview(label)
    root.addSubview(card)
    card.rasterizes = true
    return (card, label)
}
