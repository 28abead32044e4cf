import SQLKit
import Testing
import TallyCore
@testable import TallyStore

@Suite("Kept totals")
struct TotalsRebuildTests {
    /// Every row of the kept-totals tables, sorted, as text.
    static func snapshot(_ store: Store, book: RecordID) async throws -> [String: [String]] {
        try await store.database.read { db in
            var tables: [String: [String]] = [:]
            for table in TotalsTable.all {
                let rows = try await db.raw("""
                    SELECT \(unsafeRaw: table.columns.map { "CAST(\($0) AS TEXT) AS \($0)" }.joined(separator: ", "))
                    FROM \(unsafeRaw: table.name) WHERE book_id = \(bind: book)
                    """).all()
                tables[table.name] = try rows.map { row in
                    try table.columns.map { try row.decode(column: $0, as: String.self) }.joined(separator: "|")
                }.sorted()
            }
            let balances = try await db.raw("""
                SELECT CAST(account_id AS TEXT) AS a, currency, CAST(balance_minor AS TEXT) AS b FROM account_balances WHERE book_id = \(bind: book)
                """).all()
            tables["account_balances"] = try balances.map {
                "\(try $0.decode(column: "a", as: String.self))|\(try $0.decode(column: "currency", as: String.self))|\(try $0.decode(column: "b", as: String.self))"
            }.sorted()
            return tables
        }
    }

    @Test("totals kept through adds, edits and deletes equal totals rebuilt from the records", arguments: Backend.available)
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
