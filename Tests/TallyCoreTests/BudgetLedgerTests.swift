import TallyCore
import Testing

/// Consecutive monthly periods of 2024, enough for any table here.
private func months(_ count: Int) -> [DateRange] {
    BudgetSchedule(cycle: .monthly, start: date("2024-01-01")).periods(
        from: date("2024-01-01"),
        through: date("2024-01-01").adding(months: count - 1)
    )
}

private func usd(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: .usd) }

/// A status on its own, for the per-period figures.
private func status(
    limit: Int64,
    spent: Int64,
    carried: Int64 = 0,
    _ period: DateRange = span("2024-02-01", "2024-02-29")
) -> BudgetPeriodStatus {
    BudgetPeriodStatus(period: period, limit: usd(limit), spent: usd(spent), carried: usd(carried))
}

@Suite("Budget ledger")
struct BudgetLedgerTests {
    @Test("spender mode carries limit + carried − spent into the next period, negative after overspending")
    func spenderTable() {
        let result = BudgetLedger.statuses(
            limit: usd(100_00),
            mode: .spender,
            periods: months(5),
            spent: [30_00, 150_00, 0, 250_00, 20_00]
        )
        #expect(result.map(\.carried.minorUnits) == [0, 70_00, 20_00, 120_00, -30_00])
        #expect(result.map(\.available.minorUnits) == [100_00, 170_00, 120_00, 220_00, 70_00])
        #expect(result.map(\.remaining.minorUnits) == [70_00, 20_00, 120_00, -30_00, 50_00])
        #expect(result.map(\.alert) == [.none, .near, .none, .over, .none])
        #expect(result.map(\.period) == months(5))
        #expect(result.allSatisfy { $0.limit == usd(100_00) && $0.carried.currency == .usd })
    }

    @Test("a debt larger than the limit takes several periods to pay off")
    func deepDebt() {
        let result = BudgetLedger.statuses(
            limit: usd(100_00),
            mode: .spender,
            periods: months(4),
            spent: [350_00, 0, 0, 0]
        )
        #expect(result.map(\.carried.minorUnits) == [0, -250_00, -150_00, -50_00])
        #expect(result.map(\.available.minorUnits) == [100_00, -150_00, -50_00, 50_00])
        #expect(result.map(\.usedBasisPoints) == [35_000, nil, nil, 0])
        #expect(result.map(\.alert) == [.over, .over, .over, .none])
        #expect(result.map { $0.perDay(on: $0.period.from).minorUnits } == [0, 0, 0, 50_00 / 30])
    }

    @Test("saver mode never carries anything, however the periods went")
    func saver() {
        let result = BudgetLedger.statuses(
            limit: usd(100_00),
            mode: .saver,
            periods: months(4),
            spent: [10_00, 500_00, -20_00, 100_00]
        )
        #expect(result.map(\.carried.minorUnits) == [0, 0, 0, 0])
        #expect(result.map(\.remaining.minorUnits) == [90_00, -400_00, 120_00, 0])
        #expect(result.map(\.alert) == [.none, .over, .none, .over])
    }

    @Test("spender carry over hundreds of periods equals the closed form n × limit − spending so far")
    func spenderMany() {
        var rng = SplitMix64(seed: 0x5BE4D)
        for _ in 0..<50 {
            let limit = Int64(rng.next() % 1_000_000) + 1
            let count = Int(rng.next() % 300) + 1
            // Around the limit, so the carry swings between large credits and debts.
            let spent = (0..<count).map { _ in Int64(rng.next() % UInt64(3 * limit)) - limit / 2 }
            let periods = BudgetSchedule(cycle: .daily, start: date("2024-01-01")).periods(
                from: date("2024-01-01"),
                through: date("2024-01-01").adding(days: count - 1)
            )
            let result = BudgetLedger.statuses(limit: usd(limit), mode: .spender, periods: periods, spent: spent)
            var spentBefore: Int64 = 0
            for (n, status) in result.enumerated() {
                #expect(status.carried.minorUnits == Int64(n) * limit - spentBefore)
                #expect(status.spent.minorUnits == spent[n])
                spentBefore += spent[n]
            }
            #expect(result.last!.remaining.minorUnits == Int64(count) * limit - spentBefore)
        }
    }

    @Test("no periods, no statuses")
    func empty() throws {
        #expect(BudgetLedger.statuses(limit: usd(1), mode: .spender, periods: [], spent: []).isEmpty)
        #expect(try BudgetLedger.bucket([(date("2024-01-01"), 5)], into: []).isEmpty)
    }

    @Test(
        "alert thresholds: under 80% none, from 80% near, from 100% over",
        arguments: [
            (Int64(0), BudgetAlert.none), (7_999, .none), (8_000, .near), (9_999, .near), (10_000, .over),
            (10_001, .over), (-500, .none),
        ]
    )
    func alerts(spent: Int64, alert: BudgetAlert) {
        #expect(status(limit: 10_000, spent: spent).alert == alert)
    }

