import SQLKit
import TallyCore
import Testing

@testable import TallyStore

@Suite("Balances over time equal balances computed from the records")
struct BalanceTests {
    /// Compares every series and net worth of `report` with the records' own balances, to the cent.
    static func expectMatches(_ report: BalanceReport, _ model: BalanceBook, accounts: [Account]) {
        let ends = report.query.ends
        let expected = model.balances(at: ends, accounts: accounts)
        // Shown: every account's own currency but an archived one's that never held anything,
        // and any other currency an account held money in at some period's end.
        let archived = Set(accounts.filter(\.archived).map(\.name))
        let own = Set(accounts.map { "\($0.name)|\($0.currency.code)" })
        let shown = expected.filter { key, column in
            (own.contains(key) && !archived.contains(String(key.split(separator: "|")[0])))
                || column.contains { $0 != 0 }
        }
        let series = report.series.map { s in
            "\(accounts.first { $0.id == s.account }!.name)|\(s.currency.code)"
        }
        #expect(Set(series) == Set(shown.keys), "series")
        #expect(series.count == Set(series).count, "each series once")
        for (i, period) in report.periods.enumerated() {
            #expect(period.end == ends[i])
            var net: Int64 = 0
            for balance in period.balances {
                let key = "\(balance.account.name)|\(balance.balance.currency.code)"
                #expect(balance.balance.minorUnits == expected[key]?[i], "\(key) at \(period.end)")
                let dollars = model.dollars(balance.balance.minorUnits, balance.balance.currency.code, on: period.end)
                #expect(balance.base?.minorUnits == dollars, "\(key) in USD at \(period.end)")
                net += dollars ?? 0
            }
            #expect(period.netWorth.minorUnits == net, "net worth at \(period.end)")
        }
    }

