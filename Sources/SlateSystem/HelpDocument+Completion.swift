extension HelpDocument {
    /// The completion script for bash (bash-completion's `completions/slate`): the verbs, then each
    /// verb's options, an option's values (its choices, files, folders) and the verb's operands.
    func bashCompletion() -> String {
        let command = commandName
        var out = [
            "# bash completion for \(command), made by `\(command) help --completion bash` from the text of",
            "# `\(command) help`: change that, not this.",
            "_\(command)() {",
            "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}",
            "    COMPREPLY=()",
            "    if ((COMP_CWORD == 1)); then",
            "        COMPREPLY=($(compgen -W \(Self.shellQuoted(verbs.map(\.name).joined(separator: " "))) -- \"$cur\"))",
            "        return",
            "    fi",
            "    case \"${COMP_WORDS[1]} $prev\" in",
        ]
        // Each option's values as the verb it follows shows them (`--out` is a file for one verb, a
        // folder for another): cases on "VERB --OPTION", those with the same values together.
        var byValue: [(Operand, [String])] = []
        for verb in verbs {
            for option in options(of: verb) {
                guard let value = value(of: option, in: verb) else { continue }
                let key = "'\(verb.name) --\(option)'"
                if let i = byValue.firstIndex(where: { $0.0 == value }) {
                    byValue[i].1.append(key)
                } else {
                    byValue.append((value, [key]))
                }
            }
        }
        for (value, keys) in byValue {
            out.append("        \(keys.joined(separator: "|")))")
            out.append("            \(bashReply(value))")
            out.append("            return ;;")
        }
        out += ["    esac", "    local options=", "    case ${COMP_WORDS[1]} in"]
        for verb in verbs {
            let names = options(of: verb).map { "--" + $0 }.joined(separator: " ")
            if !names.isEmpty { out.append("        \(verb.name)) options=\(Self.shellQuoted(names)) ;;") }
        }
        out += [
            "    esac",
            "    if [[ $cur == -* ]]; then",
            "        COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))",
            "        return",
            "    fi",
            "    case ${COMP_WORDS[1]} in",
        ]
        for operand in [Operand.app, .file] {
            let names = verbs.filter { $0.operands == operand }.map(\.name)
            if !names.isEmpty { out.append("        \(names.joined(separator: "|"))) \(bashReply(operand)) ;;") }
        }
        out += ["    esac", "}", "complete -F _\(command) \(command)"]
        return out.joined(separator: "\n") + "\n"
    }

    /// The completion function for zsh (`_slate` in a folder of `$fpath`): the verbs with what each
    /// does, then `_arguments` with the verb's options, their values and its operands.
    func zshCompletion() -> String {
        let command = commandName
        var out = [
            "#compdef \(command)",
            "# zsh completion for \(command), made by `\(command) help --completion zsh` from the text of",
            "# `\(command) help`: change that, not this.",
            "local -a verbs specs",
            "verbs=(",
        ]
        for verb in verbs {
            let summary = Self.summary(of: verb).replacingOccurrences(of: ":", with: "\\:")
            out.append("    \(Self.shellQuoted(verb.name + ":" + summary))")
        }
        out += [
            ")",
            "if (( CURRENT == 2 )); then",
            "    _describe -t verbs '\(command) verb' verbs",
            "    return",
            "fi",
            "case $words[2] in",
        ]
        for verb in verbs {
            var specs = options(of: verb).map { option -> String in
                guard let value = value(of: option, in: verb) else { return "--\(option)" }
                return "--\(option)=:\(option):\(zshAction(value))"
            }
            if let operands = verb.operands {
                specs.append("*:\(operands == .app ? "app" : "file"):\(zshAction(operands))")
            }
            guard !specs.isEmpty else { continue }
            out.append("    (\(verb.name)) specs=(\(specs.map(Self.shellQuoted).joined(separator: " "))) ;;")
        }
        out += [
            "esac",
            "shift words",
            "(( CURRENT-- ))",
            "_arguments -S $specs",
        ]
        return out.joined(separator: "\n") + "\n"
    }

    /// The program the text is about (`slate`), from its title.
    var commandName: String { title.split(separator: " ", maxSplits: 1).first.map(String.init) ?? "slate" }

    private func appNames() -> String { apps.map(\.name).joined(separator: " ") }

    private func bashReply(_ value: Operand) -> String {
        switch value {
        case .choice(let words):
            "COMPREPLY=($(compgen -W \(Self.shellQuoted(words.joined(separator: " "))) -- \"$cur\"));"
        case .file: "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\"));"
        case .folder: "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- \"$cur\"));"
        case .app: "COMPREPLY=($(compgen -W \(Self.shellQuoted(appNames())) -- \"$cur\"));"
        case .text: ":;"
        }
    }

    private func zshAction(_ value: Operand) -> String {
        switch value {
        case .choice(let words): "(\(words.joined(separator: " ")))"
        case .file: "_files"
        case .folder: "_files -/"
        case .app: "(\(appNames()))"
        case .text: " "
        }
    }

    /// `text` in single quotes for bash and zsh.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
