import Foundation
import SQLKit
import TallyCore
import Testing

@testable import TallyStore

/// `tally check` on a book written before the bounds of issue 10.
@Suite("Check: values outside the bounds")
struct CheckBoundsTests {
    @Test(
        "records and opening balances stored outside the bounds are each named, and repair leaves them to their owner",
        arguments: Backend.available
    )
    func outOfBounds(backend: Backend) async throws {
        try await withStore(backend) { store in
            let b = try await CheckTests.book(store)
            try await CheckTests.sql(
                store,
                [
                    "UPDATE transactions SET amount_minor = 9223372036854775807 WHERE id = \(bind: b.coffees[0])",
                    "UPDATE transactions SET date = '9999-12-31' WHERE id = \(bind: b.salary)",
                    "UPDATE transactions SET date = '1899-12-31', amount_minor = -1000000000000 WHERE id = \(bind: b.transfer)",
                    "UPDATE accounts SET opening_minor = 1000000000000 WHERE id = \(bind: b.debit)",
                ]
            )
            let report = try await store.checks.check(book: b.id)
            let bounds = report.findings.filter { $0.problem.contains("stored before the bounds") }
            #expect(
                bounds.map(\.description) == [
                    "book \(b.id): transactions [record \(b.coffees[0])]: amount 92233720368547758.07 is beyond ±9999999999.99 (stored before the bounds; edit or delete the record)",
                    "book \(b.id): transactions [record \(b.salary)]: date 9999-12-31 is outside 1900-01-01…2199-12-31 (stored before the bounds; edit or delete the record)",
                    "book \(b.id): transactions [record \(b.transfer)]: amount -10000000000.00 is beyond ±9999999999.99; date 1899-12-31 is outside 1900-01-01…2199-12-31 (stored before the bounds; edit or delete the record)",
                    "book \(b.id): accounts [account \(b.debit)]: opening balance 10000000000.00 is beyond ±9999999999.99 (stored before the bounds; edit the account)",
                ]
            )
            #expect(bounds.allSatisfy { !$0.repairable })
            let outcome = try await store.checks.repair(book: b.id)
            #expect(outcome.after.findings.filter { $0.problem.contains("stored before the bounds") }.count == 4)
        }
    }
}
