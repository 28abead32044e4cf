import TallyCore
import Testing

/// An independent calendar for the period oracle: every day from 1949 to 2101, found by counting
/// forward one day at a time from 1949-01-01 (a Saturday) with the weekday carried along. It
/// shares no arithmetic with `LocalDate` or `BudgetSchedule`.
enum Oracle {
    struct Day { let year: Int, month: Int, day: Int, weekday: Int }

    static let firstYear = 1949, lastYear = 2101

    static func leap(_ y: Int) -> Bool { y % 400 == 0 || (y % 4 == 0 && y % 100 != 0) }
    static func length(_ y: Int, _ m: Int) -> Int {
        [31, leap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
    }

    static let days: [Day] = {
        var out: [Day] = []
        var (y, m, d, w) = (firstYear, 1, 1, 6)
        while y <= lastYear {
            out.append(Day(year: y, month: m, day: d, weekday: w))
            w = w % 7 + 1
            d += 1
            if d > length(y, m) { (d, m) = (1, m + 1) }
            if m > 12 { (m, y) = (1, y + 1) }
        }
        return out
    }()

    /// Index of the first day of each year.
    static let yearStart: [Int] = days.indices.filter { days[$0].month == 1 && days[$0].day == 1 }

    static func index(_ date: LocalDate) -> Int {
        yearStart[date.year - firstYear] + (1..<date.month).reduce(0) { $0 + length(date.year, $1) } + date.day - 1
    }

    static func date(_ index: Int) -> LocalDate {
        let d = days[index]
        return LocalDate(year: d.year, month: d.month, day: d.day)!
    }

    static let weekdayNumber: [Weekday: Int] = [
        .monday: 1, .tuesday: 2, .wednesday: 3, .thursday: 4, .friday: 5, .saturday: 6, .sunday: 7,
    ]

    /// Whether a period of `s` begins on day `i`, by the rules as the doc comments state them.
    static func begins(_ i: Int, _ s: BudgetSchedule, startIndex: Int) -> Bool {
        let d = days[i]
        func monthly(_ step: Int) -> Bool {
            ((d.month - s.start.month) % step + step) % step == 0 && d.day == min(s.dayOfMonth, length(d.year, d.month))
        }
        switch s.cycle {
        case .daily: return true
        case .weekly: return d.weekday == weekdayNumber[s.weekStart]
        case .biweekly: return ((i - startIndex) % 14 + 14) % 14 == 0
        case .fourweekly: return ((i - startIndex) % 28 + 28) % 28 == 0
        case .monthly: return monthly(1)
        case .quarterly: return monthly(3)
        case .yearly: return monthly(12)
        }
    }

    /// The periods of `s` (as day indices) that hold any day of `low...high`, by scanning every
    /// day from a year before to a year after.
    static func periods(_ s: BudgetSchedule, _ low: Int, _ high: Int) -> [(from: Int, to: Int)] {
        let startIndex = index(s.start)
        let scan = max(0, low - 400)...min(days.count - 1, high + 400)
        let starts = scan.filter { begins($0, s, startIndex: startIndex) }
        var out: [(from: Int, to: Int)] = []
        for (a, b) in zip(starts, starts.dropFirst()) where b > low && a <= high { out.append((a, b - 1)) }
        return out
    }
}

/// Random schedules and ranges from a seeded SplitMix64 (TestSupport) rather than the
/// swift-property-based package: no new dependency, and a failure names the same cases on every run.
extension SplitMix64 {
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    mutating func schedule() -> BudgetSchedule {
        BudgetSchedule(
            cycle: BudgetCycle.allCases[below(7)],
            weekStart: Weekday.allCases[below(7)],
            start: Oracle.date(
                Oracle.index(date("1950-01-01"))
                    + below(Oracle.index(date("2100-12-31")) - Oracle.index(date("1950-01-01")) + 1)
            ),
            dayOfMonth: 1 + below(31)
        )
    }

    /// A range inside 1950–2100 a few periods long.
    mutating func range(for schedule: BudgetSchedule) -> (low: Int, high: Int) {
        let first = Oracle.index(date("1950-01-01"))
        let last = Oracle.index(date("2100-12-31"))
        // Many ranges begin in the first or last years, to test the edges of the oracle's span too.
        let low = [first, last - 1500][safe: below(8)] ?? first + below(last - first + 1)
        let length = schedule.cycle == .daily ? below(60) : below(1500)
        return (low, min(last, low + length))
    }
}

extension Array { fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil } }

@Suite("Budget periods: properties against an independent oracle")
struct BudgetPropertyTests {
    @Test("the oracle's calendar agrees with known dates")
    func oracleSanity() {
        #expect(Oracle.days.count == 55_882)  // 153 years, 37 of them leap (2000 yes, 2100 no)
        let monday = Oracle.days[Oracle.index(date("2024-01-01"))]
        #expect(monday.weekday == 1 && monday.year == 2024 && monday.month == 1 && monday.day == 1)
        #expect(Oracle.days[Oracle.index(date("2100-12-31"))].weekday == 5)  // a Friday
        #expect(Oracle.date(Oracle.index(date("2000-02-29"))) == date("2000-02-29"))
    }

