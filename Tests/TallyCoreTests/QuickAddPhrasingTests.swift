import TallyCore
import Testing

/// One row of the phrasing table: a line, and each field as the person means it ("" for empty).
struct Phrasing: Sendable {
    let line: String
    let expected: [String: String]
}

/// Issue 28's acceptance for quick add: over a table of at least 300 phrasings, at least 97 % of
/// the fields are read as meant, and a miss is always a draft the person sees and can fix.
@Suite("Quick add: the table of phrasings")
struct QuickAddPhrasingTests {
    static let today = date("2026-03-18")
    /// The contract's fields, in the table's order after the line.
    static let fields = ["kind", "amount", "currency", "date", "time", "payee", "category", "account", "note"]
    static let required = 0.97

    static let rows: [Phrasing] = table.split(separator: "\n").compactMap { row in
        let text = row.trimmingPrefix(while: \.isWhitespace)
        guard !text.isEmpty, !text.hasPrefix("#") else { return nil }
        let columns = text.split(separator: "|", omittingEmptySubsequences: false)
        // The line keeps its inner spacing ("coffee  4.50"); only the padding around it goes.
        let line = String(columns[0].dropLast(columns[0].hasSuffix(" ") ? 1 : 0))
        let values = columns.dropFirst().map { $0.trimmingPrefix(while: \.isWhitespace) }
            .map { String($0.reversed().trimmingPrefix(while: \.isWhitespace).reversed()) }
        return Phrasing(line: line, expected: Dictionary(uniqueKeysWithValues: zip(fields, values)))
    }

    /// The draft's fields as the table writes them.
    static func actual(_ draft: QuickAddDraft) -> [String: String] {
        [
            "kind": draft.kind.rawValue, "amount": draft.amount?.decimalString ?? "",
            "currency": draft.amount?.currency.code ?? "", "date": draft.date.description,
            "time": draft.time?.description ?? "", "payee": draft.payee, "category": draft.category ?? "",
            "account": draft.account ?? "", "note": draft.note,
        ]
    }

    static func draft(_ row: Phrasing) -> QuickAddDraft {
        QuickAddDraft(row.line, book: book, today: today, order: .monthFirst)
    }

    /// Each wrong field: the row, the field, what was meant, what was read and where it came from.
    static func misses() -> [(row: Phrasing, field: String, got: String, source: QuickAddSource?)] {
        rows.flatMap { row in
            let draft = draft(row)
            let got = actual(draft)
            return fields.filter { got[$0] != row.expected[$0] }
                .map { (row, $0, got[$0] ?? "", draft.sources[$0]) }
        }
    }

    @Test("the table has at least 300 rows, each with every field")
    func shape() {
        #expect(Self.rows.count >= 300)
        for row in Self.rows {
            #expect(row.expected.count == Self.fields.count, "\(row.line)")
            #expect(row.line.count <= QuickAddDraft.maxLength)
        }
    }

    @Test("at least 97 % of the fields are read as meant")
    func score() {
        let misses = Self.misses()
        let total = Self.rows.count * Self.fields.count
        let right = total - misses.count
        let percent = Double(right) / Double(total) * 100
        print("quick-add phrasings: \(Self.rows.count) rows, \(total) fields, \(right) right (\(percent) %)")
        for field in Self.fields {
            let wrong = misses.filter { $0.field == field }.count
            print("  \(field): \(Self.rows.count - wrong)/\(Self.rows.count)")
        }
        for miss in misses {
            let (meant, source) = (miss.row.expected[miss.field] ?? "", miss.source?.rawValue ?? "none")
            print("  miss \(miss.row.line): \(miss.field) meant '\(meant)', read '\(miss.got)' (\(source))")
        }
        #expect(Double(right) >= Self.required * Double(total), "\(right) of \(total) fields right")
    }

    @Test("every line with an amount gets it; one without gets none, and the draft asks for one")
    func amounts() {
        for row in Self.rows {
            let draft = Self.draft(row)
            if row.expected["amount"]?.isEmpty == false {
                #expect(draft.amount != nil, "\(row.line)")
            } else {
                #expect(draft.amount == nil, "\(row.line)")
                #expect(throws: FieldError.self, "\(row.line)") { try draft.requireAmount() }
            }
        }
    }

    /// Nothing is saved from a line without being shown: every client shows the draft, field by
    /// field with its source, before saving (docs/quick-add.md). So a miss must be a field the
    /// draft shows with a source, and the amount, the field a wrong guess would cost most, is
    /// never wrong.
    @Test("a miss is a field the draft shows with its source, and never the amount")
    func missesShown() {
        for row in Self.rows {
            #expect(Set(Self.draft(row).sources.keys) == Set(Self.fields), "\(row.line)")
        }
        for miss in Self.misses() {
            #expect(miss.source != nil, "\(miss.row.line): \(miss.field)")
            #expect(miss.field != "amount", "\(miss.row.line): the amount read \(miss.got)")
        }
    }
}
