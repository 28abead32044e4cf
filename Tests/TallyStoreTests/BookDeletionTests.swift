import SQLKit
import Synchronization
import TallyCore
import Testing

@testable import TallyStore

/// Issue 42, finding 6: a book's deletion empties its tables page by page (`BookDeletion`), so
/// the last batch is not one cascade through everything the book held.
@Suite("A book deleted table by table")
struct BookDeletionTests {
    /// How many of the book's rows each table of `BookDeletion` still holds, with its records,
    /// members and job.
    static func held(_ store: Store, _ book: BookID) async throws -> [String: Int] {
        try await store.database.read { db in
            var held: [String: Int] = [:]
            let tables =
                BookDeletion.leftovers
                + ["transactions", "book_members", "long_writes", "books"].map {
                    BookDeletion.Leftover(table: $0, keys: [])
                }
            for leftover in tables {
                let owned = leftover.table == "books" ? "id = \(bind: book)" : leftover.owned(book)
                held[leftover.table] = try await db.raw(
                    "SELECT CAST(COUNT(*) AS BIGINT) AS n FROM \(unsafeRaw: leftover.table) WHERE \(owned)"
                ).first()!.decode(column: "n", as: Int.self)
            }
            return held
        }
    }

    @Test(
        "a book with rates, a rule run, a staged statement, a budget, bills, tags, payees and sub-categories, deleted one row a batch: nothing of it is left, the other book is untouched",
        arguments: Backend.available
    )
    func everythingGoes(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (scope, rule) = try await LongWriteTests.seeded(store)
            let (other, _) = try await LongWriteTests.seeded(store, email: "other@example.com")
            _ = try await store.rules.applyRule(try #require(rule.id), in: scope, dryRun: false)
            _ = try await store.rates.setRate(
                in: scope,
                currency: Currency(code: "EUR")!,
                date: LocalDate(year: 2024, month: 3, day: 1)!,
                rate: ExchangeRate("1.1")!
            )
            let ofx = StatementImportTests.ofx(account: "000123456789", [("A1", 2, "-4.50", "STARBUCKS")])
            _ = try await store.imports.stageStatement(
                try StatementImportTests.read(ofx),
                into: scope,
                fileName: "march.ofx",
                account: "Checking"
            )
            _ = try await store.plans.createBudget(
                in: scope,
                BudgetInput(name: "Food", limit: "300.00", cycle: "monthly", start: "2024-01-01", mode: "spender")
            )
            let before = try await Self.held(store, scope.bookID)
            for table in ["transactions", "payees", "categories", "accounts", "rule_runs", "exchange_rates"] {
                #expect(before[table, default: 0] > 0, "the book holds \(table)")
            }
            #expect(before["statement_import_rows"] == 1 && before["budgets"] == 1)
            let kept = try await LongWriteTests.snapshot(store, other.bookID)
            let batches = Counted()
            var limits = LongWriteLimits(rows: 1, duration: .seconds(3600))
            limits.afterBatch = { _ in batches.add() }

            try await store.books.delete(in: scope, limits: limits)

            let after = try await Self.held(store, scope.bookID)
            #expect(after.filter { $0.value != 0 }.isEmpty, "left: \(after.filter { $0.value != 0 })")
            // One row a batch: the payees went in pages of their own, not with the book's row.
            let rows = before["transactions", default: 0] + before["payees", default: 0]
            #expect(batches.value >= rows, "\(batches.value) batches for \(rows) records and payees")
            #expect(try await LongWriteTests.snapshot(store, other.bookID) == kept)
            if store.database.engine == .sqlite {
                let checks = try await store.database.write { db in
                    try await db.raw("PRAGMA foreign_keys").first()!.decode(column: "foreign_keys", as: Int.self)
                }
                #expect(checks == 1, "the writer checks references again after the unchecked batches")
            }
            #expect(try await store.checks.check().isClean)
        }
    }
}

/// A count that a batch callback moves.
final class Counted: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func add() { count.withLock { $0 += 1 } }
}
