import TallyCore
import Testing

@testable import TallyFiles

// Hand-written files, one behaviour each. Real banks' files are in OFXFixtureTests.

private let ofxUSD = Currency.usd
private let ofxCAD = Currency(code: "CAD")!

private func ofxDay(_ text: String) -> LocalDate { LocalDate(text)! }

/// Builds OFX files for the tests and reads them; a namespace so that no name collides with
/// the other statement parsers' tests in this module.
enum OFXSample {
    /// An OFX 1.x file: the SGML header, then `body` inside `<OFX>`.
    static func sgml(_ body: String, charset: String = "1252") -> String {
        """
        OFXHEADER:100
        DATA:OFXSGML
        VERSION:102
        SECURITY:NONE
        ENCODING:USASCII
        CHARSET:\(charset)
        COMPRESSION:NONE
        OLDFILEUID:NONE
        NEWFILEUID:NONE

        <OFX>\(body)</OFX>

        """
    }

    /// A bank statement's SGML aggregate around `transactions`.
    static func stmtrs(
        _ transactions: String,
        curdef: String = "USD",
        acctid: String = "1234",
        balance: String = "100.00"
    ) -> String {
        """
        <BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
        <STMTRS><CURDEF>\(curdef)<BANKACCTFROM><BANKID>121000248<ACCTID>\(acctid)<ACCTTYPE>CHECKING</BANKACCTFROM>
        <BANKTRANLIST><DTSTART>20260301<DTEND>20260331
        \(transactions)
        </BANKTRANLIST><LEDGERBAL><BALAMT>\(balance)<DTASOF>20260331120000.000[-5:EST]</LEDGERBAL>
        </STMTRS></STMTTRNRS></BANKMSGSRSV1>
        """
    }

    /// One SGML transaction with the given leaf elements.
    static func trn(_ fields: String) -> String { "<STMTTRN>\(fields)</STMTTRN>\n" }

    /// A file of one bank statement with one transaction of `fields`.
    static func one(_ fields: String, curdef: String = "USD") -> String { sgml(stmtrs(trn(fields), curdef: curdef)) }

    static func read(_ text: String, _ currency: Currency = .usd) throws(StatementError) -> Statement {
        try OFXReader.read(Array(text.utf8), defaultCurrency: currency)
    }

    /// The error reading `bytes` gives, or nil when it reads.
    static func error(_ bytes: [UInt8], _ currency: Currency = .usd) -> StatementError? {
        do {
            _ = try OFXReader.read(bytes, defaultCurrency: currency)
            return nil
        } catch {
            return error
        }
    }

    static func error(_ text: String) -> StatementError? { error(Array(text.utf8)) }
}

