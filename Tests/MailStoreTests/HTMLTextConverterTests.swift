import Testing

@testable import MailStore

@Suite struct HTMLTextConverterTests {
    @Test func structureBecomesLineBreaks() throws {
        let html = """
            <html><head><title>T</title><style>p { color: red }</style></head>
            <body><h1>Title</h1><p>First   paragraph
            continues.</p><p>Line one<br>Line two<BR/>Line three</p>
            <ul><li>One</li><li>Two</li></ul><div>After</div></body></html>
            """
        #expect(
            HTMLTextConverter.text(fromHTML: html) == """
                Title

                First paragraph continues.

                Line one
                Line two
                Line three

                • One
                • Two

                After
                """)
    }

    @Test func scriptsStylesAndCommentsAreDropped() throws {
        let html = "<p>a<script>if (x < 3) { alert('<p>') }</script>b<!-- hidden <b> -->c<STYLE>.x{}</STYLE>d</p>"
        #expect(HTMLTextConverter.text(fromHTML: html) == "abcd")
    }

    @Test func entities() throws {
        let html =
            "&lt;tag&gt; &amp; &quot;q&quot; &#1055;&#x440;&#1080;&#1074;&#x435;&#1090; &laquo;x&raquo; a&nbsp;&nbsp;b &#150; &unknown; AT&T"
        #expect(HTMLTextConverter.text(fromHTML: html) == "<tag> & \"q\" Привет «x» a  b – &unknown; AT&T")
    }

    @Test func attributesWithAngleBrackets() throws {
        #expect(HTMLTextConverter.text(fromHTML: "<a href=\"x?a>b\" title='1 > 0'>link</a> text") == "link text")
        #expect(HTMLTextConverter.text(fromHTML: "1 < 2 and 3 > 2") == "1 < 2 and 3 > 2")
    }

    @Test func preKeepsWhitespace() throws {
        #expect(HTMLTextConverter.text(fromHTML: "<p>x</p><pre>a  b\n  c</pre><p>y</p>") == "x\n\na  b\n  c\n\ny")
    }

    @Test func tableCellsAreSeparated() throws {
        let html = "<table><tr><td>Order</td><td>#1</td></tr><tr><td>Status</td><td>Shipped</td></tr></table>"
        #expect(HTMLTextConverter.text(fromHTML: html) == "Order #1\nStatus Shipped")
    }
}
