import TallyCore
import Testing

@testable import TallyFiles

/// The export writes its cells straight into bytes; `CSVWriter.row` over the same cells (what the
/// export wrote before) is the oracle, over text that needs quoting, formula escapes and more.
@Suite("The CSV export's byte writer")
struct CSVExportWriterTests {
    static let hostile = [
        "", "plain", "comma, here", "quote \" here", "line\nbreak", "cr\rhere", "=SUM(A1)", "+1", "-1.50", "-x",
        "@me", "'quoted", "\tTab", "Café \"\u{0301}", "🍕",
    ]

    static func record(_ i: Int, lines: Int = 0) -> ExportRecord {
        let text = hostile[i % hostile.count]
        var record = ExportRecord(
            date: LocalDate("2026-03-1\(i % 10)")!,
            time: i % 2 == 0 ? TimeOfDay("0\(i % 10):30") : nil,
            kind: [TransactionKind.expense, .income, .transfer][i % 3],
            amount: Money(minorUnits: Int64(i * 997), currency: i % 4 == 0 ? Currency(code: "JPY")! : .usd),
            payee: text,
            category: hostile[(i + 1) % hostile.count],
            subcategory: hostile[(i + 2) % hostile.count],
            account: hostile[(i + 3) % hostile.count],
            toAccount: hostile[(i + 4) % hostile.count],
            note: hostile[(i + 5) % hostile.count]
        )
        record.tags = i % 3 == 0 ? [] : [text, "t\(i)"]
        record.lines = (0..<lines).map {
            ExportLine(
                category: hostile[($0 + i) % hostile.count],
                subcategory: "",
                amount: Money(minorUnits: Int64($0 + 1), currency: .usd),
                note: hostile[($0 + i + 7) % hostile.count]
            )
        }
        return record
    }

    /// The rows `CSVWriter.row` makes of the same cells.
    static func oracle(_ r: ExportRecord, time: Bool, toAccount: Bool, split: Bool, tags: Bool, number: Int) -> String {
        func base(_ amount: Money, _ category: String, _ subcategory: String) -> [String] {
            [
                r.date.description, amount.decimalString, r.kind.rawValue, r.payee, category, subcategory, r.account,
                r.amount.currency.code, r.note,
            ]
                + (time ? [r.time?.description ?? ""] : []) + (toAccount ? [r.toAccount] : [])
        }
        let tail = tags ? [r.tags.joined(separator: " ")] : []
        guard split else { return CSVWriter.row(base(r.amount, r.category, r.subcategory) + tail) }
        guard !r.lines.isEmpty else {
            return CSVWriter.row(base(r.amount, r.category, r.subcategory) + ["", ""] + tail)
        }
        return r.lines.map {
            CSVWriter.row(base($0.amount, $0.category, $0.subcategory) + [String(number), $0.note] + tail)
        }.joined()
    }

    @Test("every combination of optional columns writes the oracle's rows", arguments: 0..<16)
    func sameRows(_ columns: Int) {
        let (time, toAccount, split, tags) = (columns & 1 != 0, columns & 2 != 0, columns & 4 != 0, columns & 8 != 0)
        var writer = TallyCSV.Writer(time: time, toAccount: toAccount, split: split, tags: tags)
        var bytes: [UInt8] = []
        var expected = ""
        var number = 0
        for i in 0..<45 {
            let record = Self.record(i, lines: split && i % 4 == 1 ? 3 : 0)
            if split && !record.lines.isEmpty { number += 1 }
            writer.append(record, to: &bytes)
            expected += Self.oracle(record, time: time, toAccount: toAccount, split: split, tags: tags, number: number)
        }
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
    }
}
