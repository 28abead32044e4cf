import TallyCore
import Testing

/// The first `count` occurrences, as text.
private func first(_ count: Int, _ schedule: BillSchedule) -> [String] {
    (0..<count).map { schedule.occurrence($0).description }
}

/// Every occurrence of a bill up to 2120, by the rules as stated, counted without `BillSchedule`:
/// the first due date, then months (or years, or 7-day steps) on from it with the day clamped.
private func oracle(_ s: BillSchedule) -> [LocalDate] {
    var out = [s.firstDue]
    for k in 1... {
        let next: LocalDate
        switch s.cycle {
        case .weekly:
            next = LocalDate(dayNumber: s.firstDue.dayNumber + 7 * k)
        case .yearly:
            let year = s.firstDue.year + k
            next =
                LocalDate(year: year, month: s.firstDue.month, day: s.firstDue.day) ?? LocalDate(
                    year: year,
                    month: 2,
                    day: 28
                )!
        case .monthly, .everyNMonths:
            let months = s.firstDue.month - 1 + k * (s.cycle == .monthly ? 1 : s.everyMonths)
            let year = s.firstDue.year + months / 12
            let month = months % 12 + 1
            next = (0...3).lazy.compactMap { LocalDate(year: year, month: month, day: s.dueDay - $0) }.first!
        }
        if next.year > 2120 { return out }
        out.append(next)
    }
    return out
}

