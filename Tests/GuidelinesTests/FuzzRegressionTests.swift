import Foundation
import Testing

@testable import Guidelines

/// Every input that ever crashed the `menu` fuzz target (Fuzz/Crashes/menu), replayed.
@Suite struct MenuFuzzRegressionTests {
    @Test func menuFileCrashesStayFixed() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Crashes/menu")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        for name in names.sorted() where name != "README.md" {
            let data = try Data(contentsOf: dir.appendingPathComponent(name))
            if let file = try? MenuFile.parse(data, path: name) {
                _ = MenuChecks().check(file.children, file.context)
            }
        }
    }
}
