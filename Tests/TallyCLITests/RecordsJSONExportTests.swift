import Foundation
import TallyCore
import TallyJSON
import TallyStore
import Testing

@testable import TallyCLI

/// The JSON export is written by hand; `JSONSerialization` of the same objects (sorted keys,
/// pretty printed, slashes left alone), which the export used to be, is the oracle.
@Suite("The JSON export writes what JSONSerialization wrote")
struct RecordsJSONExportTests {
    /// Every control character, quotes, backslashes, slashes, non-ASCII and emoji.
    static let hostile = [
        "", "plain", "quote \" and \\ backslash", "slash / and </script>", "Café Zürich Ωmega 🍕",
        String((0..<32).map { Character(UnicodeScalar(UInt8($0))) }), "line\nbreak\r\ttab", "\u{7F}\u{2028}\u{FEFF}",
    ]

    static func record(_ i: Int) -> TransactionRecord {
        let text = hostile[i % hostile.count]
        let split = i % 3 == 1
        let currency: Currency = i % 4 == 0 ? Currency(code: "JPY")! : .usd
        let lines =
            split
            ? [
                LineRecord(
                    line: TransactionLine(
                        categoryID: nil,
                        amount: Money(minorUnits: 250, currency: currency),
                        baseMinor: nil,
                        note: text
                    ),
                    categoryPath: i % 2 == 0 ? nil : "Food:\(text)",
                    categoryIcon: nil,
                    categoryColor: nil
                ),
                LineRecord(
                    line: TransactionLine(
                        categoryID: nil,
                        amount: Money(minorUnits: 1, currency: currency),
                        baseMinor: nil,
                        note: ""
                    ),
                    categoryPath: "Home",
                    categoryIcon: nil,
                    categoryColor: nil
                ),
            ] : []
        var transaction = Transaction(
            id: TransactionID(rawValue: Int64(i + 1)),
            bookID: BookID(rawValue: 1),
            kind: [TransactionKind.expense, .income, .transfer][i % 3],
            amount: Money(minorUnits: Int64(i * 1_234 + 1), currency: currency),
            date: LocalDate("2026-03-0\(1 + i % 9)")!,
            time: i % 2 == 0 ? TimeOfDay("08:30") : nil,
            payee: text,
            categoryID: nil,
            accountID: nil,
            toAccountID: nil,
            note: hostile[(i + 3) % hostile.count]
        )
        transaction.tags = i % 5 == 0 ? [] : Array(hostile.prefix(i % 4)).map { "t" + $0 }
        return TransactionRecord(
            transaction: transaction,
            categoryPath: i % 6 == 0 ? nil : "Parent/\(text):Child",
            accountName: i % 7 == 0 ? nil : "Acct \(text)",
            toAccountName: i % 3 == 2 ? "Savings \(text)" : nil,
            lines: lines
        )
    }

    /// What `tally export --format json` wrote before: each page's objects through JSONSerialization.
    static func oracle(_ pages: [[TransactionRecord]]) throws -> String {
        let all = pages.flatMap { $0 }.map(Listing.portableObject)
        let data = try JSONSerialization.data(
            withJSONObject: all,
            options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        )
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    @Test("pages of hostile records give the oracle's bytes")
    func sameBytes() throws {
        let records = (0..<60).map(Self.record)
        let pages = [Array(records[0..<25]), Array(records[25..<26]), Array(records[26...])]
        var writer = RecordsJSONExport()
        var bytes: [UInt8] = []
        for page in pages { bytes += writer.page(page) }
        bytes += writer.end()
        let oracle = try Self.oracle(pages)
        #expect(String(decoding: bytes, as: UTF8.self) == oracle)
        // And the file reads back as the same objects.
        let parsed = try JSONSerialization.jsonObject(with: Data(bytes)) as? [[String: Any]]
        #expect(parsed?.count == 60)
    }

    @Test("an export of nothing is an empty array")
    func empty() throws {
        let writer = RecordsJSONExport()
        #expect(String(decoding: writer.end(), as: UTF8.self) == (try Self.oracle([])))
        var paged = RecordsJSONExport()
        #expect(paged.page([]).isEmpty)
        #expect(String(decoding: paged.end(), as: UTF8.self) == "[\n\n]\n")
    }
}
