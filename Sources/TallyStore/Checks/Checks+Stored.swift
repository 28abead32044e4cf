import Foundation
import SQLKit
import TallyCore

/// The stored text the app reads back as a date, a currency, a rate or one of a few words: a
/// value the app cannot read (written by hand, by an older version, or by a restore from
/// elsewhere) fails every request that reads its row, so `tally check` names each one.
struct StoredColumns: Sendable {
    /// What a column's text must be.
    enum Kind: Sendable {
        case date, optionalDate, currency, rate
        /// A rule's definition, as `Rules.load` decodes it.
        case rule
        case word(Set<String>)

        /// Why `text` is not readable, or nil when it is.
        func problem(_ text: String?) -> String? {
            switch self {
            case .optionalDate where text == nil: return nil
            case .date, .optionalDate:
                guard let text, LocalDate(text) != nil else { return "is not a date (YYYY-MM-DD)" }
            case .currency:
                guard let text, Currency(code: text) != nil else { return "is not a currency Tally knows" }
            case .rate:
                guard let text, ExchangeRate(text) != nil else { return "is not a positive decimal rate" }
            case .rule:
                guard let text, (try? JSONDecoder().decode(Rule.self, from: Data(text.utf8))) != nil else {
                    return "is not a rule this version reads"
                }
            case .word(let words):
                guard let text, words.contains(text) else {
                    return "is not one of \(words.sorted().joined(separator: ", "))"
                }
            }
            return nil
        }
    }

    /// The table.
    let table: String
    /// The expression naming a row in findings ("id", or a key of several columns).
    let key: String
    /// How the table's rows of one book are found: its own `book_id`, or its parent's.
    let inBook: Scope

    /// Where a table keeps its book.
    enum Scope: Sendable {
        /// A column holding the book's id.
        case column(String)
        /// A column holding the id of a row of `table`, which has `book_id`.
        case parent(String, table: String)

        func condition(_ book: BookID) -> SQLQueryString {
            switch self {
            case .column(let name): "\(ident: name) = \(bind: book)"
            case .parent(let name, let table):
                "\(ident: name) IN (SELECT id FROM \(ident: table) WHERE book_id = \(bind: book))"
            }
        }
    }
    /// The columns checked and what each must be.
    let columns: [(name: String, kind: Kind)]

    private static func words<T: RawRepresentable & CaseIterable>(_ type: T.Type) -> Kind where T.RawValue == String {
        .word(Set(type.allCases.map(\.rawValue)))
    }

    /// Every per-book table with such columns. Records are checked apart (`checkStoredRecords`):
    /// they are many, so only their distinct values are read.
    static let all: [StoredColumns] = [
        StoredColumns(
            table: "books",
            key: "id",
            inBook: .column("id"),
            columns: [("currency", .currency)]
        ),
        StoredColumns(
            table: "book_members",
            key: "user_id",
            inBook: .column("book_id"),
            columns: [("role", words(Role.self))]
        ),
        StoredColumns(
            table: "book_invitations",
            key: "id",
            inBook: .column("book_id"),
            columns: [("role", words(Role.self))]
        ),
        StoredColumns(
            table: "rules",
            key: "id",
            inBook: .column("book_id"),
            columns: [("definition", .rule)]
        ),
        StoredColumns(
            table: "accounts",
            key: "id",
            inBook: .column("book_id"),
            columns: [("kind", words(AccountKind.self)), ("currency", .currency)]
        ),
        StoredColumns(
            table: "categories",
            key: "id",
            inBook: .column("book_id"),
            columns: [("kind", words(CategoryKind.self))]
        ),
        StoredColumns(
            table: "exchange_rates",
            key: "id",
            inBook: .column("book_id"),
            columns: [("currency", .currency), ("date", .date), ("rate", .rate)]
        ),
        StoredColumns(
            table: "budgets",
            key: "id",
            inBook: .column("book_id"),
            columns: [
                ("currency", .currency), ("cycle", words(BudgetCycle.self)), ("start_date", .date),
                ("mode", words(BudgetMode.self)),
            ]
        ),
        StoredColumns(
            table: "goals",
            key: "id",
            inBook: .column("book_id"),
            columns: [
                ("currency", .currency), ("cycle", words(BudgetCycle.self)), ("created_on", .date),
                ("target_date", .optionalDate),
            ]
        ),
        StoredColumns(
            table: "goal_contributions",
            key: "id",
            inBook: .parent("goal_id", table: "goals"),
            columns: [("date", .date)]
        ),
        StoredColumns(
            table: "bills",
            key: "id",
            inBook: .column("book_id"),
            columns: [("currency", .currency), ("cycle", words(BillCycle.self)), ("first_due", .date)]
        ),
        StoredColumns(
            table: "bill_payments",
            key: "CAST(bill_id AS TEXT) || '/' || due_date",
            inBook: .parent("bill_id", table: "bills"),
            columns: [("due_date", .date), ("paid_on", .date)]
        ),
    ]
}

