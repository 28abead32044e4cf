import Foundation
import SQLKit
import TallyCore
import Testing

@testable import TallyStore

/// Writers that update the same kept-totals cells at once wait for each other, never deadlock:
/// `Totals.applyPostgres` takes its row locks in one order (tables in order, cells sorted).
@Suite("Kept totals under concurrent writers on PostgreSQL")
struct TotalsLockOrderTests {
    @Test(
        "transactions that touch the same cells in opposite orders all commit, and the totals add up",
        .enabled(if: Backend.postgresURL != nil, "TEST_DATABASE_URL is not set: PostgreSQL skipped")
    )
    func concurrentWritersDoNotDeadlock() async throws {
        try await withStore(.postgres) { store in
            let (_, book) = try await owner(store)
            func draft(_ date: String, _ cents: Int64, _ category: String, _ account: String) -> TransactionDraft {
                TransactionDraft(
                    kind: .expense,
                    amount: Money(minorUnits: cents, currency: book.currency),
                    date: LocalDate(date)!,
                    time: nil,
                    payee: "Shop \(category)",
                    category: .name(category),
                    account: .name(account),
                    toAccount: nil,
                    note: ""
                )
            }
            // Each write is one transaction of four records over two months, two categories and
            // two accounts, in an order that differs from writer to writer.
            let writers = 6
            let rounds = 15
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<writers {
                    group.addTask {
                        for round in 0..<rounds {
                            var drafts = [
                                draft("2026-01-05", 100, "Food", "Cash"),
                                draft("2026-02-05", 100, "Home", "Debit Card"),
                                draft("2026-01-06", 100, "Home", "Cash"),
                                draft("2026-02-06", 100, "Food", "Debit Card"),
                            ]
                            if (writer + round) % 2 == 1 { drafts.reverse() }
                            let batch = drafts.map { (book.id, book.currency, $0) }
                            let outcomes = try await store.database.write { db in
                                try await AddQueue.insert(db, batch)
                            }
                            for outcome in outcomes { _ = try outcome.get() }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let expected = Int64(writers * rounds * 4 * 100)
            for table in TotalsTable.all {
                let sum = try await store.database.read { db in
                    try await db.raw(
                        "SELECT CAST(SUM(total_minor) AS BIGINT) AS s FROM \(unsafeRaw: table.name) WHERE book_id = \(bind: book.id)"
                    ).first()?.decode(column: "s", as: Int64.self)
                }
                #expect(sum == expected, "\(table.name)")
            }
            let balance = try await store.database.read { db in
                try await db.raw(
                    "SELECT CAST(SUM(balance_minor) AS BIGINT) AS s FROM account_balances WHERE book_id = \(bind: book.id)"
                ).first()?.decode(column: "s", as: Int64.self)
            }
            #expect(balance == -expected)
        }
    }

    @Test("rows are sorted by their key columns only")
    func sortedRows() throws {
        let values: [BulkValue] = [
            .text("2026-02"), .int(2), .int(9), .text("2026-01"), .int(5), .int(1),
            .text("2026-01"), .int(3), .int(7),
        ]
        let sorted = try Totals.sortedRows(values, width: 3, keys: 2)
        #expect(
            sorted.map { value -> Int64 in if case .int(let n) = value { n } else { -1 } } == [
                -1, 3, 7, -1, 5, 1, -1, 2, 9,
            ]
        )
        #expect(throws: (any Error).self) { try Totals.sortedRows(values, width: 4, keys: 2) }
    }

    @Test(
        "each kept-totals table's text columns, bound as text[], are the schema's text columns",
        .enabled(if: Backend.postgresURL != nil, "TEST_DATABASE_URL is not set: PostgreSQL skipped")
    )
    func textColumnsMatchTheSchema() async throws {
        try await withStore(.postgres) { store in
            for table in TotalsTable.all {
                let text = try await store.database.read { db in
                    try await db.raw(
                        """
                        SELECT column_name FROM information_schema.columns
                        WHERE table_name = \(bind: table.name) AND data_type = 'text' AND table_schema = current_schema()
                        """
                    ).all().map { try $0.decode(column: "column_name", as: String.self) }
                }
                #expect(Set(text) == Set(table.textColumns), "\(table.name)")
                #expect(Set(table.textColumns).isSubset(of: table.columns), "\(table.name)")
            }
        }
    }
}
