// libFuzzer target: the MIME parser (RFC 5322 with MIME: multipart, transfer encodings, charsets),
// whole messages and the list's summaries. Built and run by `make fuzz` (scripts/fuzz.sh).
import Foundation
import MailStore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMIMEParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    _ = MessageParser.parse(bytes)
    _ = MessageParser.summary(bytes)
    return 0
}
