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
        .library(name: "Scenes", targets: ["Scenes"]),
        .library(name: "SlateTesting", targets: ["SlateTesting"]),
        .library(name: "MailStore", targets: ["MailStore"]),
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
        .target(name: "Scenes", dependencies: ["Graphics", "UI", "Menus"]),
        .target(name: "Host", dependencies: ["Graphics", "Rendering", "UI", "CSDL2"]),
        .target(name: "Shell", dependencies: ["Graphics", "UI", "Scenes"]),
        .target(name: "Guidelines", dependencies: ["Graphics", "UI", "Menus", "Scenes"]),
        .target(name: "MailStore"),
        .target(name: "Mail", dependencies: ["Graphics", "UI", "Menus", "Scenes", "MailStore"]),
        .target(
            name: "SlateTesting", dependencies: ["Graphics", "Rendering", "UI", "Menus", "Host", "Scenes", "Shell"]),
        .executableTarget(
            name: "slate",
            dependencies: [
                "Graphics", "Rendering", "UI", "Menus", "Host", "Scenes", "Shell", "Mail", "Guidelines", "SlateTesting",
            ]),
        // Saves scene state in a loop and acknowledges each save; the kill test SIGKILLs it.
        .executableTarget(name: "SceneSaveLoop", dependencies: ["Scenes"]),

        .testTarget(name: "GraphicsTests", dependencies: ["Graphics"]),
        .testTarget(name: "RenderingTests", dependencies: ["Graphics", "Rendering"], resources: [.copy("References")]),
        .testTarget(name: "UITests", dependencies: ["Graphics", "UI"]),
        .testTarget(
            name: "MenusTests", dependencies: ["Graphics", "UI", "Menus", "Rendering", "Host"],
            resources: [.copy("References")]),
        .testTarget(name: "ScenesTests", dependencies: ["Graphics", "UI", "Scenes", "SceneSaveLoop"]),
        .testTarget(name: "MailStoreTests", dependencies: ["MailStore"]),
        .testTarget(name: "MailTests", dependencies: ["Mail", "MailStore", "UI", "Graphics"]),
        .testTarget(
            name: "GuidelinesTests", dependencies: ["Guidelines", "Graphics", "UI", "Menus", "Scenes", "Mail"],
            resources: [.copy("Menus")]),
        .testTarget(
            name: "ShellTests", dependencies: ["Graphics", "UI", "Scenes", "Shell", "Host", "SlateTesting"],
            resources: [.copy("References")]),
        .testTarget(name: "SlateTestingTests", dependencies: ["Graphics", "UI", "Host", "SlateTesting"]),
        // Seeded random input on the whole system (Shell, Mail, menus), invariants checked every step.
        .testTarget(
            name: "MonkeyTests",
            dependencies: [
                "Graphics", "UI", "Menus", "Scenes", "Shell", "Host", "Rendering", "Mail", "MailStore", "SlateTesting",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