@Suite("Bill schedules")
struct BillScheduleTests {
    @Test("monthly on the 31st: the last day of shorter months, Feb 29 in a leap year")
    func monthly31() {
        #expect(
            first(14, BillSchedule(cycle: .monthly, firstDue: date("2024-01-31"), dueDay: 31)) == [
                "2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30", "2024-05-31", "2024-06-30", "2024-07-31",
                "2024-08-31", "2024-09-30", "2024-10-31", "2024-11-30", "2024-12-31", "2025-01-31", "2025-02-28",
            ]
        )
        #expect(
            first(3, BillSchedule(cycle: .monthly, firstDue: date("2100-01-30"), dueDay: 30)) == [
                "2100-01-30", "2100-02-28", "2100-03-30",
            ]
        )
    }

    @Test("the first occurrence is the first due date; later monthly ones fall on the due day")
    func firstThenDueDay() {
        #expect(
            first(3, BillSchedule(cycle: .monthly, firstDue: date("2024-01-10"), dueDay: 25)) == [
                "2024-01-10", "2024-02-25", "2024-03-25",
            ]
        )
        #expect(
            first(3, BillSchedule(cycle: .monthly, firstDue: date("2024-01-31"), dueDay: 5)) == [
                "2024-01-31", "2024-02-05", "2024-03-05",
            ]
        )
        #expect(
            first(3, BillSchedule(cycle: .monthly, firstDue: date("2024-12-20"), dueDay: 1)) == [
                "2024-12-20", "2025-01-01", "2025-02-01",
            ]
        )
    }

    @Test("every N months on the due day, across year ends")
    func everyN() {
        #expect(
            first(6, BillSchedule(cycle: .everyNMonths, firstDue: date("2023-11-30"), dueDay: 31, everyMonths: 3)) == [
                "2023-11-30", "2024-02-29", "2024-05-31", "2024-08-31", "2024-11-30", "2025-02-28",
            ]
        )
        #expect(
            first(3, BillSchedule(cycle: .everyNMonths, firstDue: date("2024-07-15"), dueDay: 15, everyMonths: 18)) == [
                "2024-07-15", "2026-01-15", "2027-07-15",
            ]
        )
        // every_months is only kept for every-N-months bills, and is at least 1.
        #expect(BillSchedule(cycle: .monthly, firstDue: date("2024-01-01"), dueDay: 1, everyMonths: 6).everyMonths == 1)
        #expect(
            BillSchedule(cycle: .everyNMonths, firstDue: date("2024-01-01"), dueDay: 1, everyMonths: 0).everyMonths == 1
        )
    }

    @Test("yearly on the first due date's day; 29 February falls on the 28th in other years")
    func yearly() {
        #expect(
            first(6, BillSchedule(cycle: .yearly, firstDue: date("2024-02-29"), dueDay: 29)) == [
                "2024-02-29", "2025-02-28", "2026-02-28", "2027-02-28", "2028-02-29", "2029-02-28",
            ]
        )
        #expect(
            first(3, BillSchedule(cycle: .yearly, firstDue: date("2096-02-29"), dueDay: 29)) == [
                "2096-02-29", "2097-02-28", "2098-02-28",
            ]
        )
        #expect(first(2, BillSchedule(cycle: .yearly, firstDue: date("2099-02-28"), dueDay: 28))[1] == "2100-02-28")
        // The due day plays no part in yearly bills.
        #expect(
            first(2, BillSchedule(cycle: .yearly, firstDue: date("2024-12-31"), dueDay: 5)) == [
                "2024-12-31", "2025-12-31",
            ]
        )
    }

    @Test("weekly every 7 days from the first due date, across Feb 29 and the year end")
    func weekly() {
        #expect(
            first(3, BillSchedule(cycle: .weekly, firstDue: date("2024-02-26"), dueDay: 9)) == [
                "2024-02-26", "2024-03-04", "2024-03-11",
            ]
        )
        #expect(
            first(2, BillSchedule(cycle: .weekly, firstDue: date("2024-12-30"), dueDay: 30)) == [
                "2024-12-30", "2025-01-06",
            ]
        )
    }

    @Test("occurrences in a range include both ends and nothing before the first due date")
    func range() {
        let rent = BillSchedule(cycle: .monthly, firstDue: date("2024-01-31"), dueDay: 31)
        #expect(
            rent.occurrences(from: date("2024-02-29"), through: date("2024-04-30")).map(\.description) == [
                "2024-02-29", "2024-03-31", "2024-04-30",
            ]
        )
        #expect(rent.occurrences(from: date("2024-03-01"), through: date("2024-03-30")).isEmpty)
        #expect(
            rent.occurrences(from: date("2023-01-01"), through: date("2024-02-29")).map(\.description) == [
                "2024-01-31", "2024-02-29",
            ]
        )
        #expect(rent.occurrences(from: date("2023-01-01"), through: date("2024-01-30")).isEmpty)
        #expect(rent.occurrences(from: date("2024-05-01"), through: date("2024-04-01")).isEmpty)
        #expect(rent.occurrences(from: date("2024-01-31"), through: date("2024-01-31")) == [date("2024-01-31")])
    }

    /// Found by this test: occurrences stopped a year early, dropping every date in the last year.
    @Test("occurrences run to the end of the supported years, 2199 included, and stop there")
    func lastPlanYear() {
        let bill = BillSchedule(cycle: .monthly, firstDue: date("2198-12-01"), dueDay: 1)
        #expect(bill.occurrences(from: date("2199-01-01"), through: date("2199-12-31")).count == 12)
        #expect(bill.occurrences(from: date("2199-12-01"), through: date("9999-12-31")) == [date("2199-12-01")])
        let yearly = BillSchedule(cycle: .yearly, firstDue: date("2024-02-29"), dueDay: 29)
        #expect(yearly.occurrences(from: date("2190-01-01"), through: date("9999-12-31")).last == date("2199-02-28"))
    }

    @Test("random bills and ranges: occurrences(from:through:) is the oracle's list cut to the range")
    func randomRanges() {
        var rng = SplitMix64(seed: 0xB111)
        let low = date("1950-01-01").dayNumber
        let high = date("2100-12-31").dayNumber
        var failures: [String] = []
        for _ in 0..<400 {
            let cycle = BillCycle.allCases[Int(rng.next() % 4)]
            let firstDue = LocalDate(dayNumber: low + Int(rng.next() % UInt64(high - low)))
            let schedule = BillSchedule(
                cycle: cycle,
                firstDue: firstDue,
                dueDay: 1 + Int(rng.next() % 31),
                everyMonths: 2 + Int(rng.next() % 23)
            )
            let all = oracle(schedule)
            for (k, day) in all.prefix(40).enumerated() where schedule.occurrence(k) != day {
                failures.append("\(cycle) \(firstDue) #\(k): \(schedule.occurrence(k)) ≠ \(day)")
            }
            // Ranges that start before, at and long after the first due date.
            let from = LocalDate(dayNumber: firstDue.dayNumber + Int(rng.next() % 4000) - 400)
            let to = LocalDate(dayNumber: from.dayNumber + Int(rng.next() % 800) - 10)
            let expected = all.filter { from <= $0 && $0 <= to }
            let got = schedule.occurrences(from: from, through: to)
            if got != expected {
                failures.append(
                    "\(cycle) \(firstDue) day \(schedule.dueDay) ×\(schedule.everyMonths) \(from)…\(to): \(got) ≠ \(expected)"
                )
            }
        }
        #expect(failures.count == 0, "first: \(failures.prefix(3))")
    }

    @Test("bill cycle names and titles")
    func titles() {
        #expect(BillCycle.allCases.map(\.rawValue) == ["monthly", "weekly", "yearly", "every_n_months"])
        #expect(
            BillCycle.allCases.map { $0.title(everyMonths: 3) } == ["monthly", "weekly", "yearly", "every 3 months"]
        )
    }
}
