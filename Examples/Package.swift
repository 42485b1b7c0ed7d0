// swift-tools-version:6.0
// An app in its own package, built on Slate's products — as a developer outside the repository
// would write it. `make test` builds it and runs it headless (render, a script, the checker).
import PackageDescription

let package = Package(
    name: "SlateExamples",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Recipes", targets: ["Recipes"]),
        .executable(name: "recipes", targets: ["recipes"]),
    ],
    dependencies: [
        // In your own package: .package(name: "Slate", path: "../slate") or a Git URL.
        .package(name: "Slate", path: "..")
    ],
    targets: [
        // The app: only the public API of Graphics, UI, Menus and Scenes.
        .target(
            name: "Recipes",
            dependencies: [
                .product(name: "Graphics", package: "Slate"), .product(name: "UI", package: "Slate"),
                .product(name: "Menus", package: "Slate"), .product(name: "Scenes", package: "Slate"),
            ]),
        // Its command: Slate's whole command line, with Recipes beside Slate's Mail.
        .executableTarget(
            name: "recipes",
            dependencies: ["Recipes", .product(name: "SlateSystem", package: "Slate")]),
    ],
    swiftLanguageModes: [.v6]
)
