import Foundation
import Shell
import Testing

@MainActor @Suite struct DesktopCatalogTests {
    /// Flatpak's export folders are read where the session's variables lack them (its profile script
    /// sets them for login shells only), after the person's data home and before the system's; where
    /// the variables have them, they are not read twice.
    @Test func flatpaksExportsAreReadWhereTheSessionLacksThem() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("slate-flatpak-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let dataHome = root.appendingPathComponent("share").path
        let bare = DesktopCatalog.dataDirectories(["HOME": root.path, "XDG_DATA_HOME": dataHome])
        #expect(
            bare == [
                dataHome, dataHome + "/flatpak/exports/share", "/var/lib/flatpak/exports/share", "/usr/local/share",
                "/usr/share",
            ])
        let set = DesktopCatalog.dataDirectories([
            "HOME": root.path, "XDG_DATA_HOME": dataHome,
            "XDG_DATA_DIRS": "/var/lib/flatpak/exports/share:/usr/share",
        ])
        #expect(set == [dataHome, dataHome + "/flatpak/exports/share", "/var/lib/flatpak/exports/share", "/usr/share"])
        // A program installed from Flathub for the person is on the Home screen.
        let exports = root.appendingPathComponent("share/flatpak/exports/share/applications")
        try FileManager.default.createDirectory(at: exports, withIntermediateDirectories: true)
        try "[Desktop Entry]\nType=Application\nName=Fractal\nExec=/usr/bin/flatpak run org.gnome.Fractal\n".write(
            to: exports.appendingPathComponent("org.gnome.Fractal.desktop"), atomically: true, encoding: .utf8)
        let catalog = DesktopCatalog.load(
            environment: [
                "HOME": root.path, "XDG_DATA_HOME": dataHome, "XDG_DATA_DIRS": root.appendingPathComponent("none").path,
            ],
            programExists: { _ in true })
        #expect(catalog.entries.contains { $0.id == "org.gnome.Fractal" })
    }

    /// A data home with three entries — good, broken, NoDisplay — and a system folder whose entry of
    /// the same id is hidden by the user's; the dock file lists one.
    @Test func readsTheDataDirectoriesAndTheDock() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("slate-catalog-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let user = root.appendingPathComponent("home/applications")
        let system = root.appendingPathComponent("system/applications/sub")
        let config = root.appendingPathComponent("config/slate")
        for d in [user, system, config] {
            try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        }
        func write(_ text: String, _ url: URL) throws { try text.write(to: url, atomically: true, encoding: .utf8) }
        try write(
            "[Desktop Entry]\nType=Application\nName=Editor\nName[ru]=Редактор\nExec=editor %F\n",
            user.appendingPathComponent("editor.desktop"))
        try write("[Desktop Entry]\nType=Application\nExec=broken\n", user.appendingPathComponent("broken.desktop"))
        try write(
            "[Desktop Entry]\nType=Application\nName=Helper\nExec=h\nNoDisplay=true\n",
            user.appendingPathComponent("helper.desktop"))
        try write(
            "[Desktop Entry]\nType=Application\nName=Hidden\nHidden=true\n",
            user.appendingPathComponent("sub-viewer.desktop"))
        try write(
            "[Desktop Entry]\nType=Application\nName=Viewer\nExec=viewer\n",
            system.appendingPathComponent("viewer.desktop"))
        try write(
            "[Desktop Entry]\nType=Application\nName=Terminal\nExec=term\n",
            system.appendingPathComponent("term.desktop"))
        try write("# the Dock\nsub-term.desktop\n\neditor\n", config.appendingPathComponent("dock"))
        let env = [
            "HOME": root.path, "XDG_DATA_HOME": root.appendingPathComponent("home").path,
            "XDG_DATA_DIRS": root.appendingPathComponent("system").path,
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
        ]
        let c = DesktopCatalog.load(environment: env, programExists: { _ in true })
        // sub/viewer.desktop has the id sub-viewer, which the user's Hidden entry takes away.
        #expect(c.entries.map(\.id) == ["editor", "sub-term"])
        #expect(c.entries[0].name.ru == "Редактор")
        #expect(c.warnings.count == 1)
        #expect(c.warnings.first?.contains("broken.desktop") == true)
        #expect(c.dock == ["sub-term", "editor"])
    }
}
