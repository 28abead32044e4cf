import TallyCore
import Testing

@testable import TallyFiles

/// Issue 42, finding 9: an OFX or QFX file that declares a DTD or entities was read, and its
/// `&xxe;` staged as the payee. It is refused now, naming the line of the declaration.
@Suite struct OFXDeclarationTests {
    static let refusal = "the file declares a DTD or entities, which Tally does not read"
    static let transaction = OFXSample.trn("<TRNTYPE>DEBIT<DTPOSTED>20260302<TRNAMT>-4.50<FITID>1<NAME>&xxe;")

    /// OFX 2.x: the XML header, a DOCTYPE with an internal subset, then the body.
    static func xml(_ declaration: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
        \(declaration)
        <OFX>\(OFXSample.stmtrs(transaction))</OFX>

        """
    }

    @Test("an XML OFX 2 file with a DOCTYPE and an external entity is refused at the DOCTYPE's line")
    func xmlDoctype() {
        let file = Self.xml(#"<!DOCTYPE OFX [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>"#)
        #expect(OFXSample.error(file) == StatementError("line 3", Self.refusal))
    }

    @Test("an SGML OFX 1 file with a DOCTYPE after its header is refused, in any case")
    func sgmlDoctype() {
        let file = OFXSample.sgml(OFXSample.stmtrs(Self.transaction))
            .replacingOccurrences(of: "<OFX>", with: "<!doctype OFX SYSTEM \"ofx160.dtd\">\n<OFX>")
        #expect(OFXSample.error(file) == StatementError("line 11", Self.refusal))
    }

    @Test("a QFX body with an ENTITY declaration (no DOCTYPE) among its elements is refused at its line")
    func qfxEntity() {
        let body = OFXSample.stmtrs(Self.transaction)
            .replacingOccurrences(of: "<BANKTRANLIST>", with: "<!ENTITY xxe \"Evil\">\n<BANKTRANLIST>")
        let file = OFXSample.sgml("<SIGNONMSGSRSV1><SONRS><INTU.BID>3000</SONRS></SIGNONMSGSRSV1>" + body)
        #expect(OFXSample.error(file) == StatementError("line 13", Self.refusal))
    }

    @Test("a billion-laughs subset is refused before any of it is read")
    func billionLaughs() {
        var subset = #"<!ENTITY lol "lol">"#
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            subset += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        let file = Self.xml("<!DOCTYPE OFX [\(subset)]>")
        #expect(OFXSample.error(file) == StatementError("line 3", Self.refusal))
    }

    @Test("comments, CDATA and a bare '&' are still read as before, and the declaration words in text are kept")
    func stillRead() throws {
        let file = OFXSample.one(
            "<TRNTYPE>DEBIT<DTPOSTED>20260302<TRNAMT>-4.50<FITID>1<!-- <!DOCTYPE x> -->"
                + "<NAME><![CDATA[<!ENTITY> AT&T]]><MEMO>DOCTYPE &xxe;"
        )
        let statement = try OFXSample.read(file)
        #expect(statement.entries.map(\.payee) == ["<!ENTITY> AT&T"])
        #expect(statement.entries.map(\.memo) == ["DOCTYPE &xxe;"])
    }
}
