import Foundation
import SQLKit
import TallyCore
import Testing

@testable import TallyStore

/// `tally check` over every table: stored text the app reads back (dates, currencies, rates,
/// rules, kinds), and a bad stored date failing its request with the row named, not the server.
@Suite("Check stored values")
struct CheckStoredTests {
    @Test("every table of the schema is named in Checks.coverage")
    func coverage() async throws {
        try await withStore(.sqlite) { store in
            let tables = try await store.database.read { db in
                try await db.raw(
                    """
                    SELECT name FROM sqlite_master WHERE type = 'table'
                      AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'transactions_fts_%'
                    """
                ).all().map { try $0.decode(column: "name", as: String.self) }
            }
            let named = Set(Checks.coverage.keys)
            #expect(Set(tables).subtracting(named).sorted() == [], "tables check does not name")
            #expect(named.subtracting(tables).sorted() == [], "names in Checks.coverage that are not tables")
            for spec in StoredColumns.all { #expect(tables.contains(spec.table)) }
        }
    }

    @Test("unreadable dates, currencies, rates, rules and kinds are each named", arguments: Backend.available)
    func badValues(_ backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            #expect(try await store.checks.check().isClean)
            let bill = try await store.plans.createBill(in: scope, BillInput(title: "Rent", amount: "900"))
            let rate = try await store.rates.setRate(
                in: scope,
                currency: Currency(code: "EUR")!,
                date: LocalDate(year: 2026, month: 2, day: 14)!,
                rate: ExchangeRate("1.2")!
            )
            _ = rate
            let rateID = try await Self.rateID(store)
            let record = try await store.records.addTransaction(
                to: scope,
                TransactionInput(amount: "4.00", date: "2026-05-05", payee: "Cafe", category: "Food", account: "Cash")
            ).transaction.id
            try await store.database.write { db in
                try await db.raw("UPDATE bills SET first_due = '2026-02-30' WHERE id = \(bind: bill.id)").run()
                try await db.raw(
                    "UPDATE exchange_rates SET rate = '-1', date = 'soon' WHERE book_id = \(bind: book.id)"
                )
                .run()
                try await db.raw("UPDATE transactions SET date = '2026-13-01' WHERE id = \(bind: record)").run()
                try await db.raw("UPDATE book_members SET role = 'boss' WHERE book_id = \(bind: book.id)").run()
            }
            let findings = try await store.checks.check().findings.map(\.description)
            let expected = [
                "book \(book.id): bills [row \(bill.id), first_due]: stored \"2026-02-30\" is not a date (YYYY-MM-DD) (edit or delete the row)",
                "book \(book.id): exchange_rates [row \(rateID), date]: stored \"soon\" is not a date (YYYY-MM-DD) (edit or delete the row)",
                "book \(book.id): exchange_rates [row \(rateID), rate]: stored \"-1\" is not a positive decimal rate (edit or delete the row)",
                "book \(book.id): transactions [record \(record), date]: stored \"2026-13-01\" is not a date (YYYY-MM-DD) (edit or delete the record)",
            ]
            for line in expected {
                #expect(findings.contains(line), "\(line)")
            }
            #expect(findings.contains { $0.contains("book_members [row") && $0.contains("\"boss\" is not one of") })
            // The bad date fails the read of bills with the row named; nothing crashes.
            let error = await #expect(throws: DatabaseError.self) { try await store.plans.bills(in: scope) }
            #expect(
                error?.description == "bills row \(bill.id): stored first_due \"2026-02-30\" is not a date"
            )
        }
    }

    private static func rateID(_ store: Store) async throws -> Int64 {
        try await store.database.read { db in
            try await db.raw("SELECT id FROM exchange_rates").first()!.decode(column: "id", as: Int64.self)
        }
    }
}
