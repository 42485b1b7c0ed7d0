import Foundation
import Graphics
import Scenes
import Shell
import ShellPorts
import Testing
import UI

@MainActor @Suite struct DesktopEntryTests {
    /// The spec's example file (Desktop Entry Specification 1.5, "Example Desktop Entry File").
    static let specExample = """
        [Desktop Entry]
        Version=1.0
        Type=Application
        Name=Foo Viewer
        Comment=The best viewer for Foo objects available!
        TryExec=fooview
        Exec=fooview %F
        Icon=fooview
        MimeType=image/x-foo;
        Actions=Gallery;Create;

        [Desktop Action Gallery]
        Exec=fooview --gallery
        Name=Browse Gallery

        [Desktop Action Create]
        Exec=fooview --create-new
        Name=Create a new Foo!
        Icon=fooview-new
        """

    /// A Slate app's entry: its X-Slate keys say what the shell must know before it runs, and the
    /// shell installs it as an app process (once, by its identifier).
    @Test func aSlateAppsEntry() throws {
        let text = """
            [Desktop Entry]
            Type=Application
            Name=Recipes
            Name[ru]=Рецепты
            Exec="/opt/my apps/recipes" app Recipes
            OnlyShowIn=Slate;
            X-Slate-App=org.example.recipes
            X-Slate-Activity-Types=org.example.recipe;org.example.list;
            X-Slate-Auxiliary-Activity-Types=org.example.recipe;org.example.unknown;
            X-Slate-Icon=book;#FF9500;#FF5E00;#FFFFFF
            """
        let e = try DesktopEntry(parsing: text, id: "org.example.recipes")
        let info = try #require(e.slate)
        #expect(info.identifier == "org.example.recipes")
        #expect(info.activityTypes == ["org.example.recipe", "org.example.list"])
        #expect(info.auxiliaryActivityTypes == ["org.example.recipe"], "only declared types")
        #expect(info.icon?.symbol == "book")
        #expect(info.icon?.topColor == Color(hex: 0xFF9500))
        let app = try #require(ProcessApp(entry: e))
        #expect(app.command == ["/opt/my apps/recipes", "app", "Recipes"])
        #expect(app.displayName.ru == "Рецепты")
        #expect(app.role(for: UserActivity(type: "org.example.recipe")) == .auxiliary)
        #expect(app.role(for: UserActivity(type: "org.example.list")) == .primary)

        // An identifier that cannot name a folder makes it a plain program; a bad icon is left out.
        let bad = text.replacingOccurrences(of: "X-Slate-App=org.example.recipes", with: "X-Slate-App=../x")
            .replacingOccurrences(of: "#FF9500", with: "orange")
        #expect(try DesktopEntry(parsing: bad, id: "x").slate == nil)
        let noIcon = text.replacingOccurrences(of: "#FF9500", with: "orange")
        #expect(try DesktopEntry(parsing: noIcon, id: "x").slate?.icon == nil)

        let shell = Shell(clock: VirtualClock(), stateHome: nil)
        shell.install(catalog: DesktopCatalog(entries: [e, e], warnings: [], dock: nil))
        #expect(shell.processApps.map(\.identifier) == ["org.example.recipes"])
        #expect(shell.foreignApps.isEmpty)
    }

    @Test func specExample() throws {
        let e = try DesktopEntry(parsing: Self.specExample, id: "fooview", file: "/x/fooview.desktop")
        #expect(e.type == "Application")
        #expect(e.name.en == "Foo Viewer")
        #expect(e.tryExec == "fooview")
        #expect(e.icon == "fooview")
        #expect(e.actions.map(\.id) == ["Gallery", "Create"])
        #expect(e.actions[1].name.en == "Create a new Foo!")
        #expect(e.actions[1].icon == "fooview-new")
        #expect(try e.command(files: ["/a b.foo", "/c.foo"]) == ["fooview", "/a b.foo", "/c.foo"])
        #expect(try e.command() == ["fooview"])
        #expect(try e.command(e.actions[0].exec) == ["fooview", "--gallery"])
        #expect(e.isShown(in: ["Slate"], programExists: { $0 == "fooview" }))
        #expect(!e.isShown(in: ["Slate"], programExists: { _ in false }), "TryExec names a missing program")
    }

    @Test func localizedKeys() throws {
        let text = """
            [Desktop Entry]
            Type=Application
            Name=Text Editor
            Name[ru]=Текстовый редактор
            Name[de]=Texteditor
            GenericName=Editor
            GenericName[ru_RU]=Редактор
            Comment=Edit\\stext\\nfiles
            Exec=editor
            """
        let e = try DesktopEntry(parsing: text, id: "editor")
        #expect(e.name == LocalizedString(en: "Text Editor", ru: "Текстовый редактор"))
        #expect(e.genericName == LocalizedString(en: "Editor", ru: "Редактор"))
        #expect(e.comment?.en == "Edit text\nfiles")
    }

