import Foundation
import TallyCore
import TallyFiles
import Testing

/// A real QIF file from another project's test suite (see Fixtures/qif/SOURCES.md).
func realQIF(_ name: String) throws -> [UInt8] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/qif/\(name)")
    return [UInt8](try Data(contentsOf: url))
}

struct QIFRow: Equatable, CustomStringConvertible {
    let location: String
    let date: String
    let minor: Int64
    let payee: String
    let memo: String
    let category: String
    let transfer: String
    let number: String

    init(_ e: StatementEntry) {
        self.init(
            e.location,
            e.date.description,
            e.amount.minorUnits,
            e.payee,
            e.memo,
            e.category,
            e.transferAccount,
            e.checkNumber
        )
    }

    init(
        _ location: String,
        _ date: String,
        _ minor: Int64,
        _ payee: String,
        _ memo: String = "",
        _ category: String = "",
        _ transfer: String = "",
        _ number: String = ""
    ) {
        (self.location, self.date, self.minor, self.payee) = (location, date, minor, payee)
        (self.memo, self.category, self.transfer, self.number) = (memo, category, transfer, number)
    }

    var description: String { "\(location) \(date) \(minor) \(payee) \(memo) \(category) [\(transfer)] \(number)" }
}

func qifRows(_ name: String) throws -> [QIFRow] {
    try QIFReader.read(realQIF(name), currency: Currency.usd).entries.map(QIFRow.init)
}

