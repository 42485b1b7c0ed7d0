// libFuzzer target: the RFC 2047 encoded-word decoder and the RFC 2231 parameter decoder
// (continuations, charsets, percent-encoding), on one header value.
import Foundation

@testable import MailStore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHeaderDecoders(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var problems: [String] = []
    _ = EncodedWordDecoder.decode(text, problems: &problems)
    _ = MIMEParameters(headerValue: text, problems: &problems)
    return 0
}