    @Test("used share in basis points, rounded down, negative spending counted as none")
    func used() {
        #expect(status(limit: 3, spent: 1).usedBasisPoints == 3_333)
        #expect(status(limit: 3, spent: 2).usedBasisPoints == 6_666)
        #expect(status(limit: 100, spent: -40).usedBasisPoints == 0)
        #expect(status(limit: 100, spent: 40, carried: 60).usedBasisPoints == 2_500)
        #expect(status(limit: 1, spent: 1_000_000).usedBasisPoints == 1_000_000)  // capped at 10 000%
        #expect(status(limit: 100, spent: 0, carried: -100).usedBasisPoints == nil)
        #expect(status(limit: 100, spent: 1, carried: -100).alert == .over)
        #expect(status(limit: 100, spent: 0, carried: -101).alert == .over)
    }

    @Test("days left counts today and the last day; zero after, the whole length before")
    func daysLeft() {
        let s = status(limit: 1, spent: 0)  // 2024-02-01 … 2024-02-29
        #expect(s.daysLeft(on: date("2024-01-15")) == 29)
        #expect(s.daysLeft(on: date("2024-02-01")) == 29)
        #expect(s.daysLeft(on: date("2024-02-20")) == 10)
        #expect(s.daysLeft(on: date("2024-02-29")) == 1)
        #expect(s.daysLeft(on: date("2024-03-01")) == 0)
        #expect(s.daysLeft(on: date("2025-03-01")) == 0)
    }

    @Test("per day is what is left over the days left, rounded down; zero when nothing is left or the period is over")
    func perDay() {
        #expect(status(limit: 1_000, spent: 0).perDay(on: date("2024-02-20")).minorUnits == 100)
        #expect(status(limit: 1_009, spent: 0).perDay(on: date("2024-02-20")).minorUnits == 100)
        #expect(status(limit: 1_000, spent: 1).perDay(on: date("2024-02-20")).minorUnits == 99)
        #expect(status(limit: 9, spent: 0).perDay(on: date("2024-02-20")).minorUnits == 0)
        #expect(status(limit: 1_000, spent: 1_000).perDay(on: date("2024-02-20")).minorUnits == 0)
        #expect(status(limit: 1_000, spent: 5_000).perDay(on: date("2024-02-20")).minorUnits == 0)
        #expect(status(limit: 1_000, spent: 0).perDay(on: date("2024-03-01")).minorUnits == 0)
        #expect(status(limit: 2_900, spent: 0).perDay(on: date("2023-12-01")).minorUnits == 100)
        #expect(status(limit: 1_000, spent: 0).perDay(on: date("2024-02-29")) == usd(1_000))
        // Spending the per-day figure every remaining day never goes over.
        for remaining in Int64(0)...400 {
            let s = status(limit: remaining, spent: 0)
            #expect(s.perDay(on: date("2024-02-17")).minorUnits * 13 <= remaining)
        }
    }

    @Test("bucket sums days into their periods, in any order, ignoring days outside")
    func bucket() throws {
        let periods = [span("2024-01-31", "2024-02-28"), span("2024-02-29", "2024-03-30")]
        let days: [(date: LocalDate, minor: Int64)] = [
            (date("2024-03-30"), 7), (date("2024-01-31"), 1), (date("2024-02-28"), 2), (date("2024-02-29"), 4),
            (date("2024-01-30"), 100), (date("2024-03-31"), 1000), (date("2024-02-29"), 8), (date("2024-02-10"), -3),
        ]
        #expect(try BudgetLedger.bucket(days, into: periods) == [0, 19])
        #expect(try BudgetLedger.bucket([], into: periods) == [0, 0])
    }

    @Test(
        "shares as basis points, decimals and percents",
        arguments: [
            (Int64(8_125), "0.8125", "81%"), (5, "0.0005", "0%"), (0, "0.0000", "0%"), (10_000, "1.0000", "100%"),
            (12_345, "1.2345", "123%"), (1_000_000, "100.0000", "10000%"), (8_199, "0.8199", "81%"),
        ]
    )
    func shareText(basisPoints: Int64, decimal: String, percent: String) {
        #expect(Share.decimal(basisPoints) == decimal)
        #expect(Share.percent(basisPoints) == percent)
    }

    @Test("basis points are exact and never overflow")
    func shareBasisPoints() {
        #expect(Share.basisPoints(1, of: 3) == 3_333)
        #expect(Share.basisPoints(2, of: 2) == 10_000)
        #expect(Share.basisPoints(0, of: 7) == 0)
        #expect(Share.basisPoints(99, of: 1) == 990_000)
        #expect(Share.basisPoints(100, of: 1) == 1_000_000)
        #expect(Share.basisPoints(Int64.max, of: 1) == 1_000_000)
        #expect(Share.basisPoints(Int64.max / 2, of: Int64.max) == 4_999)
        #expect(Share.basisPoints(Int64.max - 1, of: Int64.max) == 9_999)
    }
}
