// swift-tools-version:6.0
// Slate: the iPad window system and its context menus, for Swift on Linux.
import PackageDescription

/// The modules whose pixel loops the tests, the scripts and the virtual machine spend their time in
/// (a menu's stretched backdrop and its shade, compositing, picture comparison): optimized in debug
/// builds too. Unoptimized, they were 41 % of the unit tests' CPU (perf, 8 December 2026), and under
/// the virtual machine's emulated CPU slower still. They are still built for `@testable import`.
let pixelLoopsOptimized: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "Slate",
    platforms: [.macOS(.v14)],
    products: [
        // Every module an app or a system built on Slate needs, bottom to top.
        .library(name: "Graphics", targets: ["Graphics"]),
        .library(name: "SlateLog", targets: ["SlateLog"]),
        .library(name: "Rendering", targets: ["Rendering"]),
        .library(name: "UI", targets: ["UI"]),
        .library(name: "Menus", targets: ["Menus"]),
        .library(name: "Scenes", targets: ["Scenes"]),
        .library(name: "Windowing", targets: ["Windowing"]),
        .library(name: "OnScreenKeyboard", targets: ["OnScreenKeyboard"]),
        .library(name: "ShellPorts", targets: ["ShellPorts"]),
        .library(name: "SystemUI", targets: ["SystemUI"]),
        .library(name: "Shell", targets: ["Shell"]),
        .library(name: "Host", targets: ["Host"]),
        .library(name: "SessionBus", targets: ["SessionBus"]),
        .library(name: "AccessibilityBus", targets: ["AccessibilityBus"]),
        .library(name: "SessionServices", targets: ["SessionServices"]),
        .library(name: "Compositor", targets: ["Compositor"]),
        .library(name: "Spelling", targets: ["Spelling"]),
        .library(name: "ClientHost", targets: ["ClientHost"]),
        .library(name: "Guidelines", targets: ["Guidelines"]),
        .library(name: "SlateScripts", targets: ["SlateScripts"]),
        .library(name: "SlateTesting", targets: ["SlateTesting"]),
        .library(name: "MailStore", targets: ["MailStore"]),
        .library(name: "Mail", targets: ["Mail"]),
        .library(name: "Notes", targets: ["Notes"]),
        .library(name: "Settings", targets: ["Settings"]),
        // The whole command line (`run`, `render`, `script`, `tour`, `lint`, `bench`) over any apps.
        .library(name: "SlateSystem", targets: ["SlateSystem"]),
        .executable(name: "slate", targets: ["slate"]),
        .executable(name: "slate-frame-client", targets: ["slate-frame-client"]),
    ],
    targets: [
        // C libraries, one small system-library target each (found with pkg-config).
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CRsvg", pkgConfig: "librsvg-2.0", providers: [.apt(["librsvg2-dev"])]),
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        .systemLibrary(name: "CWlroots", pkgConfig: "wlroots", providers: [.apt(["libwlroots-dev"])]),
        .systemLibrary(name: "CHunspell", pkgConfig: "hunspell", providers: [.apt(["libhunspell-dev"])]),
        // The Wayland compositor's C side: wlroots behind a narrow API (only `Compositor` imports it).
        // The Wayland interface tables of xdg-shell and Slate's scene protocol, linked once for both sides.
        .target(name: "SlateProtocols", linkerSettings: [.linkedLibrary("wayland-client")]),
        .target(
            name: "SlateCompositorShim", dependencies: ["CWlroots", "SlateProtocols"],
            cSettings: [.define("WLR_USE_UNSTABLE"), .headerSearchPath("protocol")],
            linkerSettings: [
                .linkedLibrary("wlroots"), .linkedLibrary("wayland-server"), .linkedLibrary("xkbcommon"),
                .linkedLibrary("pixman-1"), .linkedLibrary("xcb"), .linkedLibrary("EGL"),
                .linkedLibrary("input"),
            ]),

        // An app process's side of Wayland: xdg-shell toplevels with the scene protocol, wl_shm, the seat.
        .target(
            name: "SlateClientShim", dependencies: ["SlateProtocols"],
            cSettings: [.headerSearchPath("protocol")],
            linkerSettings: [.linkedLibrary("wayland-client"), .linkedLibrary("xkbcommon")]),

        .target(name: "Graphics", swiftSettings: pixelLoopsOptimized),
        // Row kernels in vector arithmetic for pixels Slate computes itself (under Rendering only).
        .target(name: "SlatePixels", swiftSettings: pixelLoopsOptimized),
        // The one log: a logger a subsystem, with levels, over one sink (standard error, or a test's).
        .target(name: "SlateLog"),
        .target(
            name: "Rendering", dependencies: ["Graphics", "SlateLog", "SlatePixels", "CCairo", "CPango", "CRsvg"],
            swiftSettings: pixelLoopsOptimized),
        .target(name: "UI", dependencies: ["Graphics", "SlateLog"]),
        .target(name: "Menus", dependencies: ["Graphics", "UI"], swiftSettings: pixelLoopsOptimized),
        .target(name: "Scenes", dependencies: ["Graphics", "UI", "Menus", "SlateLog"]),
        .target(name: "Host", dependencies: ["Graphics", "Rendering", "UI"]),
        // The window manager as a value: Full-Screen Apps (Split View, Slide Over) and Windowed Apps,
        // their layouts and figures; the window area's chrome passed in.
        .target(name: "Windowing", dependencies: ["Graphics", "Scenes"]),
        // The keyboard on the glass: layouts, pages, Shift and its view; suggestions through `TextSuggesting`.
        .target(name: "OnScreenKeyboard", dependencies: ["Graphics", "UI"]),
        // What the shell needs and offers, as protocols and values: the machine's services (battery,
        // network, backlight, sound, Bluetooth, orientation, the clock) with the in-memory ones of
        // headless runs, the lock's password checking and session, notifications, and the ports the
        // compositor speaks through (programs' toplevels, layer surfaces, session lockers, app
        // processes, the launcher, desktop entries, privileges).
        .target(name: "ShellPorts", dependencies: ["Graphics", "UI", "Menus", "Scenes", "Windowing", "SlateLog"]),
        // The system's own views, by feature: the status bar and the chrome, Control Center and its
        // modules, the lock screen, notifications' platters and Notification Center.
        .target(name: "SystemUI", dependencies: ["Graphics", "UI", "Menus", "Scenes", "Windowing", "ShellPorts"]),
        // Search: an inverted index of items by the words of their titles, keywords and text, in English
        // and Russian — Spotlight's and the App Library's.
        .target(name: "Search", dependencies: ["UI"]),
        .target(
            name: "Shell",
            dependencies: [
                "Graphics", "UI", "Menus", "Scenes", "Windowing", "OnScreenKeyboard", "ShellPorts", "SystemUI",
                "Search",
            ]),
        // D-Bus (libdbus-1) for the host layer: connections, calls with timeouts, signals, properties,
        // served objects, and a worker thread per connection.
        .target(name: "SessionBus", dependencies: ["CDBus"]),
        // libpulse's threaded main loop behind five calls: the default sink's volume and mute.
        .target(name: "SlatePulseShim", linkerSettings: [.linkedLibrary("pulse")]),
        // Linux-PAM behind one call: the lock screen's password checked as a screen locker does.
        .target(name: "SlatePAMShim", linkerSettings: [.linkedLibrary("pam")]),
        // The machine's services behind the shell's protocols: UPower, NetworkManager, logind's
        // backlight, BlueZ, iio-sensor-proxy over SessionBus; PulseAudio or PipeWire through libpulse.
        .target(
            name: "SessionServices",
            dependencies: [
                "Graphics", "UI", "Scenes", "ShellPorts", "SessionBus", "SlatePulseShim", "SlatePAMShim", "Rendering",
            ]),
        // Slate's accessibility tree over AT-SPI2 on D-Bus, for Orca, Accerciser and pyatspi.
        .target(name: "AccessibilityBus", dependencies: ["Graphics", "UI", "Menus", "SessionBus"]),
        // The keyboard's suggestions: hunspell and the system's dictionaries, and their words' index.
        .target(name: "Spelling", dependencies: ["OnScreenKeyboard", "SlateLog", "CHunspell"]),
        // The Wayland compositor: client toplevels become the shell's windows, through ShellPorts
        // alone (the concrete Shell is composed with it above, in SlateSystem and the tests).
        .target(
            name: "Compositor",
            dependencies: [
                "Graphics", "Rendering", "UI", "Scenes", "ShellPorts", "Windowing", "Host", "SlateLog",
                "SlateCompositorShim",
            ]),
        // The client host: a Slate app as a process of its own, its windows shown by Slate's shell.
        .target(
            name: "ClientHost",
            dependencies: [
                "Graphics", "Rendering", "UI", "Scenes", "Host", "AccessibilityBus", "SessionBus",
                "SlateClientShim",
            ]),
        .target(name: "Guidelines", dependencies: ["Graphics", "UI", "Menus", "Scenes", "SlateLog"]),
        .target(name: "MailStore"),
        .target(name: "Mail", dependencies: ["Graphics", "UI", "Menus", "Scenes", "MailStore"]),
        // Notes uses Slate's public products only, as an app from outside would.
        .target(name: "Notes", dependencies: ["Graphics", "UI", "Menus", "Scenes"]),
        // Settings too: every choice of the settings file, on the public products only.
        .target(name: "Settings", dependencies: ["Graphics", "UI", "Menus", "Scenes"]),
        // Scripts on the headless host: the parser, the runner, the world of the shell and apps, the tour.
        .target(
            name: "SlateScripts",
            dependencies: [
                "Graphics", "Rendering", "UI", "Menus", "Host", "Scenes", "Shell", "Windowing", "OnScreenKeyboard",
            ]),
        // What tests use: the scripts, and `expectReference` for pictures (it links swift-testing).
        .target(name: "SlateTesting", dependencies: ["Graphics", "Rendering", "SlateScripts"]),
        .target(
            name: "SlateSystem",
            dependencies: [
                "Graphics", "Rendering", "UI", "Menus", "Host", "Scenes", "Shell", "ShellPorts", "SystemUI",
                "Windowing",
                "Mail", "MailStore",
                "Notes",
                "Settings", "SlateLog",
                "Guidelines", "SlateScripts", "AccessibilityBus", "Compositor", "ClientHost", "SessionServices",
                "Spelling",
            ]),
        // `slate bench`: the benchmarks, linked into the slate program alone (not into the
        // SlateSystem library an app's own program links).
        .target(
            name: "SlateBench",
            dependencies: [
                "SlateSystem", "Graphics", "Rendering", "UI", "Menus", "Host", "Scenes", "Shell", "ShellPorts",
                "Search",
                "OnScreenKeyboard",
                "Mail", "MailStore",
                "Notes", "Settings", "Compositor", "SessionBus", "SessionServices", "Spelling", "SlateLog",
            ]),
        .executableTarget(name: "slate", dependencies: ["SlateSystem", "SlateBench"]),
        // One window redrawn whole at every frame callback, for `slate bench`'s compositor cases.
        .executableTarget(
            name: "slate-frame-client", dependencies: ["SlateProtocols"],
            cSettings: [.headerSearchPath("../SlateClientShim/protocol")],
            linkerSettings: [.linkedLibrary("wayland-client")]),
        // Saves scene state in a loop and acknowledges each save; the kill test SIGKILLs it.
        .executableTarget(name: "SceneSaveLoop", dependencies: ["Scenes", "SlateLog"]),
        // Saves a note in a loop and acknowledges each save; the kill test SIGKILLs it.
        .executableTarget(name: "NoteSaveLoop", dependencies: ["Notes", "SlateLog"]),

        // Tests: folders where writing fails as on a real machine (a full disk, read-only, a file in
        // the folder's place), for every write path's tests.
        .target(name: "FailingFolders", path: "Tests/FailingFolders"),
        // Tests: a D-Bus session daemon of the test's own, ended with every program it started.
        .target(name: "TestSessionBus", path: "Tests/TestSessionBus"),
        .testTarget(name: "GraphicsTests", dependencies: ["Graphics"]),
        .testTarget(
            name: "RenderingTests", dependencies: ["Graphics", "Rendering", "SlateTesting", "UI"],
            resources: [.copy("References")]),
        .testTarget(name: "UITests", dependencies: ["Graphics", "UI"]),
        .testTarget(
            name: "MenusTests", dependencies: ["Graphics", "UI", "Menus", "Rendering", "Host", "SlateTesting"],
            resources: [.copy("References")]),
        .testTarget(
            name: "ScenesTests",
            dependencies: ["Graphics", "UI", "Scenes", "SlateLog", "SceneSaveLoop", "FailingFolders"]),
        .testTarget(name: "MailStoreTests", dependencies: ["MailStore"]),
        .testTarget(
            name: "MailTests", dependencies: ["Mail", "MailStore", "UI", "Graphics", "Scenes", "FailingFolders"]),
        .testTarget(
            name: "NotesTests",
            dependencies: [
                "Notes", "Graphics", "UI", "Menus", "Scenes", "NoteSaveLoop", "FailingFolders", "Rendering", "Host",
                "SlateTesting",
            ],
            resources: [.copy("References")]),
        .testTarget(name: "SettingsTests", dependencies: ["Settings", "Scenes", "UI", "Graphics", "SlateLog"]),
        .testTarget(
            name: "GuidelinesTests", dependencies: ["Guidelines", "Graphics", "UI", "Menus", "Scenes", "Mail"],
            resources: [.copy("Menus")]),
        .testTarget(
            name: "ShellTests",
            dependencies: [
                "Graphics", "UI", "Menus", "Scenes", "Shell", "ShellPorts", "SystemUI", "Windowing", "OnScreenKeyboard",
                "Search",
                "Host",
                "SlateScripts",
                "SlateTesting", "FailingFolders",
                "Mail", "MailStore",
            ],
            resources: [.copy("References")]),
        .testTarget(name: "SlateLogTests", dependencies: ["SlateLog"]),
        .testTarget(name: "SearchTests", dependencies: ["Search", "UI"]),
        .testTarget(name: "WindowingTests", dependencies: ["Windowing", "Graphics", "Scenes"]),
        .testTarget(name: "SessionBusTests", dependencies: ["SessionBus", "TestSessionBus"]),
        .testTarget(name: "SpellingTests", dependencies: ["Spelling", "OnScreenKeyboard"]),
        .testTarget(
            name: "SessionServicesTests",
            dependencies: [
                "SessionServices", "SessionBus", "Shell", "ShellPorts", "SystemUI", "Host", "SlateScripts", "UI",
                "Graphics",
            ]),
        .testTarget(
            name: "AccessibilityBusTests", dependencies: ["AccessibilityBus", "Graphics", "UI", "Menus", "SessionBus"]),
        // With the two C sides of the wire: the scene protocol's fuzz world speaks it raw, and as an app.
        .testTarget(
            name: "CompositorTests",
            dependencies: [
                "Compositor", "Shell", "ShellPorts", "SystemUI", "Windowing", "Host", "Graphics", "UI", "Scenes",
                "SlateClientShim",
                "SlateProtocols",
                "TestSessionBus",
            ],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "SlateTestingTests", dependencies: ["Graphics", "UI", "Host", "SlateScripts", "SlateTesting"]),
        // Seeded random input on the whole system (Shell, Mail, menus), invariants checked every step.
        .testTarget(
            name: "MonkeyTests",
            dependencies: [
                "Graphics", "UI", "Menus", "Scenes", "Shell", "Host", "Rendering", "Mail", "MailStore", "SlateTesting",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
