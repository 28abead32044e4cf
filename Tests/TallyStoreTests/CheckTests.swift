import Foundation
import SQLKit
import TallyCore
import Testing

@testable import TallyStore

/// `Store.check` and `Store.repair` on books damaged by SQL behind the store's back.
@Suite("Check and repair")
struct CheckTests {
    /// A small book with known cells: two coffees on one day, a salary, a transfer.
    struct Book {
        let user: User
        let id: BookID
        let coffees: [TransactionID]
        let salary: TransactionID
        let transfer: TransactionID
        let coffee: CategoryID, salaryCategory: CategoryID
        let cash: AccountID, debit: AccountID, credit: AccountID
    }

    static func book(_ store: Store) async throws -> Book {
        let (user, book) = try await owner(store)
        func add(_ input: TransactionInput) async throws -> TransactionID {
            try await store.records.addTransaction(to: try await store.scope(user, book: book.id), input).transaction.id
        }
        let first = try await add(
            TransactionInput(
                kind: "expense",
                amount: "12.00",
                date: "2026-03-04",
                payee: "Cafe",
                category: "Food:Coffee",
                account: "Cash"
            )
        )
        let second = try await add(
            TransactionInput(
                kind: "expense",
                amount: "8.50",
                date: "2026-03-04",
                payee: "Cafe",
                category: "Food:Coffee",
                account: "Cash"
            )
        )
        let salary = try await add(
            TransactionInput(
                kind: "income",
                amount: "1000.00",
                date: "2026-03-31",
                payee: "Acme",
                category: "Salary",
                account: "Debit Card"
            )
        )
        let transfer = try await add(
            TransactionInput(
                kind: "transfer",
                amount: "200.00",
                date: "2026-04-02",
                account: "Debit Card",
                toAccount: "Credit Card"
            )
        )
        let ids = try await store.database.read { db in
            let coffee = try await db.raw("SELECT category_id, account_id FROM transactions WHERE id = \(bind: first)")
                .first()!
            let pay = try await db.raw(
                "SELECT category_id, account_id, to_account_id FROM transactions WHERE id = \(bind: salary)"
            ).first()!
            let move = try await db.raw("SELECT to_account_id FROM transactions WHERE id = \(bind: transfer)").first()!
            return [
                try coffee.decode(column: "category_id", as: Int64.self),
                try coffee.decode(column: "account_id", as: Int64.self),
                try pay.decode(column: "category_id", as: Int64.self),
                try pay.decode(column: "account_id", as: Int64.self),
                try move.decode(column: "to_account_id", as: Int64.self),
            ]
        }
        return Book(
            user: user,
            id: book.id,
            coffees: [first, second],
            salary: salary,
            transfer: transfer,
            coffee: CategoryID(rawValue: ids[0]),
            salaryCategory: CategoryID(rawValue: ids[2]),
            cash: AccountID(rawValue: ids[1]),
            debit: AccountID(rawValue: ids[3]),
            credit: AccountID(rawValue: ids[4])
        )
    }

    static func sql(_ store: Store, _ statements: [SQLQueryString]) async throws {
        try await store.database.write { db in for statement in statements { try await db.raw(statement).run() } }
    }

