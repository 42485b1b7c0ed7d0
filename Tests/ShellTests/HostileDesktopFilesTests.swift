import Foundation
import Graphics
import Host
import Rendering
import ShellPorts
import Testing
@_spi(Testing) import UI

@_spi(Testing) @testable import Shell
@testable import SlateScripts

/// A fresh folder of the test's own, removed at the end of the test that made it.
func scratchFolder(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("slate-\(name)-\(UUID().uuidString)")
}

/// Writes `text` as a desktop file (through a temporary file and a rename, as dpkg and editors do).
func writeDesktopFile(_ text: String, _ url: URL) throws {
    try text.write(to: url, atomically: true, encoding: .utf8)
}

/// The variables of a session whose data home is `root/share` and that has no system folders.
func sessionEnvironment(_ root: URL) -> [String: String] {
    [
        "HOME": root.path, "XDG_DATA_HOME": root.appendingPathComponent("share").path,
        "XDG_DATA_DIRS": root.appendingPathComponent("none").path,
        "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
    ]
}

/// Desktop files a careless or hostile package could leave: each is skipped with one line naming it
/// and why, in bounded time and memory, and nothing blocks or crashes.
@MainActor @Suite struct HostileDesktopFilesTests {
    let good = "[Desktop Entry]\nType=Application\nName=Good\nExec=good\n"

    /// Reads the catalog of `root`'s session on another thread, failing (not hanging) after
    /// `seconds`.
    func load(_ root: URL, within seconds: Double = 20) -> DesktopCatalog? {
        let env = sessionEnvironment(root)
        let done = DispatchSemaphore(value: 0)
        let result = CatalogBox()
        Thread.detachNewThread {
            result.catalog = DesktopCatalog.load(environment: env, programExists: { _ in true })
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else {
            Issue.record("the catalog was not read within \(seconds) s")
            return nil
        }
        return result.catalog
    }

    func applications(_ root: URL) throws -> URL {
        let apps = root.appendingPathComponent("share/applications")
        try FileManager.default.createDirectory(at: apps, withIntermediateDirectories: true)
        return apps
    }

    @Test func aFIFONamedLikeADesktopFileDoesNotBlock() throws {
        let root = scratchFolder("fifo")
        defer { try? FileManager.default.removeItem(at: root) }
        let apps = try applications(root)
        #expect(mkfifo(apps.appendingPathComponent("foo.desktop").path, 0o600) == 0)
        try writeDesktopFile(good, apps.appendingPathComponent("good.desktop"))
        let catalog = try #require(load(root))
        #expect(catalog.entries.map(\.id) == ["good"])
        #expect(catalog.warnings == ["skipping \(apps.path)/foo.desktop: not a plain file"])
    }

    @Test func linksInALoopAndAFolderLinkedToItselfAreSkipped() throws {
        let root = scratchFolder("loop")
        defer { try? FileManager.default.removeItem(at: root) }
        let apps = try applications(root)
        let fm = FileManager.default
        try fm.createSymbolicLink(
            atPath: apps.appendingPathComponent("a.desktop").path, withDestinationPath: "b.desktop")
        try fm.createSymbolicLink(
            atPath: apps.appendingPathComponent("b.desktop").path, withDestinationPath: "a.desktop")
        try fm.createSymbolicLink(atPath: apps.appendingPathComponent("loop").path, withDestinationPath: ".")
        try writeDesktopFile(good, apps.appendingPathComponent("good.desktop"))
        // A link to a good file is followed.
        try fm.createSymbolicLink(
            atPath: apps.appendingPathComponent("linked.desktop").path, withDestinationPath: "good.desktop")
        let catalog = try #require(load(root))
        #expect(catalog.entries.map(\.id).sorted() == ["good", "linked"])
        #expect(
            catalog.warnings.sorted() == [
                "skipping \(apps.path)/a.desktop: its symbolic links go round in a loop",
                "skipping \(apps.path)/b.desktop: its symbolic links go round in a loop",
            ])
        // The watch does not walk the loop either.
        let watch = try FolderTreeWatch(roots: [apps.path], fileSuffix: ".desktop")
        #expect(!watch.drain())
    }

