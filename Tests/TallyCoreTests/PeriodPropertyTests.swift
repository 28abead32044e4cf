import PropertyBased
import TallyCore
import Testing

/// Days from the first supported date (1900-01-01) to the last (2199-12-31).
let supportedDays = LocalDate.supported.upperBound.dayNumber - LocalDate.supported.lowerBound.dayNumber + 1

/// A range inside LocalDate.supported: half of them touch 1900-01-01 or 2199-12-31 (or both),
/// and lengths run from one day to the whole 300 years.
let supportedRange = zip(
    Gen.int(in: 0...4),
    Gen.int(in: 0...(supportedDays - 1)),
    Gen.int(in: 0...15),
    Gen.int(in: 0...(supportedDays - 1))
)
.map { edge, offset, scale, length -> DateRange in
    // Lengths up to 2^scale days, so short ranges are as common as long ones.
    let days = min(length % (1 << scale) + 1, supportedDays)
    let low = LocalDate.supported.lowerBound
    let high = LocalDate.supported.upperBound
    let from: LocalDate =
        switch edge {
        case 0: low
        case 1: high.adding(days: 1 - days)
        case 2: low.adding(days: min(offset, supportedDays - days))
        case 3: low.adding(days: min(offset, supportedDays - days))
        default: edge == 4 && scale == 15 ? low : low.adding(days: min(offset, supportedDays - days))
        }
    let to = edge == 4 && scale == 15 ? high : from.adding(days: days - 1)
    return try! DateRange(from: from, to: to)
}

/// A budget schedule of any cycle, week start and day of month, starting inside the supported dates.
let anySchedule = zip(
    Gen<BudgetCycle>.case,
    Gen<Weekday>.case,
    Gen.int(in: 0...(supportedDays - 1)),
    Gen.int(in: 1...31)
)
.map { cycle, weekStart, start, day in
    BudgetSchedule(
        cycle: cycle,
        weekStart: weekStart,
        start: LocalDate.supported.lowerBound.adding(days: start),
        dayOfMonth: day
    )
}

/// Periods at the edges of the supported dates: trend intervals and budget cycles tile any range
/// inside them exactly, in order, and every loop ends.
@Suite("Period tiling inside LocalDate.supported")
struct PeriodPropertyTests {
    /// The first and last day of a trend period, from its label.
    func days(of label: String, _ interval: ReportInterval) -> ClosedRange<LocalDate>? {
        switch interval {
        case .day: return LocalDate(label).map { $0...$0 }
        case .week: return LocalDate(label).map { $0...$0.adding(days: 6) }
        case .month: return YearMonth(label).map { $0.first...$0.last }
        case .year:
            guard let year = Int(label), let first = LocalDate(year: year, month: 1, day: 1) else { return nil }
            return first...LocalDate(year: year, month: 12, day: 31)!
        }
    }

    /// Checks that the labels' periods follow each other without gap or overlap and hold the range.
    func expectTiling(_ labels: [String], _ interval: ReportInterval, _ range: DateRange) {
        let periods = labels.compactMap { days(of: $0, interval) }
        #expect(periods.count == labels.count, "\(interval): unreadable labels")
        guard let first = periods.first, let last = periods.last else {
            Issue.record("\(interval) over \(range.from)...\(range.to): no periods")
            return
        }
        #expect(first.contains(range.from) && last.contains(range.to), "\(interval) over \(range.from)...\(range.to)")
        for (a, b) in zip(periods, periods.dropFirst()) where a.upperBound.adding(days: 1) != b.lowerBound {
            Issue.record("\(interval) over \(range.from)...\(range.to): \(a) then \(b)")
            return
        }
    }

    @Test("every trend interval tiles random ranges, including ones touching 1900-01-01 and 2199-12-31")
    func intervals() async {
        await propertyCheck(count: 300, input: supportedRange) { range in
            for interval in ReportInterval.allCases {
                let labels = interval.periods(in: range, limit: .max)
                expectTiling(labels, interval, range)
                // What a request gets: at most maxPeriods + 1, the first ones of the full list.
                let limited = interval.periods(in: range)
                #expect(limited == Array(labels.prefix(ReportInterval.maxPeriods + 1)))
            }
        }
    }

    @Test("the whole supported range, every interval: counted periods, first and last at the bounds")
    func wholeRange() throws {
        let range = try DateRange(from: LocalDate.supported.lowerBound, to: LocalDate.supported.upperBound)
        let expected: [ReportInterval: Int] = [
            .day: supportedDays, .week: (supportedDays + 6) / 7 + 1, .month: 300 * 12, .year: 300,
        ]
        for interval in ReportInterval.allCases {
            let labels = interval.periods(in: range, limit: .max)
            expectTiling(labels, interval, range)
            if interval != .week { #expect(labels.count == expected[interval]) }
            #expect(labels.first == interval.period(of: range.from) && labels.last == interval.period(of: range.to))
            // A request may ask for at most maxPeriods: 300 years of months or years, not of days or weeks.
            if labels.count > ReportInterval.maxPeriods {
                #expect(throws: FieldError.self) { try interval.checkedPeriods(in: range) }
            } else {
                #expect(try interval.checkedPeriods(in: range) == labels)
            }
        }
    }

    @Test("every budget cycle's periods over random ranges are contiguous, in order and hold the range")
    func budgetCycles() async {
        await propertyCheck(count: 400, input: anySchedule, supportedRange) { schedule, range in
            // Daily periods over centuries are many; a year of them shows the rule as well.
            let through = schedule.cycle == .daily ? min(range.to, range.from.adding(days: 366)) : range.to
            let periods = schedule.periods(from: range.from, through: through)
            guard let first = periods.first, let last = periods.last else {
                Issue.record("\(schedule): no periods over \(range.from)...\(through)")
                return
            }
            #expect(first.from <= range.from && range.from <= first.to, "\(schedule) starts at \(first)")
            #expect(last.from <= through && through <= last.to, "\(schedule) ends at \(last)")
            for (a, b) in zip(periods, periods.dropFirst()) where a.to.adding(days: 1) != b.from || a.from > a.to {
                Issue.record("\(schedule): \(a) then \(b)")
                return
            }
            #expect(schedule.period(containing: range.from) == first && schedule.period(containing: through) == last)
        }
    }

    @Test("every cycle and day of month at the very first and last supported days")
    func budgetCyclesAtTheBounds() {
        let low = LocalDate.supported.lowerBound
        let high = LocalDate.supported.upperBound
        for cycle in BudgetCycle.allCases {
            for day in [1, 15, 28, 29, 30, 31] {
                for start in [low, low.adding(days: 45), high.adding(days: -45), high] {
                    let schedule = BudgetSchedule(cycle: cycle, weekStart: .sunday, start: start, dayOfMonth: day)
                    for date in [low, high] {
                        let period = schedule.period(containing: date)
                        #expect(
                            period.from <= date && date <= period.to,
                            "\(cycle) day \(day) from \(start): \(period) for \(date)"
                        )
                        #expect(schedule.period(after: schedule.period(before: period)) == period)
                    }
                    let tail = schedule.periods(from: high.adding(days: -400), through: high)
                    #expect(tail.last.map { $0.to >= high } == true)
                }
            }
        }
    }
}
