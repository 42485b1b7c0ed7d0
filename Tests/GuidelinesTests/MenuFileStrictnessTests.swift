import Foundation
import Testing

@testable import Guidelines

/// A menu file is read strictly and within stated bounds: sloppy JSON and wrong types are refused
/// naming the line and the field (exit 2 from `slate lint --menu`), huge files are refused at once,
/// and no count traps.
@Suite struct MenuFileStrictnessTests {
    func failure(_ text: String) throws -> MenuFile.ReadError {
        do {
            _ = try MenuFile.parse(Data(text.utf8), path: "m.json")
        } catch {
            return error
        }
        Issue.record("parsed: \(text.prefix(80))")
        throw CancellationError()
    }

    @Test(arguments: [
        ("{\"children\": [{\"type\": \"action\", \"title\": \"A\"},]}", 1, "trailing commas"),
        ("{\"children\": [],}", 1, "trailing commas"),
        ("{\n\"children\": [\n{\"type\": 3}]}", 3, "children[0].type: must be a string, not a number"),
        (
            "{\"children\": [{\"title\": \"A\",\n \"attributes\": \"destructive\"}]}", 2,
            "children[0].attributes: must be a list of strings, not a string"
        ),
        ("{\"preview\": \"yes\", \"children\": []}", 1, "preview: must be true or false, not a string"),
        ("{\"contentItem\": 1, \"children\": []}", 1, "contentItem: must be true or false, not a number"),
        ("{\"children\": [], \"children\": []}", 1, "the key is given twice"),
        ("{\"children\": [{\"title\": \"A\", \"tilte\": \"B\"}]}", 1, "children[0].tilte: unknown field"),
        ("{\"children\": [{\"title\": \"A\\u0000\tB\"}]}", 1, "a control character"),
        ("{\"children\": []} // note", 1, "unexpected text after the end"),
        ("{\"children\": [01]}", 1, "does not start with 0"),
        ("{\"children\": [{\"title\": 'A'}]}", 1, "expected a value"),
    ])
    func sloppyJSONAndWrongTypesAreRefusedNamingLineAndField(_ text: String, line: Int, says: String) throws {
        let e = try failure(text)
        #expect(e.line == line, "\(e)")
        #expect(e.column != nil)
        #expect(e.description.contains(says), "\(e)")
        #expect(e.description.hasPrefix("m.json:\(line):"))
    }

    @Test func usageCountsPastIntMaxAreRefusedAndSumsSaturate() throws {
        let e = try failure("{\"usage\": {\"a\": 99999999999999999999}, \"children\": []}")
        #expect(e.description.contains("usage.a: must be a count"), "\(e)")
        #expect(try failure("{\"usage\": {\"a\": -1}, \"children\": []}").description.contains("usage.a"))
        #expect(try failure("{\"usage\": {\"a\": 1.5}, \"children\": []}").description.contains("usage.a"))
        let text = """
            {"usage": {"a": \(Int.max), "b": \(Int.max), "c": \(Int.max)},
             "children": [{"title": "X", "identifier": "x"}, {"title": "Y", "identifier": "y"},
                          {"title": "Z", "identifier": "z"}, {"title": "A", "identifier": "a"}]}
            """
        let f = try MenuFile.parse(Data(text.utf8), path: "m.json")
        let findings = MenuChecks().check(f.children, f.context)
        #expect(findings.map(\.rule) == ["C8"], "no trap: \(findings)")
    }

    @Test func deepNestingIsRefusedNotAStackOverflow() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let e = try failure("{\"children\": \(deep)}")
        #expect(e.description.contains("nested deeper"), "\(e)")
    }

    @Test func aMillionActionsAreRefusedAtOnceWithTheStatedLimit() throws {
        let action = #"{"type": "action", "title": "Do it", "identifier": "do"},"#
        var text = #"{"title": "Big", "children": ["#
        text += String(repeating: action, count: 1_000_000)
        text += #"{"type": "separator"}]}"#
        let clock = ContinuousClock()
        var error: MenuFile.ReadError?
        let took = clock.measure {
            do { _ = try MenuFile.parse(Data(text.utf8), path: "big.json") } catch let e {
                error = e as? MenuFile.ReadError
            }
        }
        let e = try #require(error)
        #expect(e.description.contains("at most \(MenuFile.largestFile) bytes"), "\(e)")
        #expect(took < .seconds(1), "refused at once: \(took)")
    }

    @Test func theLargestAllowedMenuIsCheckedInLinearTime() throws {
        let action = #"{"type": "action", "title": "Do it", "identifier": "do"},"#
        var text = #"{"title": "Big", "usage": {"do": 3}, "children": ["#
        text += String(repeating: action, count: MenuFile.maximumElements - 1)
        text += #"{"type": "separator"}]}"#
        let clock = ContinuousClock()
        let took = clock.measure {
            if let f = try? MenuFile.parse(Data(text.utf8), path: "big.json") {
                _ = MenuChecks().check(f.children, f.context)
            } else {
                Issue.record("the largest allowed menu did not parse")
            }
        }
        // About 1 s alone in a debug build; generous, as the whole suite runs in parallel on two cores.
        #expect(took < .seconds(20), "\(took)")
        let over = try failure(
            #"{"children": ["# + String(repeating: action, count: MenuFile.maximumElements)
                + #"{"type": "separator"}]}"#)
        #expect(over.description.contains("more than \(MenuFile.maximumElements) elements"), "\(over)")
    }

    @Test func escapesAndUnicodeAreRead() throws {
        let f = try MenuFile.parse(
            Data(#"{"title": "\u041f\u0438\u0441\u044c\u043c\u043e \ud83d\udce8 \"x\"", "children": []}"#.utf8),
            path: "m.json")
        #expect(f.title == "Письмо 📨 \"x\"")
    }
}