/// Real QIF files from other projects' test suites (Fixtures/qif/SOURCES.md).
@Suite struct QIFRealFileTests {
    @Test func realSplitWithTransfer() throws {
        // quiffen: `1/ 1'00`, U and T, L--Split--, a split to [An Account].
        #expect(
            try qifRows("quiffen-test_split.qif") == [
                QIFRow("line 2 (split 1)", "2000-01-01", -900, "A Payee", "", "", "An Account"),
                QIFRow("line 2 (split 2)", "2000-01-01", -100, "A Payee", "", "A Category"),
            ]
        )
    }

    @Test func realGermanBankExport() throws {
        // quiffen: MM/DD/YY from a German bank, memos with dots and colons.
        #expect(
            try qifRows("quiffen-test_circular_reference.qif") == [
                QIFRow(
                    "line 2",
                    "2021-08-27",
                    -900,
                    "ANDREAS APOTHEKE",
                    "Andreas Apotheke 26.08.2021 um 13:26:43 Uhr",
                    "Eigene Kategorien:Einkauf"
                ),
                QIFRow(
                    "line 8",
                    "2021-08-27",
                    -559,
                    "BROTHAUS GMBH",
                    "BROTHAUS GMBH 26.08.2021 um 13:23:55 Uhr",
                    "Eigene Kategorien:Einkauf"
                ),
            ]
        )
    }

    @Test func realISODatesAndAnEmptyRecord() throws {
        #expect(
            try qifRows("quiffen-test_transaction_before_account_definition_1.qif") == [
                QIFRow("line 3", "2022-09-23", -18480, "FIRST TRANSACTION"),
                QIFRow("line 7", "2022-09-08", -1316, "SECOND TRANSACTION"),
            ]
        )
    }

    @Test func realActualFiles() throws {
        let account = try QIFReader.read(realQIF("actual-qif-account.qif"), currency: Currency.usd)
        #expect(account.accounts == [StatementAccount(name: "Checking Main", kind: .bank)])
        #expect(account.entries.map(QIFRow.init) == [QIFRow("line 6", "2018-12-19", -2500, "COUNTY WASTE")])
        #expect(
            try qifRows("actual-qif-category.qif") == [
                QIFRow("line 2", "2024-06-24", -10058, "Outlet", "Pay Designer Outlet", "Usual Expenses:Shopping"),
                QIFRow("line 8", "2024-06-23", -2015, "GroceriesYou", "Pay Groceries", "Groceries"),
            ]
        )
        #expect(
            try qifRows("actual-data-with-categories.qif") == [
                QIFRow("line 2", "2018-12-19", -10058, "Outlet", "", "Usual Expenses:Shopping"),
                QIFRow("line 7", "2018-12-19", -2015, "GroceriesYou", "", "Groceries"),
                QIFRow("line 12", "2018-12-19", -4060, "RestaurantExample", "", "Food"),
            ]
        )
        #expect(
            try qifRows("actual-tracking-number.qif") == [
                QIFRow("line 2", "2024-06-24", -10058, "City Water", "", "", "", "1001"),
                QIFRow("line 7", "2024-06-23", -2015, "GroceriesYou"),
            ]
        )
    }

    @Test func realFileWithAnInvestmentSectionIsRefused() throws {
        // quiffen's test.qif (Wikipedia's example): classes, categories, splits, then !Type:Invst.
        #expect(
            throws: StatementError(
                "line 92",
                "investment accounts (!Type:Invst) are not supported; Tally reads Bank, CCard, Cash, Oth A and Oth L"
            )
        ) { try QIFReader.read(realQIF("quiffen-test.qif"), currency: Currency.usd) }
    }

    @Test func realFileBeforeItsInvestmentSection() throws {
        // The same file cut before !Type:Invst: classes and categories skipped, splits with class
        // parts, quiffen's split dates, and a last record without ^.
        let text = String(decoding: try realQIF("quiffen-test.qif"), as: UTF8.self)
        let bank = String(text[..<text.range(of: "!Type:Invst")!.lowerBound])
        let entries = try qif(bank).entries
        #expect(entries.count == 7)
        #expect(entries[4].location == "line 52" && entries[4].splits.map(\.amount.minorUnits) == [-500, -500])
        #expect(entries[0].transferAccount == "TestExport" && entries[0].amount == qifMoney(0))
        #expect(entries[1...2].map(\.category) == ["Bills:Cell Phone", "Bills:Cell Phone"])
        #expect(entries[1...2].map(\.memo) == ["sign up credit", "new account"])
        #expect(entries[1...2].map(\.amount.minorUnits) == [-1500, 8250])
        // Amazon's four splits (all expenses, no transfer) are one split record; quiffen's split
        // date (1/10'2020) is ignored.
        let amazon = try #require(entries.last)
        #expect(amazon.location == "line 72" && amazon.date == qifDay("2020-02-10") && amazon.payee == "Amazon.com")
        #expect(amazon.amount == qifMoney(-10_000) && amazon.category == "" && amazon.memo == "test order 1")
        #expect(
            amazon.splits.map(\.category) == [
                "Food:Groceries", "Transportation:Automobile", "Personal Care:Haircare", "Healthcare:Prescriptions",
            ]
        )
        #expect(amazon.splits.map(\.amount.minorUnits) == [-5_000, -2_500, -1_000, -1_500])
        #expect(amazon.splits.map(\.memo) == ["50%", "25%", "10%", "15%"])
    }

    @Test func theExampleInTheDocsReads() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../docs/examples/import/example.qif")
        let statement = try QIFReader.read([UInt8](try Data(contentsOf: url)), currency: .usd)
        #expect(
            statement.accounts == [
                StatementAccount(name: "Everyday Checking", kind: .bank),
                StatementAccount(name: "Visa", kind: .creditCard),
            ]
        )
        #expect(statement.entries.map(\.amount.minorUnits) == [245_000, -8640, -12000, -8000, -5000, -50000, -4215])
        #expect(statement.entries.map(\.transferAccount) == ["", "", "", "", "Savings", "Savings", ""])
        #expect(
            statement.entries.map(\.memo) == [
                "November salary", "", "Plants and soil", "Home projects", "Back to savings", "", "",
            ]
        )
        #expect(statement.entries.last?.date == qifDay("2026-11-04"))
    }
}
