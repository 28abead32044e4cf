import Foundation
import SQLKit
import TallyCore
import TallyFiles
import Testing

@testable import TallyStore

/// Issue 42, finding 6: a change of rates re-converts the records it moves in batches of bounded
/// size and time, each its own transaction, and stays one change to the person: the same records
/// and kept totals as one transaction gave, finished after a restart.
@Suite("Re-conversion after a rate change, in batches")
struct ReconvertBatchTests {
    static let small = LongWriteTests.small
    static let whole = LongWriteTests.whole
    static let eur = Currency(code: "EUR")!
    static let gbp = Currency(code: "GBP")!
    static let busy = StoreError.conflict(
        "this book is busy: its records are being converted at new rates; try again when it is done"
    )

    /// 300 records of 2024, half in euros, a quarter in pounds: plain, split, transfers, income.
    static func csv() -> String {
        var csv = "date,amount,kind,payee,category,subcategory,account,currency,note,to_account,split,line_note,tags\n"
        for i in 0..<300 {
            let day = String(format: "2024-%02d-%02d", i % 12 + 1, i % 28 + 1)
            // Not by `i % 4`: every month has records in every currency.
            let currency = ["EUR", "EUR", "GBP", "USD"][i / 12 % 4]
            switch i % 9 {
            case 0:
                csv += "\(day),3.25,expense,Market,Food,Snacks,Cash,\(currency),,,s\(i),one,\n"
                csv += "\(day),2.55,expense,Market,Home,,Cash,\(currency),,,s\(i),two,\n"
            case 1: csv += "\(day),40.00,transfer,,,,Cash,\(currency),,Savings,,,\n"
            case 2: csv += "\(day),\(i % 50 + 10).00,income,Employer,Salary,,Card,\(currency),,,,,\n"
            default:
                csv += "\(day),\(i % 70 + 1).0\(i % 10),expense,Shop \(i % 4),Food,,Card,\(currency),,,,,t\(i % 3)\n"
            }
        }
        return csv
    }

    /// A dollar book with euro and pound rates, filled with `csv()`.
    static func seeded(_ store: Store, email: String = "owner@example.com") async throws -> BookScope {
        let (user, book) = try await owner(store, email: email)
        let scope = try await store.scope(user, book: book.id)
        for (currency, date, rate) in [
            (eur, "2024-01-01", "1.08"), (eur, "2024-09-01", "1.1"), (gbp, "2024-01-01", "1.25"),
        ] {
            _ = try await store.rates.setRate(
                in: scope,
                currency: currency,
                date: LocalDate(date)!,
                rate: ExchangeRate(rate)!,
                limits: whole
            )
        }
        let source = try TallyCSVImport(
            bytes: Array(csv().utf8),
            bookCurrency: book.currency,
            today: LocalDate(year: 2024, month: 12, day: 31)!
        )
        _ = try await store.imports.importRecords(into: scope, from: source)
        return try await store.scope(user, book: book.id)
    }

    /// The euro rate of 1 March that the tests set: it moves the euro records of March to August.
    static func setMarch(_ store: Store, _ scope: BookScope, _ limits: LongWriteLimits) async throws -> RateChange {
        try await store.rates.setRate(
            in: scope,
            currency: eur,
            date: LocalDate("2024-03-01")!,
            rate: ExchangeRate("1.2")!,
            limits: limits
        )
    }

    /// Takes March's rate away again; returns how many records that moved.
    static func deleteMarch(_ store: Store, _ scope: BookScope, _ limits: LongWriteLimits) async throws -> Int {
        let id = try await rateID(store, scope, eur, "2024-03-01")
        return try await store.rates.deleteRate(id, in: scope, limits: limits).reconverted
    }

    /// March's rate set in one transaction and taken away the same way: how many records it
    /// moved, and the book as it left it.
    static func oneTransaction(_ store: Store, _ scope: BookScope) async throws -> (count: Int, set: [String]) {
        let before = try await snapshot(store, scope.bookID)
        let once = try await setMarch(store, scope, whole)
        let set = try await snapshot(store, scope.bookID)
        #expect(once.reconverted > 50 && set != before)
        #expect(try await deleteMarch(store, scope, whole) == once.reconverted)
        #expect(try await snapshot(store, scope.bookID) == before)
        return (once.reconverted, set)
    }

