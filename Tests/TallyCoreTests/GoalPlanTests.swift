import TallyCore
import Testing

private func usd(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: .usd) }

/// A plan for a goal made on `created` (default: today) with nothing recorded since.
private func plan(
    price: Int64,
    saved: Int64 = 0,
    savedAtStart: Int64? = nil,
    income: Int64?,
    cycle: BudgetCycle = .monthly,
    percent: Int? = nil,
    target: String? = nil,
    created: String? = nil,
    today: String
) -> GoalPlan {
    GoalPlan.make(
        .init(
            price: usd(price),
            saved: usd(saved),
            savedAtStart: usd(savedAtStart ?? saved),
            income: income.map(usd),
            cycle: cycle,
            percent: percent,
            targetDate: target.map(date),
            createdOn: date(created ?? today)
        ),
        today: date(today)
    )
}

@Suite("Goal plans")
struct GoalPlanTests {
    @Test("percentage → date: 10% of 2 000.00 a month reaches 1 000.00 in 5 months (Jan 31 + 5 months is Jun 30)")
    func percentToDate() {
        let p = plan(price: 1_000_00, income: 2_000_00, percent: 10, today: "2024-01-31")
        #expect(p.perPeriod == usd(200_00))
        #expect(p.periodsLeft == 5)
        #expect(p.predictedDate == date("2024-06-30"))
        #expect(p.percent == 10 && p.status == .onTrack && p.message == nil)
        #expect(p.remaining == usd(1_000_00) && p.progressBasisPoints == 0)
    }

