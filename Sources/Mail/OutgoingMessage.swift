import Foundation
import MailStore

/// A message written in the app — a reply, a forward, a new one — and its RFC 5322 form.
public struct OutgoingMessage: Sendable, Equatable {
    public var from: String
    public var to: String
    public var subject: String
    public var body: String
    public var inReplyTo: String?

    public init(from: String, to: String, subject: String, body: String, inReplyTo: String? = nil) {
        self.from = from
        self.to = to
        self.subject = subject
        self.body = body
        self.inReplyTo = inReplyTo
    }

    public var isEmpty: Bool {
        to.trimmingCharacters(in: .whitespaces).isEmpty && subject.trimmingCharacters(in: .whitespaces).isEmpty
            && body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    /// An RFC 2047 encoded word when the text is not plain ASCII.
    static func encodeHeader(_ s: String) -> String {
        if s.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 }) { return s }
        return "=?UTF-8?B?" + Data(s.utf8).base64EncodedString() + "?="
    }

    /// An address list with each display name encoded (RFC 2047 allows encoded words in the phrase only).
    static func encodeAddresses(_ s: String) -> String {
        MailAddress.parseList(s).map { a in
            guard let name = a.name, !name.isEmpty else { return a.address }
            let plain = name.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 }
            let phrase = plain ? "\"" + name.replacingOccurrences(of: "\"", with: "\\\"") + "\"" : encodeHeader(name)
            return "\(phrase) <\(a.address)>"
        }.joined(separator: ", ")
    }

    /// The message as a file: headers, a blank line, the UTF-8 body (8bit).
    public func rfc5322(date: Date, messageID: String) -> Data {
        let fmt = DateFormatter()
        fmt.locale = Locale(identifier: "en_US_POSIX")
        fmt.timeZone = TimeZone(identifier: "UTC")
        fmt.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        var lines = [
            "From: \(Self.encodeAddresses(from))",
            "To: \(Self.encodeAddresses(to))",
            "Subject: \(Self.encodeHeader(subject))",
            "Date: \(fmt.string(from: date))",
            "Message-ID: <\(messageID)>",
        ]
        if let r = inReplyTo { lines.append("In-Reply-To: <\(r)>") }
        lines += [
            "MIME-Version: 1.0", "Content-Type: text/plain; charset=UTF-8", "Content-Transfer-Encoding: 8bit", "",
        ]
        return Data((lines.joined(separator: "\n") + "\n" + body + (body.hasSuffix("\n") ? "" : "\n")).utf8)
    }

    /// A reply to `m`: to its sender, "Re: " once, the original quoted.
    public static func reply(to m: Message, all: Bool, me: String, language: String) -> OutgoingMessage {
        var to = (m.replyTo.first ?? m.from.first).map(\.description) ?? ""
        if all {
            let others = (m.to + m.cc).filter { $0.address.lowercased() != me.lowercased() }.map(\.description)
            to = ([to] + others).filter { !$0.isEmpty }.joined(separator: ", ")
        }
        let prefix = language == "ru" ? "Re: " : "Re: "
        let subject = m.subject.lowercased().hasPrefix("re:") ? m.subject : prefix + m.subject
        let who = m.from.first?.displayName ?? ""
        let intro = language == "ru" ? "\(who) написал(а):" : "\(who) wrote:"
        let quoted = m.text.split(separator: "\n", omittingEmptySubsequences: false).map { "> " + $0 }.joined(
            separator: "\n")
        return OutgoingMessage(
            from: me, to: to, subject: subject, body: "\n\n\(intro)\n\(quoted)", inReplyTo: m.messageID)
    }

    /// A forward of `m`: "Fwd: " once, the original below a separator line.
    public static func forward(_ m: Message, me: String, language: String) -> OutgoingMessage {
        let subject = m.subject.lowercased().hasPrefix("fwd:") ? m.subject : "Fwd: " + m.subject
        let head = language == "ru" ? "Пересылаемое сообщение" : "Forwarded message"
        let from = m.from.map(\.description).joined(separator: ", ")
        return OutgoingMessage(
            from: me, to: "", subject: subject,
            body: "\n\n---------- \(head) ----------\nFrom: \(from)\nSubject: \(m.subject)\n\n\(m.text)")
    }
}