    @Test(
        "every month-end balance of a book with transfers, splits and two currencies, to the cent; weeks and days too",
        arguments: Backend.available
    )
    func everyMonthEnd(backend: Backend) async throws {
        try await withStore(backend) { store in
            let model = try await BalanceBook.make(store)
            let scope = try await store.scope(model.user, book: model.book.id)
            let accounts = try await store.books.accounts(in: scope).map(\.account)
            for (from, to, interval) in [
                ("2023-12-01", "2025-07-15", ReportInterval.month), ("2024-02-20", "2024-05-10", .week),
                ("2024-09-01", "2024-09-30", .day), ("2024-01-01", "2024-01-01", .month),
                ("2030-01-01", "2030-03-31", .month),
            ] {
                let query = try BalanceQuery(
                    range: try DateRange(from: LocalDate(from)!, to: LocalDate(to)!),
                    interval: interval
                )
                let report = try await store.reports.balances(query, in: scope)
                #expect(report.currency.code == "USD")
                Self.expectMatches(report, model, accounts: accounts)
            }
            let months = try await store.reports.balances(
                try BalanceQuery(
                    // Past the last record (edits moved some into August 2025).
                    range: try DateRange(from: LocalDate("2024-01-01")!, to: LocalDate("2025-12-31")!),
                    interval: .month
                ),
                in: scope
            )
            // Before the first rate the euros are left out of the net worth, and said to be.
            #expect(months.periods[0].leftOut.contains { $0.account.name == "Euro Savings" })
            #expect(months.periods[3].leftOut.isEmpty)
            #expect(!months.series.contains { $0.account == accounts.first { $0.name == "Old Wallet" }!.id })
            // After the last record, each account's own balance is the one the accounts list keeps.
            let last = try #require(months.periods.last)
            for kept in try await store.books.accounts(in: scope) where !kept.account.archived {
                #expect(
                    last.balances.first {
                        $0.account.id == kept.account.id && $0.balance.currency == kept.balance.currency
                    }?.balance == kept.balance
                )
            }
        }
    }

    @Test(
        "tally check finds a tampered, a missing and an invented day and a tampered month; repair rebuilds them",
        arguments: Backend.available
    )
    func checkFindsTamperedDays(backend: Backend) async throws {
        try await withStore(backend) { store in
            let model = try await BalanceBook.make(store)
            let book = model.book.id
            #expect(try await store.checks.check(book: book).isClean)
            try await store.database.write { db in
                let rows = try await db.raw(
                    """
                    SELECT account_id, currency, day FROM day_account_totals WHERE book_id = \(bind: book) AND delta_minor <> 0
                    ORDER BY day, account_id, currency LIMIT 2
                    """
                ).all()
                let (a, b) = (rows[0], rows[1])
                try await db.raw(
                    """
                    UPDATE day_account_totals SET delta_minor = delta_minor + 1 WHERE book_id = \(bind: book)
                    AND account_id = \(bind: try a.decode(column: "account_id", as: Int64.self))
                    AND currency = \(bind: try a.decode(column: "currency", as: String.self)) AND day = \(bind: try a.decode(column: "day", as: String.self))
                    """
                ).run()
                try await db.raw(
                    """
                    DELETE FROM day_account_totals WHERE book_id = \(bind: book)
                    AND account_id = \(bind: try b.decode(column: "account_id", as: Int64.self))
                    AND currency = \(bind: try b.decode(column: "currency", as: String.self)) AND day = \(bind: try b.decode(column: "day", as: String.self))
                    """
                ).run()
                try await db.raw(
                    """
                    INSERT INTO day_account_totals (book_id, account_id, currency, day, delta_minor)
                    VALUES (\(bind: book), \(bind: try a.decode(column: "account_id", as: Int64.self)), 'USD', '1999-01-01', 700)
                    """
                ).run()
                try await db.raw(
                    """
                    UPDATE month_account_totals SET delta_minor = delta_minor - 3 WHERE book_id = \(bind: book)
                    AND account_id = \(bind: try a.decode(column: "account_id", as: Int64.self))
                    AND currency = \(bind: try a.decode(column: "currency", as: String.self))
                    AND month = \(bind: String(try a.decode(column: "day", as: String.self).prefix(7)))
                    """
                ).run()
            }
            let report = try await store.checks.check(book: book)
            let found = report.findings.filter { $0.table.hasSuffix("_account_totals") }
            #expect(found.filter { $0.table == "day_account_totals" }.count == 3, "\(report.findings)")
            #expect(found.filter { $0.table == "month_account_totals" }.count == 1, "\(report.findings)")
            #expect(found.allSatisfy { $0.repairable })
            #expect(found.contains { $0.problem.contains("missing") })
            #expect(found.contains { $0.cell.contains("1999-01-01") && $0.problem.contains("no records move it") })
            #expect(found.count == report.findings.count, "only the days: \(report.findings)")
            let repair = try await store.checks.repair(book: book)
            #expect(repair.after.isClean)
            let scope = try await store.scope(model.user, book: book)
            Self.expectMatches(
                try await store.reports.balances(
                    try BalanceQuery(
                        range: try DateRange(from: LocalDate("2023-12-01")!, to: LocalDate("2025-07-15")!),
                        interval: .month
                    ),
                    in: scope
                ),
                model,
                accounts: try await store.books.accounts(in: scope).map(\.account)
            )
        }
    }

    @Test(
        "migration 27 fills the days and months from the records as the writes kept them",
        arguments: Backend.available
    )
    func migrationFillsFromRecords(backend: Backend) async throws {
        try await withStore(backend) { store in
            let model = try await BalanceBook.make(store)
            let names = AccountMovesTable.all.map(\.name)
            let kept = try await TotalsRebuildTests.snapshot(store, book: model.book.id).filter {
                names.contains($0.key)
            }
            #expect(kept.count == 2 && kept.values.allSatisfy { $0.count > 100 })
            try await store.database.write { db in
                for name in names { try await db.raw("DROP TABLE \(unsafeRaw: name)").run() }
                try await db.raw("DELETE FROM schema_migrations WHERE version = 27").run()
            }
            #expect(try await Migrator.migrate(store.database) == [27])
            let filled = try await TotalsRebuildTests.snapshot(store, book: model.book.id)
            #expect(filled.filter { names.contains($0.key) } == kept)
        }
    }
}
