import Foundation
import Testing

@testable import Scenes

@MainActor @Suite struct RestorationStoreTests {
    /// A state folder holding three sessions (s1 primary, s2 and s3 auxiliary); returns the store's folder.
    func makeState(_ home: URL) throws -> RestorationStore {
        let app = TestApp()
        let store = try RestorationStore(appIdentifier: app.identifier, stateHome: home, log: { _ in })
        let system = LocalSceneSystem(application: app, store: store, makeIdentifier: counter())
        system.restore()
        try system.activate(ActivationRequest(userActivity: message("1")))
        try system.activate(ActivationRequest(userActivity: message("2")))
        return store
    }

    func reload(_ home: URL, _ lines: LogLines) throws -> RestorationStore {
        try RestorationStore(appIdentifier: "org.slate.test", stateHome: home, log: lines.sink)
    }

    func contents(_ url: URL) -> Data? { FileManager.default.contents(atPath: url.path) }

    enum Damage: String, CaseIterable {
        case garbage, empty, truncated, wrongType, noVersion, badVersion
    }

    func damage(_ url: URL, _ how: Damage) throws {
        let original = try Data(contentsOf: url)
        let bytes: Data
        switch how {
        case .garbage: bytes = Data("{not json at all".utf8)
        case .empty: bytes = Data()
        case .truncated: bytes = original.prefix(original.count / 2)
        case .wrongType: bytes = Data(#"{"schemaVersion": 1, "order": 5, "id": 7}"#.utf8)
        case .noVersion: bytes = Data(#"{"order": [], "foreground": [], "recentlyClosed": []}"#.utf8)
        case .badVersion: bytes = Data(#"{"schemaVersion": 0, "order": []}"#.utf8)
        }
        try bytes.write(to: url)
    }

    @Test(arguments: Damage.allCases)
    func aBadManifestIsMovedAsideReportedOnceAndTheSessionsReadBackFromTheirFiles(_ how: Damage) throws {
        let home = temporaryStateHome()
        let url = try makeState(home).manifestURL
        try damage(url, how)
        let bad = contents(url)
        let lines = LogLines()
        let store = try reload(home, lines)
        let state = store.load()
        #expect(Set(state.openSessions.map(\.id)) == ["s1", "s2", "s3"], "nothing a person had open is lost")
        #expect(lines.lines.count == 1, "one line: \(lines.lines)")
        let line = try #require(lines.lines.first)
        #expect(line.contains(url.path) && line.contains("corrupt") && line.contains("manifest.json.corrupt-1"))
        #expect(line.contains("read back"))
        #expect(!line.contains("\n"))
        #expect(contents(URL(fileURLWithPath: url.path + ".corrupt-1")) == bad, "kept, never deleted")
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(!store.isReadOnly)

        let system = LocalSceneSystem(application: TestApp(), store: store)
        #expect(system.restore().count == 3, "the three windows come back")
        #expect(FileManager.default.fileExists(atPath: url.path), "and a new manifest names them")
        for id in ["s1", "s2", "s3"] {
            #expect(FileManager.default.fileExists(atPath: store.sessionURL(id).path), "\(id) kept")
        }
        #expect(
            Set(try reload(home, LogLines()).load().manifest.order) == ["s1", "s2", "s3"], "at the next launch too")
        try damage(url, how)
        _ = try reload(home, lines).load()
        #expect(FileManager.default.fileExists(atPath: url.path + ".corrupt-2"), "the next one gets a new name")
        #expect(FileManager.default.fileExists(atPath: url.path + ".corrupt-1"))
    }

    @Test func aDeletedManifestLosesNoSessionFile() throws {
        let home = temporaryStateHome()
        let url = try makeState(home).manifestURL
        try FileManager.default.removeItem(at: url)
        let lines = LogLines()
        let store = try reload(home, lines)
        let system = LocalSceneSystem(application: TestApp(), store: store)
        #expect(Set(system.restore().map(\.persistentIdentifier)) == ["s1", "s2", "s3"])
        #expect(lines.lines.count == 1 && lines.lines[0].contains("missing"), "\(lines.lines)")
        for id in ["s1", "s2", "s3"] {
            #expect(FileManager.default.fileExists(atPath: store.sessionURL(id).path), "\(id) kept")
        }
        let again = try reload(home, LogLines()).load()
        #expect(Set(again.manifest.order) == ["s1", "s2", "s3"], "the manifest was rebuilt")
    }

    @Test func aManifestNamingAnInvalidIdLosesNoSessionFile() throws {
        let home = temporaryStateHome()
        let url = try makeState(home).manifestURL
        try Data(#"{"schemaVersion": 1, "order": ["../x"], "foreground": [], "recentlyClosed": []}"#.utf8).write(
            to: url)
        let lines = LogLines()
        let state = try reload(home, lines).load()
        #expect(Set(state.openSessions.map(\.id)) == ["s1", "s2", "s3"])
        #expect(lines.lines.count == 1, "\(lines.lines)")
    }

    @Test func aSecondProcessSaysTheFolderIsInUseAndDoesNotSave() throws {
        let home = temporaryStateHome()
        let store = try reload(home, LogLines())
        _ = try makeState(home)  // its store is gone: no lock held in this process
        let folder = store.folder.path
        // Another process's lock: a descriptor of our own, outside the store's per-process sharing.
        let fd = open(folder, O_RDONLY | O_DIRECTORY)
        #expect(fd >= 0)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: store.sessionsFolder.path).sorted()
        let manifest = contents(store.manifestURL)
        let lines = LogLines()
        let second = try reload(home, lines)
        let system = LocalSceneSystem(application: TestApp(), store: second)
        #expect(system.restore().count == 3, "it reads the state")
        #expect(second.isInUse)
        #expect(lines.lines == ["slate: \(folder) is in use by another Slate; this one runs without saving"])
        try system.activate(ActivationRequest(userActivity: message("9")))
        try system.runtime.save()
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.sessionsFolder.path).sorted() == before)
        #expect(contents(store.manifestURL) == manifest, "nothing saved over the other's state")
        #expect(lines.lines.count == 1, "said once: \(lines.lines)")
    }

