// swift-tools-version:6.0
// Slate: the iPad window system and its context menus, for Swift on Linux.
import PackageDescription

let package = Package(
    name: "Slate",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Graphics", targets: ["Graphics"]),
    ],
    targets: [
        .target(name: "Graphics"),
        .testTarget(name: "GraphicsTests", dependencies: ["Graphics"]),
    ],
    swiftLanguageModes: [.v6]
)
