import Foundation
import Testing

/// Every Swift block in the README and the pages of `Documentation/` is a file of the example
/// package, quoted whole, so the documentation shows code that `make test` compiles and runs; and
/// every link between them leads to a file that is there.
@Suite struct ReadmeTests {
    /// The README and the pages it leads to, by their paths in the checkout.
    static func pages() throws -> [(path: String, text: String)] {
        let folder = root.appendingPathComponent("Documentation")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }
        return try (["README.md"] + names.sorted().map { "Documentation/" + $0 }).map { path in
            (path, try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
        }
    }

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
        var count = 0
        for (path, text) in try Self.pages() {
            let blocks = Self.swiftBlocks(in: text)
            count += blocks.count
            for b in blocks {
                let source = try #require(b.source, "\(path):\(b.line): a Swift block without <!-- file: PATH -->")
                #expect(source.hasPrefix("Examples/"), "\(path):\(b.line): \(source) is not in the example package")
                let file = try String(contentsOf: Self.root.appendingPathComponent(source), encoding: .utf8)
                #expect(
                    b.text == file.trimmingCharacters(in: .newlines),
                    "\(path):\(b.line) differs from \(source); paste the file again")
            }
        }
        #expect(count >= 5)
    }

    /// The README stays the front door (issue 48: under about 20 KB), and every relative link of it
    /// and its pages names a file there, and a heading there when it names one.
    @Test func theReadmeIsShortAndEveryLinkLeadsSomewhere() throws {
        let pages = try Self.pages()
        let readme = try #require(pages.first { $0.path == "README.md" })
        #expect(readme.text.utf8.count <= 20_000, "README.md is \(readme.text.utf8.count) bytes")
        let link = /\]\(([^)#:\s]+\.(?:md|png|swift))(#[\w-]+)?\)/
        for (path, text) in pages {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().relativePath
            for match in text.matches(of: link) {
                let target = folder == "." ? String(match.1) : folder + "/" + match.1
                let url = Self.root.appendingPathComponent(target).standardized
                #expect(FileManager.default.fileExists(atPath: url.path), "\(path): \(match.0) leads nowhere")
                guard let fragment = match.2, let page = try? String(contentsOf: url, encoding: .utf8) else { continue }
                let anchors = page.split(separator: "\n").filter { $0.hasPrefix("#") }.map { Self.anchor(String($0)) }
                #expect(anchors.contains(String(fragment.dropFirst())), "\(path): \(match.0) names no heading")
            }
        }
    }

    /// A heading's anchor, as GitHub makes it: lower case, punctuation gone, spaces as hyphens.
    static func anchor(_ heading: String) -> String {
        let words = heading.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
        return String(words.filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" })
            .replacingOccurrences(of: " ", with: "-")
    }

    @Test func aChangedBlockIsCaught() throws {
        let blocks = Self.swiftBlocks(in: "<!-- file: Examples/Package.swift -->\n```swift\nlet x = 1\n```\n")
        let b = try #require(blocks.first)
        let file = try String(contentsOf: Self.root.appendingPathComponent("Examples/Package.swift"), encoding: .utf8)
        #expect(b.source == "Examples/Package.swift" && b.text != file.trimmingCharacters(in: .newlines))
        #expect(Self.swiftBlocks(in: "text\n```swift\nx\n```").first?.source == nil)
    }
}
