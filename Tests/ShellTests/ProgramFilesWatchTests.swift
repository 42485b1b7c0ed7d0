import Foundation
import Host
import ShellPorts
import Testing
@_spi(Testing) import UI

@_spi(Testing) @testable import Shell
@testable import SlateScripts

/// The desktop files watched as they change: a folder made, files written, renamed and deleted, a
/// subfolder.
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
}
