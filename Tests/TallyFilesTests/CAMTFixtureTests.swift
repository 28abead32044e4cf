import Foundation
import TallyCore
import Testing

@testable import TallyFiles

/// Real camt.053 files from other projects' test suites (see Fixtures/camt/SOURCES.md).
private func fixture(_ name: String) throws -> Statement {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures/camt/\(name)"
    )
    return try CAMTReader.read([UInt8](try Data(contentsOf: url)))
}

private func money(_ minorUnits: Int64, _ code: String = "EUR") -> Money {
    Money(minorUnits: minorUnits, currency: Currency(code: code)!)
}

@Suite("CAMT.053 real files")
struct CAMTFixtureTests {
    @Test("genkgo v2 minimal: debtor of a credit, structured reference, debit closing balance")
    func genkgoMinimal() throws {
        let statement = try fixture("genkgo-camt053.v2.minimal.xml")
        #expect(
            statement.accounts == [
                StatementAccount(
                    number: "NL26VAYB8060476890",
                    currency: Currency(code: "EUR"),
                    // The file's CLBD is in SEK though the account is in EUR; it is kept as written.
                    closingBalance: money(-2700, "SEK"),
                    closingDate: LocalDate("2014-12-31")
                )
            ]
        )
        let entry = try #require(statement.entries.first)
        #expect(statement.entries.count == 1)
        #expect(entry.amount == money(885))
        #expect(entry.date == LocalDate("2014-12-31"))
        #expect(entry.payee == "NAME NAME")
        #expect(entry.memo == "4654654654654654")
        #expect(entry.type == "544")
    }

    @Test("genkgo v2 five decimals: '8.850' is 8.85")
    func genkgoFiveDecimals() throws {
        let statement = try fixture("genkgo-camt053.v2.five.decimals.xml")
        #expect(statement.entries.map(\.amount) == [money(885)])
        #expect(statement.entries.map(\.memo) == ["Transaction Description"])
    }

    @Test("genkgo v2 multi statement: two Stmt of one account make one account")
    func genkgoMultiStatement() throws {
        let statement = try fixture("genkgo-camt053.v2.multi.statement.xml")
        #expect(statement.accounts.count == 1)
        #expect(statement.accounts[0].closingBalance == money(2000))
        #expect(statement.entries.map(\.amount) == [money(885), money(-700)])
        #expect(statement.entries.map(\.payee) == ["", "Company Name 2"])
        #expect(statement.entries.map(\.account) == [0, 0])
    }

    @Test("genkgo v3, v4 and v8: ids, owner names, and v8's Pty and DtTm")
    func genkgoVersions() throws {
        let v3 = try fixture("genkgo-camt053.v3.xml")
        #expect(v3.entries.map(\.fileID) == ["XXXXXXXXXXXXXXXXXXXXXXEUR"])
        #expect(v3.accounts.map(\.name) == ["COMPANY BVBA"])
        let v4 = try fixture("genkgo-camt053.v4.xml")
        #expect(v4.entries.map(\.fileID) == ["AAAASESS-FP-CN_98765/01"])
        #expect(v4.accounts.map(\.name) == ["FINPETROL"])
        let v8 = try fixture("genkgo-camt053.v8.xml")
        let entry = try #require(v8.entries.first)
        // The TxDtls states "0" SEK: with one TxDtls the entry's own amount is kept.
        #expect(entry.amount == money(885))
        #expect(entry.date == LocalDate("2014-12-31"))
        #expect(entry.time == TimeOfDay("13:15"))
        #expect(entry.payee == "NAME NAME")
        #expect(v8.accounts[0].closingBalance == money(-2700, "SEK"))
        #expect(v8.accounts[0].closingDate == LocalDate("2014-12-30"))
    }
}