    /// `Keywords` for search: the plain list, then those the English and Russian locales pick, each
    /// word once; a locale that is not Slate's (`de`) is never read.
    @Test func keywordsInBothLanguages() throws {
        let text = """
            [Desktop Entry]
            Type=Application
            Name=Firefox
            Exec=firefox %u
            Keywords=Internet;WWW;Browser;Web;
            Keywords[ru]=Интернет;Браузер;Web;Веб\\;сайт;
            Keywords[de]=Netz;
            Keywords[en_GB]=Navigator;
            """
        let e = try DesktopEntry(parsing: text, id: "firefox")
        #expect(e.keywords == ["Internet", "WWW", "Browser", "Web", "Интернет", "Браузер", "Веб;сайт"])
        let gb = try DesktopEntry(parsing: text, id: "firefox", locales: .from(environment: ["LANG": "en_GB.UTF-8"]))
        #expect(gb.keywords == ["Internet", "WWW", "Browser", "Web", "Navigator", "Интернет", "Браузер", "Веб;сайт"])
        let onlyRussian = "[Desktop Entry]\nType=Application\nName=A\nExec=a\nKeywords[ru]=Почта;\n"
        #expect(try DesktopEntry(parsing: onlyRussian, id: "a").keywords == ["Почта"])
        let none = "[Desktop Entry]\nType=Application\nName=A\nExec=a\n"
        #expect(try DesktopEntry(parsing: none, id: "a").keywords == [])
    }

    @Test func fieldCodes() throws {
        let text = """
            [Desktop Entry]
            Type=Application
            Name=Viewer
            Icon=viewer-icon
            Exec="/opt/my apps/viewer" --name=%c --icon-from %i %u --file %k "100%%" "a \\\\"quoted\\\\" word" %d %N
            """
        let e = try DesktopEntry(parsing: text, id: "viewer", file: "/apps/viewer.desktop")
        #expect(
            try e.command(urls: ["https://example.org/", "https://example.com/"]) == [
                "/opt/my apps/viewer", "--name=Viewer", "--icon-from", "--icon", "viewer-icon", "https://example.org/",
                "--file", "/apps/viewer.desktop", "100%", "a \"quoted\" word",
            ])
        // %f with no file is dropped.
        let f = try DesktopEntry(parsing: "[Desktop Entry]\nType=Application\nName=F\nExec=f %f\n", id: "f")
        #expect(try f.command() == ["f"])
    }

    @Test func visibility() throws {
        func entry(_ extra: String) throws -> DesktopEntry {
            try DesktopEntry(parsing: "[Desktop Entry]\nType=Application\nName=A\nExec=a\n" + extra, id: "a")
        }
        let yes: (String) -> Bool = { _ in true }
        #expect(try entry("").isShown(in: ["Slate"], programExists: yes))
        #expect(try !entry("NoDisplay=true").isShown(in: ["Slate"], programExists: yes))
        #expect(try !entry("Hidden=true").isShown(in: ["Slate"], programExists: yes))
        #expect(try !entry("OnlyShowIn=GNOME;KDE;").isShown(in: ["Slate"], programExists: yes))
        #expect(try entry("OnlyShowIn=GNOME;Slate;").isShown(in: ["Slate"], programExists: yes))
        #expect(try !entry("NotShowIn=Slate;").isShown(in: ["Slate"], programExists: yes))
        #expect(
            try !DesktopEntry(parsing: "[Desktop Entry]\nType=Link\nName=L\nURL=x\n", id: "l").isShown(
                in: ["Slate"], programExists: yes))
    }

    @Test(arguments: [
        ("", "no group"),
        ("Name=A\n[Desktop Entry]\nType=Application\n", "a key before any group"),
        ("[Other]\nName=A\n", "the first group is not Desktop Entry"),
        ("[Desktop Entry]\nName=A\n", "no Type"),
        ("[Desktop Entry]\nType=Application\nExec=a\n", "no Name"),
        ("[Desktop Entry]\nType=Application\nName=A\nName=B\n", "a key twice"),
        ("[Desktop Entry]\nType=Application\nName=A\njust words\n", "a line that is not a key"),
        ("[Desktop Entry\nType=Application\nName=A\n", "a broken group header"),
        ("[Desktop Entry]\nType=Application\nName=A\nNoDisplay=maybe\n", "a bad boolean"),
        ("[Desktop Entry]\nType=Application\nName=A\nExec=\"unterminated\n", "an unterminated quote"),
        ("[Desktop Entry]\nType=Application\nName=A\n[Desktop Entry]\nName=B\n", "a group twice"),
    ])
    func brokenFiles(_ text: String, _ why: String) {
        #expect(throws: DesktopEntry.ParseError.self, "\(why)") { try DesktopEntry(parsing: text, id: "broken") }
    }
}