    @Test("an undamaged book checks clean, and repair changes nothing", arguments: Backend.available)
    func clean(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (_, book, model) = try await ReportTests.seeded(store)
            let report = try await store.checks.check()
            #expect(report.findings.map(\.description) == [])
            #expect(report.books == 1 && report.records == model.count && report.cells > model.count)
            let kept = try await TotalsRebuildTests.snapshot(store, book: book.id)
            let outcome = try await store.checks.repair(book: book.id)
            #expect(outcome.actions.isEmpty && outcome.after.isClean)
            #expect(try await TotalsRebuildTests.snapshot(store, book: book.id) == kept)
            await #expect(throws: StoreError.notFound("book 999")) { try await store.checks.check(book: 999) }
        }
    }

    @Test(
        "a wrong records count (a sum over categories counts records) is found and repaired",
        arguments: Backend.available
    )
    func recordCounts(backend: Backend) async throws {
        try await withStore(backend) { store in
            let b = try await Self.book(store)
            try await Self.sql(
                store,
                [
                    "UPDATE month_category_totals SET records = records + 1 WHERE book_id = \(bind: b.id) AND month = '2026-03' AND kind = 'expense'"
                ]
            )
            let report = try await store.checks.check(book: b.id)
            #expect(
                report.findings.map(\.description) == [
                    "book \(b.id): month_category_totals [2026-03 expense, category \(b.coffee), USD]: counts 3 records as their first category here; the records give 2"
                ]
            )
            let outcome = try await store.checks.repair(book: b.id)
            #expect(outcome.after.findings.isEmpty)
        }
    }

    @Test(
        "a wrong sum, a missing cell, an extra cell, a bad value, a wrong balance and a record deleted behind the totals' back are each found and repaired",
        arguments: Backend.available
    )
    func totals(backend: Backend) async throws {
        try await withStore(backend) { store in
            let b = try await Self.book(store)
            let sqlite = store.database.engine == .sqlite
            try await Self.sql(
                store,
                [
                    "UPDATE day_totals SET total_minor = 2051 WHERE book_id = \(bind: b.id) AND day = '2026-03-04' AND kind = 'expense'",
                    "DELETE FROM month_category_totals WHERE book_id = \(bind: b.id) AND month = '2026-03' AND kind = 'income'",
                    """
                    INSERT INTO month_totals (book_id, month, kind, category_id, account_id, payee_key, currency, total_minor, count)
                    VALUES (\(bind: b.id), '2026-05', 'expense', \(bind: b.coffee), \(bind: b.cash), 'ghost', 'USD', 700, 1)
                    """,
                    // SQLite kept floating-point values after the old overflows; PostgreSQL's BIGINT cannot, so a wrong count there.
                    sqlite
                        ? "UPDATE month_category_totals SET total_minor = -2.72e19 WHERE book_id = \(bind: b.id) AND month = '2026-03' AND kind = 'expense'"
                        : "UPDATE month_category_totals SET count = 5 WHERE book_id = \(bind: b.id) AND month = '2026-03' AND kind = 'expense'",
                    "UPDATE account_balances SET balance_minor = balance_minor + 5 WHERE book_id = \(bind: b.id) AND account_id = \(bind: b.cash)",
                    "DELETE FROM transactions WHERE id = \(bind: b.transfer)",
                ]
            )
            let (c, cash, debit, credit) = (b.coffee, b.cash, b.debit, b.credit)
            let expected = [
                "book \(b.id): day_totals [2026-03-04 expense, category \(c), account \(cash), USD]: kept 2051 in 2 records; the records give 2050 in 2 records",
                "book \(b.id): day_totals [2026-04-02 transfer_in, category 0, account \(credit), USD]: kept 20000 in 1 record; no records fall in it",
                "book \(b.id): day_totals [2026-04-02 transfer_out, category 0, account \(debit), USD]: kept 20000 in 1 record; no records fall in it",
                "book \(b.id): month_totals [2026-04 transfer_in, category 0, account \(credit), payee \"\", USD]: kept 20000 in 1 record; no records fall in it",
                "book \(b.id): month_totals [2026-04 transfer_out, category 0, account \(debit), payee \"\", USD]: kept 20000 in 1 record; no records fall in it",
                "book \(b.id): month_totals [2026-05 expense, category \(c), account \(cash), payee \"ghost\", USD]: kept 700 in 1 record; no records fall in it",
                sqlite
                    ? "book \(b.id): month_category_totals [2026-03 expense, category \(c), USD]: kept total -2.72e+19 is not a whole number of minor units; the records give 2050 in 2 records"
                    : "book \(b.id): month_category_totals [2026-03 expense, category \(c), USD]: kept 2050 in 5 records; the records give 2050 in 2 records",
                "book \(b.id): month_category_totals [2026-03 income, category \(b.salaryCategory), USD]: missing; the records give 100000 in 1 record",
                "book \(b.id): month_category_totals [2026-04 transfer_in, category 0, USD]: kept 20000 in 1 record; no records fall in it",
                "book \(b.id): month_category_totals [2026-04 transfer_out, category 0, USD]: kept 20000 in 1 record; no records fall in it",
                "book \(b.id): month_payee_totals [2026-04 transfer_in, account \(credit), payee \"\", USD]: kept 20000 in 1 record; no records fall in it",
                "book \(b.id): month_payee_totals [2026-04 transfer_out, account \(debit), payee \"\", USD]: kept 20000 in 1 record; no records fall in it",
                "book \(b.id): year_payee_totals [2026 transfer_in, account \(credit), payee \"\", USD]: kept 20000 in 1 record; no records fall in it",
                "book \(b.id): year_payee_totals [2026 transfer_out, account \(debit), payee \"\", USD]: kept 20000 in 1 record; no records fall in it",
                "book \(b.id): year_category_totals [2026 transfer_in, category 0, USD]: kept 20000 in 1 record; no records fall in it",
                "book \(b.id): year_category_totals [2026 transfer_out, category 0, USD]: kept 20000 in 1 record; no records fall in it",
                "book \(b.id): account_balances [account \(cash), USD]: kept -2045; the records give -2050",
                "book \(b.id): account_balances [account \(credit), USD]: kept 20000; no records move it",
                "book \(b.id): account_balances [account \(debit), USD]: kept 80000; the records give 100000",
                "book \(b.id): day_account_totals [account \(credit), USD, 2026-04-02]: kept 20000; no records move it",
                "book \(b.id): day_account_totals [account \(debit), USD, 2026-04-02]: kept -20000; no records move it",
                "book \(b.id): month_account_totals [account \(credit), USD, 2026-04]: kept 20000; no records move it",
                "book \(b.id): month_account_totals [account \(debit), USD, 2026-04]: kept -20000; no records move it",
            ]
            let report = try await store.checks.check(book: b.id)
            #expect(Set(report.findings.map(\.description)) == Set(expected))
            #expect(report.findings.count == expected.count && report.findings.allSatisfy(\.repairable))
            #expect(report.records == 3)

            let outcome = try await store.checks.repair(book: b.id)
            #expect(outcome.before.findings.count == expected.count)
            #expect(outcome.actions == ["book \(b.id): kept totals and account balances rebuilt from the records"])
            #expect(outcome.after.findings.map(\.description) == [])
            // What the repair kept is what a rebuild from the records gives, and reports read it.
            let kept = try await TotalsRebuildTests.snapshot(store, book: b.id)
            try await store.database.write { try await Totals.rebuild($0, book: b.id) }
            #expect(try await TotalsRebuildTests.snapshot(store, book: b.id) == kept)
            let march = try await store.reports.summaryReport(
                ReportQuery(
                    range: try DateRange(from: LocalDate("2026-03-01")!, to: LocalDate("2026-03-31")!),
                    by: .category,
                    kind: .expense
                ),
                in: try await store.scope(b.user, book: b.id)
            )
            #expect(march.total(.expense).total.minorUnits == 2050 && march.total(.expense).count == 2)
        }
    }

    @Test(
        "records whose sum does not fit in 64 bits are a finding that repair leaves, not a crash",
        arguments: Backend.available
    )
    func overflowingRecords(backend: Backend) async throws {
        try await withStore(backend) { store in
            let b = try await Self.book(store)
            try await Self.sql(
                store,
                [
                    "UPDATE transactions SET amount_minor = 9223372036854775000 WHERE id IN (\(binds: b.coffees))",
                    // One cell a rebuild could fix, so the repair tries, and must leave everything as it was.
                    "UPDATE day_totals SET total_minor = 1 WHERE book_id = \(bind: b.id) AND kind = 'income'",
                ]
            )
            let before = try await TotalsRebuildTests.snapshot(store, book: b.id)
            let report = try await store.checks.check(book: b.id)
            let overflows = report.findings.filter { $0.problem.contains("does not fit in 64 bits") }
            // The cells of the two coffees in every kept table, and the cash balance.
            #expect(
                overflows.map(\.table) == [
                    "day_totals", "month_totals", "month_category_totals", "month_payee_totals", "year_payee_totals",
                    "year_category_totals", "account_balances", "day_account_totals",
                    "month_account_totals",
                ]
            )
            #expect(overflows.allSatisfy { !$0.repairable })
            #expect(
                overflows.first?.description
                    == "book \(b.id): day_totals [2026-03-04 expense, category \(b.coffee), account \(b.cash), USD]: the records' sum does not fit in 64 bits (2 records); it cannot be kept"
            )
            let outcome = try await store.checks.repair(book: b.id)
            #expect(
                outcome.actions.count == 1
                    && outcome.actions[0].hasPrefix("book \(b.id): the kept totals could not be rebuilt")
            )
            #expect(outcome.after.findings.map(\.description) == report.findings.map(\.description))
            #expect(try await TotalsRebuildTests.snapshot(store, book: b.id) == before)
        }
    }
}