    @Test(
        "random schedules: periods tile the range with no gap or overlap, and each date lies in the period the oracle names"
    )
    func tiling() {
        var rng = SplitMix64(seed: 0x7A11_B0D6_E7)
        var failures: [String] = []
        for _ in 0..<500 {
            let s = rng.schedule()
            let (low, high) = rng.range(for: s)
            let chain = s.periods(from: Oracle.date(low), through: Oracle.date(high))
            let expected = Oracle.periods(s, low, high)
            let label =
                "\(s.cycle) \(s.weekStart) start \(s.start) day \(s.dayOfMonth), \(Oracle.date(low))…\(Oracle.date(high))"
            guard chain.count == expected.count, !chain.isEmpty else {
                failures.append("\(label): \(chain.count) periods, expected \(expected.count)")
                continue
            }
            for (period, want) in zip(chain, expected)
            where Oracle.index(period.from) != want.from || Oracle.index(period.to) != want.to {
                failures.append(
                    "\(label): \(period.from)…\(period.to), expected \(Oracle.date(want.from))…\(Oracle.date(want.to))"
                )
            }
            for (a, b) in zip(chain, chain.dropFirst()) {
                if Oracle.index(b.from) != Oracle.index(a.to) + 1 {
                    failures.append("\(label): gap or overlap at \(a.to) → \(b.from)")
                }
                if s.period(after: a) != b || s.period(before: b) != a {
                    failures.append("\(label): after/before differ at \(a.to)")
                }
            }
            if !(chain[0].from <= Oracle.date(low) && Oracle.date(high) <= chain[chain.count - 1].to) {
                failures.append("\(label): ends not covered")
            }
            // Every day of the range: period(containing:) is the one chain period that holds it.
            var k = 0
            for i in low...high {
                while Oracle.index(chain[k].to) < i { k += 1 }
                if s.period(containing: Oracle.date(i)) != chain[k] {
                    failures.append("\(label): \(Oracle.date(i)) in the wrong period")
                }
            }
        }
        #expect(failures.count == 0, "first: \(failures.prefix(5))")
    }

    @Test("bucketed spending adds up: each period gets exactly its days, the sum is the range's total")
    func bucketSums() throws {
        var rng = SplitMix64(seed: 0xB0C3_E7)
        var failures: [String] = []
        for _ in 0..<300 {
            let s = rng.schedule()
            let (low, high) = rng.range(for: s)
            let chain = s.periods(from: Oracle.date(low), through: Oracle.date(high))
            let first = Oracle.index(chain[0].from)
            let last = Oracle.index(chain[chain.count - 1].to)
            // Days a little outside the periods too, which must be ignored; several on one day.
            let days: [(date: LocalDate, minor: Int64)] = (0..<rng.below(120)).map { _ in
                (
                    Oracle.date(max(0, first - 10) + rng.below(last - first + 21)),
                    Int64(rng.below(2_000_000_000)) - 1_000_000
                )
            }
            let sums = try BudgetLedger.bucket(days, into: chain)
            let inside = days.filter { (first...last).contains(Oracle.index($0.date)) }
            if sums.reduce(0, +) != inside.reduce(Int64(0), { $0 + $1.minor }) {
                failures.append("\(s.cycle): total differs")
            }
            for (period, sum) in zip(chain, sums) {
                let range = Oracle.index(period.from)...Oracle.index(period.to)
                let want = days.filter { range.contains(Oracle.index($0.date)) }.reduce(Int64(0)) { $0 + $1.minor }
                if sum != want { failures.append("\(s.cycle) \(period.from): \(sum) ≠ \(want)") }
            }
            // Spending only inside the periods: the per-period sums are the whole total.
            let total = inside.reduce(Int64(0)) { $0 + $1.minor }
            if try BudgetLedger.bucket(inside.reversed(), into: chain).reduce(0, +) != total {
                failures.append("\(s.cycle): reversed input")
            }
        }
        #expect(failures.count == 0, "first: \(failures.prefix(5))")
    }

    /// Every cycle, every week start and every day of the month, each walked from 1950 to 2100.
    static let fixedSchedules: [BudgetSchedule] = {
        var out = [BudgetSchedule(cycle: .daily, start: date("2024-01-01"))]
        out += Weekday.allCases.map { BudgetSchedule(cycle: .weekly, weekStart: $0, start: date("2024-01-01")) }
        for start in ["1950-01-01", "2000-02-29", "2024-12-31", "2100-12-31"] {
            out += [.biweekly, .fourweekly].map { BudgetSchedule(cycle: $0, start: date(start)) }
        }
        out += (1...31).map { BudgetSchedule(cycle: .monthly, start: date("2024-01-01"), dayOfMonth: $0) }
        for month in 1...12 {
            let start = date("2024-\(month < 10 ? "0" : "")\(month)-01")
            out += [1, 15, 28, 29, 30, 31].map { BudgetSchedule(cycle: .yearly, start: start, dayOfMonth: $0) }
            if month <= 3 {
                out += [1, 28, 29, 30, 31].map { BudgetSchedule(cycle: .quarterly, start: start, dayOfMonth: $0) }
            }
        }
        return out
    }()

    @Test("the whole 1950–2100 chain of each fixed schedule matches the oracle")
    func wholeSpan() {
        var failures: [String] = []
        let low = Oracle.index(date("1950-01-01"))
        let high = Oracle.index(date("2100-12-31"))
        for s in Self.fixedSchedules {
            let chain = s.periods(from: Oracle.date(low), through: Oracle.date(high)).map {
                (Oracle.index($0.from), Oracle.index($0.to))
            }
            let expected = Oracle.periods(s, low, high)
            if chain.count != expected.count
                || !zip(chain, expected).allSatisfy({ pair in pair.0.0 == pair.1.from && pair.0.1 == pair.1.to })
            {
                failures.append("\(s.cycle) \(s.weekStart) \(s.start) day \(s.dayOfMonth)")
            }
        }
        #expect(failures.count == 0, "\(failures.prefix(5))")
    }
}
