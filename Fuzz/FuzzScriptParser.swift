// libFuzzer target: the script parser (compiled into this module with Script.swift and
// ScriptParser.swift), and the echo of words in its errors.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScriptParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        _ = try ScriptParser.parse(text, source: "fuzz.slate")
    } catch {
        _ = error.description
    }
    _ = ScriptLimits.shown(text)
    return 0
}
