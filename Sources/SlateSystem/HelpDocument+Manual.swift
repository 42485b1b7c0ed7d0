extension HelpDocument {
    /// The manual page slate(1) in roff with the `man` macros: the title as NAME, the usage line as
    /// SYNOPSIS, each verb's paragraph under VERBS, and each closing paragraph (`Exit codes: …`,
    /// `apps: …`) as a section of its own.
    func manualPage() -> String {
        let name = title.split(separator: " ", maxSplits: 1).first.map(String.init) ?? "slate"
        var out = [
            #".\" \#(name)(1), made by `\#(name) help --man` from the text of `\#(name) help`: change that, not this."#,
            ".TH \(name.uppercased()) 1 \"\" \"Slate\" \"User Commands\"",
            // Left-aligned, no hyphenation: option names stay whole, to be typed as they are.
            ".ad l",
            ".nh",
            ".SH NAME",
            Self.roff(title.replacingOccurrences(of: " — ", with: " - ")),
            ".SH SYNOPSIS",
        ]
        let synopsis = usage.split(separator: " ").map(String.init)
        if let command = synopsis.first {
            out.append(".B \(Self.roff(command))")
            let rest = synopsis.dropFirst().map {
                $0.first?.isUppercase == true ? "\\fI\(Self.roff($0))\\fR" : Self.roff($0)
            }
            if !rest.isEmpty { out.append(rest.joined(separator: " ")) }
        }
        out.append(".SH VERBS")
        for verb in verbs {
            out += [".TP", ".B \(Self.roff(verb.name))", Self.roff(verb.text, optionsInBold: true)]
        }
        for paragraph in closing {
            if let colon = paragraph.firstIndex(of: ":"),
                paragraph[..<colon].allSatisfy({ $0.isLetter || $0 == " " })
            {
                let heading = paragraph[..<colon].uppercased()
                out.append(heading.contains(" ") ? ".SH \"\(heading)\"" : ".SH \(heading)")
                out.append(
                    Self.roff(
                        paragraph[paragraph.index(after: colon)...].trimmingCharacters(in: .whitespaces),
                        optionsInBold: true))
            } else {
                out += [".PP", Self.roff(paragraph, optionsInBold: true)]
            }
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// `text` as one line of roff: backslashes, hyphens and quotes escaped, a leading `.` or `'` kept
    /// from being read as a request, every character beyond ASCII as `\[uXXXX]`; with `optionsInBold`,
    /// each `--option` in bold.
    static func roff(_ text: String, optionsInBold: Bool = false) -> String {
        var out = ""
        var inOption = false
        var previous: Character = " "
        for c in text {
            if optionsInBold {
                if !inOption, c == "-", previous.isWhitespace || "([\"".contains(previous) {
                    inOption = true
                    out += "\\fB"
                } else if inOption, !(c.isLetter || c.isNumber || c == "-") {
                    inOption = false
                    out += "\\fR"
                }
            }
            switch c {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "`": out += "\\(ga"
            case "'": out += "\\(aq"
            default:
                if c.isASCII {
                    out.append(c)
                } else {
                    for scalar in c.unicodeScalars {
                        out += "\\[u" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) + "]"
                    }
                }
            }
            previous = c
        }
        if inOption { out += "\\fR" }
        if out.hasPrefix(".") || out.hasPrefix("\\(aq") { out = "\\&" + out }
        return out
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
