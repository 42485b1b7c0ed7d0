import Foundation
import Graphics
import Rendering
import Scenes
import SlateTesting
import Testing

@testable import Shell
@testable import SystemUI

/// An app's icon for the desktop's icon theme (what `make install` puts into hicolor): the Home
/// screen's icon, drawn by the same view, with clear space around it; as a PNG at each size and as an
/// SVG whose shapes stay shapes.
@MainActor @Suite struct AppIconThemeTests {
    /// Mail's icon (`MailApp.icon`).
    static let mail = AppIcon(symbol: "envelope", topColor: Color(hex: 0x4FB3FF), bottomColor: Color(hex: 0x0A6CFF))

    static func picture(pixels: Int) -> PixelImage {
        let side = ShellMetrics.themeIconSide
        return CairoRenderer().render(size: Size(side, side), scale: Double(pixels) / side, appearance: .light) {
            AppIconView.drawThemeIcon(mail, identifier: "org.slate.mail", in: $0)
        }
    }

    @Test func theIconIsTheHomeScreensWithAMargin() {
        let image = Self.picture(pixels: 128)
        expectReference(image, "theme-icon-mail-128")
        // The shape fills 824/1024 of the picture (12.5 to 115.5 pixels): clear at the corners, at
        // most the shadow just outside its edge, the gradient's colours at its top and bottom.
        #expect(image.pixel(x: 0, y: 0).alpha == 0)
        #expect(image.pixel(x: 64, y: 10).alpha < 0.1)
        let top = image.pixel(x: 64, y: 14)
        let bottom = image.pixel(x: 64, y: 113)
        #expect(top.alpha == 1 && bottom.alpha == 1)
        #expect(top.blue > 0.9 && bottom.blue > 0.9)
        #expect(bottom.green < top.green)
    }

    @Test func theSmallestIconIsTheSameDrawing() {
        expectReference(Self.picture(pixels: 16), "theme-icon-mail-16")
    }

    @Test func theSVGKeepsItsShapesAsShapes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("slate-icon-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("org.slate.mail.svg").path
        let side = ShellMetrics.themeIconSide
        try CairoRenderer.writeSVG(size: Size(side, side), scale: 4, appearance: .light, to: path) {
            AppIconView.drawThemeIcon(Self.mail, identifier: "org.slate.mail", in: $0)
        }
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        // The rounded square with its gradient and the envelope are paths; the one picture is the
        // blurred shadow's mask.
        #expect(svg.contains("<linearGradient"))
        #expect(svg.components(separatedBy: "<path").count > 2)
        #expect(svg.components(separatedBy: "<image").count == 2)
        #expect(!FileManager.default.fileExists(atPath: path + ".tmp"))
    }
}
