import TallyCore
import Testing

@testable import TallyFiles

/// Inputs the fuzz-csv target (Fuzz/) found, kept as tests. Each says what broke and why.
@Suite("CSV fuzz regressions")
struct CSVFuzzRegressionTests {
    /// All rows of a file, or the reader's error.
    func rows(_ text: String) throws -> [[String]] {
        var reader = CSVReader(Array(text.utf8))
        var rows: [[String]] = []
        while let row = try reader.next() { rows.append(row.fields) }
        return rows
    }

    // A '"' followed by a combining mark is one Character, so doubling quotes by Character
    // (String.replacingOccurrences) missed it: the file could not be read back, and a payee
    // could end its quoted cell early and add cells of its own.
    @Test(
        "a quote followed by a combining mark is doubled",
        arguments: [
            "\"\u{0613}s-4' (", "a\"\u{0301}b", "\"\u{0301},=1+1,\"", "x\"\u{20DD}\n\"\u{0301}",
        ]
    )
    func quoteBeforeCombiningMark(_ field: String) throws {
        let line = CSVWriter.row([field, "next"])
        #expect(try rows(line) == [[field, "next"]])
    }

    @Test("a payee with a quote and a combining mark exports and imports as one cell")
    func payeeRoundTrip() throws {
        let payee = "Caf\"\u{0301},=HYPERLINK(\"x\")"
        let record = ExportRecord(
            date: LocalDate("2026-03-01")!,
            time: nil,
            kind: .expense,
            amount: Money(minorUnits: 450, currency: .usd),
            payee: payee,
            category: "Food",
            subcategory: "",
            account: "Cash",
            toAccount: "",
            note: ""
        )
        let file = TallyCSV.header(time: false, toAccount: false) + TallyCSV.line(record, time: false, toAccount: false)
        let source = try TallyCSVImport(bytes: Array(file.utf8), bookCurrency: .usd, today: LocalDate("2026-11-22")!)
        let back = try #require(try source.next())
        #expect(back.draft.payee == payee)
        #expect(back.draft.amount.minorUnits == 450)
        #expect(back.category == "Food" && back.account == "Cash")
        #expect(try source.next() == nil)
    }
}
