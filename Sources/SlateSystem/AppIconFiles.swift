import Foundation
import Graphics
import Rendering
import Scenes
import Shell
import SystemUI

/// An app's icon as files of the freedesktop icon theme — `hicolor/N×N/apps/ID.png` at the sizes
/// desktops look for, and `hicolor/scalable/apps/ID.svg` — each drawn by the shell's own
/// `AppIconView` (`drawThemeIcon`), as the Home screen draws it: one drawing, never a second.
@MainActor enum AppIconFiles {
    /// The sizes in pixels: the hicolor theme's usual directories, from menus (16) to large grids (512).
    static let pixelSizes = [16, 24, 32, 48, 64, 128, 256, 512]
    /// Pixels a point for the SVG's one picture (the blurred shadow's mask): sharp at 512 pixels.
    static let svgPictureScale = 512 / ShellMetrics.themeIconSide

    /// Writes `icon` for the app `identifier` under `themes` (an `icons` folder); returns the paths.
    static func write(_ icon: AppIcon, identifier: String, themes: URL) throws -> [String] {
        let hicolor = themes.appendingPathComponent("hicolor", isDirectory: true)
        let side = ShellMetrics.themeIconSide
        let renderer = CairoRenderer()
        var written: [String] = []
        for pixels in pixelSizes {
            let folder = hicolor.appendingPathComponent("\(pixels)x\(pixels)/apps", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let picture = renderer.render(
                size: Size(side, side), scale: Double(pixels) / side, appearance: .light
            ) { canvas in
                AppIconView.drawThemeIcon(icon, identifier: identifier, in: canvas)
            }
            let path = folder.appendingPathComponent("\(identifier).png").path
            try renderer.writePNG(picture, to: path)
            written.append(path)
        }
        let folder = hicolor.appendingPathComponent("scalable/apps", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("\(identifier).svg").path
        try CairoRenderer.writeSVG(size: Size(side, side), scale: svgPictureScale, appearance: .light, to: path) {
            canvas in
            AppIconView.drawThemeIcon(icon, identifier: identifier, in: canvas)
        }
        written.append(path)
        return written
    }
}
