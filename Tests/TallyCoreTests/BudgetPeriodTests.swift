import TallyCore
import Testing

/// A period written as two dates.
func span(_ from: String, _ to: String) -> DateRange {
    try! DateRange(from: date(from), to: date(to))
}

/// Checks a hand-written run of consecutive periods against every way of asking for them:
/// the chain from `periods(from:through:)`, `period(containing:)` on each first, middle and
/// last day, and `period(after:)` / `period(before:)` between neighbours.
func expectChain(
    _ schedule: BudgetSchedule,
    _ table: [(String, String)],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let expected = table.map { span($0.0, $0.1) }
    let chain = schedule.periods(from: expected[0].from, through: expected[expected.count - 1].to)
    #expect(chain == expected, sourceLocation: sourceLocation)
    for (index, period) in expected.enumerated() {
        let middle = LocalDate(dayNumber: (period.from.dayNumber + period.to.dayNumber) / 2)
        for day in [period.from, middle, period.to] {
            #expect(schedule.period(containing: day) == period, "\(day)", sourceLocation: sourceLocation)
        }
        if index + 1 < expected.count {
            #expect(schedule.period(after: period) == expected[index + 1], sourceLocation: sourceLocation)
            #expect(schedule.period(before: expected[index + 1]) == period, sourceLocation: sourceLocation)
        }
    }
}

@Suite("Budget periods: hand-written tables")
struct BudgetPeriodTests {
    @Test("monthly on the 31st: the last day of shorter months, Feb 29 in a leap year, across the year end")
    func monthly31() {
        expectChain(
            BudgetSchedule(cycle: .monthly, start: date("2024-01-01"), dayOfMonth: 31),
            [
                ("2023-12-31", "2024-01-30"), ("2024-01-31", "2024-02-28"), ("2024-02-29", "2024-03-30"),
                ("2024-03-31", "2024-04-29"), ("2024-04-30", "2024-05-30"), ("2024-05-31", "2024-06-29"),
                ("2024-06-30", "2024-07-30"), ("2024-07-31", "2024-08-30"), ("2024-08-31", "2024-09-29"),
                ("2024-09-30", "2024-10-30"), ("2024-10-31", "2024-11-29"), ("2024-11-30", "2024-12-30"),
                ("2024-12-31", "2025-01-30"), ("2025-01-31", "2025-02-27"), ("2025-02-28", "2025-03-30"),
            ]
        )
    }

    @Test("monthly on the 31st in century years: 1900 and 2100 are not leap, 2000 is")
    func monthly31Centuries() {
        let schedule = BudgetSchedule(cycle: .monthly, start: date("2000-01-01"), dayOfMonth: 31)
        expectChain(schedule, [("1900-01-31", "1900-02-27"), ("1900-02-28", "1900-03-30")])
        expectChain(schedule, [("2000-01-31", "2000-02-28"), ("2000-02-29", "2000-03-30")])
        expectChain(schedule, [("2100-01-31", "2100-02-27"), ("2100-02-28", "2100-03-30")])
    }

    @Test("monthly on the 28th, 29th and 30th around February")
    func monthlyLateDays() {
        expectChain(
            BudgetSchedule(cycle: .monthly, start: date("2024-01-01"), dayOfMonth: 28),
            [("2024-01-28", "2024-02-27"), ("2024-02-28", "2024-03-27")]
        )
        expectChain(
            BudgetSchedule(cycle: .monthly, start: date("2024-01-01"), dayOfMonth: 29),
            [("2024-01-29", "2024-02-28"), ("2024-02-29", "2024-03-28"), ("2024-03-29", "2024-04-28")]
        )
        expectChain(
            BudgetSchedule(cycle: .monthly, start: date("2023-01-01"), dayOfMonth: 29),
            [("2023-01-29", "2023-02-27"), ("2023-02-28", "2023-03-28")]
        )
        expectChain(
            BudgetSchedule(cycle: .monthly, start: date("2023-01-01"), dayOfMonth: 30),
            [
                ("2023-01-30", "2023-02-27"), ("2023-02-28", "2023-03-29"), ("2023-03-30", "2023-04-29"),
                ("2023-04-30", "2023-05-29"),
            ]
        )
    }

    @Test("monthly on the 1st is the calendar month; on the 15th it straddles the year end")
    func monthlyEarlyDays() {
        expectChain(
            BudgetSchedule(cycle: .monthly, start: date("2020-06-01")),
            [
                ("2024-11-01", "2024-11-30"), ("2024-12-01", "2024-12-31"), ("2025-01-01", "2025-01-31"),
                ("2025-02-01", "2025-02-28"),
            ]
        )
        expectChain(
            BudgetSchedule(cycle: .monthly, start: date("2020-06-01"), dayOfMonth: 15),
            [("2024-11-15", "2024-12-14"), ("2024-12-15", "2025-01-14"), ("2025-01-15", "2025-02-14")]
        )
    }

