import Graphics
import Menus
import Scenes
import SystemUI
import UI

// The system's own context menus: the app icon's (W2c) and the multitasking control's.
extension SystemMenusController {
    /// The app icon's menu: the app's quick actions, then Show All Windows and New Window (W2c).
    func iconMenu(for app: ShellApp) -> ContextMenuConfiguration {
        ContextMenuConfiguration(identifier: "system.app-icon") { [weak self, weak app] _ in
            Menu(identifier: "system.app-icon") {
                Menu(options: .displayInline) {
                    // Another program's own actions (its .desktop file's Actions, e.g. New Private Window).
                    for a in (app?.application as? ForeignApp)?.entry?.actions ?? [] {
                        Action(a.name, image: "macwindow.badge.plus") { _ in
                            guard let self, let app else { return }
                            self.shell.launch(app, action: a)
                        }
                    }
                    for q in app?.application.quickActions ?? [] {
                        Action(q.title, image: q.symbol) { _ in
                            guard let self, let app else { return }
                            self.shell.environment.errors.attempt(ShellStrings.openTheApp, userAction: true) {
                                try app.activate(ActivationRequest(userActivity: q.activity))
                            }
                        }
                    }
                }
                Menu(options: .displayInline) {
                    Action(ShellStrings.showAllWindows, image: "square.grid.2x2", identifier: "show-all-windows") { _ in
                        guard let self, let app else { return }
                        self.shell.showExpose(for: app)
                    }
                    Action(ShellStrings.newWindow, image: "plus", identifier: "new-window") { _ in
                        guard let self, let app else { return }
                        self.shell.newWindow(of: app)
                    }
                }
                // On the Home screen, its edit mode (as iPadOS's icon menu).
                if self?.shell.home.isHidden == false {
                    Action(HomeStrings.editHomeScreen, image: "pencil", identifier: "edit-home-screen") { _ in
                        self?.shell.homeEditor.begin()
                    }
                }
            }
        }
    }

    /// The "•••" control's menu at the top of a window: Full Screen, Split View, Slide Over.
    func presentMultitaskingMenu(for frame: WindowFrameView) {
        let id = frame.id
        let interaction = ContextMenuInteraction { [weak self] _ in
            ContextMenuConfiguration(identifier: "system.multitasking") { _ in
                Menu(identifier: "system.multitasking") {
                    Action(ShellStrings.fullScreen, image: "rectangle", identifier: "full-screen") { _ in
                        self?.shell.show(fullScreen: id)
                    }
                    Action(ShellStrings.splitView, image: "square.split.2x1", identifier: "split-view") { _ in
                        self?.shell.show(split: id, on: .left)
                    }
                    Action(ShellStrings.slideOver, image: "rectangle.on.rectangle", identifier: "slide-over") { _ in
                        self?.shell.show(slideOver: id)
                    }
                }
            }
        }
        frame.control.interactions.forEach { frame.control.removeInteraction($0) }
        frame.control.addInteraction(interaction)
        _ = interaction.present(
            at: frame.control.convert(Point(frame.control.bounds.midX, frame.control.bounds.maxY), to: nil),
            form: .compact)
    }
}
