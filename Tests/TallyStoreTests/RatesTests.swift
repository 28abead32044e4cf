import Foundation
import SQLKit
import TallyCore
import TallyFiles
import Testing

@testable import TallyStore

/// The oracle: a record's base amount computed apart from the store, with Foundation's `Decimal`
/// (38 digits) and its banker's rounding, rather than the store's 128-bit integers.
private func oracle(_ minor: Int64, from: Currency, rate: String, to base: Currency) -> Int64 {
    var value = Decimal(minor) * Decimal(string: rate)!
    value = value * pow(Decimal(10), base.minorDigits) / pow(Decimal(10), from.minorDigits)
    var rounded = Decimal()
    NSDecimalRound(&rounded, &value, 0, .bankers)
    return NSDecimalNumber(decimal: rounded).int64Value
}

/// One record as the test made it, with the base amount the oracle gives it.
private struct Made {
    var id: TransactionID
    var kind: TransactionKind
    var amount: Money
    var date: LocalDate
    var category: String
    var base: Int64?
}

/// The hand-built rates: per currency, (first day, rate), in date order.
private typealias Rates = [String: [(date: String, rate: String)]]

private let usd = Currency.usd
private let eur = Currency(code: "EUR")!
private let jpy = Currency(code: "JPY")!

private func base(of record: Made, _ rates: Rates) -> Int64? {
    if record.amount.currency == usd { return record.amount.minorUnits }
    guard let rate = rates[record.amount.currency.code]?.last(where: { $0.date <= record.date.description }) else {
        return nil
    }
    return oracle(record.amount.minorUnits, from: record.amount.currency, rate: rate.rate, to: usd)
}

@Suite("Several currencies: exact conversion at the book's own rates")
struct RatesTests {
    static let start = LocalDate(year: 2026, month: 1, day: 1)!
    /// EUR has no rate before 10 January, so its first records are unconverted.
    fileprivate static let initial: Rates = [
        "EUR": [("2026-01-10", "1.0856"), ("2026-02-01", "1.09125"), ("2026-03-15", "1.1")],
        "JPY": [("2025-12-01", "0.00634521"), ("2026-02-20", "0.0067")],
    ]

    /// 1,000 records in USD, EUR and JPY over four months, the first half added before the rates
    /// exist (so setting the rates re-converts them).
    private static func seed(_ store: Store, _ scope: BookScope, rates: Rates) async throws -> [Made] {
        var dice = Dice(state: 0xD1CE_5EED_1234_5678)
        var made: [Made] = []
        let categories = ["Food:Groceries", "Food:Coffee", "Transportation:Taxi", "Home:Rent", "Travel:Hotels"]
        for pass in 0..<2 {
            if pass == 1 {
                for (code, list) in rates {
                    for (date, rate) in list {
                        _ = try await store.rates.setRate(
                            in: scope,
                            currency: Currency(code: code)!,
                            date: LocalDate(date)!,
                            rate: ExchangeRate(rate)!
                        )
                    }
                }
            }
            for i in 0..<500 {
                let currency = [usd, eur, jpy][dice.next(3)]
                let kind: TransactionKind = dice.next(5) == 0 ? .income : .expense
                // Up to 10^9 minor units (and the odd huge one), to exercise the rounding.
                let amount = Money(
                    minorUnits: Int64(1 + dice.next(i % 97 == 0 ? 900_000_000 : 2_000_000)),
                    currency: currency
                )
                let date = start.adding(days: dice.next(120))
                let category = kind == .income ? "Salary" : categories[dice.next(categories.count)]
                let added = try await store.records.addTransaction(
                    to: scope,
                    TransactionInput(
                        kind: kind.rawValue,
                        amount: amount.decimalString,
                        currency: currency.code,
                        date: date.description,
                        payee: "Payee \(i % 7)",
                        category: category,
                        account: "Cash"
                    )
                )
                made.append(
                    Made(
                        id: added.transaction.id,
                        kind: kind,
                        amount: amount,
                        date: date,
                        category: category,
                        base: nil
                    )
                )
                _ = pass
            }
        }
        return made
    }

