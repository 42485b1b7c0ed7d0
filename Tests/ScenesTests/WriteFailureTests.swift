import FailingFolders
import Foundation
import SlateLog
import Testing

@testable import Scenes

/// Every write path of the scene system — the windows' state, settings.json, any atomic file — with a
/// full disk, a read-only folder and a file where the folder should be: one clear line, once, in both
/// languages; the last good file kept; everything saved once writing works again.
@MainActor @Suite(.serialized) struct WriteFailureTests {
    static func reasons(_ kind: FailingFolder.Kind) -> [String] {
        switch kind {
        case .diskFull: ["the disk is full"]
        case .readOnly: ["the disk is read-only", "no permission to write there"]
        case .fileInPlaceOfFolder: ["a file stands where a folder should be"]
        }
    }

    @Test(arguments: FailingFolder.Kind.allCases)
    func theWindowsStateSaysOneLineKeepsTheLastGoodStateAndSavesLater(_ kind: FailingFolder.Kind) throws {
        let home = try FailingFolder(kind, at: temporaryStateHome("state-\(kind.rawValue)"))
        defer { home.tearDown() }
        let lines = LogLines()
        let store = try RestorationStore(appIdentifier: "org.slate.test", stateHome: home.folder, log: lines.sink)
        let system = LocalSceneSystem(application: TestApp(), store: store, makeIdentifier: counter())
        system.restore()
        try system.activate(ActivationRequest(userActivity: message("1")))
        #expect(lines.lines.isEmpty)
        try home.breakWrites()
        for i in 2...4 { try system.activate(ActivationRequest(userActivity: message("\(i)"))) }
        #expect(system.openSessions.count == 5, "the app runs on")
        guard case .stateNotWritten(let failure) = system.runtime.lastSaveError else {
            Issue.record("\(String(describing: system.runtime.lastSaveError)) (\(home.way))")
            return
        }
        #expect(Self.reasons(home.madeKind).contains(failure.reason.en), "\(failure)")
        #expect(lines.lines.count == 1, "one line, once: \(lines.lines)")
        #expect(lines.lines.first == "slate: cannot save the windows' state: \(failure.message.en)")
        #expect(!(lines.lines.first ?? "").contains("Error Domain"))
        #expect(SceneError.stateNotWritten(failure).message.ru.hasPrefix("не удаётся сохранить состояние окон: "))
        try home.fixWrites()
        let before = try RestorationStore(appIdentifier: "org.slate.test", stateHome: home.folder, log: { _ in })
        #expect(before.load().openSessions.count == 2, "the last good state is whole")
        try system.runtime.save()
        let after = try RestorationStore(appIdentifier: "org.slate.test", stateHome: home.folder, log: { _ in })
        #expect(after.load().openSessions.count == 5, "saved once writing works again")
    }

    @Test(arguments: FailingFolder.Kind.allCases)
    func settingsSayOneLineKeepTheValueAndSaveLater(_ kind: FailingFolder.Kind) throws {
        let home = try FailingFolder(kind, at: temporaryStateHome("config-\(kind.rawValue)"))
        defer { home.tearDown() }
        let said = CollectedLog()
        let store = SettingsStore(
            configHome: home.folder, log: Logger("settings", label: nil, sink: .collecting(into: said)))
        var lines: [String] { said.lines }
        store[.rotationLock] = true
        try home.breakWrites()
        store[.darkMode] = true
        store[.doNotDisturb] = true
        #expect(store[.darkMode] == true, "kept in memory")
        #expect(lines.count == 1, "\(lines) (\(home.way))")
        let line = try #require(lines.first)
        #expect(line.hasPrefix("cannot save settings: "))
        #expect(Self.reasons(home.madeKind).contains { line.contains($0) }, "\(line)")
        #expect(line.hasSuffix("; the change lasts until Slate ends"))
        try home.fixWrites()
        #expect(SettingsStore(configHome: home.folder)[.darkMode] == false, "the last good file is whole")
        #expect(SettingsStore(configHome: home.folder)[.rotationLock] == true)
        store[.timeFormat] = .twentyFourHour
        let reread = SettingsStore(configHome: home.folder)
        #expect(reread[.darkMode] == true && reread[.doNotDisturb] == true && reread[.timeFormat] == .twentyFourHour)
    }

    @Test(arguments: FailingFolder.Kind.allCases)
    func anAtomicFileIsTheOldOrTheNewAndNamesWhy(_ kind: FailingFolder.Kind) throws {
        let home = try FailingFolder(kind, at: temporaryStateHome("atomic-\(kind.rawValue)"))
        defer { home.tearDown() }
        let path = home.folder.appendingPathComponent("file.txt").path
        try AtomicFile.write(Data("old".utf8), to: path)
        try home.breakWrites()
        #expect(throws: FileWriteError.self) {
            try AtomicFile.write(Data(repeating: 65, count: 64 * 1024), to: path)
        }
        do {
            try AtomicFile.write(Data(repeating: 65, count: 64 * 1024), to: path)
        } catch {
            #expect(Self.reasons(home.madeKind).contains(error.reason.en), "\(error)")
            #expect(!error.message.ru.isEmpty && error.message.ru != error.message.en)
            #expect(!error.advice.en.isEmpty && !error.advice.ru.isEmpty)
        }
        try home.fixWrites()
        #expect(FileManager.default.contents(atPath: path) == Data("old".utf8))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: home.folder.path).filter { $0.hasSuffix(".tmp") } == [])
    }

    @Test func foundationErrorsAreReadForTheirErrno() {
        let cocoa = NSError(
            domain: NSCocoaErrorDomain, code: 513,
            userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EACCES))])
        #expect(FileWriteError(cocoa, path: "/x").cause == .notPermitted)
        #expect(FileWriteError(CocoaError(.fileWriteOutOfSpace), path: "/x").cause == .diskFull)
        #expect(FileWriteError(path: "/x", code: ENOSPC).message.en == "/x: the disk is full")
        #expect(FileWriteError(path: "/x", code: ENOSPC).message.ru == "/x: диск заполнен")
        #expect(
            FileWriteError(path: "/a/Notes", code: ENOTDIR).summary.en
                == "a file stands where the folder “Notes” should be")
    }
}