extension Checks {
    /// The values of `StoredColumns.all` and of the records that the app could not read back.
    /// Reported, not changed: only the owner knows what a bad date meant, so the finding names
    /// the row to edit or delete.
    static func checkStoredValues(_ db: any SQLDatabase, book: BookID) async throws -> [CheckFinding] {
        var findings: [CheckFinding] = []
        for spec in StoredColumns.all {
            let names = spec.columns.map { "CAST(\($0.name) AS TEXT) AS \($0.name)" }.joined(separator: ", ")
            let rows = try await db.raw(
                "SELECT CAST(\(unsafeRaw: spec.key) AS TEXT) AS row_key, \(unsafeRaw: names) FROM \(ident: spec.table) WHERE \(spec.inBook.condition(book))"
            ).all()
            for row in rows {
                let key = try row.decode(column: "row_key", as: String.self)
                for (column, kind) in spec.columns {
                    let text = try row.decode(column: column, as: String?.self)
                    if let problem = kind.problem(text) {
                        findings.append(
                            CheckFinding(
                                book: book,
                                table: spec.table,
                                cell: "row \(key), \(column)",
                                problem:
                                    "stored \"\(String((text ?? "NULL").prefix(40)))\" \(problem) (edit or delete the row)",
                                fix: nil
                            )
                        )
                    }
                }
            }
        }
        return findings + (try await checkStoredRecords(db, book: book))
    }

    /// Records' dates, currencies and kinds, read as distinct values (a few thousand at most for
    /// a million records, from the book's date index), each finding naming the first record.
    private static func checkStoredRecords(_ db: any SQLDatabase, book: BookID) async throws -> [CheckFinding] {
        var findings: [CheckFinding] = []
        let columns: [(String, StoredColumns.Kind)] = [
            ("date", .date), ("currency", .currency),
            ("kind", .word(Set(TransactionKind.allCases.map(\.rawValue)))),
        ]
        for (column, kind) in columns {
            let rows = try await db.raw(
                """
                SELECT \(ident: column) AS value, CAST(MIN(id) AS BIGINT) AS first, CAST(COUNT(*) AS BIGINT) AS n
                FROM transactions WHERE book_id = \(bind: book) GROUP BY \(ident: column)
                """
            ).all()
            for row in rows {
                let text = try row.decode(column: "value", as: String?.self)
                guard let problem = kind.problem(text) else { continue }
                let first = try row.decode(column: "first", as: Int64.self)
                let count = try row.decode(column: "n", as: Int64.self)
                findings.append(
                    CheckFinding(
                        book: book,
                        table: "transactions",
                        cell: count == 1
                            ? "record \(first), \(column)" : "records \(first) and \(count - 1) more, \(column)",
                        problem:
                            "stored \"\(String((text ?? "NULL").prefix(40)))\" \(problem) (edit or delete the record)",
                        fix: nil
                    )
                )
            }
        }
        return findings
    }
}
