import Foundation

/// Test messages, written by hand for these tests. Each is LF-terminated
/// unless the test converts it; 8-bit charset bytes are spelled out.
enum Fixtures {
    /// UTF-8 text as message bytes.
    static func data(_ text: String) -> Data { Data(text.utf8) }

    /// The same message with CRLF line ends.
    static func crlf(_ text: String) -> Data {
        Data(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)
    }

    /// Concatenates ASCII/UTF-8 text and raw bytes.
    static func bytes(_ pieces: Any...) -> Data {
        var data = Data()
        for piece in pieces {
            if let text = piece as? String { data.append(contentsOf: Array(text.utf8)) }
            if let raw = piece as? [UInt8] { data.append(contentsOf: raw) }
        }
        return data
    }

    static let plainUTF8 = """
        Return-Path: <anna@example.ru>
        From: "Смирнова, Анна" <anna@example.ru>
        To: Alex <alex@slate.example>, =?UTF-8?B?0JjQstCw0L0g0J/QtdGC0YDQvtCy?= <ivan@example.ru>
        Cc: team: bob@example.com, "Carol C." <carol@example.com>;
        Subject: Встреча
         завтра
        Date: Tue, 14 May 2024 09:30:00 +0300
        Message-ID: <abc.123@example.ru>
        In-Reply-To: <prev.1@slate.example>
        References: <root.0@example.ru>
         <prev.1@slate.example>
        MIME-Version: 1.0
        Content-Type: text/plain; charset="utf-8"
        Content-Transfer-Encoding: 8bit

        Привет!
        Встречаемся завтра в 10:00.

        """

    static let quotedPrintableUTF8 = """
        From: Test <t@example.com>
        Subject: QP
        Content-Type: text/plain; charset=UTF-8
        Content-Transfer-Encoding: quoted-printable

        =D0=A1=D1=8A=D0=B5=D1=88=D1=8C =D0=B6=D0=B5 =D0=B5=D1=89=D1=91 =D1=8D=D1=82=
        =D0=B8=D1=85 =D0=BC=D1=8F=D0=B3=D0=BA=D0=B8=D1=85 =D0=B1=D1=83=D0=BB=D0=BE=D0=BA, =
        =D0=B4=D0=B0 =D0=B2=D1=8B=D0=BF=D0=B5=D0=B9 =D1=87=D0=B0=D1=8E.
        a=3Db   \ntrailing spaces dropped
        """

    static let base64UTF8 = """
        From: Test <t@example.com>
        Subject: =?utf-8?q?Base64_body?=
        Content-Type: text/plain; charset=utf-8
        Content-Transfer-Encoding: base64

        0J/RgNC40LLQtdGCINC40LcgYmFzZTY0IQrQktGC0L7RgNCw0Y8g
        0YHRgtGA0L7QutCwLg==

        """

    static let koi8r = bytes(
        """
        From: =?koi8-r?B?8KPU0g==?= <petr@example.ru>
        Subject: =?koi8-r?B?79Teo9Q=?=
        Content-Type: text/plain; charset=koi8-r
        Content-Transfer-Encoding: 8bit


        """,
        [
            0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4, 0x2C, 0x20, 0xCD, 0xC9, 0xD2, 0x21, 0x0A,
            0xEB, 0xC1, 0xCB, 0x20, 0xC4, 0xC5, 0xCC, 0xC1, 0x3F, 0x0A,
        ] as [UInt8])

    static let windows1251 = """
        From: buh@example.ru
        Subject: =?windows-1251?Q?=D1=F7=B8=F2?= =?windows-1251?Q?_=B95?=
        Content-Type: text/plain; charset=windows-1251
        Content-Transfer-Encoding: quoted-printable

        =D1=F7=B8=F2 =B95 =EE=EF=EB=E0=F7=E5=ED.
        =D1=EF=E0=F1=E8=E1=EE!
        """

    static let latin1 = """
        From: =?ISO-8859-1?Q?J=FCrgen_M=FCller?= <j@example.de>
        Subject: =?iso-8859-1?q?Gr=FC=DFe?=
        Content-Type: text/plain; charset=ISO-8859-1
        Content-Transfer-Encoding: quoted-printable

        Gr=FC=DFe aus M=FCnchen
        """

    static let alternative = """
        From: news@example.com
        Subject: Digest
        MIME-Version: 1.0
        Content-Type: multipart/alternative; boundary="alt-1"

        This is a multi-part message in MIME format.
        --alt-1
        Content-Type: text/plain; charset=utf-8

        Plain version
        --alt-1
        Content-Type: text/html; charset=utf-8

        <p>HTML <b>version</b></p>
        --alt-1--
        epilogue is ignored
        """

