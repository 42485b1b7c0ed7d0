import Foundation
import Graphics
import Scenes
import Shell
import UI

/// An app with fields, for the keyboard's tests: one window with a text view ("Body"), a one-line
/// field whose return key says Send ("To"), a password field ("Password") and a phone number's
/// ("Phone").
@MainActor final class FieldsApp: Application {
    let identifier = "org.slate.test.fields"
    let displayName = LocalizedString(en: "Fields", ru: "Поля")
    let icon = AppIcon(symbol: "pencil", topColor: .systemGray, bottomColor: .systemGray)
    var activityTypes: Set<String> { [] }
    /// What the To field's return key did.
    static var sent: [String] = []

    var configurations: [SceneConfiguration] {
        [SceneConfiguration(name: "Fields", role: .primary) { FieldsDelegate() }]
    }

    func role(for activity: UserActivity) -> SceneSession.Role { .primary }
}

@MainActor final class FieldsDelegate: SceneDelegate {
    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        scene.title = "Fields"
        let content = FieldsView()
        scene.rootView = content
    }
}

/// The fields, one under the other; the text view fills the rest.
@MainActor final class FieldsView: View {
    let to = TextField(placeholder: "To")
    let password = TextField(placeholder: "Password")
    let phone = TextField(placeholder: "Phone")
    let body = TextView()

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = .systemBackground
        to.accessibilityLabel = "To"
        to.textInputTraits.returnKeyType = .send
        to.textInputTraits.autocapitalization = .none
        to.onReturn = { [weak self] in FieldsApp.sent.append(self?.to.text ?? "") }
        password.accessibilityLabel = "Password"
        password.textInputTraits = .password
        phone.accessibilityLabel = "Phone"
        phone.textInputTraits.keyboardType = .phonePad
        body.accessibilityLabel = "Body"
        for v in [to, password, phone, body] as [View] { addSubview(v) }
    }

    override func layoutSubviews() {
        let top = safeAreaInsets.top
        to.frame = Rect(20, top + 10, bounds.width - 40, 36)
        password.frame = Rect(20, top + 56, bounds.width - 40, 36)
        phone.frame = Rect(20, top + 102, bounds.width - 40, 36)
        body.frame = Rect(0, top + 148, bounds.width, max(0, bounds.height - top - 148))
    }
}
