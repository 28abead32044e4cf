import SQLKit
import TallyCore
import Testing

@testable import TallyStore

@Suite("Kept totals")
struct TotalsRebuildTests {
    /// Every row of the kept-totals tables, sorted, as text.
    static func snapshot(_ store: Store, book: BookID) async throws -> [String: [String]] {
        try await store.database.read { db in
            var tables: [String: [String]] = [:]
            for table in TotalsTable.all {
                let rows = try await db.raw(
                    """
                    SELECT \(unsafeRaw: table.columns.map { "CAST(\($0) AS TEXT) AS \($0)" }.joined(separator: ", "))
                    FROM \(unsafeRaw: table.name) WHERE book_id = \(bind: book)
                    """
                ).all()
                tables[table.name] = try rows.map { row in
                    try table.columns.map { try row.decode(column: $0, as: String.self) }.joined(separator: "|")
                }.sorted()
            }
            let balances = try await db.raw(
                """
                SELECT CAST(account_id AS TEXT) AS a, currency, CAST(balance_minor AS TEXT) AS b FROM account_balances WHERE book_id = \(bind: book)
                """
            ).all()
            tables["account_balances"] = try balances.map {
                "\(try $0.decode(column: "a", as: String.self))|\(try $0.decode(column: "currency", as: String.self))|\(try $0.decode(column: "b", as: String.self))"
            }.sorted()
            // A period whose moves net to zero may keep a row of 0, which a rebuild leaves out.
            for table in AccountMovesTable.all {
                let moves = try await db.raw(
                    """
                    SELECT CAST(account_id AS TEXT) AS a, currency, \(unsafeRaw: table.period) AS p, CAST(delta_minor AS TEXT) AS d
                    FROM \(unsafeRaw: table.name) WHERE book_id = \(bind: book) AND delta_minor <> 0
                    """
                ).all()
                tables[table.name] = try moves.map { row in
                    try ["a", "currency", "p", "d"].map { try row.decode(column: $0, as: String.self) }
                        .joined(separator: "|")
                }.sorted()
            }
            return tables
        }
    }

    @Test(
        "totals kept through adds, edits and deletes equal totals rebuilt from the records",
        arguments: Backend.available
    )
    func keptEqualsRebuilt(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (_, book, _) = try await ReportTests.seeded(store)
            let kept = try await Self.snapshot(store, book: book.id)
            #expect(kept["day_totals"]?.isEmpty == false)
            #expect(kept["month_category_totals"]?.isEmpty == false)
            try await store.database.write { try await Totals.rebuild($0, book: book.id) }
            let rebuilt = try await Self.snapshot(store, book: book.id)
            for table in kept.keys.sorted() {
                #expect(kept[table] == rebuilt[table], "\(table)")
            }
        }
    }
}

@Suite("Migration 4 on a book with records")
struct Migration4Tests {
    @Test(
        "a book kept in the version 3 shape migrates: reports, counts and search match its records",
        arguments: Backend.available
    )
    func upgradesKeptTotals(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book, model) = try await ReportTests.seeded(store)
            let sqlite = store.database.engine == .sqlite
            // Put back what version 3 had: totals split by payee per day, the two record indexes,
            // and on SQLite the full FTS5 index; then forget migration 4 and run it.
            try await store.database.write { db in
                for table in ["day_totals", "month_totals", "month_category_totals"] {
                    try await db.raw("DROP TABLE \(unsafeRaw: table)").run()
                }
                for (table, period) in [("day_totals", "day"), ("month_totals", "month")] {
                    try await db.raw(
                        """
                        CREATE TABLE \(unsafeRaw: table) (book_id BIGINT NOT NULL REFERENCES books (id) ON DELETE CASCADE, \(unsafeRaw: period) TEXT NOT NULL,
                          kind TEXT NOT NULL, category_id BIGINT NOT NULL, account_id BIGINT NOT NULL, payee_key TEXT NOT NULL, currency TEXT NOT NULL,
                          total_minor BIGINT NOT NULL, count BIGINT NOT NULL,
                          PRIMARY KEY (book_id, \(unsafeRaw: period), kind, category_id, account_id, payee_key, currency))
                        """
                    ).run()
                    try await db.raw(
                        "CREATE INDEX \(unsafeRaw: table)_payee ON \(unsafeRaw: table) (book_id, payee_key, \(unsafeRaw: period))"
                    ).run()
                }
                try await db.raw(
                    "CREATE INDEX transactions_book_category_date ON transactions (book_id, category_id, date)"
                ).run()
                try await db.raw("CREATE INDEX transactions_book_account ON transactions (book_id, account_id)").run()
                if sqlite {
                    for trigger in ["transactions_fts_insert", "transactions_fts_delete", "transactions_fts_update"] {
                        try await db.raw("DROP TRIGGER \(unsafeRaw: trigger)").run()
                    }
                    try await db.raw("DROP TABLE transactions_fts").run()
                    // Migration 2's index, as its frozen SQL made it.
                    for statement in Migration0002.sqlite.drop(while: { !$0.hasPrefix("CREATE VIRTUAL TABLE") }) {
                        try await db.raw("\(unsafeRaw: statement)").run()
                    }
                }
                try await db.raw("DELETE FROM schema_migrations WHERE version = 4").run()
            }
            #expect(try await store.migrate() == [4])
            // Migration 4 made the tables in its own shape; migrations 15 and 18 gave them their
            // converted sums and record counts, as they would have after 4 on a real upgrade.
            try await store.database.write { db in
                for statement in Migration0015.totalsColumns + Migration0018.totalsColumns {
                    try await db.raw("\(unsafeRaw: statement)").run()
                }
            }
            let range = try DateRange(from: LocalDate("2024-02-14")!, to: LocalDate("2024-11-20")!)
            for by in ReportGrouping.allCases where by != .tag {
                let report = try await store.reports.summaryReport(
                    ReportQuery(range: range, by: by, kind: .expense),
                    in: try await store.scope(user, book: book.id)
                )
                let spent = model.filter {
                    $0.kind == .expense && $0.currency == "USD" && $0.date >= range.from && $0.date <= range.to
                }
                #expect(report.total(.expense).total.minorUnits == spent.reduce(0) { $0 + $1.amount }, "\(by)")
                #expect(report.total(.expense).count - report.unconverted.count == spent.count, "\(by)")
            }
            let starbucks = try await store.records.transactions(
                in: try await store.scope(user, book: book.id),
                filter: TransactionFilter(text: "starb"),
                limit: 5,
                summarize: true
            )
            #expect(starbucks.summary?.count == model.filter { $0.payee == "Starbucks" }.count)
            let kept = try await TotalsRebuildTests.snapshot(store, book: book.id)
            try await store.database.write { try await Totals.rebuild($0, book: book.id) }
            #expect(try await TotalsRebuildTests.snapshot(store, book: book.id) == kept)
        }
    }
}
