import Foundation
import TallyCore
import Testing

@testable import TallyFiles

/// A camt.053.001.02 document around `stmt`, the inside of one Stmt.
private func document(_ stmt: String) -> [UInt8] {
    Array(
        """
        <?xml version="1.0"?>
        <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
        <BkToCstmrStmt><Stmt><Acct><Id><IBAN>NL91ABNA0417164300</IBAN></Id></Acct>
        \(stmt)
        </Stmt></BkToCstmrStmt>
        </Document>
        """.utf8
    )
}

private func entry(_ amount: String = "<Amt Ccy=\"EUR\">1.00</Amt>", _ indicator: String = "DBIT") -> String {
    "<Ntry>\(amount)<CdtDbtInd>\(indicator)</CdtDbtInd><BookgDt><Dt>2026-05-04</Dt></BookgDt></Ntry>"
}

private func failure(_ bytes: [UInt8]) -> StatementError? {
    do {
        _ = try CAMTReader.read(bytes)
        return nil
    } catch {
        return error
    }
}

@Suite("CAMT.053 reader errors")
struct CAMTReaderErrorTests {
    @Test("XXE: an external entity naming a local file is refused before parsing")
    func externalEntity() {
        let bytes = Array(
            """
            <?xml version="1.0"?>
            <!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>
            <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt>
            <Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><AddtlNtryInf>&e;</AddtlNtryInf></Ntry>
            </Stmt></BkToCstmrStmt></Document>
            """.utf8
        )
        #expect(
            failure(bytes) == StatementError("file", "the file declares a DTD or entities, which Tally does not read")
        )
    }

    @Test("billion laughs is refused at once")
    func billionLaughs() {
        var dtd = "<!DOCTYPE lolz [<!ENTITY lol \"lol\">"
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            dtd += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        dtd += "]>"
        let bytes = Array("<?xml version=\"1.0\"?>\(dtd)<Document>&lol9;</Document>".utf8)
        let start = ContinuousClock.now
        #expect(failure(bytes)?.message == SafeXML.dtdMessage)
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    @Test("a declaration in lower case or after a BOM is refused too; UTF-16 is refused")
    func hiddenDeclarations() {
        let lower = Array("\u{FEFF}<?xml version=\"1.0\"?><!doctype x [<!entity e \"x\">]><Document/>".utf8)
        #expect(failure(lower)?.message == SafeXML.dtdMessage)
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in "<Document/>".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(failure(utf16)?.location == "file")
        let declared = Array("<?xml version=\"1.0\" encoding=\"UTF-7\"?><Document/>".utf8)
        #expect(failure(declared)?.message.contains("UTF-7".lowercased()) == true)
    }

    @Test("processing instructions are refused: FoundationXML crashes on one without data")
    func processingInstructions() {
        // Found by fuzz-camt: `<?x?>` made FoundationXML call strlen(NULL).
        for text in [
            " <?xrveil?>;RltdPtier", "<?xml?><Document/>", "<?xml version=\"1.0\"?><Document><?pi?></Document>",
        ] {
            #expect(failure(Array(text.utf8))?.location == "file", "\(text)")
        }
        #expect(failure(Array("<?xml version=\"1.0\"?>\n<Document/>".utf8))?.location == "Document")
    }

    @Test("the delegate refuses declarations that slip past the byte scan")
    func delegateRefuses() {
        // SafeXML's scan runs first in `read`; call the parser alone to check the second guard.
        let bytes = Array("<!DOCTYPE x [<!ENTITY e \"boom\">]><Document>&e;</Document>".utf8)
        #expect(throws: StatementError.self) {
            _ = try SafeXML.parse(bytes, detach: [], onStart: { _, _, _ in }, onDetached: { _ in })
        }
    }

    @Test("a file without any Ntry is an error; a quiet Stmt beside others is not")
    func noEntries() throws {
        let balance = """
            <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">5.00</Amt><CdtDbtInd>CRDT</CdtDbtInd>
            <Dt><Dt>2026-05-04</Dt></Dt></Bal>
            """
        #expect(
            failure(document(balance))
                == StatementError(
                    "Stmt 1",
                    "has no Ntry; the statement lists balances but no entries, so there is nothing to import"
                )
        )
        let two = Array(
            """
            <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
            <Stmt><Acct><Id><IBAN>A</IBAN></Id></Acct>\(balance)</Stmt>
            <Stmt><Acct><Id><IBAN>B</IBAN></Id></Acct>\(entry())</Stmt>
            </BkToCstmrStmt></Document>
            """.utf8
        )
        let statement = try CAMTReader.read(two)
        #expect(statement.accounts.count == 2)
        #expect(statement.entries.map(\.account) == [1])
        #expect(statement.entries.map(\.location) == ["Stmt 2, Ntry 1"])
    }

    @Test("amounts: missing, unknown currency, too many decimals, a sign, no Ccy")
    func amounts() {
        #expect(
            failure(document(entry("")))
                == StatementError("Stmt 1, Ntry 1 (Amt)", "is missing; every entry and balance states its amount")
        )
        #expect(
            failure(document(entry("<Amt Ccy=\"XYZ\">1.00</Amt>")))
                == StatementError("Stmt 1, Ntry 1 (Amt)", "currency 'XYZ' is not an ISO 4217 code Tally knows")
        )
        let three = entry() + entry() + entry("<Amt Ccy=\"EUR\">12.345</Amt>")
        #expect(
            failure(document(three))
                == StatementError(
                    "Stmt 1, Ntry 3 (Amt)",
                    "'12.345' has more decimals than EUR has (2); only zeros may follow them"
                )
        )
        #expect(failure(document(entry("<Amt Ccy=\"EUR\">-1.00</Amt>")))?.message.hasPrefix("'-1.00' is not") == true)
        #expect(failure(document(entry("<Amt>1.00</Amt>")))?.message == "has no Ccy attribute naming its currency")
    }

    @Test("a missing or unknown CdtDbtInd, and a missing date, name their field")
    func indicatorAndDate() {
        let noIndicator = "<Ntry><Amt Ccy=\"EUR\">1.00</Amt><BookgDt><Dt>2026-05-04</Dt></BookgDt></Ntry>"
        #expect(
            failure(document(noIndicator))
                == StatementError(
                    "Stmt 1, Ntry 1 (CdtDbtInd)",
                    "is missing; it says whether the money came in (CRDT) or went out (DBIT)"
                )
        )
        #expect(
            failure(document(entry("<Amt Ccy=\"EUR\">1.00</Amt>", "CREDIT")))?.location == "Stmt 1, Ntry 1 (CdtDbtInd)"
        )
        let noDate = "<Ntry><Amt Ccy=\"EUR\">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd></Ntry>"
        #expect(failure(document(noDate))?.location == "Stmt 1, Ntry 1 (BookgDt)")
        let badDate = entry().replacingOccurrences(of: "2026-05-04", with: "2026-02-30")
        #expect(
            failure(document(badDate))
                == StatementError("Stmt 1, Ntry 1 (BookgDt/Dt)", "'2026-02-30' is not a date (YYYY-MM-DD)")
        )
    }

    @Test("malformed XML names libxml's line")
    func malformed() throws {
        let bytes = Array(
            """
            <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
            <BkToCstmrStmt><Stmt>
            <Ntry><Amt Ccy="EUR">1.00</Amt></Stmt>
            </BkToCstmrStmt></Document>
            """.utf8
        )
        let error = try #require(failure(bytes))
        #expect(error.location == "line 3")
        #expect(error.message.hasPrefix("the XML is not well-formed"))
        #expect(failure([])?.location != nil)
    }

    @Test("limits: file size, nesting, long text cut, long ids refused")
    func limits() throws {
        let big = [UInt8](repeating: 0x20, count: StatementLimits.maxBytes + 1)
        #expect(failure(big)?.location == "file")
        let deep = String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100)
        let nested = Array("<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.02\">\(deep)</Document>".utf8)
        #expect(failure(nested)?.message == "elements nest deeper than CAMT does")
        let long = String(repeating: "x", count: 2000)
        let memo = entry().replacingOccurrences(of: "</Ntry>", with: "<AddtlNtryInf>\(long)</AddtlNtryInf></Ntry>")
        let kept = try CAMTReader.read(document(memo)).entries[0].memo
        #expect(kept.count == StatementLimits.maxText)
        let id = entry().replacingOccurrences(of: "</Ntry>", with: "<AcctSvcrRef>\(long)</AcctSvcrRef></Ntry>")
        #expect(failure(document(id))?.location == "Stmt 1, Ntry 1 (AcctSvcrRef)")
    }

    @Test("a closing balance without a day or indicator is an error at its Bal")
    func balance() {
        let bal = """
            <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp></Bal>
            <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">5.00</Amt><CdtDbtInd>DBIT</CdtDbtInd></Bal>
            """
        #expect(
            failure(document(entry() + bal))
                == StatementError("Stmt 1, Bal 2 (Dt)", "is missing; a closing balance states its day")
        )
    }
}