    @Test("the start date does not move monthly periods")
    func monthlyIgnoresStart() {
        let a = BudgetSchedule(cycle: .monthly, start: date("1999-03-17"), dayOfMonth: 10)
        let b = BudgetSchedule(cycle: .monthly, start: date("2024-08-02"), dayOfMonth: 10)
        #expect(a.period(containing: date("2024-05-09")) == span("2024-04-10", "2024-05-09"))
        #expect(b.period(containing: date("2024-05-09")) == span("2024-04-10", "2024-05-09"))
    }

    @Test("quarterly periods keep step with the start date's month, on the chosen day")
    func quarterly() {
        // Start in February: periods begin in Feb, May, Aug and Nov; the 31st clamps.
        expectChain(
            BudgetSchedule(cycle: .quarterly, start: date("2024-02-15"), dayOfMonth: 31),
            [
                ("2023-11-30", "2024-02-28"), ("2024-02-29", "2024-05-30"), ("2024-05-31", "2024-08-30"),
                ("2024-08-31", "2024-11-29"), ("2024-11-30", "2025-02-27"), ("2025-02-28", "2025-05-30"),
            ]
        )
        expectChain(
            BudgetSchedule(cycle: .quarterly, start: date("2025-01-10")),
            [
                ("2024-10-01", "2024-12-31"), ("2025-01-01", "2025-03-31"), ("2025-04-01", "2025-06-30"),
                ("2025-07-01", "2025-09-30"), ("2025-10-01", "2025-12-31"), ("2026-01-01", "2026-03-31"),
            ]
        )
        // The start itself may fall late in a period that began before it.
        expectChain(
            BudgetSchedule(cycle: .quarterly, start: date("2024-12-20"), dayOfMonth: 5),
            [("2024-09-05", "2024-12-04"), ("2024-12-05", "2025-03-04"), ("2025-03-05", "2025-06-04")]
        )
    }

    @Test("yearly periods begin in the start date's month; the 29th of February falls on the 28th in other years")
    func yearly() {
        expectChain(
            BudgetSchedule(cycle: .yearly, start: date("2024-02-01"), dayOfMonth: 29),
            [
                ("2023-02-28", "2024-02-28"), ("2024-02-29", "2025-02-27"), ("2025-02-28", "2026-02-27"),
                ("2026-02-28", "2027-02-27"), ("2027-02-28", "2028-02-28"), ("2028-02-29", "2029-02-27"),
            ]
        )
        expectChain(
            BudgetSchedule(cycle: .yearly, start: date("2000-02-10"), dayOfMonth: 29),
            [
                ("1999-02-28", "2000-02-28"), ("2000-02-29", "2001-02-27"),
            ]
        )
        expectChain(
            BudgetSchedule(cycle: .yearly, start: date("2000-02-10"), dayOfMonth: 29),
            [
                ("2099-02-28", "2100-02-27"), ("2100-02-28", "2101-02-27"),
            ]
        )
        expectChain(
            BudgetSchedule(cycle: .yearly, start: date("2020-12-01"), dayOfMonth: 31),
            [("2023-12-31", "2024-12-30"), ("2024-12-31", "2025-12-30")]
        )
        expectChain(
            BudgetSchedule(cycle: .yearly, start: date("2024-01-20")),
            [("2023-01-01", "2023-12-31"), ("2024-01-01", "2024-12-31")]
        )
    }

    /// 2024-01-03 is a Wednesday.
    @Test(
        "weekly periods begin on the chosen weekday, for every weekday",
        arguments: [
            (Weekday.monday, "2024-01-01", "2024-01-07"), (.tuesday, "2024-01-02", "2024-01-08"),
            (.wednesday, "2024-01-03", "2024-01-09"), (.thursday, "2023-12-28", "2024-01-03"),
            (.friday, "2023-12-29", "2024-01-04"), (.saturday, "2023-12-30", "2024-01-05"),
            (.sunday, "2023-12-31", "2024-01-06"),
        ]
    )
    func weekly(weekStart: Weekday, from: String, to: String) {
        let schedule = BudgetSchedule(cycle: .weekly, weekStart: weekStart, start: date("2024-06-01"))
        #expect(schedule.period(containing: date("2024-01-03")) == span(from, to))
        let next = date(to).adding(days: 1)
        expectChain(schedule, [(from, to), (next.description, next.adding(days: 6).description)])
    }

    @Test("weekly periods across Feb 29 and the year end")
    func weeklyEdges() {
        expectChain(
            BudgetSchedule(cycle: .weekly, weekStart: .sunday, start: date("2024-01-01")),
            [("2024-02-18", "2024-02-24"), ("2024-02-25", "2024-03-02"), ("2024-03-03", "2024-03-09")]
        )
        expectChain(
            BudgetSchedule(cycle: .weekly, start: date("2024-01-01")),
            [("2024-12-23", "2024-12-29"), ("2024-12-30", "2025-01-05")]
        )
        expectChain(
            BudgetSchedule(cycle: .weekly, weekStart: .thursday, start: date("2024-01-01")),
            [("2024-12-26", "2025-01-01"), ("2025-01-02", "2025-01-08")]
        )
    }

