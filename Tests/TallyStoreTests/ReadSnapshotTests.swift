import Foundation
import TallyCore
import Testing

@testable import TallyStore

/// `Database.snapshot`: every read inside sees the database as of its first read, whatever is
/// written meanwhile; afterwards reads see the writes.
@Suite("A page's reads see one snapshot")
struct ReadSnapshotTests {
    static func count(_ store: Store, _ scope: BookScope) async throws -> Int {
        try await store.records.transactions(in: scope, filter: TransactionFilter(), limit: 10, summarize: true)
            .summary?.count ?? -1
    }

    static func check(_ store: Store, _ scope: BookScope) async throws {
        _ = try await store.records.addTransaction(
            to: scope,
            TransactionInput(amount: "1.00", date: "2026-03-01", payee: "First", category: "Home")
        )
        let inside = try await store.database.snapshot {
            let before = try await count(store, scope)
            _ = try await store.records.addTransaction(
                to: scope,
                TransactionInput(amount: "2.00", date: "2026-03-02", payee: "Second", category: "Home")
            )
            // Another service, a nested snapshot, the same moment.
            let report = try await store.database.snapshot {
                try await store.reports.summaryReport(
                    ReportQuery(
                        range: try DateRange(from: LocalDate("2026-03-01")!, to: LocalDate("2026-03-31")!),
                        by: .category,
                        kind: .expense
                    ),
                    in: scope
                )
            }
            return (before, try await count(store, scope), report.total(.expense).total.minorUnits)
        }
        #expect(inside.0 == 1 && inside.1 == 1 && inside.2 == 100)
        #expect(try await count(store, scope) == 2)
    }

    @Test("on an SQLite file and on PostgreSQL", arguments: Backend.available)
    func oneSnapshot(_ backend: Backend) async throws {
        if backend == .postgres {
            try await withStore(.postgres) { store in
                let (user, book) = try await owner(store)
                try await Self.check(store, try await store.scope(user, book: book.id))
            }
        } else {
            try await ExportSnapshotTests.withFileStore { store, scope in try await Self.check(store, scope) }
        }
    }

    @Test("a failing body ends its transaction; the connection reads the present after")
    func failure() async throws {
        try await ExportSnapshotTests.withFileStore { store, scope in
            await #expect(throws: FieldError.self) {
                try await store.database.snapshot {
                    _ = try await Self.count(store, scope)
                    throw FieldError("x", "fails")
                }
            }
            _ = try await store.records.addTransaction(
                to: scope,
                TransactionInput(amount: "1.00", date: "2026-03-01", payee: "After", category: "Home")
            )
            // Every reader connection (the pool has four) sees the new record.
            for _ in 0..<8 { #expect(try await Self.count(store, scope) == 1) }
        }
    }
}
