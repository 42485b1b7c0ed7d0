/// A MIME part to be written by the sample and benchmark writers.
indirect enum SamplePart {
    /// How a text part's body is transfer-encoded.
    enum Encoding: String {
        case sevenBit = "7bit"
        case eightBit = "8bit"
        case quotedPrintable = "quoted-printable"
        case base64
    }

    /// A text part (`subtype` is `plain` or `html`).
    case text(
        String, subtype: String = "plain", charset: String = "UTF-8", encoding: Encoding = .eightBit,
        parameters: String = "")
    /// A file; its name is written with RFC 2231 encoding when not ASCII.
    case file(name: String, mimeType: String, data: [UInt8], inline: Bool = false, contentID: String? = nil)
    /// A multipart with the given subtype.
    case multipart(String, [SamplePart])
    /// A whole message inside (message/rfc822).
    case message([UInt8])

    /// The part's MIME header lines and its encoded body (LF line ends).
    func render(boundary: String) -> (headers: [String], body: [UInt8]) {
        switch self {
        case let .text(text, subtype, charset, encoding, parameters):
            let bytes = MIMEEncoder.encode(text, charset: charset)
            var headers = ["Content-Type: text/\(subtype); charset=\(charset)\(parameters)"]
            headers.append("Content-Transfer-Encoding: \(encoding.rawValue)")
            switch encoding {
            case .sevenBit, .eightBit:
                return (headers, bytes + [0x0A])
            case .quotedPrintable:
                return (headers, Array(MIMEEncoder.quotedPrintable(bytes).utf8) + [0x0A])
            case .base64:
                return (headers, Array(MIMEEncoder.base64(bytes).utf8) + [0x0A])
            }
        case let .file(name, mimeType, data, inline, contentID):
            let isASCII = name.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }
            let nameParameter: String
            if isASCII {
                nameParameter = "filename=\"\(name)\""
            } else {
                let encoded = name.utf8.map { b -> String in
                    let c = Character(UnicodeScalar(b))
                    if b < 0x80, c.isLetter || c.isNumber || "-._".contains(c) { return String(c) }
                    return "%" + String(b, radix: 16, uppercase: true)
                }.joined()
                nameParameter = "filename*=UTF-8''\(encoded)"
            }
            var headers = ["Content-Type: \(mimeType); name=\"\(MIMEEncoder.encodedWord(name))\""]
            headers.append("Content-Transfer-Encoding: base64")
            headers.append("Content-Disposition: \(inline ? "inline" : "attachment"); \(nameParameter)")
            if let contentID { headers.append("Content-ID: <\(contentID)>") }
            return (headers, Array(MIMEEncoder.base64(data).utf8) + [0x0A])
        case let .multipart(subtype, parts):
            var body: [UInt8] = Array("This is a multi-part message in MIME format.\n".utf8)
            for (index, part) in parts.enumerated() {
                let rendered = part.render(boundary: "\(boundary)\(index)")
                body += Array("\n--\(boundary)\n".utf8)
                body += Array((rendered.headers.joined(separator: "\n") + "\n\n").utf8)
                body += rendered.body
            }
            body += Array("\n--\(boundary)--\n".utf8)
            return (["MIME-Version: 1.0", "Content-Type: multipart/\(subtype); boundary=\"\(boundary)\""], body)
        case let .message(bytes):
            return (["Content-Type: message/rfc822", "Content-Disposition: inline"], bytes)
        }
    }
}

/// A whole message for the sample or benchmark Maildir.
struct SampleMessage {
    var folder: [String]
    var hoursAgo: Double
    var flags: MessageFlags
    var from: String
    var to: String
    var subject: String
    var extraHeaders: [String] = []
    var part: SamplePart

    /// The message bytes, dated `hoursAgo` before `reference`.
    func render(reference: Double, index: Int, zoneMinutes: Int = 180) -> [UInt8] {
        let date = MIMEEncoder.rfc5322Date(
            .init(timeIntervalSince1970: reference - hoursAgo * 3600), zoneMinutes: zoneMinutes)
        let rendered = part.render(boundary: "=_slate_\(index)_")
        var headers = [
            "Return-Path: <\(SampleMessage.bareAddress(from))>",
            "From: \(from)",
            "To: \(to)",
            "Subject: \(subject)",
            "Date: \(date)",
            "Message-ID: <sample.\(index).\(Int(reference))@slate.example>",
        ]
        headers += extraHeaders
        if !rendered.headers.contains(where: { $0.hasPrefix("MIME-Version") }) { headers.append("MIME-Version: 1.0") }
        headers += rendered.headers
        return Array((headers.joined(separator: "\n") + "\n\n").utf8) + rendered.body
    }

    static func bareAddress(_ from: String) -> String {
        if let open = from.lastIndex(of: "<"), let close = from.lastIndex(of: ">"), open < close {
            return String(from[from.index(after: open)..<close])
        }
        return from
    }
}