    @Test("2-weekly periods count from the start date in both directions")
    func biweekly() {
        expectChain(
            BudgetSchedule(cycle: .biweekly, start: date("2024-02-20")),
            [
                ("2024-01-23", "2024-02-05"), ("2024-02-06", "2024-02-19"), ("2024-02-20", "2024-03-04"),
                ("2024-03-05", "2024-03-18"),
            ]
        )
        expectChain(
            BudgetSchedule(cycle: .biweekly, start: date("2024-12-25")),
            [("2024-12-11", "2024-12-24"), ("2024-12-25", "2025-01-07"), ("2025-01-08", "2025-01-21")]
        )
        // 1 520 days after the start: 108 whole periods (1 512 days) plus 8.
        #expect(
            BudgetSchedule(cycle: .biweekly, start: date("2020-01-01")).period(containing: date("2024-02-29"))
                == span("2024-02-21", "2024-03-05")
        )
        // 365 days before: the probe is the last day of period −27.
        #expect(
            BudgetSchedule(cycle: .biweekly, start: date("2024-01-01")).period(containing: date("2023-01-01"))
                == span("2022-12-19", "2023-01-01")
        )
        // Week start plays no part.
        #expect(
            BudgetSchedule(cycle: .biweekly, weekStart: .friday, start: date("2024-02-20")).period(
                containing: date("2024-02-20")
            )
                == span("2024-02-20", "2024-03-04")
        )
    }

    @Test("4-weekly periods count from the start date in both directions")
    func fourweekly() {
        expectChain(
            BudgetSchedule(cycle: .fourweekly, start: date("2024-02-01")),
            [
                ("2024-01-04", "2024-01-31"), ("2024-02-01", "2024-02-28"), ("2024-02-29", "2024-03-27"),
                ("2024-03-28", "2024-04-24"),
            ]
        )
        expectChain(
            BudgetSchedule(cycle: .fourweekly, start: date("2023-02-01")),
            [("2023-02-01", "2023-02-28"), ("2023-03-01", "2023-03-28")]
        )
        expectChain(
            BudgetSchedule(cycle: .fourweekly, start: date("2024-12-15")),
            [("2024-11-17", "2024-12-14"), ("2024-12-15", "2025-01-11")]
        )
    }

    @Test("daily periods are single days, Feb 29 and the year end included")
    func daily() {
        let schedule = BudgetSchedule(cycle: .daily, start: date("2024-01-01"), dayOfMonth: 17)
        expectChain(
            schedule,
            [("2024-02-28", "2024-02-28"), ("2024-02-29", "2024-02-29"), ("2024-03-01", "2024-03-01")]
        )
        expectChain(schedule, [("2024-12-31", "2024-12-31"), ("2025-01-01", "2025-01-01")])
    }

    @Test("periods(from:through:) covers partial periods at both ends; an empty or reversed range")
    func periodsRange() {
        let schedule = BudgetSchedule(cycle: .monthly, start: date("2024-01-01"), dayOfMonth: 10)
        #expect(
            schedule.periods(from: date("2024-03-15"), through: date("2024-05-02"))
                == [span("2024-03-10", "2024-04-09"), span("2024-04-10", "2024-05-09")]
        )
        #expect(
            schedule.periods(from: date("2024-03-15"), through: date("2024-03-15")) == [
                span("2024-03-10", "2024-04-09")
            ]
        )
        #expect(schedule.periods(from: date("2024-04-09"), through: date("2024-04-10")).count == 2)
        #expect(schedule.periods(from: date("2024-03-16"), through: date("2024-03-15")).isEmpty)
    }

    @Test("weekday ISO numbers and names")
    func weekdays() {
        #expect(Weekday.allCases.map(\.iso) == [1, 2, 3, 4, 5, 6, 7])
        #expect(
            Weekday.allCases.map(\.rawValue) == [
                "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
            ]
        )
        #expect((1...7).compactMap(Weekday.init(iso:)) == Weekday.allCases)
        #expect(Weekday(iso: 0) == nil && Weekday(iso: 8) == nil && Weekday(iso: -1) == nil)
    }

    @Test("cycle names and titles")
    func cycles() {
        #expect(
            BudgetCycle.allCases.map(\.rawValue) == [
                "daily", "weekly", "biweekly", "fourweekly", "monthly", "quarterly", "yearly",
            ]
        )
        #expect(
            BudgetCycle.allCases.map(\.title) == [
                "daily", "weekly", "every 2 weeks", "every 4 weeks", "monthly", "quarterly", "yearly",
            ]
        )
    }
}
