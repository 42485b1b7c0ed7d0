import Foundation
import Testing

@testable import Scenes

/// The catalogue `settings.json` is read against names every setting, with its kind.
@Suite struct SettingsCatalogueTests {
    /// Every `SettingKey` declared in the sources (`static let x = SettingKey("name", …)`), found by
    /// reading them: a key missing from the catalogue would be called unknown in every file.
    @Test func everyDeclaredSettingIsInTheCatalogue() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources").standardized
        var declared: Set<String> = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("= SettingKey(\"") {
                let name = line.split(separator: "\"")[1]
                declared.insert(String(name))
            }
        }
        #expect(declared.count >= 27, "the sources' keys were not found: \(declared)")
        #expect(declared == Set(SettingsCatalogue.kinds.keys))
    }

    @Test func groupsAreTheDottedNamesPrefixes() {
        #expect(SettingsCatalogue.groups == ["privacy", "notifications"])
        #expect(SettingsCatalogue.kinds["privacy.clipboard"] == .answers)
        #expect(SettingsCatalogue.kinds["textSize"] == .number)
    }

    @Test func eachKindAcceptsItsOwnValuesOnly() {
        #expect(SettingKind.strings.accepts(.array([.string("en")])))
        #expect(SettingKind.strings.strayMembers(of: .array([.string("en"), .number(1)])).map(\.member) == ["2"])
        #expect(SettingKind.answers.accepts(.object(["foot": .bool(true)])))
        #expect(
            SettingKind.answers.strayMembers(of: .object(["foot": .string("yes"), "grim": .bool(true)])).map(\.member)
                == ["foot"])
        #expect(!SettingKind.bool.accepts(.string("true")))
        #expect(!SettingKind.answers.accepts(.array([])))
    }
}
