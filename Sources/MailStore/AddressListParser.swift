/// Parses RFC 5322 address lists leniently. See `MailAddress.parseList(_:)`.
struct AddressListParser {
    private let scalars: [Unicode.Scalar]

    init(_ value: String) {
        scalars = Array(value.unicodeScalars)
    }

    func parse() -> [MailAddress] {
        var result: [MailAddress] = []
        var i = 0
        // One entry is accumulated as phrase words, comment texts and an angle address.
        var words: [String] = []
        var comments: [String] = []
        var angle: String?
        var bare = String.UnicodeScalarView()

        func finishEntry() {
            defer {
                words.removeAll()
                comments.removeAll()
                angle = nil
                bare = String.UnicodeScalarView()
            }
            if let angle {
                let name = phrase(words)
                result.append(MailAddress(name: name.isEmpty ? nil : name, address: stripRoute(angle)))
                return
            }
            let address = String(bare).trimmingASCIIWhitespace()
            guard !address.isEmpty else { return }
            var name: String? = comments.last.map { EncodedWordDecoder.decode($0).trimmingASCIIWhitespace() }
            if name?.isEmpty == true { name = nil }
            result.append(MailAddress(name: name, address: address.filter { !$0.isWhitespace }))
        }

        while i < scalars.count {
            let c = scalars[i]
            switch c {
            case "\"":
                let (text, next) = quoted(from: i)
                words.append(text)
                // A quoted local part ("john doe"@example.com) belongs to a bare address.
                bare.append(contentsOf: "\"\(text)\"".unicodeScalars)
                i = next
            case "(":
                let start = i
                skipComment(scalars, &i)
                let inner = scalars[(start + 1)..<max(start + 1, i - 1)]
                comments.append(String(String.UnicodeScalarView(inner)))
            case "<":
                var j = i + 1
                var addr = String.UnicodeScalarView()
                while j < scalars.count, scalars[j] != ">" {
                    if !scalars[j].properties.isWhitespace { addr.append(scalars[j]) }
                    j += 1
                }
                angle = String(addr)
                i = min(j + 1, scalars.count)
            case ",":
                finishEntry()
                i += 1
            case ":" where angle == nil && !bare.contains("@"):
                // Group start: "name:" — the name is not an address.
                words.removeAll()
                comments.removeAll()
                bare = String.UnicodeScalarView()
                i += 1
            case ";":
                finishEntry()
                i += 1
            default:
                if c.properties.isWhitespace {
                    i += 1
                    continue
                }
                var j = i
                var atom = String.UnicodeScalarView()
                while j < scalars.count {
                    let d = scalars[j]
                    if d.properties.isWhitespace || "\"(<,;:".unicodeScalars.contains(d) { break }
                    atom.append(d)
                    j += 1
                }
                if j == i {
                    // A lone ":" after an address etc.; skip it.
                    i += 1
                    continue
                }
                words.append(String(atom))
                bare.append(contentsOf: atom)
                i = j
            }
        }
        finishEntry()
        return result
    }

    /// Returns the unescaped content of the quoted string starting at `start`, and the index after it.
    private func quoted(from start: Int) -> (String, Int) {
        var i = start + 1
        var text = String.UnicodeScalarView()
        while i < scalars.count {
            let c = scalars[i]
            if c == "\\", i + 1 < scalars.count {
                text.append(scalars[i + 1])
                i += 2
                continue
            }
            if c == "\"" { return (String(text), i + 1) }
            text.append(c)
            i += 1
        }
        return (String(text), i)
    }

    /// Joins phrase words with single spaces and decodes RFC 2047 words in it.
    private func phrase(_ words: [String]) -> String {
        let joined = words.joined(separator: " ")
        return EncodedWordDecoder.decode(joined).trimmingASCIIWhitespace()
    }

    /// Drops an obsolete source route (`@a,@b:user@host` → `user@host`).
    private func stripRoute(_ address: String) -> String {
        guard address.hasPrefix("@"), let colon = address.firstIndex(of: ":") else { return address }
        return String(address[address.index(after: colon)...])
    }
}
