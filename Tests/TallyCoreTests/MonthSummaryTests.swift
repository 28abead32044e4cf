import TallyCore
import Testing

@Suite("MonthSummary")
struct MonthSummaryTests {
    let november = YearMonth("2026-11")!

    func day(
        _ text: String,
        expense: Int64 = 0,
        income: Int64 = 0,
        count: Int = 1,
        currency: Currency = .usd
    ) -> DayTotals {
        DayTotals(
            date: date(text),
            expense: Money(minorUnits: expense, currency: currency),
            income: Money(minorUnits: income, currency: currency),
            count: count
        )
    }

    func summary(_ month: YearMonth, _ recorded: [DayTotals], today: String, currency: Currency = .usd) -> MonthSummary
    {
        try! MonthSummary(month: month, currency: currency, recorded: recorded, today: date(today))
    }

    @Test("every day of the month is present, zero where nothing happened")
    func zeroFilled() {
        let s = summary(november, [day("2026-11-05", expense: 450, count: 2)], today: "2027-01-01")
        #expect(s.days.count == 30)
        #expect(s.days.map(\.date) == (0..<30).map { date("2026-11-01").adding(days: $0) })
        #expect(s.days[4] == day("2026-11-05", expense: 450, count: 2))
        let others = s.days.enumerated().filter { $0.offset != 4 }.map(\.element)
        #expect(others.allSatisfy { $0.expense == .zero(.usd) && $0.income == .zero(.usd) && $0.count == 0 })
        #expect(summary(YearMonth("2024-02")!, [], today: "2026-01-01").days.count == 29)
        #expect(summary(YearMonth("2026-02")!, [], today: "2026-01-01").days.count == 28)
        #expect(summary(YearMonth("2026-12")!, [], today: "2026-01-01").days.last?.date == date("2026-12-31"))
    }

    @Test("days outside the month are ignored; a repeated day counts once")
    func strayDays() {
        let s = summary(
            november,
            [
                day("2026-10-31", expense: 1_000_000), day("2026-12-01", income: 1_000_000),
                day("2026-11-02", expense: 100), day("2026-11-02", expense: 999),
            ],
            today: "2027-01-01"
        )
        #expect(s.expense == Money(minorUnits: 100, currency: .usd))
        #expect(s.income == .zero(.usd))
        #expect(s.count == 1)
    }

    @Test("totals, count and cash flow")
    func totals() {
        let s = summary(
            november,
            [
                day("2026-11-01", expense: 450, count: 1),
                day("2026-11-15", expense: 10_000, income: 250_000, count: 3),
                day("2026-11-30", expense: 1, count: 1),
            ],
            today: "2026-12-05"
        )
        #expect(s.month == november)
        #expect(s.expense == Money(minorUnits: 10_451, currency: .usd))
        #expect(s.income == Money(minorUnits: 250_000, currency: .usd))
        #expect(s.count == 5)
        #expect(s.cashFlow == Money(minorUnits: 239_549, currency: .usd))
        #expect(s.days[14].cashFlow == Money(minorUnits: 240_000, currency: .usd))
    }

    @Test("the summary is in the given currency")
    func currency() {
        let s = summary(
            november,
            [day("2026-11-03", expense: 3000, currency: .jpy)],
            today: "2026-12-01",
            currency: .jpy
        )
        #expect(s.expense == Money(minorUnits: 3000, currency: .jpy))
        #expect(s.dailyAverage == Money(minorUnits: 100, currency: .jpy))
        #expect(s.days[0].expense == .zero(.jpy))
    }