    @Test func aHugeFileIsSkippedUnreadAndALargeOneTooInOneLine() throws {
        let root = scratchFolder("huge")
        defer { try? FileManager.default.removeItem(at: root) }
        let apps = try applications(root)
        // 100 MB, sparse: made in no time, never read.
        let huge = apps.appendingPathComponent("huge.desktop")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: Data(good.utf8)))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 100 * 1024 * 1024)
        try handle.close()
        // 1 MB of comments after a good entry.
        let megabyte = good + String(repeating: "# a comment of no use to anyone at all, again\n", count: 23_000)
        try writeDesktopFile(megabyte, apps.appendingPathComponent("large.desktop"))
        let before = residentBytes()
        resetPeakResidentBytes()
        let started = Date()
        let catalog = try #require(load(root))
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(peakResidentBytes() - before < 64 * 1024 * 1024, "the huge file was not read (it would take 100 MB)")
        #expect(catalog.entries.isEmpty)
        #expect(
            catalog.warnings.sorted() == [
                "skipping \(huge.path): too large (104857600 bytes; a desktop file is read up to 262144)",
                "skipping \(apps.path)/large.desktop: too large (\(megabyte.utf8.count) bytes; a desktop file is read up to 262144)",
            ])
    }

    @Test func aFileOfTensOfThousandsOfGroupsIsReadInBoundedTime() throws {
        let root = scratchFolder("groups")
        defer { try? FileManager.default.removeItem(at: root) }
        let apps = try applications(root)
        // Just under the limit: 28,000 groups; and 4,000 actions, each listed twice.
        var groups = good
        for number in 0..<28_000 { groups += "[g\(number)]\n" }
        let ids = (0..<4_000).map { "a\($0)" }
        var actions = good + "Actions=" + (ids + ids).joined(separator: ";") + "\n"
        for id in ids { actions += "[Desktop Action \(id)]\nName=\(id)\n" }
        for text in [groups, actions] { #expect(text.utf8.count < DesktopCatalog.maximumFileBytes) }
        try writeDesktopFile(groups, apps.appendingPathComponent("groups.desktop"))
        try writeDesktopFile(actions, apps.appendingPathComponent("actions.desktop"))
        let started = Date()
        let catalog = try #require(load(root))
        #expect(Date().timeIntervalSince(started) < 5, "quadratic no more")
        #expect(catalog.entries.map(\.id).sorted() == ["actions", "groups"])
        #expect(catalog.entries.first { $0.id == "actions" }?.actions.count == 4_000, "an action listed twice is one")
        #expect(catalog.warnings.isEmpty)
    }

    @Test func fiveHundredNamesUnknownCategoriesAndBytesThatAreNotUTF8() throws {
        let root = scratchFolder("names")
        defer { try? FileManager.default.removeItem(at: root) }
        let apps = try applications(root)
        var names = "[Desktop Entry]\nType=Application\nName=Many\nExec=many\nCategories=NoSuch;Nothing;\n"
        for number in 0..<500 { names += "Name[x\(number)]=Name \(number)\n" }
        names += "Name[ru]=Много\n"
        try writeDesktopFile(names, apps.appendingPathComponent("many.desktop"))
        try Data([0x5B, 0xFF, 0xFE, 0x00, 0xC3, 0x28]).write(to: apps.appendingPathComponent("latin.desktop"))
        let badKey = "[Desktop Entry]\n" + String(repeating: "~", count: 10_000) + "=x\n"
        try writeDesktopFile(badKey, apps.appendingPathComponent("key.desktop"))
        let catalog = try #require(load(root))
        #expect(catalog.entries.map(\.id) == ["many"])
        #expect(catalog.entries.first?.name.ru == "Много")
        #expect(catalog.warnings.count == 2)
        #expect(catalog.warnings.contains("skipping \(apps.path)/latin.desktop: cannot read it as UTF-8"))
        let keyLine = try #require(catalog.warnings.first { $0.contains("key.desktop") })
        #expect(keyLine.count < 200, "one short line, not the file")
        #expect(!keyLine.contains("\n"))
        // Categories that mean nothing put the program among the others in the App Library.
        let w = world()
        w.shell.install(catalog: catalog)
        w.host.run(for: 0.3)
        #expect(w.shell.home.library.groups.contains { $0.apps.contains("desktop:many") })
    }

    @Test func anIconThatDoesNotDecodeOrIsAFIFODrawsNothingAndBlocksNothing() throws {
        let root = scratchFolder("icons")
        defer { try? FileManager.default.removeItem(at: root) }
        let icons = root.appendingPathComponent("icons/hicolor/128x128/apps")
        try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
        try Data("not a picture at all".utf8).write(to: icons.appendingPathComponent("garbage.png"))
        // A PNG's header that claims 100,000 × 100,000 pixels (40 GB to decode).
        var bomb = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
        bomb += Data([0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0, 8, 6, 0, 0, 0])
        try bomb.write(to: icons.appendingPathComponent("bomb.png"))
        try Data("<svg".utf8).write(to: icons.appendingPathComponent("broken.svg"))
        #expect(mkfifo(icons.appendingPathComponent("fifo.png").path, 0o600) == 0)
        let dirs = [root.path]
        let done = DispatchSemaphore(value: 0)
        let drawn = CatalogBox()
        Thread.detachNewThread {
            drawn.images = ["garbage", "bomb", "broken", "fifo"].map {
                AppIconTheme.image(named: $0, pixels: 64, scale: 1, dataDirectories: dirs)
            }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 20) == .success, "an icon file blocked its reader")
        #expect(drawn.images.count == 4 && drawn.images.allSatisfy { $0 == nil })
    }

    /// Ten thousand programs are read in bounded time (`swift test` prints the figures).
    @Test func tenThousandProgramsAreRead() throws {
        let root = scratchFolder("ten-thousand")
        defer { try? FileManager.default.removeItem(at: root) }
        let apps = try applications(root)
        for number in 0..<10_000 {
            let text =
                "[Desktop Entry]\nType=Application\nName=Program \(number)\nName[ru]=Программа \(number)\n"
                + "Comment=Generated program \(number)\nExec=program-\(number) %U\nIcon=program-\(number)\n"
                + "Categories=Utility;Development;\nKeywords=generated;test;\n"
            try text.write(
                to: apps.appendingPathComponent("program-\(number).desktop"), atomically: false, encoding: .utf8)
        }
        let before = residentBytes()
        resetPeakResidentBytes()
        let started = Date()
        let catalog = try #require(load(root, within: 120))
        let seconds = Date().timeIntervalSince(started)
        let peak = (peakResidentBytes() - before) / 1_048_576
        print("10,000 programs: read in \(String(format: "%.2f", seconds)) s, peak resident memory +\(peak) MiB")
        #expect(catalog.entries.count == 10_000)
        #expect(catalog.warnings.isEmpty)
        #expect(seconds < 60)
    }
}

/// The test process's resident memory now, in bytes (`/proc/self/statm`'s second field, in pages).
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let pages = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Starts the process's peak of resident memory again from what is resident now (Linux's
/// `clear_refs`, 5).
func resetPeakResidentBytes() {
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
}

/// The process's peak of resident memory since it started or `resetPeakResidentBytes` (`VmHWM`).
func peakResidentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return 0 }
    return (line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) * 1024
}

/// What a thread hands back to the test that waits for it (written before the semaphore is
/// signalled, read after).
final class CatalogBox: @unchecked Sendable {
    var catalog: DesktopCatalog?
    var images: [PixelImage?] = []
}
