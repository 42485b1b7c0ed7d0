// libFuzzer target: the menu-file reader (strict JSON, the schema) and the checks of what it reads.
import Foundation
import Guidelines

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMenuFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if let file = try? MenuFile.parse(Data(bytes: data, count: size), path: "fuzz.json") {
        _ = MenuChecks().check(file.children, file.context)
    }
    return 0
}