    /// Every total the reports give equals the oracle's, to the minor unit.
    private static func verify(_ store: Store, _ scope: BookScope, _ made: [Made], _ rates: Rates) async throws {
        let expected = made.map { m -> Made in
            var m = m
            m.base = base(of: m, rates)
            return m
        }
        // Each record's own base amount.
        let page = try await store.records.transactions(in: scope, limit: 500)
        var stored: [TransactionID: Int64?] = [:]
        var cursor: String? = nil
        var records = page.records
        cursor = page.nextCursor
        while let next = cursor {
            let more = try await store.records.transactions(in: scope, cursor: next, limit: 500)
            records += more.records
            cursor = more.nextCursor
        }
        for r in records { stored[r.transaction.id] = r.transaction.baseMinor }
        for m in expected {
            #expect(
                stored[m.id] == .some(m.base),
                "record \(m.id) \(m.amount.decimalString) \(m.amount.currency) \(m.date)"
            )
        }

        // The summary by sub-category over the whole range, and its totals.
        let range = try DateRange(from: start, to: start.adding(days: 130))
        let report = try await store.reports.summaryReport(
            ReportQuery(range: range, by: .subcategory, kind: .both),
            in: scope
        )
        for kind in [TransactionKind.expense, .income] {
            var byCategory: [String: Int64] = [:]
            for m in expected where m.kind == kind { byCategory[m.category, default: 0] += m.base ?? 0 }
            for (category, total) in byCategory {
                let row = report.rows.first { $0.kind == kind && $0.key == category }
                #expect(row?.total.minorUnits == total, "\(kind) \(category)")
                #expect(row?.total.currency == usd)
            }
            #expect(
                report.total(kind).total.minorUnits
                    == expected.filter { $0.kind == kind }.reduce(0) { $0 + ($1.base ?? 0) }
            )
        }
        let missing = expected.filter { $0.base == nil }
        #expect(report.unconverted.count == missing.count)
        #expect(report.unconverted.records.count == min(missing.count, Unconverted.listLimit))
        if let first = report.unconverted.records.first {
            let oldest = missing.min { ($0.date, $0.id.rawValue) < ($1.date, $1.id.rawValue) }!
            #expect(first.transactionID == oldest.id)
            #expect(
                first.note(base: usd)
                    == "not converted (no \(oldest.amount.currency.code)→USD rate on or before \(oldest.date))"
            )
        }

        // The calendar's months, the trend by month and the search totals.
        let trend = try await store.reports.trendReport(
            ReportQuery(range: range, kind: .expense),
            interval: .month,
            grouped: false,
            in: scope
        )
        for (slot, period) in trend.periods.enumerated() {
            let month = YearMonth(LocalDate(period + "-01")!)
            let spent = expected.filter { $0.kind == .expense && YearMonth($0.date) == month }.reduce(0) {
                $0 + ($1.base ?? 0)
            }
            #expect(trend.series.first?.values[slot] ?? 0 == spent, "trend \(period)")
            let calendar = try await store.reports.month(month, in: scope)
            #expect(calendar.expense.minorUnits == spent, "calendar \(period)")
            #expect(
                calendar.unconverted.count
                    == expected.filter { $0.base == nil && YearMonth($0.date) == month }.count
            )
        }
        let from = start.adding(days: 20)
        let to = start.adding(days: 75)
        let inRange = expected.filter { $0.date >= from && $0.date <= to }
        for filter in [
            TransactionFilter(from: from, to: to),  // from the kept totals
            TransactionFilter(from: from, to: to, text: "payee"),  // from the records
        ] {
            let search = try await store.records.transactions(in: scope, filter: filter, limit: 1, summarize: true)
            let summary = search.summary!
            #expect(
                summary.total(.expense).minorUnits
                    == inRange.filter { $0.kind == .expense }.reduce(0) { $0 + ($1.base ?? 0) }
            )
            #expect(
                summary.total(.income).minorUnits
                    == inRange.filter { $0.kind == .income }.reduce(0) { $0 + ($1.base ?? 0) }
            )
            #expect(summary.unconverted.count == inRange.filter { $0.base == nil }.count)
            #expect(summary.count == inRange.count)
        }
        #expect(try await store.checks.check().findings.isEmpty)
    }

    @Test(
        "1,000 records in 3 currencies: every total equals an independent Decimal computation",
        arguments: Backend.available
    )
    func oracleTotals(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            let made = try await Self.seed(store, scope, rates: Self.initial)
            #expect(made.count == 1_000)
            #expect(made.contains { $0.amount.currency == eur && $0.date < LocalDate(year: 2026, month: 1, day: 10)! })
            try await Self.verify(store, scope, made, Self.initial)
        }
    }

    @Test(
        "a rate change re-converts what it affects, a deletion falls back, a missing rate is listed",
        arguments: Backend.available
    )
    func rateChanges(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            let made = try await Self.seed(store, scope, rates: Self.initial)
            var rates = Self.initial
            // A new rate in the middle of February: only EUR records from 14 Feb to 14 Mar move.
            let change = try await store.rates.setRate(
                in: scope,
                currency: eur,
                date: LocalDate(year: 2026, month: 2, day: 14)!,
                rate: ExchangeRate("1.2")!
            )
            rates["EUR"]!.insert(("2026-02-14", "1.2"), at: 2)
            let moved = made.filter {
                $0.amount.currency == eur && $0.date.description >= "2026-02-14" && $0.date.description < "2026-03-15"
            }
            #expect(change.reconverted == moved.count)
            try await Self.verify(store, scope, made, rates)
            // Replacing a day's rate keeps one rate for that day.
            _ = try await store.rates.setRate(
                in: scope,
                currency: eur,
                date: LocalDate(year: 2026, month: 2, day: 14)!,
                rate: ExchangeRate("1.25")!
            )
            rates["EUR"]![2] = ("2026-02-14", "1.25")
            try await Self.verify(store, scope, made, rates)
            // Deleting the first EUR rate leaves January's euro records with none.
            let first = try await store.rates.rates(in: scope, currency: eur, limit: 10).last!
            #expect(first.date.description == "2026-01-10")
            _ = try await store.rates.deleteRate(first.id, in: scope)
            rates["EUR"]!.removeFirst()
            try await Self.verify(store, scope, made, rates)
            let counts = try await store.rates.unconvertedCounts(in: scope)
            #expect(counts.map(\.currency) == [eur])
            #expect(
                counts.first?.count
                    == made.filter { $0.amount.currency == eur && $0.date.description < "2026-02-01" }.count
            )
            // Refused: the book's own currency, a rate that is not a positive decimal, another book's rate.
            await #expect(throws: FieldError.self) {
                try await store.rates.setRate(in: scope, currency: usd, date: Self.start, rate: ExchangeRate("1")!)
            }
            #expect(ExchangeRate("-1") == nil && ExchangeRate("0") == nil && ExchangeRate("1e3") == nil)
            let (other, otherBook) = try await owner(store, email: "other@example.com")
            await #expect(throws: StoreError.self) {
                try await store.rates.deleteRate(first.id, in: try await store.scope(other, book: otherBook.id))
            }
        }
    }

    @Test(
        "check finds stale base amounts and converted sums that disagree; repair mends both",
        arguments: Backend.available
    )
    func checkAndRepair(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            let made = try await Self.seed(store, scope, rates: Self.initial)
            let euro = try #require(made.first { $0.amount.currency == eur && $0.date.description >= "2026-02-01" })
            let dollar = try #require(made.first { $0.amount.currency == usd })
            try await store.database.write { db in
                try await db.raw("UPDATE transactions SET base_minor = NULL WHERE id = \(bind: dollar.id)").run()
                // A rate changed behind Tally's back, a record's base amount, and a kept cell.
                try await db.raw("UPDATE exchange_rates SET rate = '2' WHERE currency = 'JPY' AND date = '2026-02-20'")
                    .run()
                try await db.raw("UPDATE transactions SET base_minor = base_minor + 1 WHERE id = \(bind: euro.id)")
                    .run()
                try await db.raw(
                    "UPDATE month_category_totals SET unconverted = unconverted + 3 WHERE book_id = \(bind: book.id)"
                ).run()
            }
            let report = try await store.checks.check(book: book.id)
            let problems = report.findings.map { "\($0.table): \($0.cell): \($0.problem)" }
            #expect(
                problems.contains {
                    $0.hasPrefix("transactions: base_minor, EUR: 1 record converted differently")
                        && $0.contains("record \(euro.id) keeps")
                }
            )
            #expect(problems.contains { $0.hasPrefix("transactions: base_minor, JPY: ") })
            #expect(
                problems.contains {
                    $0
                        == "transactions: base_minor, USD: 1 record converted differently from the book's rates (first: record \(dollar.id) keeps none, the rates give \(dollar.amount.minorUnits))"
                }
            )
            #expect(problems.contains { $0.hasPrefix("month_category_totals: ") && $0.contains("unconverted") })
            let repair = try await store.checks.repair(book: book.id)
            #expect(repair.after.findings.isEmpty, "\(repair.after.findings)")
            var rates = Self.initial
            rates["JPY"]![1] = ("2026-02-20", "2")
            try await Self.verify(store, scope, made, rates)
        }
    }

    @Test(
        "the ECB's eurofxref-hist.csv imports as it is, into a dollar book and a euro book",
        arguments: Backend.available
    )
    func ecbImport(backend: Backend) async throws {
        // The ECB's layout: newest first, a trailing comma, N/A where a currency has no figure,
        // and columns for currencies the euro replaced.
        let sample = """
            Date,USD,JPY,BGN,CYP,CZK,DKK,EEK,GBP,HUF,LTL,LVL,MTL,PLN,ROL,RON,SEK,SIT,SKK,CHF,ISK,NOK,HRK,RUB,TRL,TRY,AUD,BRL,CAD,CNY,HKD,IDR,ILS,INR,KRW,MXN,MYR,NZD,PHP,SGD,THB,ZAR,
            2024-01-05,1.0921,158.09,1.9558,N/A,24.634,7.4582,N/A,0.86153,378.33,N/A,N/A,N/A,4.3545,N/A,4.9715,11.1465,N/A,N/A,0.9303,149.9,11.3965,N/A,N/A,N/A,32.6182,1.6316,5.3626,1.4631,7.8192,8.5295,16943.17,3.9992,90.8365,1443.82,18.6213,5.0835,1.7558,60.705,1.4599,37.846,20.5252,
            2024-01-04,1.0953,157.8,1.9558,N/A,24.574,7.4573,N/A,0.86408,377.95,N/A,N/A,N/A,4.3543,N/A,4.9711,11.2415,N/A,N/A,0.9315,150.1,11.2125,N/A,N/A,N/A,32.6582,1.6316,5.3609,1.461,7.8225,8.5546,16989.28,3.9874,91.1745,1438.48,18.5803,5.0862,1.7531,60.923,1.4578,37.699,20.3896,
            1999-01-04,1.1789,133.73,N/A,0.58231,35.107,7.4501,15.6466,0.7111,251.48,4.717,0.6651,0.4432,4.0712,1.3111,N/A,9.4696,189.045,42.991,1.6168,N/A,8.855,N/A,N/A,N/A,N/A,1.91,N/A,1.8004,N/A,9.1332,N/A,N/A,N/A,N/A,N/A,N/A,2.2229,N/A,2.0132,N/A,6.9358,
            """
        for (currency, expectedJPY) in [("USD", "1.0921/158.09"), ("EUR", "1/158.09")] {
            try await withStore(backend) { store in
                let (user, book) = try await owner(store, currency: currency)
                let scope = try await store.scope(user, book: book.id)
                let parsed = try RateCSV.parse(Array(sample.utf8), base: book.currency)
                #expect(parsed.skipped.contains("CYP") && parsed.skipped.contains("HRK"))
                let change = try await store.rates.importRates(in: scope, parsed.rows)
                #expect(change.written == parsed.rows.count)
                let yen = try await store.rates.rates(in: scope, currency: jpy, limit: 10)
                #expect(yen.map(\.date.description) == ["2024-01-05", "2024-01-04", "1999-01-04"])
                // 12 decimal places, rounded half to even, checked against Decimal.
                let parts = expectedJPY.split(separator: "/").map { Decimal(string: String($0))! }
                var exact = parts[0] / parts[1]
                var rounded = Decimal()
                NSDecimalRound(&rounded, &exact, 12, .bankers)
                #expect(yen.first?.rate.description == "\(rounded)")
                if currency == "USD" {
                    let euro = try await store.rates.rates(in: scope, currency: eur, limit: 10)
                    #expect(euro.first?.rate.description == "1.0921")
                }
                // A record on a day after the file converts at the latest rate.
                let added = try await store.records.addTransaction(
                    to: scope,
                    TransactionInput(
                        kind: "expense",
                        amount: "1000",
                        currency: "JPY",
                        date: "2024-01-06",
                        payee: "Shop",
                        account: "Cash"
                    )
                )
                #expect(added.transaction.baseMinor == oracle(1000, from: jpy, rate: "\(rounded)", to: book.currency))
                // Line errors name the line and the column.
                #expect(throws: FieldError("line 2, USD", ExchangeRate.rule)) {
                    try RateCSV.parse(Array("Date,USD,JPY,EUR\n2024-01-05,abc,158.09,\n".utf8), base: eur)
                }
            }
        }
    }

    @Test("conversion is exact: 128-bit integers agree with Decimal on random amounts and rates")
    func conversionProperty() {
        var dice = Dice(state: 0xC0FF_EE00_1234_9876)
        let currencies = ["USD", "JPY", "KWD", "CLF", "EUR"].map { Currency(code: $0)! }
        for _ in 0..<5_000 {
            let from = currencies[dice.next(currencies.count)]
            let to = currencies[dice.next(currencies.count)]
            let digits = 1 + dice.next(15)
            var significand = Int64(1 + dice.next(9))
            for _ in 1..<digits { significand = significand * 10 + Int64(dice.next(10)) }
            let rate = ExchangeRate(significand: significand, scale: dice.next(13))!
            let minor = Int64(dice.next(1_000_000_000)) * Int64(1 + dice.next(1_000))
            let converted = rate.convert(Money(minorUnits: minor, currency: from), to: to)
            let expected = oracle(minor, from: from, rate: rate.description, to: to)
            if expected.magnitude <= Money.maxMinorUnits {
                #expect(converted?.minorUnits == expected, "\(minor) \(from) × \(rate) → \(to)")
            } else {
                #expect(converted == nil)
            }
            #expect(ExchangeRate(rate.description) == rate)
        }
        // Half to even at the exact midpoint: one dollar at 0.5, 1.5, 2.5, 3.5 yen → 0, 2, 2, 4.
        for (rate, yen) in [("0.5", 0), ("1.5", 2), ("2.5", 2), ("3.5", 4)] as [(String, Int64)] {
            #expect(ExchangeRate(rate)!.convert(Money(minorUnits: 100, currency: usd), to: jpy)?.minorUnits == yen)
        }
        // A cross rate too large to keep is refused, not a trap: 10^15 ÷ 10^-12 would need 10^24.
        #expect(ExchangeRate.quotient(ExchangeRate("999999999999999")!, ExchangeRate("0.000000000001")!) == nil)
        #expect(ExchangeRate.quotient(ExchangeRate("1")!, ExchangeRate("999999999999999")!) == nil)  // rounds to 0
        #expect(throws: FieldError("line 2, JPY", "gives a rate beyond 15 digits or 12 decimal places")) {
            try RateCSV.parse(Array("Date,USD,JPY\n2024-01-02,999999999999999,0.000000000001\n".utf8), base: usd)
        }
        #expect(throws: FieldError("line 1", "names usd twice")) {
            try RateCSV.parse(Array("Date,USD,JPY,usd\n2024-01-02,1,2,3\n".utf8), base: eur)
        }
        #expect(ExchangeRate("1.0000000000000001") == nil)  // 17 digits
        #expect(ExchangeRate("0.0000000000001") == nil)  // 13 places
    }
}