    @Test(
        "the amount per period rounds down and the count of periods rounds up",
        arguments: [
            // (income, percent, remaining, cycle, today, per period, periods, predicted date); expected by hand.
            (Int64(333_33), 7, Int64(100_00), BudgetCycle.weekly, "2024-02-26", Int64(23_33), 5, "2024-04-01"),
            (333_33, 7, 93_32, .weekly, "2024-02-26", 23_33, 4, "2024-03-25"),
            (333_33, 7, 93_33, .daily, "2024-12-29", 23_33, 5, "2025-01-03"),
            (1_000_00, 25, 1_000_00, .biweekly, "2024-02-20", 250_00, 4, "2024-04-16"),
            (1_000_00, 25, 1_000_00, .fourweekly, "2024-02-01", 250_00, 4, "2024-05-23"),
            (1_000_00, 50, 1_000_01, .quarterly, "2023-11-30", 500_00, 3, "2024-08-30"),
            (1_000_00, 100, 2_000_00, .yearly, "2024-02-29", 1_000_00, 2, "2026-02-28"),
            (99, 1, 1, .monthly, "2024-01-15", 0, 0, ""),  // 0.99 × 1% rounds to nothing
        ]
    )
    func percentArithmetic(
        income: Int64,
        percent: Int,
        remaining: Int64,
        cycle: BudgetCycle,
        today: String,
        per: Int64,
        periods: Int,
        predicted: String
    ) {
        let p = plan(
            price: remaining + 50_00,
            saved: 50_00,
            income: income,
            cycle: cycle,
            percent: percent,
            today: today
        )
        #expect(p.perPeriod == usd(per))
        if per == 0 {
            #expect(
                p.predictedDate == nil && p.periodsLeft == nil
                    && p.message == "1% of this income rounds to nothing each period"
            )
        } else {
            #expect(p.periodsLeft == periods)
            #expect(p.predictedDate == date(predicted))
        }
    }

    @Test("a percentage plan with no income, or an income of zero, gives a message instead of figures")
    func percentWithoutIncome() {
        for income in [nil, Int64(0)] {
            let p = plan(price: 500_00, income: income, percent: 20, today: "2024-05-01")
            #expect(p.perPeriod == nil && p.predictedDate == nil && p.periodsLeft == nil)
            #expect(p.message == "Enter your income per period (more than zero) to see when you will reach this goal")
            #expect(p.status == .behind && p.percent == 20 && p.remaining == usd(500_00))
        }
    }

    @Test("a percentage plan with no percent saves 10%")
    func defaultPercent() {
        let p = plan(price: 100_00, income: 100_00, today: "2024-05-01")
        #expect(
            p.percent == 10 && p.perPeriod == usd(10_00) && p.periodsLeft == 10 && p.predictedDate == date("2025-03-01")
        )
    }

    @Test("a goal too far away has no date, but says why")
    func centuriesAway() {
        let p = plan(price: 1_000_000_000_000_000, income: 100, cycle: .daily, percent: 1, today: "2024-05-01")
        #expect(p.perPeriod == usd(1) && p.predictedDate == nil && p.periodsLeft == 1_000_000_000_000_000)
        #expect(p.message == "At this rate the goal is centuries away")
        #expect(plan(price: 12_001, income: 100, cycle: .yearly, percent: 1, today: "2024-05-01").predictedDate == nil)
    }

    @Test("percentage plans are on track while the saving keeps up with the periods since the goal was made")
    func percentStatus() {
        // 3 whole months since Jan 15 at 100.00 a month: 300.00 expected on top of the 50.00 it started with;
        // on Apr 14 only 2 months have passed.
        let base = (price: Int64(10_000_00), start: Int64(50_00), income: Int64(1_000_00))
        let on = plan(
            price: base.price,
            saved: 350_00,
            savedAtStart: base.start,
            income: base.income,
            percent: 10,
            created: "2024-01-15",
            today: "2024-04-15"
        )
        let behind = plan(
            price: base.price,
            saved: 349_99,
            savedAtStart: base.start,
            income: base.income,
            percent: 10,
            created: "2024-01-15",
            today: "2024-04-15"
        )
        let early = plan(
            price: base.price,
            saved: 250_00,
            savedAtStart: base.start,
            income: base.income,
            percent: 10,
            created: "2024-01-15",
            today: "2024-04-14"
        )
        #expect(on.status == .onTrack && behind.status == .behind && early.status == .onTrack)
    }

    /// Found by this test: per period × periods elapsed overflowed Int64 and trapped.
    @Test("a huge income over decades of daily periods does not overflow")
    func percentStatusOverflow() {
        let p = plan(
            price: 1_000_000_000_000_000,
            saved: 1,
            income: 1_000_000_000_000_000,
            cycle: .daily,
            percent: 100,
            created: "1950-01-01",
            today: "2024-01-01"
        )
        #expect(p.periodsLeft == 1 && p.status == .behind && p.predictedDate == date("2024-01-02"))
    }

    @Test(
        "date → amount: what to put aside each period, and the share of income it takes",
        arguments: [
            // (remaining, income, cycle, today, target, periods, per period, percent); expected by hand.
            (Int64(1_000_00), Int64(2_000_00), BudgetCycle.monthly, "2024-01-15", "2024-07-15", 6, Int64(166_67), 9),
            (1_000_00, 2_000_00, .monthly, "2024-01-15", "2024-07-14", 5, 200_00, 10),
            (1_000_00, 2_000_00, .monthly, "2024-01-31", "2024-02-29", 1, 1_000_00, 50),
            // Less than a period: at least 1.
            (1_000_00, 2_000_00, .monthly, "2024-01-15", "2024-01-20", 1, 1_000_00, 50),
            (1_000_00, 3_000_00, .weekly, "2024-02-26", "2024-04-01", 5, 200_00, 7),
            (1_000_00, 3_000_00, .weekly, "2024-02-26", "2024-03-31", 4, 250_00, 9),
            (1_000_00, 3_000_00, .biweekly, "2024-12-25", "2025-02-19", 4, 250_00, 9),
            (1_000_00, 3_000_00, .fourweekly, "2024-02-01", "2024-05-23", 4, 250_00, 9),
            (1_000_00, 3_000_00, .daily, "2024-02-28", "2024-03-01", 2, 500_00, 17),
            (1_000_01, 3_000_00, .quarterly, "2023-11-30", "2024-08-30", 3, 333_34, 12),
            (1_000_00, 3_000_00, .yearly, "2024-02-29", "2026-02-28", 2, 500_00, 17),
            (1_000_00, 3_000_00, .yearly, "2024-02-29", "2026-02-27", 1, 1_000_00, 34),
        ]
    )
    func dateToAmount(
        remaining: Int64,
        income: Int64,
        cycle: BudgetCycle,
        today: String,
        target: String,
        periods: Int,
        per: Int64,
        percent: Int
    ) {
        let p = plan(price: remaining, income: income, cycle: cycle, target: target, today: today)
        #expect(p.periodsLeft == periods)
        #expect(p.perPeriod == usd(per))
        #expect(p.percent == percent)
        #expect(p.predictedDate == date(target) && p.message == nil)
    }

    @Test("a target date that needs more than the whole income, or has no income to compare with")
    func targetMessages() {
        let tooMuch = plan(price: 1_000_00, income: 500_00, target: "2024-02-15", today: "2024-01-15")
        #expect(tooMuch.percent == 200 && tooMuch.message == "This needs more than your whole income each period")
        for income in [nil, Int64(0)] {
            let p = plan(price: 1_000_00, income: income, target: "2024-03-15", today: "2024-01-15")
            #expect(p.perPeriod == usd(500_00) && p.percent == nil && p.periodsLeft == 2)
            #expect(p.message == "Enter your income per period to see the share of it this needs")
        }
        // The share is capped rather than overflowing.
        #expect(
            plan(price: 1_000_000_000_000_000, income: 1, target: "2024-02-15", today: "2024-01-15").percent == 10_000
        )
    }

    @Test("target-date status follows a straight line from the start to the price; a passed date is behind")
    func targetStatus() {
        // 365 days from 2024-01-01 to 2024-12-31; 182 of them gone by 2024-07-01: 36 500 × 182 / 365 = 18 200.
        let on = plan(
            price: 365_00,
            saved: 182_00,
            savedAtStart: 0,
            income: nil,
            target: "2024-12-31",
            created: "2024-01-01",
            today: "2024-07-01"
        )
        let behind = plan(
            price: 365_00,
            saved: 181_99,
            savedAtStart: 0,
            income: nil,
            target: "2024-12-31",
            created: "2024-01-01",
            today: "2024-07-01"
        )
        #expect(on.status == .onTrack && behind.status == .behind)
        let passed = plan(
            price: 365_00,
            saved: 300_00,
            income: 1_000_00,
            target: "2024-12-31",
            created: "2024-01-01",
            today: "2025-01-01"
        )
        #expect(passed.status == .behind && passed.periodsLeft == 0 && passed.message == "The target date has passed")
        #expect(passed.perPeriod == usd(65_00) && passed.remaining == usd(65_00))
    }

    @Test("a goal already reached is reached, whatever the plan or the income", arguments: [Int64(500_00), 750_00])
    func reached(saved: Int64) {
        let plans = [
            plan(price: 500_00, saved: saved, income: nil, percent: 10, today: "2024-05-01"),
            plan(price: 500_00, saved: saved, income: 0, target: "2024-01-01", today: "2024-05-01"),
            plan(price: 500_00, saved: saved, income: 1_000_00, target: "2025-01-01", today: "2024-05-01"),
        ]
        for p in plans {
            #expect(p.status == .reached && p.message == "Goal reached")
            #expect(
                p.remaining == usd(0) && p.perPeriod == usd(0) && p.periodsLeft == 0 && p.progressBasisPoints == 10_000
            )
        }
        #expect(
            plan(price: 500_00, saved: 499_99, income: nil, percent: 10, today: "2024-05-01").progressBasisPoints
                == 9_999
        )
    }

    @Test("a Goal's plan uses its starting amount plus contributions")
    func goalPlan() {
        let goal = Goal(
            id: 1,
            bookID: 1,
            name: "Bike",
            price: usd(600_00),
            savedAtStart: usd(100_00),
            contributed: usd(200_00),
            income: usd(1_000_00),
            cycle: .monthly,
            percent: 10,
            targetDate: nil,
            accountID: nil,
            photoType: nil,
            createdOn: date("2024-01-10")
        )
        #expect(goal.saved == usd(300_00))
        let p = goal.plan(today: date("2024-03-10"))
        #expect(
            p.remaining == usd(300_00) && p.periodsLeft == 3 && p.predictedDate == date("2024-06-10")
                && p.status == .onTrack
        )
        #expect(p.progressBasisPoints == 5_000)
    }

    @Test(
        "whole income periods between two dates",
        arguments: [
            ("2024-01-31", "2024-02-29", BudgetCycle.monthly, 1), ("2023-01-31", "2023-02-28", .monthly, 1),
            ("2024-01-15", "2024-02-14", .monthly, 0), ("2024-01-15", "2024-01-15", .monthly, 0),
            ("2024-03-01", "2024-01-01", .daily, 0),
            ("2024-01-15", "2024-07-15", .quarterly, 2), ("2024-01-15", "2024-07-14", .quarterly, 1),
            ("2024-02-29", "2025-02-28", .yearly, 1),
            ("2024-02-29", "2025-02-27", .yearly, 0), ("2024-01-01", "2024-01-14", .weekly, 1),
            ("2024-01-01", "2024-01-15", .weekly, 2),
            ("2024-01-01", "2024-01-28", .biweekly, 1), ("2024-01-01", "2024-01-29", .fourweekly, 1),
            ("2023-12-31", "2024-12-31", .daily, 366),
        ]
    )
    func wholePeriods(from: String, to: String, cycle: BudgetCycle, count: Int) {
        #expect(GoalPlan.periods(from: date(from), to: date(to), cycle: cycle) == count)
    }

    @Test("stepping by income periods stays within the plan years")
    func step() {
        #expect(GoalPlan.step(date("2024-01-31"), by: 1, cycle: .monthly) == date("2024-02-29"))
        #expect(GoalPlan.step(date("2024-02-29"), by: 4, cycle: .yearly) == date("2028-02-29"))
        #expect(GoalPlan.step(date("2024-11-30"), by: 1, cycle: .quarterly) == date("2025-02-28"))
        #expect(GoalPlan.step(date("2024-12-30"), by: 1, cycle: .fourweekly) == date("2025-01-27"))
        #expect(GoalPlan.step(date("2198-12-01"), by: 1, cycle: .monthly) == date("2199-01-01"))
        #expect(GoalPlan.step(date("2199-12-01"), by: 1, cycle: .monthly) == nil)
        #expect(GoalPlan.step(date("2199-12-31"), by: 1, cycle: .daily) == nil)
        #expect(GoalPlan.step(date("2024-01-01"), by: 12_000, cycle: .yearly) == nil)
    }
}