    static let htmlOnly = """
        From: shop@example.com
        Subject: Sale
        Content-Type: text/html; charset=utf-8
        Content-Transfer-Encoding: base64

        PHA+0J/RgNC40LLQtdGCLCA8Yj7QvNC40YA8L2I+ITwvcD4=
        """

    static let mixedWithAttachments = """
        From: a@example.com
        Subject: Files
        Content-Type: multipart/mixed; boundary=outer

        --outer
        Content-Type: text/plain; charset=us-ascii

        See attached.
        --outer
        Content-Type: application/pdf; name="ignored.pdf"
        Content-Disposition: attachment; filename*=UTF-8''%D0%BE%D1%82%D1%87%D1%91%D1%82%2E%70%64%66
        Content-Transfer-Encoding: base64

        JVBERi0xLjQK
        --outer
        Content-Type: application/vnd.ms-excel
        Content-Disposition: attachment;
         filename*0*=UTF-8''%D0%BA%D0%B2%D0%B0%D1%80%D1%82%D0%B0%D0%BB%D1%8C%D0%BD%D1%8B%D0%B9%20;
         filename*1*=%D0%BE%D1%82%D1%87%D1%91%D1%82%2E%78%6C%73%78
        Content-Transfer-Encoding: base64

        AAECAwQ=
        --outer
        Content-Type: application/octet-stream; name="=?UTF-8?B?0LTQvtCz0L7QstC+0YAuZG9jeA==?="
        Content-Transfer-Encoding: base64

        /w==
        --outer--
        """

    static let nested = """
        From: a@example.com
        Subject: Nested
        Content-Type: multipart/mixed; boundary="m"

        --m
        Content-Type: multipart/alternative; boundary="m-alt"

        --m-alt
        Content-Type: text/plain; charset=utf-8
        Content-Transfer-Encoding: quoted-printable

        Hello =E2=80=94 nested
        --m-alt
        Content-Type: multipart/related; boundary="m-rel"

        --m-rel
        Content-Type: text/html; charset=utf-8

        <p>Hello &mdash; nested <img src="cid:logo@x"></p>
        --m-rel
        Content-Type: image/png
        Content-ID: <logo@x>
        Content-Disposition: inline
        Content-Transfer-Encoding: base64

        iVBORw0KGgo=
        --m-rel--
        --m-alt--
        --m
        Content-Type: text/plain; name="notes.txt"
        Content-Disposition: attachment; filename="notes.txt"

        attached notes
        --m--
        """

    static let forwarded = """
        From: Petr <petr@example.ru>
        Subject: Fwd: Rules
        Content-Type: multipart/mixed; boundary="fw"

        --fw
        Content-Type: text/plain; charset=utf-8

        FYI
        --fw
        Content-Type: message/rfc822

        From: Security <sec@example.ru>
        Subject: =?UTF-8?B?0J/RgNCw0LLQuNC70LA=?=
        Date: Mon, 2 Sep 2024 09:00:00 +0300
        Content-Type: text/plain; charset=utf-8

        Inner body
        --fw--
        """

    static let truncatedBase64 = """
        From: a@example.com
        Subject: Truncated
        Content-Type: text/plain; charset=utf-8
        Content-Transfer-Encoding: base64

        0J/RgNC40LLQtdGCINC40LcgYmFzZTY0IQrQktGC0L7RgNCw0Y8g0Y
        """

    static let missingCloseBoundary = """
        From: a@example.com
        Subject: Unclosed
        Content-Type: multipart/mixed; boundary="b1"

        --b1
        Content-Type: text/plain

        First part
        --b1
        Content-Type: text/plain; name="log.txt"
        Content-Disposition: attachment; filename="log.txt"

        line 1
        line 2
        """

    static let unknownCharsetUTF8 = """
        From: a@example.com
        Subject: Unknown charset
        Content-Type: text/plain; charset=x-klingon
        Content-Transfer-Encoding: 8bit

        Привет
        """

    static let unknownCharsetLatin1 = bytes(
        """
        From: a@example.com
        Subject: Unknown charset 2
        Content-Type: text/plain; charset=x-unknown-8bit

        caf
        """, [0xE9] as [UInt8])

    static let noHeaders = "Just some text\nwithout any headers.\n"

    static let binaryGarbage: Data = {
        var generator = SplitMix64(seed: 42)
        return Data((0..<4096).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
    }()
}

/// A tiny deterministic random generator for garbage inputs.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
