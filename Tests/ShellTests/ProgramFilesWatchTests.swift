import Foundation
import Host
import ShellPorts
import Testing
@_spi(Testing) import UI

@_spi(Testing) @testable import Shell
@testable import SlateScripts

/// The desktop files watched as they change: a folder made, files written, renamed and deleted, a
/// subfolder, and the shell reading the catalog once after a burst.
@MainActor @Suite struct ProgramFilesWatchTests {
    @Test func aFirstInstallIntoAMissingDataHomeIsSeenAndSoIsEveryChangeAfter() throws {
        let root = scratchFolder("watch")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let share = root.appendingPathComponent("share")
        let apps = share.appendingPathComponent("applications")
        let watch = try FolderTreeWatch(roots: [apps.path], fileSuffix: ".desktop")
        #expect(!watch.drain(), "nothing yet")
        // Files beside the data home are none of its business.
        try "x".write(to: root.appendingPathComponent("notes.txt"), atomically: false, encoding: .utf8)
        #expect(!watch.drain())
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: false)
        #expect(watch.drain(), "the way to applications/ came")
        try FileManager.default.createDirectory(at: apps, withIntermediateDirectories: false)
        #expect(watch.drain(), "applications/ came")
        let entry = "[Desktop Entry]\nType=Application\nName=Foo\nExec=foo\n"
        try writeDesktopFile(entry, apps.appendingPathComponent("foo.desktop"))
        #expect(watch.drain(), "a program installed")
        try "cache".write(to: apps.appendingPathComponent("mimeinfo.cache"), atomically: false, encoding: .utf8)
        #expect(!watch.drain(), "update-desktop-database's cache is no program")
        let kde = apps.appendingPathComponent("kde")
        try FileManager.default.createDirectory(at: kde, withIntermediateDirectories: false)
        #expect(watch.drain(), "a subfolder came")
        try writeDesktopFile(entry, kde.appendingPathComponent("bar.desktop"))
        #expect(watch.drain(), "a program in the subfolder")
        try FileManager.default.moveItem(
            at: kde.appendingPathComponent("bar.desktop"), to: kde.appendingPathComponent("baz.desktop"))
        #expect(watch.drain(), "renamed")
        try FileManager.default.removeItem(at: apps.appendingPathComponent("foo.desktop"))
        #expect(watch.drain(), "a program removed")
        // The whole folder goes and comes back: it is watched again.
        try FileManager.default.removeItem(at: apps)
        #expect(watch.drain())
        try FileManager.default.createDirectory(at: apps, withIntermediateDirectories: false)
        #expect(watch.drain())
        try writeDesktopFile(entry, apps.appendingPathComponent("again.desktop"))
        #expect(watch.drain(), "a program in the folder made again")
        #expect(watch.unwatchable.isEmpty)
    }

    @Test func theChangesSayWhichFilesAndFoldersCameChangedOrWent() throws {
        let root = scratchFolder("paths")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let path = root.standardizedFileURL.path
        let watch = try FolderTreeWatch(roots: [path])
        #expect(watch.drainChanges() == nil, "nothing yet")
        try "a".write(toFile: path + "/a.md", atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: path + "/Work", withIntermediateDirectories: false)
        #expect(watch.drainChanges() == FolderTreeWatch.Changes(paths: [path + "/a.md", path + "/Work"]))
        try "b".write(toFile: path + "/Work/b.md", atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(atPath: path + "/a.md")
        #expect(watch.drainChanges() == FolderTreeWatch.Changes(paths: [path + "/Work/b.md", path + "/a.md"]))
        #expect(watch.drainChanges() == nil, "each change told once")
    }

    @Test func aBurstOfTwoHundredFilesIsReadOnceAfterItAndARemovalIsSeen() throws {
        let root = scratchFolder("burst")
        defer { try? FileManager.default.removeItem(at: root) }
        let env = sessionEnvironment(root)
        let apps = root.appendingPathComponent("share/applications")
        let w = world()
        try run(w, "launch Notes\nkey ctrl+h")
        let watch = try FolderTreeWatch(
            roots: DesktopCatalog.dataDirectories(env).map { $0 + "/applications" }, fileSuffix: ".desktop")
        w.shell.catalogSource = CatalogSource(
            load: { DesktopCatalog.load(environment: env, programExists: { _ in true }) }, icon: { _ in nil })
        let before = w.shell.catalogReadingsApplied
        /// What the host's loop does when the watch's descriptor can be read.
        func hostTurn() { if watch.drain() { w.shell.programFilesChanged() } }
        try FileManager.default.createDirectory(at: apps, withIntermediateDirectories: true)
        hostTurn()
        for number in 1...200 {
            let id = String(format: "program-%03d", number)
            try writeDesktopFile(
                "[Desktop Entry]\nType=Application\nName=Program \(number)\nExec=true\n",
                apps.appendingPathComponent("\(id).desktop"))
            hostTurn()
            w.host.run(for: 0.001)
        }
        #expect(w.shell.catalogReadingsApplied == before, "nothing is read while the files keep coming")
        w.host.run(for: 1)
        #expect(w.shell.catalogReadingsApplied == before + 1, "one reading for the burst")
        let programs = w.shell.apps.filter { $0.identifier.hasPrefix("desktop:program-") }
        #expect(programs.count == 200)
        #expect(w.shell.home.icons.contains { $0.appIdentifier == "desktop:program-200" })
        try FileManager.default.removeItem(at: apps.appendingPathComponent("program-007.desktop"))
        hostTurn()
        w.host.run(for: 1)
        #expect(w.shell.catalogReadingsApplied == before + 2)
        #expect(w.shell.app("desktop:program-007") == nil)
        #expect(!w.shell.home.icons.contains { $0.appIdentifier == "desktop:program-007" })
        #expect(w.shell.app("Notes") != nil, "Slate's own app stays")
    }

    @Test func filesThatNeverStopChangingAreReadAtTheLongestWait() throws {
        let w = world()
        w.shell.catalogSource = CatalogSource(load: { DesktopCatalog(entries: []) }, icon: { _ in nil })
        let before = w.shell.catalogReadingsApplied
        // A change every 0.1 s for 3 s: never quiet for 0.25 s.
        for _ in 0..<30 {
            w.shell.programFilesChanged()
            w.host.run(for: 0.1)
        }
        #expect(w.shell.catalogReadingsApplied > before, "read within the longest wait")
        #expect(w.shell.catalogReadingsApplied <= before + 2)
    }
}
