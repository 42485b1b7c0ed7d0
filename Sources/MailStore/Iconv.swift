import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A thin, stateless wrapper around the C library's `iconv(3)`.
///
/// Each call opens and closes its own conversion descriptor, so the
/// type holds no state and is safe to use from any thread.
enum Iconv {
    /// The outcome of one conversion.
    struct Result: Sendable {
        /// The converted bytes (invalid input replaced as described by `replacement`).
        var bytes: [UInt8]
        /// How many input bytes could not be converted and were replaced.
        var invalidSequences: Int
        /// Whether the input ended in the middle of a multi-byte sequence.
        var truncatedInput: Bool
    }

    /// Whether `iconv` can convert from `charset` to UTF-8.
    static func supports(_ charset: String) -> Bool {
        let cd = iconv_open("UTF-8", charset)
        guard isValid(cd) else { return false }
        iconv_close(cd)
        return true
    }

    /// Converts `input` from charset `from` to charset `to`.
    ///
    /// Bytes that are invalid in the source charset are skipped one at a
    /// time and `replacement` is written in their place. Returns `nil` if
    /// iconv does not know one of the two charsets.
    static func convert(
        _ input: ArraySlice<UInt8>, from: String, to: String,
        replacement: [UInt8]
    ) -> Result? {
        let cd = iconv_open(to, from)
        guard isValid(cd) else { return nil }
        defer { iconv_close(cd) }

        var output = [UInt8](repeating: 0, count: max(64, input.count * 4))
        var written = 0
        var invalid = 0
        var truncated = false
        var source = Array(input)
        source.withUnsafeMutableBufferPointer { inBuffer in
            var inOffset = 0
            while inOffset < inBuffer.count {
                var inLeft = inBuffer.count - inOffset
                var outLeft = output.count - written
                let status: Int = output.withUnsafeMutableBufferPointer { outBuffer in
                    var inPtr: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inBuffer.baseAddress! + inOffset)
                        .assumingMemoryBound(to: CChar.self)
                    var outPtr: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBuffer.baseAddress! + written)
                        .assumingMemoryBound(to: CChar.self)
                    let r = iconv(cd, &inPtr, &inLeft, &outPtr, &outLeft)
                    return r == -1 ? Int(errno) : 0
                }
                inOffset = inBuffer.count - inLeft
                written = output.count - outLeft
                switch status {
                case 0:
                    continue
                case Int(E2BIG):
                    output.append(contentsOf: repeatElement(0, count: max(64, output.count)))
                case Int(EINVAL):
                    // Incomplete multi-byte sequence at the end of the input.
                    truncated = true
                    append(replacement, to: &output, at: &written)
                    inOffset = inBuffer.count
                default:
                    // EILSEQ (or anything unexpected): skip one byte.
                    invalid += 1
                    append(replacement, to: &output, at: &written)
                    inOffset += 1
                }
            }
        }
        // Flush any shift state (stateful encodings such as ISO-2022-JP).
        output.append(contentsOf: repeatElement(0, count: 16))
        var outLeft = output.count - written
        let before = outLeft
        _ = output.withUnsafeMutableBufferPointer { outBuffer in
            var outPtr: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBuffer.baseAddress! + written)
                .assumingMemoryBound(to: CChar.self)
            return iconv(cd, nil, nil, &outPtr, &outLeft)
        }
        written += before - outLeft
        output.removeSubrange(written...)
        return Result(bytes: output, invalidSequences: invalid, truncatedInput: truncated)
    }

    private static func append(_ bytes: [UInt8], to output: inout [UInt8], at written: inout Int) {
        if output.count - written < bytes.count {
            output.append(contentsOf: repeatElement(0, count: max(64, bytes.count)))
        }
        for b in bytes {
            output[written] = b
            written += 1
        }
    }

    private static func isValid(_ cd: iconv_t?) -> Bool {
        guard let cd else { return false }
        return Int(bitPattern: cd) != -1
    }
}
