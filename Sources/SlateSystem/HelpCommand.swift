/// `slate help [--man | --completion bash|zsh]`: the verbs and the apps; or the same text as the
/// manual page slate(1), or as a shell's completion script (`make install` puts both down).
enum HelpCommand {
    static func run(_ args: Arguments, apps: [AppEntry]) throws -> Int32 {
        if args.flags.contains("man") {
            print(HelpDocument(apps: apps).manualPage(), terminator: "")
        } else if let shell = args.options["completion"] {
            switch shell {
            case "bash": print(HelpDocument(apps: apps).bashCompletion(), terminator: "")
            case "zsh": print(HelpDocument(apps: apps).zshCompletion(), terminator: "")
            default: throw UsageError("--completion is bash or zsh, not '\(shell)'")
            }
        } else {
            print(helpText(apps: apps))
        }
        return 0
    }
}
