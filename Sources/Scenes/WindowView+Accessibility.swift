import UI

/// A window is a frame to a screen reader, with its role in its description and a "close" command.
extension WindowView: AccessibilityDescribing {
    static let primaryDescription = LocalizedString(en: "primary window", ru: "основное окно")
    static let auxiliaryDescription = LocalizedString(en: "auxiliary window", ru: "вспомогательное окно")

    public var accessibilityRole: AccessibilityRole? { .frame }

    public var accessibilityElementDescription: String? {
        guard let scene else { return nil }
        return (scene.session.role == .primary ? Self.primaryDescription : Self.auxiliaryDescription)
            .text(for: self)
    }

    public var accessibilityCustomActions: [AccessibilityCustomAction] {
        guard let scene, let system = scene.sceneSystem else { return [] }
        let session = scene.session
        return [
            AccessibilityCustomAction(name: "close", localizedName: UIStrings.close.text(for: self)) {
                [weak system] in
                guard let system else { return false }
                do {
                    try system.destroy(session, animation: .standard)
                    return true
                } catch {
                    return false
                }
            }
        ]
    }
}