/// Every input that ever crashed the `desktop` fuzz target (Fuzz/Crashes/desktop), replayed.
@MainActor @Suite struct DesktopFuzzRegressionTests {
    @Test func desktopEntryCrashesStayFixed() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Crashes/desktop")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(names.contains("README.md"), "the crash folder is where the fuzz script keeps it")
        for name in names.sorted() where name != "README.md" {
            let text = String(decoding: try Data(contentsOf: dir.appendingPathComponent(name)), as: UTF8.self)
            guard let e = try? DesktopEntry(parsing: text, id: "fuzz") else { continue }
            _ = try? e.command(files: ["/a b", "c"], urls: ["file:///x"])
            _ = ProcessApp(entry: e)
        }
    }
}

/// Localized names by the Desktop Entry Specification's matching (`Name[ll_CC@MOD]`, `Name[ll_CC]`,
/// `Name[ll@MOD]`, `Name[ll]`, `Name`) and no other: a program translated into many languages —
/// Shavian `en@shaw` among them — is named in the person's language, never in a script the font
/// lacks, and sorted by that name.
@MainActor @Suite struct DesktopEntryLocaleTests {
    /// A `.desktop` file with `Name` in 60 languages, as GNOME's programs have.
    static func manyNames(_ plain: String) -> String {
        var lines = ["[Desktop Entry]", "Type=Application", "Name=\(plain)", "Exec=prog"]
        for code in [
            "af", "ar", "as", "ast", "be", "bg", "bn_IN", "bs", "ca", "ca@valencia", "cs", "da", "de", "el", "en_GB",
            "en@shaw", "eo", "es", "et", "eu", "fa", "fi", "fr", "fur", "ga", "gl", "gu", "he", "hi", "hr", "hu",
            "id", "is", "it", "ja", "ka", "kk", "kn", "ko", "lt", "lv", "ml", "mr", "ms", "nb", "ne", "nl", "oc",
            "pa", "pl", "pt", "pt_BR", "ro", "ru_UA", "sk", "sl", "sr", "sr@latin", "sv", "ta", "uk", "zh_CN",
        ] {
            lines.append("Name[\(code)]=\(plain) (\(code))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func theSpecificationsOrderAndNoOtherKey() throws {
        // 40 files, each a dictionary of its own order: the name never depends on that order.
        for i in 0..<40 {
            let e = try DesktopEntry(parsing: Self.manyNames("Calculator \(i)"), id: "calc\(i)")
            #expect(e.name.en == "Calculator \(i)", "not Name[en_GB] nor Name[en@shaw]")
            #expect(e.name.ru == "Calculator \(i)", "no Name[ru]: not Name[ru_UA]")
        }
        let text = Self.manyNames("Calculator") + "Name[ru]=Калькулятор\n"
        #expect(try DesktopEntry(parsing: text, id: "c").name.ru == "Калькулятор")
        let gb = MessageLocales.from(environment: ["LANG": "en_GB.UTF-8"])
        #expect(try DesktopEntry(parsing: text, id: "c", locales: gb).name.en == "Calculator (en_GB)")
        let shaw = MessageLocales.from(environment: ["LC_MESSAGES": "en_GB@shaw", "LANG": "ru_RU.UTF-8"])
        #expect(shaw.en.matchOrder == ["en_GB@shaw", "en_GB", "en@shaw", "en"])
        #expect(try DesktopEntry(parsing: text, id: "c", locales: shaw).name.en == "Calculator (en_GB)")
        let ua = MessageLocales.from(environment: ["LC_ALL": "ru_UA.UTF-8"])
        #expect(try DesktopEntry(parsing: text, id: "c", locales: ua).name.ru == "Calculator (ru_UA)")
        #expect(try DesktopEntry(parsing: text, id: "c", locales: ua).name.en == "Calculator")
        let empty = "[Desktop Entry]\nType=Application\nName=Clock\nName[ru]=\nExec=clock\n"
        #expect(try DesktopEntry(parsing: empty, id: "clock").name.ru == "Clock", "an empty value is passed over")
    }

    @Test func aProgramWithManyNamesIsSortedByItsName() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("slate-names-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let apps = root.appendingPathComponent("data/applications")
        try FileManager.default.createDirectory(at: apps, withIntermediateDirectories: true)
        try "[Desktop Entry]\nType=Application\nName=Archive Manager\nExec=true\n".write(
            to: apps.appendingPathComponent("archive.desktop"), atomically: true, encoding: .utf8)
        try Self.manyNames("Calculator").write(
            to: apps.appendingPathComponent("calculator.desktop"), atomically: true, encoding: .utf8)
        try "[Desktop Entry]\nType=Application\nName=Disks\nExec=true\n".write(
            to: apps.appendingPathComponent("disks.desktop"), atomically: true, encoding: .utf8)
        let catalog = DesktopCatalog.load(
            environment: [
                "XDG_DATA_HOME": root.appendingPathComponent("data").path, "XDG_DATA_DIRS": "/nonexistent",
                "XDG_CONFIG_HOME": root.appendingPathComponent("config").path, "LANG": "en_US.UTF-8",
            ], programExists: { _ in true })
        #expect(catalog.entries.map(\.name.en) == ["Archive Manager", "Calculator", "Disks"])
    }
}
