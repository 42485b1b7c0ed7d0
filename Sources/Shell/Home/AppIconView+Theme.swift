import Graphics
import Scenes
import SystemUI

extension AppIconView {
    /// Draws `icon` as a picture for the desktop's icon theme (hicolor): the view the Home screen shows,
    /// without its name, centred on a transparent square of `ShellMetrics.themeIconSide` points. The
    /// canvas's scale sets the pixels (a 128-pixel PNG is drawn at 128 / `themeIconSide`).
    public static func drawThemeIcon(_ icon: AppIcon, identifier: String, in canvas: any Canvas) {
        let view = AppIconView(
            appIdentifier: identifier, name: "", symbol: icon.symbol, colors: (icon.topColor, icon.bottomColor),
            showsName: false)
        let margin = (ShellMetrics.themeIconSide - ShellMetrics.homeIconSize) / 2
        view.frame = Rect(margin, margin, ShellMetrics.homeIconSize, ShellMetrics.homeIconSize)
        view.render(in: canvas)
    }
}
