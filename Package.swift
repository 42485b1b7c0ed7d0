// swift-tools-version:6.0
// Slate: the iPad window system and its context menus, for Swift on Linux.
import PackageDescription

let package = Package(
    name: "Slate",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Graphics", targets: ["Graphics"]),
        .library(name: "UI", targets: ["UI"]),
        .library(name: "Menus", targets: ["Menus"]),
        .executable(name: "slate", targets: ["slate"]),
    ],
    targets: [
        // C libraries, one small system-library target each (found with pkg-config).
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CRsvg", pkgConfig: "librsvg-2.0", providers: [.apt(["librsvg2-dev"])]),
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),

        .target(name: "Graphics"),
        .target(name: "Rendering", dependencies: ["Graphics", "CCairo", "CPango", "CRsvg"]),
        .target(name: "UI", dependencies: ["Graphics"]),
        .target(name: "Menus", dependencies: ["Graphics", "UI"]),
        .target(name: "Host", dependencies: ["Graphics", "Rendering", "UI", "CSDL2"]),
        .executableTarget(name: "slate", dependencies: ["Graphics", "Rendering", "UI", "Menus", "Host"]),

        .testTarget(name: "GraphicsTests", dependencies: ["Graphics"]),
        .testTarget(name: "RenderingTests", dependencies: ["Graphics", "Rendering"], resources: [.copy("References")]),
        .testTarget(name: "UITests", dependencies: ["Graphics", "UI"]),
        .testTarget(
            name: "MenusTests", dependencies: ["Graphics", "UI", "Menus", "Rendering", "Host"],
            resources: [.copy("References")]),
    ],
    swiftLanguageModes: [.v6]
)
