import Foundation
import TallyCore
import Testing

@testable import TallyFiles

// Real files from ofxparse's test suite (MIT), in Fixtures/ofx; SOURCES.md says where each
// comes from. Tests/imports/test_ofx_oracle.py compares the same files with ofxparse's reading.

private func ofxFixture(_ name: String) throws -> [UInt8] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/ofx/\(name)")
    return Array(try Data(contentsOf: url))
}

private func readOFXFixture(_ name: String) throws -> Statement {
    try OFXReader.read(try ofxFixture(name), defaultCurrency: .usd)
}

private func ofxMoney(_ minorUnits: Int64, _ code: String) -> Money {
    Money(minorUnits: minorUnits, currency: Currency(code: code)!)
}

private func ofxFixtureDay(_ text: String) -> LocalDate { LocalDate(text)! }

@Suite struct OFXFixtureTests {
    /// QFX-style OFX 1.02 (SGML, tab-indented, INTU.BID and INTU.USERID in the sign-on).
    @Test func checkingQFX() throws {
        let statement = try readOFXFixture("checking.ofx")
        #expect(
            statement.accounts == [
                StatementAccount(
                    number: "1452687~7",
                    currency: .usd,
                    closingBalance: ofxMoney(10099, "USD"),
                    closingDate: ofxFixtureDay("2013-05-25")
                )
            ]
        )
        #expect(
            statement.entries == [
                StatementEntry(
                    location: "STMTTRN 1",
                    date: ofxFixtureDay("2011-03-31"),
                    time: TimeOfDay("12:00"),
                    amount: ofxMoney(1, "USD"),
                    payee: "DIVIDEND EARNED FOR PERIOD OF 03",
                    memo:
                        "DIVIDEND EARNED FOR PERIOD OF 03/01/2011 THROUGH 03/31/2011 ANNUAL PERCENTAGE YIELD EARNED IS 0.05%",
                    fileID: "0000486",
                    type: "CREDIT"
                ),
                StatementEntry(
                    location: "STMTTRN 2",
                    date: ofxFixtureDay("2011-04-05"),
                    time: TimeOfDay("12:00"),
                    amount: ofxMoney(-3451, "USD"),
                    payee: "AUTOMATIC WITHDRAWAL, ELECTRIC BILL",
                    memo: "AUTOMATIC WITHDRAWAL, ELECTRIC BILL WEB(S )",
                    fileID: "0000487",
                    type: "DEBIT"
                ),
                StatementEntry(
                    location: "STMTTRN 3",
                    date: ofxFixtureDay("2011-04-07"),
                    time: TimeOfDay("12:00"),
                    amount: ofxMoney(-2500, "USD"),
                    payee: "RETURNED CHECK FEE, CHECK # 319",
                    memo: "RETURNED CHECK FEE, CHECK # 319 FOR $45.33 ON 04/07/11",
                    fileID: "0000488",
                    checkNumber: "319",
                    type: "CHECK"
                ),
            ]
        )
    }

    /// One-line SGML body, CAD, times with zones ("20090401122017.000[-5:EST]").
    @Test func bankMediumWithZones() throws {
        let statement = try readOFXFixture("bank_medium.ofx")
        #expect(statement.accounts.map(\.number) == ["12300 000012345678"])
        #expect(statement.accounts[0].currency == Currency(code: "CAD"))
        #expect(statement.accounts[0].closingBalance == ofxMoney(38234, "CAD"))
        #expect(statement.accounts[0].closingDate == ofxFixtureDay("2009-05-23"))
        #expect(statement.entries.count == 3)
        let first = statement.entries[0]
        #expect(first.date == ofxFixtureDay("2009-04-01"))
        #expect(first.time == TimeOfDay("12:20"))
        #expect(first.amount == ofxMoney(-660, "CAD"))
        #expect(first.payee == "MCDONALD'S #112")
        #expect(first.memo == "POS MERCHANDISE;MCDONALD'S #112")
        #expect(first.fileID == "0000123456782009040100001")
        #expect(first.type == "POS")
        #expect(statement.entries.map(\.amount.minorUnits) == [-660, -31667, -2200])
        #expect(statement.entries.map(\.checkNumber) == ["", "0", ""])
        #expect(statement.entries.map(\.payee) == ["MCDONALD'S #112", "Joe's Bald Hairstyles", "CONNIE'S HAIR D"])
    }

    /// A credit card: an OFX 2.03 XML header in front of an SGML body (unclosed leaves).
    @Test func creditCardXMLHeaderSGMLBody() throws {
        let statement = try readOFXFixture("anzcc.ofx")
        #expect(
            statement.accounts == [
                StatementAccount(
                    number: "1234123412341234",
                    kind: .creditCard,
                    currency: Currency(code: "AUD"),
                    closingBalance: ofxMoney(-12345, "AUD"),
                    closingDate: ofxFixtureDay("2017-05-10")
                )
            ]
        )
        #expect(
            statement.entries == [
                StatementEntry(
                    location: "STMTTRN 1",
                    date: ofxFixtureDay("2017-05-08"),
                    amount: ofxMoney(-550, "AUD"),
                    memo: "SOME MEMO",
                    fileID: "201705080001",
                    type: "DEBIT"
                )
            ]
        )
    }

    /// OFX 2.11 XML with two bank statements and no transactions.
    @Test func multipleAccounts() throws {
        let statement = try readOFXFixture("multiple_accounts.ofx")
        #expect(
            statement.accounts == [
                StatementAccount(
                    number: "9100",
                    currency: .usd,
                    closingBalance: ofxMoney(11100, "USD"),
                    closingDate: ofxFixtureDay("2012-06-03")
                ),
                StatementAccount(
                    number: "9200",
                    currency: .usd,
                    closingBalance: ofxMoney(22200, "USD"),
                    closingDate: ofxFixtureDay("2012-06-03")
                ),
            ]
        )
        #expect(statement.entries.isEmpty)
    }

    /// OFX 2.0 XML with CDATA sections, date-only DTPOSTED.
    @Test func suncorpCDATA() throws {
        let statement = try readOFXFixture("suncorp.ofx")
        #expect(statement.accounts[0].number == "123456789")
        #expect(statement.accounts[0].closingBalance == ofxMoney(123412, "AUD"))
        #expect(
            statement.entries == [
                StatementEntry(
                    location: "STMTTRN 1",
                    date: ofxFixtureDay("2013-12-15"),
                    amount: ofxMoney(-1685, "AUD"),
                    payee: "EFTPOS WDL HANDYWAY ALDI STORE",
                    memo: "EFTPOS WDL HANDYWAY ALDI STORE   GEELONG WEST VICAU",
                    fileID: "1",
                    checkNumber: "0",
                    type: "DEBIT"
                )
            ]
        )
    }

    /// Blank lines before the header, closed empty elements: no CURDEF, FITID, NAME or balance,
    /// and a CURRENCY aggregate that states the amount is in AUD.
    @Test func emptyTags() throws {
        let statement = try readOFXFixture("ofx-v102-empty-tags.ofx")
        #expect(statement.accounts == [StatementAccount(number: "12345678")])
        #expect(
            statement.entries == [
                StatementEntry(
                    location: "STMTTRN 1",
                    date: ofxFixtureDay("2018-05-07"),
                    amount: ofxMoney(1234, "AUD"),
                    memo: "CBA:Transfer",
                    type: "Credit"
                )
            ]
        )
    }

    /// Broken on purpose in ofxparse's suite ("fail_nice"): the reader names what is wrong.
    @Test func brokenFiles() throws {
        #expect(throws: StatementError("STMTTRN 1 (DTPOSTED)", "DTPOSTED is missing")) {
            try readOFXFixture("date_missing.ofx")
        }
        #expect(
            throws: StatementError(
                "STMTTRN 1 (TRNAMT)",
                "TRNAMT '$120' is not an OFX amount (digits with an optional sign and one decimal point)"
            )
        ) { try readOFXFixture("decimal_error.ofx") }
        #expect(
            throws: StatementError(
                "SONRS 1 (STATUS)",
                "the bank sent error 15500 (Your request could not be processed because you supplied an invalid "
                    + "identification code or your password was incorrect) instead of a statement"
            )
        ) { try readOFXFixture("signon_fail.ofx") }
    }

    /// Every real file cut short anywhere is refused with a located error, never a crash or hang.
    @Test(arguments: ["checking.ofx", "bank_medium.ofx", "anzcc.ofx", "suncorp.ofx"])
    func truncatedRealFile(name: String) throws {
        let bytes = try ofxFixture(name)
        let end = bytes.count - (bytes.reversed().firstIndex(of: UInt8(ascii: "<")) ?? 0) - 1
        for length in stride(from: 0, to: end, by: 7) {
            #expect(throws: StatementError.self, "cut at \(length)") {
                try OFXReader.read(Array(bytes[..<length]), defaultCurrency: .usd)
            }
        }
    }
}