    @Test func temporaryNamesAreUniquePerProcessAndWrite() throws {
        let home = temporaryStateHome()
        let lines = LogLines()
        let store = try reload(home, lines)
        let system = LocalSceneSystem(application: TestApp(), store: store)
        system.restore()
        // A stale temporary file of another writer's old name does not get in the way.
        let stale = store.sessionsFolder.appendingPathComponent(".s2.json.tmp")
        try Data("{".utf8).write(to: stale)
        for i in 0..<5 { try system.activate(ActivationRequest(userActivity: message("\(i)"))) }
        #expect(lines.lines.isEmpty, "\(lines.lines)")
        #expect(system.runtime.lastSaveError == nil)
        let names = try FileManager.default.contentsOfDirectory(atPath: store.sessionsFolder.path)
        #expect(names.filter { $0.hasSuffix(".tmp") } == [".s2.json.tmp"], "no temporary file of ours is left")
    }

    @Test func aFullDiskWhileSavingKeepsTheLastGoodStateAndTheAppRuns() throws {
        // A full disk is simulated: every write fails with ENOSPC, as write(2) would.
        let home = temporaryStateHome()
        let lines = LogLines()
        let store = try reload(home, lines)
        let system = LocalSceneSystem(application: TestApp(), store: store, makeIdentifier: counter())
        system.restore()
        try system.activate(ActivationRequest(userActivity: message("1")))
        let manifest = contents(store.manifestURL)
        let files = try FileManager.default.contentsOfDirectory(atPath: store.sessionsFolder.path).sorted()
        store.simulatedWriteError = ENOSPC
        try system.activate(ActivationRequest(userActivity: message("2")))
        try system.activate(ActivationRequest(userActivity: message("3")))
        #expect(system.openSessions.count == 4, "the app keeps running")
        let full = lines.lines.filter { $0.contains("the disk is full") }
        #expect(full.count == 1, "one clear line: \(lines.lines)")
        #expect(contents(store.manifestURL) == manifest, "the last good manifest stays")
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.sessionsFolder.path).sorted() == files)
        #expect(try reload(home, LogLines()).load().openSessions.count == 2, "the last good state loads")
        store.simulatedWriteError = nil
        try system.runtime.save()
        #expect(try reload(home, LogLines()).load().openSessions.count == 4, "saved once there is room again")
    }

    @Test(arguments: [Damage.garbage, .empty, .truncated, .wrongType, .noVersion])
    func aBadSessionFileLosesOnlyThatWindow(_ how: Damage) throws {
        let home = temporaryStateHome()
        let url = try makeState(home).sessionURL("s2")
        try damage(url, how)
        let lines = LogLines()
        let store = try reload(home, lines)
        let system = LocalSceneSystem(application: TestApp(), store: store)
        #expect(system.restore().map(\.persistentIdentifier) == ["s3", "s1"])
        #expect(lines.lines.count == 1, "\(lines.lines)")
        #expect(lines.lines.first?.contains("s2.json.corrupt-1") == true)
        #expect(FileManager.default.fileExists(atPath: url.path + ".corrupt-1"))
        #expect(store.load().manifest.order == ["s3", "s1"], "the next manifest no longer names it")
    }

    @Test func aManifestNamingAMissingSessionSkipsIt() throws {
        let home = temporaryStateHome()
        let store = try makeState(home)
        try FileManager.default.removeItem(at: store.sessionURL("s1"))
        let lines = LogLines()
        let state = try reload(home, lines).load()
        #expect(state.openSessions.map(\.id) == ["s3", "s2"])
        #expect(lines.lines.count == 1 && lines.lines[0].contains("missing"), "\(lines.lines)")
    }

    @Test func aNewerManifestIsNeverOverwritten() throws {
        let home = temporaryStateHome()
        let url = try makeState(home).manifestURL
        let newer = Data(#"{"schemaVersion": 7, "order": ["s1"], "windows": {"s1": {"x": 1}}}"#.utf8)
        try newer.write(to: url)
        let lines = LogLines()
        let store = try reload(home, lines)
        let system = LocalSceneSystem(application: TestApp(), store: store)
        system.restore()
        #expect(store.isReadOnly)
        #expect(lines.lines.count == 1 && lines.lines[0].contains("newer"), "\(lines.lines)")
        #expect(lines.lines.first?.contains(url.path) == true)
        try system.activate(ActivationRequest(userActivity: message("3")))
        system.openSessions.first?.title = "changed"
        #expect(contents(url) == newer, "untouched")
        #expect(!FileManager.default.fileExists(atPath: url.path + ".corrupt-1"))
        #expect(throws: SceneError.stateReadOnly(path: store.folder.path)) {
            try store.save(records: [], manifest: RestorationManifest())
        }
        #expect(lines.lines.count == 1, "said once")
    }

    @Test func aNewerSessionFileMakesTheStoreReadOnly() throws {
        let home = temporaryStateHome()
        let url = try makeState(home).sessionURL("s3")
        let newer = Data(#"{"schemaVersion": 2, "id": "s3", "shape": "new"}"#.utf8)
        try newer.write(to: url)
        let lines = LogLines()
        let store = try reload(home, lines)
        let state = store.load()
        #expect(store.isReadOnly)
        #expect(state.openSessions.map(\.id) == ["s2", "s1"])
        #expect(lines.lines.count == 1 && lines.lines[0].contains("newer"))
        let system = LocalSceneSystem(application: TestApp(), store: store)
        system.restore()
        try system.activate(ActivationRequest(userActivity: message("4")))
        #expect(contents(url) == newer)
    }

    @Test func unknownFilesAreIgnoredAndLeftoversCleared() throws {
        let home = temporaryStateHome()
        let store = try makeState(home)
        let notes = store.folder.appendingPathComponent("notes.txt")
        try Data("mine".utf8).write(to: notes)
        let aside = store.sessionsFolder.appendingPathComponent("s9.json.corrupt-1")
        try Data("old".utf8).write(to: aside)
        let orphan = store.sessionURL("s99")
        try Data(#"{"schemaVersion":1,"id":"s99","role":"primary","configurationName":"Mailbox"}"#.utf8).write(
            to: orphan)
        let temp = store.sessionsFolder.appendingPathComponent(".s1.json.tmp")
        try Data("{\"half".utf8).write(to: temp)
        let lines = LogLines()
        let state = try reload(home, lines).load()
        #expect(state.openSessions.count == 3)
        #expect(lines.lines.isEmpty, "\(lines.lines)")
        #expect(FileManager.default.fileExists(atPath: notes.path))
        #expect(FileManager.default.fileExists(atPath: aside.path))
        #expect(!FileManager.default.fileExists(atPath: orphan.path), "a session no manifest names is gone")
        #expect(!FileManager.default.fileExists(atPath: temp.path), "a crash's temporary file is gone")
    }

    @Test func filesAreVersionedSortedJSON() throws {
        let store = try makeState(temporaryStateHome())
        let manifest = try #require(contents(store.manifestURL))
        let text = String(decoding: manifest, as: UTF8.self)
        #expect(text.hasPrefix(#"{"active":"s3","foreground":["s3","s2","s1"],"order":["s3","s2","s1"]"#), "\(text)")
        #expect(text.contains(#""schemaVersion":1"#))
        let session = String(decoding: try #require(contents(store.sessionURL("s2"))), as: UTF8.self)
        #expect(session.contains(#""schemaVersion":1"#) && session.contains(#""role":"auxiliary""#))
        let attributes = try FileManager.default.attributesOfItem(atPath: store.folder.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o700, "state is private")
    }

    @Test func theStateFolderFollowsXDG() throws {
        #expect(
            RestorationStore.defaultStateHome(environment: ["XDG_STATE_HOME": "/var/x", "HOME": "/home/a"]).path
                == "/var/x")
        #expect(
            RestorationStore.defaultStateHome(environment: ["XDG_STATE_HOME": "relative", "HOME": "/home/a"]).path
                == "/home/a/.local/state", "a relative XDG path is ignored, as the spec says")
        #expect(RestorationStore.defaultStateHome(environment: ["HOME": "/home/a"]).path == "/home/a/.local/state")
        let store = try RestorationStore(
            appIdentifier: "org.slate.mail", environment: ["XDG_STATE_HOME": "/var/x"], log: { _ in })
        #expect(store.folder.path == "/var/x/slate/org.slate.mail")
        for bad in ["", "../evil", "a/b", ".hidden", "org..slate", "с кириллицей"] {
            #expect(throws: SceneError.invalidAppIdentifier(bad)) { try RestorationStore(appIdentifier: bad) }
        }
    }

    @Test func anUnwritableFolderIsATypedErrorNotACrash() throws {
        let home = temporaryStateHome()
        let blocker = home.appendingPathComponent("slate")
        try Data("a file where the folder should be".utf8).write(to: blocker)
        let lines = LogLines()
        let store = try reload(home, lines)
        let system = LocalSceneSystem(application: TestApp(), store: store)
        system.restore()
        #expect(system.openSessions.count == 1, "the app runs without its state")
        guard case .stateNotWritten(let failure) = system.runtime.lastSaveError else {
            Issue.record("expected stateNotWritten, got \(String(describing: system.runtime.lastSaveError))")
            return
        }
        #expect(failure.path == blocker.path, "the file in the way is named")
        try system.activate(ActivationRequest(userActivity: message("1")))
        let writes = lines.lines.filter { $0.contains("cannot save") }
        #expect(writes.count == 1, "the same failure is reported once, not at every change: \(lines.lines)")
        #expect(
            writes.first
                == "slate: cannot save the windows' state: \(blocker.path): a file stands where a folder should be",
            "\(writes)")
        #expect(throws: SceneError.self) { try system.runtime.save() }
    }
}
