// libFuzzer target: the `.desktop` parser (groups, keys, localized names, escapes, Exec quoting and
// field codes, Actions, Slate's X-Slate keys) and what the shell makes of an entry.
import Shell
import ShellPorts

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDesktopEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    MainActor.assumeIsolated {
        guard let e = try? DesktopEntry(parsing: text, id: "fuzz", file: "/fuzz.desktop") else { return }
        _ = try? e.command(files: ["/a b", "c"], urls: ["file:///x"])
        for a in e.actions { _ = try? e.command(a.exec) }
        _ = e.name.en + e.name.ru
        _ = ProcessApp(entry: e)
    }
    return 0
}