@Suite struct OFXReaderTests {
    @Test func sgmlBankStatement() throws {
        let file = OFXSample.sgml(
            OFXSample.stmtrs(
                OFXSample.trn(
                    "<TRNTYPE>DEBIT<DTPOSTED>20260314<TRNAMT>-12.50<FITID>A1<NAME>  Corner Café  <MEMO>card 1234"
                )
                    + OFXSample.trn(
                        "<TRNTYPE>CHECK<DTPOSTED>20260315093000<TRNAMT>-200<FITID>A2<CHECKNUM>1001<NAME>Landlord"
                    )
                    + OFXSample.trn("<TRNTYPE>CREDIT<DTPOSTED>20260316<TRNAMT>+3200.00<FITID>A3<NAME>ACME Payroll")
            )
        )
        let statement = try OFXSample.read(file)
        #expect(statement.format == .ofx)
        #expect(
            statement.accounts == [
                StatementAccount(
                    number: "1234",
                    kind: .bank,
                    currency: ofxUSD,
                    closingBalance: Money(minorUnits: 10000, currency: ofxUSD),
                    closingDate: ofxDay("2026-03-31")
                )
            ]
        )
        #expect(
            statement.entries == [
                StatementEntry(
                    location: "STMTTRN 1",
                    date: ofxDay("2026-03-14"),
                    amount: Money(minorUnits: -1250, currency: ofxUSD),
                    payee: "Corner Café",
                    memo: "card 1234",
                    fileID: "A1",
                    type: "DEBIT"
                ),
                StatementEntry(
                    location: "STMTTRN 2",
                    date: ofxDay("2026-03-15"),
                    time: TimeOfDay("09:30"),
                    amount: Money(minorUnits: -20000, currency: ofxUSD),
                    payee: "Landlord",
                    fileID: "A2",
                    checkNumber: "1001",
                    type: "CHECK"
                ),
                StatementEntry(
                    location: "STMTTRN 3",
                    date: ofxDay("2026-03-16"),
                    amount: Money(minorUnits: 320000, currency: ofxUSD),
                    payee: "ACME Payroll",
                    fileID: "A3",
                    type: "CREDIT"
                ),
            ]
        )
    }

    @Test func xmlStatementWithPayeeAggregateAndCDATA() throws {
        let file = """
            <?xml version="1.0" encoding="UTF-8" standalone="no"?>
            <?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
            <OFX>
              <!-- a comment <STMTTRN> that is not an element -->
              <BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID>
                <STMTRS><CURDEF>EUR</CURDEF>
                  <BANKACCTFROM><BANKID>X</BANKID><ACCTID>DE89370400440532013000</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
                  <BANKTRANLIST>
                    <STMTTRN>
                      <TRNTYPE>PAYMENT</TRNTYPE><DTPOSTED>20260302</DTPOSTED><TRNAMT>-45.10</TRNAMT><FITID>X1</FITID>
                      <PAYEE><NAME>Stadtwerke</NAME><ADDR1>Hauptstr. 1</ADDR1><CITY>Berlin</CITY></PAYEE>
                      <MEMO><![CDATA[Strom <März> & Gas]]></MEMO>
                    </STMTTRN>
                    <STMTTRN><TRNTYPE>FEE</TRNTYPE><DTPOSTED>20260303</DTPOSTED><TRNAMT>-1.5</TRNAMT><FITID/><NAME></NAME></STMTTRN>
                  </BANKTRANLIST>
                  <LEDGERBAL><BALAMT>1000.00</BALAMT><DTASOF>20260331</DTASOF></LEDGERBAL>
                </STMTRS>
              </STMTTRNRS></BANKMSGSRSV1>
            </OFX>
            """
        let statement = try OFXSample.read(file)
        let eur = Currency(code: "EUR")!
        #expect(statement.accounts.map(\.number) == ["DE89370400440532013000"])
        #expect(statement.accounts[0].currency == eur)
        #expect(
            statement.entries == [
                StatementEntry(
                    location: "STMTTRN 1",
                    date: ofxDay("2026-03-02"),
                    amount: Money(minorUnits: -4510, currency: eur),
                    payee: "Stadtwerke",
                    memo: "Strom <März> & Gas",
                    fileID: "X1",
                    type: "PAYMENT"
                ),
                StatementEntry(
                    location: "STMTTRN 2",
                    date: ofxDay("2026-03-03"),
                    amount: Money(minorUnits: -150, currency: eur),
                    type: "FEE"
                ),
            ]
        )
    }

    @Test func creditCardAndSeveralAccounts() throws {
        let card = """
            <CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>2<STATUS><CODE>0<SEVERITY>INFO</STATUS>
            <CCSTMTRS><CURDEF>CAD<CCACCTFROM><ACCTID>4111111111111111</CCACCTFROM>
            <BANKTRANLIST><DTSTART>20260301<DTEND>20260331
            <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260310<TRNAMT>-9.99<FITID>C1<NAME>Streaming</STMTTRN>
            </BANKTRANLIST><LEDGERBAL><BALAMT>-250.75<DTASOF>20260331</LEDGERBAL></CCSTMTRS>
            </CCSTMTTRNRS></CREDITCARDMSGSRSV1>
            """
        let file = OFXSample.sgml(
            OFXSample.stmtrs(OFXSample.trn("<DTPOSTED>20260301<TRNAMT>-1<FITID>B1"), acctid: "111")
                + OFXSample.stmtrs(OFXSample.trn("<DTPOSTED>20260302<TRNAMT>2<FITID>B2"), acctid: "222", balance: "0")
                + card
        )
        let statement = try OFXSample.read(file)
        #expect(statement.accounts.map(\.number) == ["111", "222", "4111111111111111"])
        #expect(statement.accounts.map(\.kind) == [.bank, .bank, .creditCard])
        #expect(statement.accounts[2].currency == ofxCAD)
        #expect(statement.accounts[2].closingBalance == Money(minorUnits: -25075, currency: ofxCAD))
        #expect(statement.entries.map(\.account) == [0, 1, 2])
        #expect(statement.entries.map(\.fileID) == ["B1", "B2", "C1"])
        #expect(statement.entries.map(\.location) == ["STMTTRN 1", "STMTTRN 2", "STMTTRN 3"])
        #expect(statement.entries[2].amount == Money(minorUnits: -999, currency: ofxCAD))
    }

    @Test(
        arguments: [
            ("20260314", "2026-03-14", nil),
            ("20260314000000", "2026-03-14", nil),
            ("20260314000000.000[-5:EST]", "2026-03-14", nil),
            // Tally keeps minutes: 00:00:30 is midnight, which banks write for "no time".
            ("20260314000030", "2026-03-14", nil),
            ("20260314120000", "2026-03-14", "12:00"),
            ("20260314120000.000", "2026-03-14", "12:00"),
            ("202603142359", "2026-03-14", "23:59"),
            // The zone is not applied: 23:30 in New York stays on the 14th.
            ("20260314233000.000[-5:EST]", "2026-03-14", "23:30"),
            ("20260314003000[+5.30:IST]", "2026-03-14", "00:30"),
            ("20260314[0:GMT]", "2026-03-14", nil),
            ("20260314081500.5[-3]", "2026-03-14", "08:15"),
            ("20240229", "2024-02-29", nil),
        ] as [(String, String, String?)]
    )
    func postingDates(raw: String, day: String, time: String?) throws {
        let statement = try OFXSample.read(OFXSample.sgml(OFXSample.stmtrs(OFXSample.trn("<DTPOSTED>\(raw)<TRNAMT>1"))))
        #expect(statement.entries[0].date == ofxDay(day))
        #expect(statement.entries[0].time == time.flatMap { TimeOfDay($0) })
    }

    @Test(arguments: [
        "20260230", "2026031", "20260314250000", "20260314[abc]", "2026-03-14", "20260314120000.", "March",
    ])
    func badDates(raw: String) {
        let error = OFXSample.error(OFXSample.sgml(OFXSample.stmtrs(OFXSample.trn("<DTPOSTED>\(raw)<TRNAMT>1"))))
        #expect(
            error
                == StatementError(
                    "STMTTRN 1 (DTPOSTED)",
                    "DTPOSTED '\(raw)' is not an OFX date (YYYYMMDD, optionally HHMMSS.XXX and a zone like [-5:EST])"
                )
        )
    }

    @Test func dateOutsideSupportedRange() {
        #expect(
            OFXSample.error(OFXSample.sgml(OFXSample.stmtrs(OFXSample.trn("<DTPOSTED>18991231<TRNAMT>1"))))
                == StatementError(
                    "STMTTRN 1 (DTPOSTED)",
                    "DTPOSTED '18991231' is outside the dates Tally accepts (1900-01-01 to 2199-12-31)"
                )
        )
    }

    @Test func windows1252AndUTF8() throws {
        // 0xE9 is é and 0x80 is € in Windows-1252; the header says CHARSET:1252.
        var file = Array(
            OFXSample.sgml(OFXSample.stmtrs("<STMTTRN><DTPOSTED>20260314<TRNAMT>1<NAME>Caf\u{1}<MEMO>\u{2}5</STMTTRN>"))
                .utf8
        )
        file = file.flatMap { $0 == 1 ? [0xE9] : $0 == 2 ? [0x80] : [$0] }
        let statement = try OFXReader.read(file, defaultCurrency: ofxUSD)
        #expect(statement.entries[0].payee == "Café")
        #expect(statement.entries[0].memo == "€5")
        // Valid UTF-8 is read as UTF-8 whatever the header says (exporters copy CHARSET:1252);
        // other bytes as Windows-1252.
        let utf8 = OFXSample.sgml(OFXSample.stmtrs(OFXSample.trn("<DTPOSTED>20260314<TRNAMT>1<NAME>Ærø Café")))
        #expect(try OFXSample.read(utf8).entries[0].payee == "Ærø Café")
        let latin = Array(utf8.utf8).flatMap { $0 == 0xC3 ? [] as [UInt8] : [$0 == 0xA9 ? 0xE9 : $0] }
        #expect(try OFXReader.read(latin, defaultCurrency: ofxUSD).entries[0].payee.hasSuffix("Café"))
        // Only a header that declares UTF-8 makes invalid bytes U+FFFD.
        let declared = OFXSample.sgml(OFXSample.stmtrs(OFXSample.trn("<DTPOSTED>20260314<TRNAMT>1<NAME>Caf\u{1}")))
        let utf8Header = Array(declared.replacing("ENCODING:USASCII", with: "ENCODING:UTF-8").utf8)
            .map { $0 == 1 ? 0xE9 : $0 }
        #expect(try OFXReader.read(utf8Header, defaultCurrency: ofxUSD).entries[0].payee == "Caf\u{FFFD}")
        // XML with encoding="windows-1252".
        var xml = Array(
            """
            <?xml version="1.0" encoding="windows-1252"?><?OFX OFXHEADER="200" VERSION="200"?>
            <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD</CURDEF><BANKTRANLIST>
            <STMTTRN><DTPOSTED>20260314</DTPOSTED><TRNAMT>1</TRNAMT><NAME>\u{1}t\u{1}</NAME></STMTTRN>
            </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
            """.utf8
        )
        xml = xml.map { $0 == 1 ? 0xE9 : $0 }
        #expect(try OFXReader.read(xml, defaultCurrency: ofxUSD).entries[0].payee == "été")
    }

    @Test func entities() throws {
        let statement = try OFXSample.read(
            OFXSample.one(
                "<DTPOSTED>20260314<TRNAMT>1<NAME>AT&T &amp; Sons &lt;Ltd&gt; &quot;x&quot; &apos;y&apos;<MEMO>&#233;t&#xE9; &nbsp; &#0; &#x110000; &unknown;"
            )
        )
        #expect(statement.entries[0].payee == "AT&T & Sons <Ltd> \"x\" 'y'")
        #expect(statement.entries[0].memo == "été &nbsp; &#0; &#x110000; &unknown;")
    }

    @Test func truncatedFiles() {
        let file = OFXSample.sgml(
            OFXSample.stmtrs(
                OFXSample.trn("<TRNTYPE>DEBIT<DTPOSTED>20260314<TRNAMT>-12.50<FITID>A1<NAME>Shop")
                    + OFXSample.trn("<TRNTYPE>DEBIT<DTPOSTED>20260315<TRNAMT>-1.00<FITID>A2<NAME>Shop")
            )
        )
        let bytes = Array(file.utf8)
        let cut = bytes.count - 8  // before "</OFX>\n"
        // Every cut before the final </OFX> is refused with an error, never a crash or a wrong read.
        for length in 0..<cut {
            let error = OFXSample.error(Array(bytes[..<length]))
            #expect(error != nil && !error!.location.isEmpty && !error!.message.isEmpty, "cut at \(length)")
        }
        func starts(of needle: String) -> [Int] {
            bytes.indices.filter { bytes[$0...].starts(with: needle.utf8) }
        }
        let middle = Array(bytes[..<(starts(of: "-1.0")[0] + 4)])
        #expect(
            OFXSample.error(middle)
                == StatementError("line 15", "the file ends inside <STMTTRN>, before </STMTTRN>: it seems cut short")
        )
        #expect(
            OFXSample.error(Array(bytes[..<(starts(of: "</STMTTRN>")[1] + 9)]))
                == StatementError(
                    "line 15",
                    "the file ends inside '</STMTTRN' before its closing '>': it seems cut short"
                )
        )
    }

    @Test func missingFields() {
        let file = OFXSample.sgml(
            OFXSample.stmtrs(
                OFXSample.trn("<DTPOSTED>20260314<TRNAMT>1") + OFXSample.trn("<DTPOSTED>20260314<TRNAMT>2")
                    + OFXSample.trn("<DTPOSTED>20260314<FITID>x<NAME>no amount")
            )
        )
        #expect(OFXSample.error(file) == StatementError("STMTTRN 3 (TRNAMT)", "TRNAMT is missing"))
        #expect(
            OFXSample.error(OFXSample.one("<TRNAMT>1<DTPOSTED>"))
                == StatementError("STMTTRN 1 (DTPOSTED)", "DTPOSTED is missing")
        )
        #expect(
            OFXSample.error(OFXSample.one("<DTPOSTED>20260314<TRNAMT></TRNAMT>"))
                == StatementError("STMTTRN 1 (TRNAMT)", "TRNAMT is missing")
        )
    }

    @Test func amounts() throws {
        func amount(_ raw: String, _ curdef: String = "USD") throws -> Money {
            try OFXSample.read(OFXSample.one("<DTPOSTED>20260314<TRNAMT>\(raw)", curdef: curdef)).entries[0].amount
        }
        #expect(try amount("8.85000") == Money(minorUnits: 885, currency: ofxUSD))
        #expect(try amount("-12,50") == Money(minorUnits: -1250, currency: ofxUSD))
        #expect(try amount(".5") == Money(minorUnits: 50, currency: ofxUSD))
        #expect(try amount("-00000000001500.0000") == Money(minorUnits: -150000, currency: ofxUSD))
        #expect(try amount("1.234", "KWD") == Money(minorUnits: 1234, currency: Currency(code: "KWD")!))
        #expect(try amount("1500", "JPY") == Money(minorUnits: 1500, currency: Currency(code: "JPY")!))
        #expect(
            OFXSample.error(OFXSample.one("<DTPOSTED>20260314<TRNAMT>12.345"))
                == StatementError(
                    "STMTTRN 1 (TRNAMT)",
                    "TRNAMT '12.345' has more decimals than USD has (2); only zeros may follow them"
                )
        )
        for bad in ["$120", "1,234.56", "12.50-", "1 000", "--1", "+", "(5)"] {
            #expect(
                OFXSample.error(OFXSample.one("<DTPOSTED>20260314<TRNAMT>\(bad)"))
                    == StatementError(
                        "STMTTRN 1 (TRNAMT)",
                        "TRNAMT '\(bad)' is not an OFX amount (digits with an optional sign and one decimal point)"
                    ),
                "\(bad)"
            )
        }
        #expect(
            OFXSample.error(OFXSample.one("<DTPOSTED>20260314<TRNAMT>10000000000"))
                == StatementError(
                    "STMTTRN 1 (TRNAMT)",
                    "TRNAMT '10000000000' is larger than Tally allows (999999999999 minor units)"
                )
        )
        #expect(
            OFXSample.error(OFXSample.sgml(OFXSample.stmtrs("", balance: "1.001")))
                == StatementError(
                    "STMTRS 1 (LEDGERBAL/BALAMT)",
                    "BALAMT '1.001' has more decimals than USD has (2); only zeros may follow them"
                )
        )
    }

    @Test func currencies() throws {
        #expect(
            OFXSample.error(OFXSample.one("<DTPOSTED>20260314<TRNAMT>1", curdef: "XYZ"))
                == StatementError("STMTRS 1 (CURDEF)", "'XYZ' is not an ISO 4217 currency code Tally knows")
        )
        // A transaction's CURRENCY states the currency of its amounts (CURRATE converts to CURDEF).
        let foreign = try OFXSample.read(
            OFXSample.one("<DTPOSTED>20260314<TRNAMT>-1500<CURRENCY><CURRATE>0.0067<CURSYM>JPY</CURRENCY>")
        )
        #expect(foreign.entries[0].amount == Money(minorUnits: -1500, currency: Currency(code: "JPY")!))
        #expect(foreign.accounts[0].currency == ofxUSD)
        // ORIGCURRENCY says the amounts were already converted to CURDEF.
        let converted = try OFXSample.read(
            OFXSample.one("<DTPOSTED>20260314<TRNAMT>-10.05<ORIGCURRENCY><CURRATE>149.25<CURSYM>JPY</ORIGCURRENCY>")
        )
        #expect(converted.entries[0].amount == Money(minorUnits: -1005, currency: ofxUSD))
        #expect(
            OFXSample.error(OFXSample.one("<DTPOSTED>20260314<TRNAMT>1<CURRENCY><CURRATE>1<CURSYM>EURO</CURRENCY>"))
                == StatementError("STMTTRN 1 (CURRENCY/CURSYM)", "'EURO' is not an ISO 4217 currency code Tally knows")
        )
        // No CURDEF: the account's currency is unknown and amounts are in the default currency.
        let none = try OFXSample.read(OFXSample.one("<DTPOSTED>20260314<TRNAMT>1", curdef: ""), ofxCAD)
        #expect(none.accounts[0].currency == nil)
        #expect(none.entries[0].amount == Money(minorUnits: 100, currency: ofxCAD))
    }

    @Test func limits() throws {
        let long = String(repeating: "x", count: StatementLimits.maxText + 100)
        let statement = try OFXSample.read(OFXSample.one("<DTPOSTED>20260314<TRNAMT>1<NAME>\(long)<MEMO>\(long)"))
        #expect(statement.entries[0].payee.count == StatementLimits.maxText)
        #expect(statement.entries[0].memo.count == StatementLimits.maxText)
        // A cut that ends on a space is trimmed again.
        let spaced = String(repeating: "x", count: StatementLimits.maxText - 1) + " tail"
        let cut = try OFXSample.read(OFXSample.one("<DTPOSTED>20260314<TRNAMT>1<NAME>\(spaced)"))
        #expect(cut.entries[0].payee == String(repeating: "x", count: StatementLimits.maxText - 1))
        #expect(
            OFXSample.error([UInt8](repeating: 0x20, count: StatementLimits.maxBytes + 1))
                == StatementError("file", "is larger than 20 MiB")
        )
        let many = String(
            repeating: "<STMTTRN><TRNAMT>1<DTPOSTED>20260101</STMTTRN>",
            count: StatementLimits.maxEntries + 1
        )
        #expect(
            OFXSample.error(OFXSample.sgml(OFXSample.stmtrs(many)))
                == StatementError("file", "has more than \(StatementLimits.maxEntries) transactions")
        )
        #expect(
            OFXSample.error(OFXSample.sgml(String(repeating: "<A/>", count: OFXTree.maxNodes)))
                == StatementError("file", "has more than \(OFXTree.maxNodes) OFX elements")
        )
        #expect(
            OFXSample.error(OFXSample.sgml((0...OFXTree.maxNames).map { "<N\($0)/>" }.joined()))
                == StatementError("file", "has more than \(OFXTree.maxNames) different element names")
        )
        let deep = String(repeating: "<A>", count: 100) + String(repeating: "</A>", count: 100)
        #expect(
            OFXSample.error(OFXSample.sgml(deep)) == StatementError("line 11", "elements are nested more than 64 deep")
        )
    }

    @Test func tolerantStructure() throws {
        // An empty SGML element (<NAME> with no text) is not an aggregate: MEMO stays in STMTTRN.
        // Lower-case tags, stray end tags and whitespace inside tags are accepted.
        let statement = try OFXSample.read(
            OFXSample.one("<dtposted>20260314<trnamt>-3</BOGUS><NAME><MEMO>kept</MEMO ><FITID>F</fitid>")
        )
        #expect(statement.entries[0].memo == "kept")
        #expect(statement.entries[0].payee == "")
        #expect(statement.entries[0].fileID == "F")
        #expect(statement.entries[0].amount.minorUnits == -300)
        // An empty or blank ledger balance is no balance.
        let blank = try OFXSample.read(OFXSample.sgml(OFXSample.stmtrs("", balance: " </BALAMT>")))
        #expect(blank.accounts[0].closingBalance == nil)
        #expect(blank.accounts[0].closingDate == ofxDay("2026-03-31"))
        // A file without statements has one unnamed account and no entries.
        #expect(
            try OFXSample.read(OFXSample.sgml(""))
                == Statement(format: .ofx, accounts: [StatementAccount()], entries: [])
        )
        #expect(try OFXSample.read("\u{FEFF}<OFX></OFX>").entries.isEmpty)
    }

    @Test func refusedFiles() {
        #expect(
            OFXSample.error("Date,Amount\n2026-03-14,1.00\n")
                == StatementError(
                    "file",
                    "is not an OFX or QFX file: it starts with neither an OFX header (OFXHEADER:100 or <?xml …?>) nor <OFX>"
                )
        )
        #expect(
            OFXSample.error(OFXSample.sgml("<BANKMSGSRSV1><STMTTRN><TRNAMT<DTPOSTED>1</STMTTRN>"))
                == StatementError("line 11", "'<TRNAMT<DTPOSTED>' is not an OFX tag")
        )
        #expect(
            OFXSample.error(
                OFXSample.sgml(
                    "<SIGNONMSGSRSV1><SONRS><STATUS><CODE>15500<SEVERITY>ERROR<MESSAGE>Bad password</STATUS></SONRS>"
                        + "</SIGNONMSGSRSV1>"
                )
            ) == StatementError("SONRS 1 (STATUS)", "the bank sent error 15500 (Bad password) instead of a statement")
        )
        #expect(
            OFXSample.error(OFXSample.sgml("<INVSTMTMSGSRSV1><INVSTMTTRNRS><INVSTMTRS><CURDEF>USD</INVSTMTRS>"))
                == StatementError(
                    "INVSTMTRS 1",
                    "the file holds only investment statements (INVSTMTRS), which Tally does not read"
                )
        )
    }
}