    static func rateID(_ store: Store, _ scope: BookScope, _ currency: Currency, _ date: String) async throws -> RateID
    {
        try #require(
            try await store.rates.rates(in: scope, currency: currency, limit: 100).first { $0.date.description == date }
        ).id
    }

    /// `LongWriteTests.snapshot`, sorted: it orders the totals by their first six columns, which
    /// leave `month_totals` cells of one payee in two currencies tied, in any order on PostgreSQL.
    static func snapshot(_ store: Store, _ book: BookID) async throws -> [String] {
        try await LongWriteTests.snapshot(store, book).sorted()
    }

    /// The highest batch number a job reported.
    actor Batches {
        var last = 0
        func saw(_ n: Int) { last = max(last, n) }
    }

    static func counting(_ batches: Batches, _ limits: LongWriteLimits = small) -> LongWriteLimits {
        var limits = limits
        limits.afterBatch = { n in await batches.saw(n) }
        return limits
    }

    @Test(
        "a rate set, deleted and imported in batches of 7 gives the records and kept totals one transaction gave, and the same count",
        arguments: Backend.available
    )
    func sameAsOneTransaction(backend: Backend) async throws {
        try await withStore(backend) { store in
            let scope = try await Self.seeded(store)
            let before = try await Self.snapshot(store, scope.bookID)
            let (once, set) = try await Self.oneTransaction(store, scope)

            let batches = Batches()
            let batched = try await Self.setMarch(store, scope, Self.counting(batches))
            #expect(batched.reconverted == once)
            #expect(batched.rate?.rate == ExchangeRate("1.2")!)
            #expect(await batches.last > 10)
            #expect(try await Self.snapshot(store, scope.bookID) == set)
            #expect(try await store.checks.check().isClean)
            #expect(try await LongWriteTests.jobs(store) == 0)
            #expect(try await Self.deleteMarch(store, scope, Self.small) == once)
            #expect(try await Self.snapshot(store, scope.bookID) == before)

            // An import of two currencies' rates: one pass over the book moves both.
            let rows = [
                RateRow(currency: Self.eur, date: LocalDate("2024-05-01")!, rate: ExchangeRate("1.3")!, line: 2),
                RateRow(currency: Self.gbp, date: LocalDate("2024-02-01")!, rate: ExchangeRate("1.3")!, line: 3),
                RateRow(currency: Self.gbp, date: LocalDate("2024-06-15")!, rate: ExchangeRate("1.31")!, line: 4),
            ]
            let imported = try await store.rates.importRates(in: scope, rows, limits: Self.whole)
            #expect(imported.written == 3 && imported.reconverted > 50)
            let afterImport = try await Self.snapshot(store, scope.bookID)
            for row in rows {
                let id = try await Self.rateID(store, scope, row.currency, row.date.description)
                _ = try await store.rates.deleteRate(id, in: scope, limits: Self.whole)
            }
            #expect(try await Self.snapshot(store, scope.bookID) == before)
            let importBatches = Batches()
            let batchedImport = try await store.rates.importRates(in: scope, rows, limits: Self.counting(importBatches))
            #expect(batchedImport.reconverted == imported.reconverted && batchedImport.written == 3)
            #expect(await importBatches.last > 10)
            #expect(try await Self.snapshot(store, scope.bookID) == afterImport)
            #expect(try await store.checks.check().isClean)
            #expect(try await LongWriteTests.jobs(store) == 0)
        }
    }

    @Test(
        "a small change is one transaction and leaves no job; a change with nothing to move neither",
        arguments: Backend.available
    )
    func smallChange(backend: Backend) async throws {
        try await withStore(backend) { store in
            let scope = try await Self.seeded(store)
            let batches = Batches()
            // After the last record: nothing to read.
            let later = try await store.rates.setRate(
                in: scope,
                currency: Self.gbp,
                date: LocalDate("2025-01-01")!,
                rate: ExchangeRate("1.4")!,
                limits: Self.counting(batches)
            )
            #expect(later.reconverted == 0 && later.written == 1)
            // The last days of December: three records (two in euros), within one batch of 7.
            let late = try await store.rates.setRate(
                in: scope,
                currency: Self.eur,
                date: LocalDate("2024-12-27")!,
                rate: ExchangeRate("1.5")!,
                limits: Self.counting(batches)
            )
            #expect(late.reconverted == 2)
            #expect(await batches.last == 0)
            #expect(try await LongWriteTests.jobs(store) == 0)
            #expect(try await store.checks.check().isClean)
        }
    }

    @Test(
        "a change whose process died: refused as busy meanwhile (409), records still added, finished on resume",
        arguments: Backend.available
    )
    func deadChangeIsFinished(backend: Backend) async throws {
        try await withStore(backend) { store in
            let scope = try await Self.seeded(store)
            let before = try await Self.snapshot(store, scope.bookID)
            let (_, set) = try await Self.oneTransaction(store, scope)

            await #expect(throws: LongWriteAbandoned.self) {
                _ = try await Self.setMarch(store, scope, LongWriteTests.stopping(after: 3, with: LongWriteAbandoned()))
            }
            #expect(try await LongWriteTests.jobs(store) == 1)
            let midway = try await Self.snapshot(store, scope.bookID)
            #expect(midway != before && midway != set)
            // The kept totals agree with the records after every batch; only base amounts lag.
            let findings = try await store.checks.check().findings
            #expect(!findings.isEmpty)
            #expect(findings.allSatisfy { $0.table == "transactions" && $0.cell == "base_minor, EUR" }, "\(findings)")
            // Every other long write, and every other change of rates, waits for it.
            await #expect(throws: Self.busy) { _ = try await Self.setMarch(store, scope, Self.small) }
            await #expect(throws: Self.busy) {
                _ = try await store.rates.setRate(
                    in: scope,
                    currency: Self.gbp,
                    date: LocalDate("2025-01-01")!,
                    rate: ExchangeRate("1.4")!
                )
            }
            await #expect(throws: Self.busy) { try await store.books.delete(in: scope) }
            // Records are still added, at the new rate.
            let added = try await store.records.addTransaction(
                to: scope,
                TransactionInput(
                    kind: "expense",
                    amount: "10.00",
                    currency: "EUR",
                    date: "2024-04-02",
                    payee: "Shop",
                    category: "Food",
                    account: "Card"
                )
            )
            #expect(added.transaction.baseMinor == 1_200)
            // Alive (a fresh heartbeat): left alone.
            #expect(try await store.longWrites.resumeAbandoned(limits: Self.small) == 0)
            var stale = Self.small
            stale.staleAfter = .zero
            #expect(try await store.longWrites.resumeAbandoned(limits: stale) == 1)
            #expect(try await LongWriteTests.jobs(store) == 0)
            try await store.records.deleteTransaction(added.transaction.id, in: scope)
            #expect(try await Self.snapshot(store, scope.bookID) == set)
            #expect(try await store.checks.check().isClean)
        }
    }

    @Test(
        "a batch that fails is tried again at once; failing again, its job is left for the resume",
        arguments: Backend.available
    )
    func failedBatch(backend: Backend) async throws {
        try await withStore(backend) { store in
            let scope = try await Self.seeded(store)
            let (once, set) = try await Self.oneTransaction(store, scope)

            // Once: the second try finishes it, and the answer is whole.
            let retried = try await Self.setMarch(
                store,
                scope,
                LongWriteTests.stopping(after: 2, with: LongWriteTests.Injected())
            )
            #expect(retried.reconverted == once)
            #expect(try await Self.snapshot(store, scope.bookID) == set)
            #expect(try await LongWriteTests.jobs(store) == 0)
            #expect(try await Self.deleteMarch(store, scope, Self.whole) == once)

            // Every batch from the second fails: the first error is answered, the job stays.
            var failing = Self.small
            failing.afterBatch = { n in if n >= 2 { throw LongWriteTests.Injected() } }
            await #expect(throws: LongWriteTests.Injected.self) { _ = try await Self.setMarch(store, scope, failing) }
            #expect(try await LongWriteTests.jobs(store) == 1)
            var stale = Self.small
            stale.staleAfter = .zero
            #expect(try await store.longWrites.resumeAbandoned(limits: stale) == 1)
            #expect(try await Self.snapshot(store, scope.bookID) == set)
            #expect(try await store.checks.check().isClean)
        }
    }

    @Test(
        "records added, edited and deleted between batches are converted once: nothing counts twice",
        arguments: Backend.available
    )
    func writesBetweenBatches(backend: Backend) async throws {
        try await withStore(backend) { store in
            let scope = try await Self.seeded(store)
            let other = try await Self.seeded(store, email: "other@example.com")
            let (once, _) = try await Self.oneTransaction(store, scope)
            // Two plain euro records of August, far ahead of where batch 2 stops.
            let ahead = try await store.database.read { db in
                try await db.raw(
                    """
                    SELECT id FROM transactions WHERE book_id = \(bind: scope.bookID) AND currency = 'EUR'
                      AND kind = 'expense' AND line_count = 0 AND date >= '2024-08-01' AND date < '2024-09-01'
                    ORDER BY id LIMIT 2
                    """
                ).all().map { TransactionID(rawValue: try $0.decode(column: "id", as: Int64.self)) }
            }
            try #require(ahead.count == 2)
            var limits = Self.small
            limits.afterBatch = { n in
                guard n == 2 else { return }
                // A failure here would only make the job try its batch again: it is recorded.
                do {
                    // Behind the batches (1 March) and ahead of them (28 August).
                    for date in ["2024-03-01", "2024-08-28"] {
                        let added = try await store.records.addTransaction(
                            to: scope,
                            TransactionInput(
                                kind: "expense",
                                amount: "10.00",
                                currency: "EUR",
                                date: date,
                                payee: "Shop",
                                category: "Food",
                                account: "Card"
                            )
                        )
                        #expect(added.transaction.baseMinor == 1_200)
                    }
                    _ = try await store.records.updateTransaction(
                        ahead[0],
                        in: scope,
                        TransactionInput(amount: "20.00")
                    )
                    try await store.records.deleteTransaction(ahead[1], in: scope)
                    // Another book's add, at its own rates.
                    let elsewhere = try await store.records.addTransaction(
                        to: other,
                        TransactionInput(
                            kind: "expense",
                            amount: "1.00",
                            currency: "EUR",
                            date: "2024-04-01",
                            payee: "Shop",
                            category: "Food",
                            account: "Card"
                        )
                    )
                    #expect(elsewhere.transaction.baseMinor == 108)
                } catch {
                    Issue.record(error)
                }
            }
            let batched = try await Self.setMarch(store, scope, limits)
            // The edited and the deleted record were converted by their own writes, not the job.
            #expect(batched.reconverted == once - 2)
            let edited = try await store.records.transaction(ahead[0], in: scope)
            #expect(edited.transaction.baseMinor == 2_400)
            #expect(try await store.checks.check().isClean)
            #expect(try await LongWriteTests.jobs(store) == 0)
        }
    }
}
