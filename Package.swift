// swift-tools-version:6.0
// Slate: the iPad window system and its context menus, for Swift on Linux.
import PackageDescription

let package = Package(
    name: "Slate",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Graphics", targets: ["Graphics"]),
        .library(name: "MailStore", targets: ["MailStore"]),
    ],
    targets: [
        .target(name: "Graphics"),
        .testTarget(name: "GraphicsTests", dependencies: ["Graphics"]),
        .target(name: "MailStore"),
        .testTarget(name: "MailStoreTests", dependencies: ["MailStore"]),
    ],
    swiftLanguageModes: [.v6]
)
