import Foundation
import Testing

/// Every Swift block in the README is a file of the example package, quoted whole, so the README
/// shows code that `make test` compiles and runs.
@Suite struct ReadmeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    struct Block {
        var line: Int
        var source: String?
        var text: String
    }

    /// The README's Swift blocks, each with the file its marker names.
    static func swiftBlocks(in readme: String) -> [Block] {
        let lines = readme.components(separatedBy: "\n")
        var out: [Block] = []
        var i = 0
        while i < lines.count {
            if lines[i] == "```swift" {
                let marker = i > 0 ? lines[i - 1] : ""
                var source: String?
                if marker.hasPrefix("<!-- file: "), marker.hasSuffix(" -->") {
                    source = String(marker.dropFirst("<!-- file: ".count).dropLast(" -->".count))
                }
                var j = i + 1
                var body: [String] = []
                while j < lines.count, lines[j] != "```" {
                    body.append(lines[j])
                    j += 1
                }
                out.append(Block(line: i + 1, source: source, text: body.joined(separator: "\n")))
                i = j
            }
            i += 1
        }
        return out
    }

    @Test func everySwiftBlockIsACompiledFileQuotedWhole() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = Self.swiftBlocks(in: readme)
        #expect(blocks.count >= 5)
        for b in blocks {
            let source = try #require(b.source, "README.md:\(b.line): a Swift block without <!-- file: PATH -->")
            #expect(source.hasPrefix("Examples/"), "README.md:\(b.line): \(source) is not in the example package")
            let file = try String(contentsOf: Self.root.appendingPathComponent(source), encoding: .utf8)
            #expect(
                b.text == file.trimmingCharacters(in: .newlines),
                "README.md:\(b.line) differs from \(source); paste the file again")
        }
    }

    @Test func aChangedBlockIsCaught() throws {
        let blocks = Self.swiftBlocks(in: "<!-- file: Examples/Package.swift -->\n```swift\nlet x = 1\n```\n")
        let b = try #require(blocks.first)
        let file = try String(contentsOf: Self.root.appendingPathComponent("Examples/Package.swift"), encoding: .utf8)
        #expect(b.source == "Examples/Package.swift" && b.text != file.trimmingCharacters(in: .newlines))
        #expect(Self.swiftBlocks(in: "text\n```swift\nx\n```").first?.source == nil)
    }
}