    @Test("a past month averages over all its days")
    func pastMonthAverage() {
        // 30 days in November: 3000 / 30 = 100.
        #expect(
            summary(november, [day("2026-11-03", expense: 3000)], today: "2026-12-01").dailyAverage.minorUnits == 100
        )
        // 28 days in February 2026: 1000 / 28 = 35.71… → 36.
        #expect(
            summary(YearMonth("2026-02")!, [day("2026-02-10", expense: 1000)], today: "2026-11-21").dailyAverage
                .minorUnits == 36
        )
        // 29 days in February 2024: 2900 / 29 = 100.
        #expect(
            summary(YearMonth("2024-02")!, [day("2024-02-29", expense: 2900)], today: "2026-11-21").dailyAverage
                .minorUnits == 100
        )
    }

    @Test("the current month averages over the days so far")
    func currentMonthAverage() {
        let recorded = [day("2026-11-03", expense: 3000)]
        #expect(summary(november, recorded, today: "2026-11-10").dailyAverage.minorUnits == 300)
        #expect(summary(november, recorded, today: "2026-11-30").dailyAverage.minorUnits == 100)
        #expect(
            summary(november, [day("2026-11-01", expense: 777)], today: "2026-11-01").dailyAverage.minorUnits == 777
        )
        // A month not yet started counts all its days.
        #expect(summary(november, recorded, today: "2026-10-15").dailyAverage.minorUnits == 100)
        // The same day in another year is not the current month.
        #expect(summary(november, recorded, today: "2025-11-10").dailyAverage.minorUnits == 100)
    }

    @Test(
        "the average rounds half away from zero",
        arguments: [
            (45, 2), (44, 1), (15, 1), (14, 0), (0, 0), (75, 3), (74, 2),
            (-45, -2), (-44, -1), (-15, -1), (-14, 0),
        ] as [(Int64, Int64)]
    )
    func rounding(expense: Int64, average: Int64) {
        // November has 30 days: 45 / 30 = 1.5 → 2, 15 / 30 = 0.5 → 1, 75 / 30 = 2.5 → 3.
        let s = summary(november, [day("2026-11-10", expense: expense)], today: "2027-01-01")
        #expect(s.dailyAverage.minorUnits == average)
    }

    @Test("half-cent rounding for the current month", arguments: [(25, 3), (24, 2), (26, 3)] as [(Int64, Int64)])
    func roundingCurrentMonth(expense: Int64, average: Int64) {
        // Ten days so far: 25 / 10 = 2.5 → 3.
        let s = summary(november, [day("2026-11-02", expense: expense)], today: "2026-11-10")
        #expect(s.dailyAverage.minorUnits == average)
    }

    @Test("weeks starting Monday: November 2026 starts on a Sunday")
    func weeksMonday() {
        let weeks = summary(november, [], today: "2026-11-21").weeks(weekStart: 1)
        #expect(weeks.count == 6)
        #expect(weeks.allSatisfy { $0.count == 7 })
        #expect(weeks[0].prefix(6).allSatisfy { $0 == nil })
        #expect(weeks[0][6]?.date == date("2026-11-01"))
        #expect(weeks[1].map { $0?.date.day } == [2, 3, 4, 5, 6, 7, 8])
        #expect(weeks[5][0]?.date == date("2026-11-30"))
        #expect(weeks[5].dropFirst().allSatisfy { $0 == nil })
        #expect(weeks.flatMap { $0 }.compactMap { $0 }.count == 30)
        // Monday-first columns hold Mondays.
        for week in weeks { if let monday = week[0] { #expect(monday.date.isoWeekday == 1) } }
        #expect(summary(november, [], today: "2026-11-21").weeks() == weeks)
    }

    @Test("weeks starting Sunday: November 2026 has no leading blanks")
    func weeksSunday() {
        let weeks = summary(november, [], today: "2026-11-21").weeks(weekStart: 7)
        #expect(weeks.count == 5)
        #expect(weeks[0].map { $0?.date.day } == [1, 2, 3, 4, 5, 6, 7])
        #expect(weeks[4].map { $0?.date.day } == [29, 30, nil, nil, nil, nil, nil])
        for week in weeks { if let sunday = week[0] { #expect(sunday.date.isoWeekday == 7) } }
    }

    @Test("February 2026 (28 days from a Sunday) fills exactly four Sunday-first weeks")
    func weeksExact() {
        let february = summary(YearMonth("2026-02")!, [], today: "2026-11-21")
        #expect(february.weeks(weekStart: 7).count == 4)
        #expect(february.weeks(weekStart: 7).allSatisfy { $0.allSatisfy { $0 != nil } })
        #expect(february.weeks(weekStart: 1).count == 5)
    }

    @Test("every week start puts the 1st in the right column", arguments: 1...7)
    func weekStarts(weekStart: Int) {
        for text in ["2026-01", "2026-02", "2026-03", "2026-06", "2026-11", "2024-02"] {
            let month = YearMonth(text)!
            let weeks = summary(month, [], today: "2026-11-21").weeks(weekStart: weekStart)
            let cells = weeks.flatMap { $0 }
            let lead = cells.firstIndex { $0 != nil }!
            #expect(lead < 7)
            #expect((weekStart - 1 + lead) % 7 + 1 == month.first.isoWeekday)
            #expect(cells.compactMap { $0?.date } == summary(month, [], today: "2026-11-21").days.map(\.date))
            #expect(weeks.last!.contains { $0 != nil })
        }
    }

    @Test("recorded totals show in the weeks")
    func weeksCarryTotals() {
        let s = summary(november, [day("2026-11-21", expense: 450, count: 1)], today: "2026-11-21")
        let cell = s.weeks().flatMap { $0 }.compactMap { $0 }.first { $0.date == date("2026-11-21") }
        #expect(cell?.expense == Money(minorUnits: 450, currency: .usd))
        #expect(cell?.count == 1)
    }
}
