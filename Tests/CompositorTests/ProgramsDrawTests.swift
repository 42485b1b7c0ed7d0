import Compositor
import Foundation
import Graphics
import Host
@_spi(Testing) import Shell
import Testing
import UI

/// Every program draws: each pixel format the shell offers, every surface of a window to any depth,
/// and real programs nobody here wrote that draw in ways of their own — Firefox's page in a
/// subsurface, mpv's GPU output through Mesa's software path in a 10-bit format, Qt Quick.
@MainActor @Suite(.serialized, .timeLimit(.minutes(minutesAllowed(3)))) struct ProgramsDrawTests {
    /// A fixture of `Fixtures/`, compiled once a run against the repository's xdg-shell code and the
    /// client code of the `protocols` it names (XML files, from `/usr/share/wayland-protocols` or
    /// the repository's `Protocols/`, made with wayland-scanner); nil when it does not compile.
    static func fixture(_ name: String, protocols: [String] = []) -> String? {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let root = here.deletingLastPathComponent().deletingLastPathComponent()
        let out = FileManager.default.temporaryDirectory.appendingPathComponent(
            "slate-\(name)-\(ProcessInfo.processInfo.processIdentifier)"
        ).path
        if FileManager.default.isExecutableFile(atPath: out) { return out }
        let generated = out + "-protocols"
        try? FileManager.default.createDirectory(atPath: generated, withIntermediateDirectories: true)
        var sources: [String] = []
        for xml in protocols {
            let path = xml.hasPrefix("/") ? xml : root.appendingPathComponent(xml).path
            let base = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            let header = "\(generated)/\(base)-client-protocol.h"
            let code = "\(generated)/\(base)-protocol.c"
            guard run(["wayland-scanner", "client-header", path, header]),
                run(["wayland-scanner", "private-code", path, code])
            else { return nil }
            sources.append(code)
        }
        let compiled = run(
            [
                "cc", "-o", out, "-I", root.appendingPathComponent("Sources/SlateClientShim/protocol").path, "-I",
                generated, here.appendingPathComponent("Fixtures/\(name).c").path,
                root.appendingPathComponent("Sources/SlateProtocols/xdg-shell-protocol.c").path,
            ] + sources + ["-lwayland-client", "-lm"])
        return compiled ? out : nil
    }

    /// Runs a tool to its end; whether it succeeded.
    static func run(_ argv: [String]) -> Bool {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = argv
        guard (try? p.run()) != nil else { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }

    /// A scratch folder for one test.
    static func folder(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("slate-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Whether a pixel is `colour` within a little (pixman's 10- and 5-bit conversions are exact at
    /// 0 and 1, so a little is plenty).
    static func isColour(_ p: RGBA, _ colour: RGBA) -> Bool { close(p, colour, 0.02) && p.alpha > 0.98 }

    /// The wl_shm formats the shell offers (the pixman renderer's), as their DRM codes.
    static let offeredFormats: Set<String> = [
        "AR24", "XR24", "AB24", "XB24", "RA24", "RX24", "BA24", "BX24", "AR30", "XR30", "AB30", "XB30", "RG16",
        "BG16",
    ]

    /// A program draws one window in each format the shell's wl_shm offers (it lists them itself), in
    /// four quarters of known colours: every one of them is on the screen in its colours. A format
    /// offered and then drawn wrong, or refused, fails here; so does a format offered that the test
    /// program cannot draw, or one the shell stopped offering.
    @Test func everyPixelFormatTheShellOffersIsDrawn() throws {
        let client = try #require(Self.fixture("formats-client"), "the formats test client did not compile")
        let dir = try Self.folder("formats")
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = dir.appendingPathComponent("formats.txt").path
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.launch(["sh", "-c", "exec '\(client)' > '\(report)'"])
        let said = { (try? String(contentsOfFile: report, encoding: .utf8)) ?? "" }
        guard rig.wait(20, "the program to draw its windows", { said().contains("formats ") }) else { return }
        #expect(!said().contains("unknown"), "a format offered that the program cannot draw: \(said())")
        let count = Int(said().split(separator: "\n").last { $0.hasPrefix("formats ") }?.dropFirst(8) ?? "") ?? 0
        let titles = { Set(rig.host.compositor.toplevels.filter { $0.picture != nil }.map(\.title)) }
        guard rig.wait(20, "\(count) windows drawn", { titles().count == count }) else { return }
        #expect(titles() == Self.offeredFormats, "the formats drawn: \(titles().sorted())")
        let quarters: [(x: Int, y: Int, colour: RGBA)] = [
            (16, 12, RGBA(1, 0, 0, 1)), (48, 12, RGBA(0, 1, 0, 1)), (16, 36, RGBA(0, 0, 1, 1)),
            (48, 36, RGBA(1, 1, 1, 1)),
        ]
        for top in rig.host.compositor.toplevels {
            let picture = try #require(top.picture)
            #expect(picture.width == 64 && picture.height == 48, "\(top.title): \(picture.width)×\(picture.height)")
            for q in quarters {
                let p = picture.pixel(x: q.x, y: q.y)
                #expect(Self.isColour(p, q.colour), "\(top.title) at (\(q.x), \(q.y)): \(p), not \(q.colour)")
            }
        }
        // And on the screen: the last window, full screen, shows its quarters.
        rig.settle()
        let last = try #require(rig.host.compositor.toplevels.last)
        let frame = try #require(rig.shell.window(showing: last))
        let view = try #require(frame.scene.rootView as? ForeignSurfaceView)
        let r = view.convert(view.surfaceRect, to: nil)
        #expect(close(rig.meanColor(Rect(r.minX + 20, r.minY + 20, r.width / 4, r.height / 4)), RGBA(1, 0, 0, 1)))
        #expect(
            close(rig.meanColor(Rect(r.midX + 20, r.midY + 20, r.width / 4, r.height / 4)), RGBA(1, 1, 1, 1)))
    }

    /// The callbacks each surface of the tree client has had: main, child, grandchild.
    static func callbacks(_ report: String) -> [Int] {
        let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        let counts = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        return counts.count == 3 ? counts : [0, 0, 0]
    }

    /// A window whose content is in subsurfaces two levels deep, the deepest drawing only once told
    /// to (as Firefox's page): every surface gets its frame callbacks while the window is on the
    /// screen, and all three show, a translucent one blended over the window and an opaque one over
    /// both; none gets any while it is off the screen (under the Home screen);
    /// back on the screen, all three draw again.
    @Test func everySurfaceOfAWindowIsToldItsFramesWhileShownAndNoneWhileHidden() throws {
        let client = try #require(
            Self.fixture("subsurface-tree-client"), "the subsurface tree test client did not compile")
        let dir = try Self.folder("subsurface-tree")
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = dir.appendingPathComponent("callbacks.txt").path
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.launch([client, report])
        guard
            rig.wait(20, "ten callbacks at every level", { Self.callbacks(report).allSatisfy { $0 >= 10 } }),
            let top = rig.toplevel(titled: "Subsurface tree"), let window = rig.window(titled: "Subsurface tree")
        else {
            Issue.record("callbacks main, child, grandchild: \(Self.callbacks(report))")
            return
        }
        guard rig.wait(10, "the window at its full-screen size", { top.picture?.size == Size(1366, 980) }) else {
            return
        }
        rig.settle()
        #expect(top.keptPictureBytes == 0, "the window on the screen keeps a picture: it is not drawn live")
        let picture = try #require(top.picture)
        let blue = RGBA(0, 0, 1, 1)
        let blend = RGBA(0, 128.0 / 255, 127.0 / 255, 1)
        let red = RGBA(1, 0, 0, 1)
        // Main blue; child 120 × 90 at (20, 20), half-opaque green over it; grandchild 40 × 30 at
        // (30, 30) of the child, red. In the picture read from the buffers, and on the screen, where
        // the window is drawn straight from them (it keeps no picture of its own there).
        let r = try #require(
            (window.scene.rootView as? ForeignSurfaceView).map { $0.convert($0.surfaceRect, to: nil) })
        for (x, y, colour) in [(180, 130, blue), (10, 10, blue), (130, 100, blend), (30, 30, blend), (70, 65, red)] {
            #expect(Self.isColour(picture.pixel(x: x, y: y), colour), "(\(x), \(y)): \(picture.pixel(x: x, y: y))")
            let screen = rig.framebuffer.pixel(x: Int(r.minX) + x, y: Int(r.minY) + y)
            #expect(Self.isColour(screen, colour), "on the screen (\(x), \(y)): \(screen)")
        }

        rig.shell.goHome()
        rig.settle()
        let hidden = Self.callbacks(report)
        rig.host.run(for: 1)
        let stillHidden = Self.callbacks(report)
        // One answered as the screen changed may still come; no more.
        for level in 0..<3 {
            #expect(stillHidden[level] - hidden[level] <= 1, "callbacks while hidden: \(hidden) → \(stillHidden)")
        }

        rig.shell.show(fullScreen: window.id)
        let back = rig.wait(10, "callbacks at every level again") {
            zip(Self.callbacks(report), stillHidden).allSatisfy { $0 - $1 >= 10 }
        }
        if !back { Issue.record("callbacks after the window came back: \(stillHidden) → \(Self.callbacks(report))") }
    }
}

extension ProgramsDrawTests {
    /// A window whose buffer is too big for the shell to read (16400 pixels wide) is named in a
    /// banner, not left blank without a word.
    @Test func aWindowThatCannotBeShownIsNamed() throws {
        let client = try #require(Self.fixture("formats-client"), "the formats test client did not compile")
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.launch([client, "--too-big"])
        guard rig.wait(20, "its window", { rig.window(titled: "Too big") != nil }) else { return }
        rig.wait(5, "the banner") { rig.shell.bannerMessage != nil }
        let message = rig.shell.bannerMessage ?? ""
        rig.snapshot("cannot-be-shown")
        #expect(message.hasSuffix("cannot be shown: its window is too big"), "the banner: \(message)")
        #expect(rig.toplevel(titled: "Too big")?.cannotBeShown == true)
    }
}
