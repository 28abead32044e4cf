import TallyCore
import Testing

private let today = date("2024-05-10")

/// The error for input that must be rejected; `nil` when it was accepted.
private func rejection<T>(_ check: () throws(FieldError) -> T) -> FieldError? {
    do {
        _ = try check()
        return nil
    } catch { return error }
}

private func budget(_ input: BudgetInput, base: Budget? = nil) throws(FieldError) -> BudgetDraft {
    try BudgetDraft.validate(input, base: base, currency: .usd, today: today)
}

private func goal(_ input: GoalInput, base: Goal? = nil) throws(FieldError) -> GoalDraft {
    try GoalDraft.validate(input, base: base, currency: .usd, today: today)
}

private func bill(_ input: BillInput, base: Bill? = nil) throws(FieldError) -> BillDraft {
    try BillDraft.validate(input, base: base, currency: .usd, today: today)
}

private func whole(_ range: ClosedRange<Int>) -> String {
    "must be a whole number from \(range.lowerBound) to \(range.upperBound)"
}

@Suite("Plan field checks")
struct PlanValidationTests {
    // MARK: Budgets

    @Test("a new budget: monthly on the 1st from today, weeks from Monday, saver")
    func budgetDefaults() throws {
        let draft = try budget(BudgetInput(name: " Food ", limit: "400"))
        #expect(
            draft.name == "Food" && draft.limit == Money(minorUnits: 400_00, currency: .usd) && draft.mode == .saver
        )
        #expect(draft.schedule == BudgetSchedule(cycle: .monthly, weekStart: .monday, start: today, dayOfMonth: 1))
        #expect(draft.categories == nil && draft.accounts == nil && draft.main == nil)
    }

    @Test("every budget field given, trimmed and case-folded")
    func budgetFields() throws {
        let draft = try budget(
            BudgetInput(
                name: "Fun",
                limit: "$25.50",
                cycle: " Biweekly ",
                weekStart: "SUNDAY",
                start: "2024-02-29",
                dayOfMonth: " 31 ",
                categories: ["Food", "12", " "],
                accounts: [],
                mode: "spender",
                main: true
            )
        )
        #expect(
            draft.schedule
                == BudgetSchedule(cycle: .biweekly, weekStart: .sunday, start: date("2024-02-29"), dayOfMonth: 31)
        )
        #expect(draft.mode == .spender && draft.main == true && draft.limit.minorUnits == 25_50)
        #expect(draft.categories == [.name("Food"), .id(12)] && draft.accounts == [])
    }

    @Test(
        "bad budget input names the field",
        arguments: [
            (BudgetInput(name: "x", limit: "-10"), "limit", "must not be negative"),
            (BudgetInput(name: "x", limit: "0"), "limit", "must be greater than zero"),
            (BudgetInput(name: "x"), "limit", "is required"),
            (
                BudgetInput(name: "x", limit: "10000000000001"), "limit",
                "is too large: at most 9999999999.99 either way"
            ),
            (BudgetInput(limit: "10"), "name", "is required"),
            (
                BudgetInput(name: "x", limit: "10", cycle: "fortnightly"), "cycle",
                "must be one of daily, weekly, biweekly, fourweekly, monthly, quarterly, yearly"
            ),
            (BudgetInput(name: "x", limit: "10", dayOfMonth: "0"), "day_of_month", whole(1...31)),
            (BudgetInput(name: "x", limit: "10", dayOfMonth: "32"), "day_of_month", whole(1...31)),
            (BudgetInput(name: "x", limit: "10", dayOfMonth: "1.5"), "day_of_month", whole(1...31)),
            (
                BudgetInput(name: "x", limit: "10", weekStart: "funday"), "week_start",
                "must be one of monday, tuesday, wednesday, thursday, friday, saturday, sunday"
            ),
            (
                BudgetInput(name: "x", limit: "10", start: "2023-02-29"), "start",
                "'2023-02-29' is not a valid date (YYYY-MM-DD)"
            ),
            (
                BudgetInput(name: "x", limit: "10", start: "1899-12-31"), "start",
                "must be between 1900-01-01 and 2199-12-31"
            ),
            (BudgetInput(name: "x", limit: "10", mode: "lavish"), "mode", "must be one of saver, spender"),
        ]
    )
    func budgetRejections(input: BudgetInput, field: String, message: String) {
        #expect(rejection { () throws(FieldError) in try budget(input) } == FieldError(field, message))
    }

    @Test("the limit must be a number")
    func budgetLimitText() {
        #expect(
            rejection { () throws(FieldError) in try budget(BudgetInput(name: "x", limit: "lots")) }?.field
                == "limit"
        )
    }

    @Test("an edit keeps what is not given")
    func budgetEdit() throws {
        let base = Budget(
            id: 1,
            bookID: 1,
            name: "Food",
            limit: Money(minorUnits: 100, currency: .usd),
            schedule: BudgetSchedule(cycle: .quarterly, weekStart: .friday, start: date("2020-03-03"), dayOfMonth: 29),
            mode: .spender,
            categoryIDs: [4],
            accountIDs: [],
            isMain: true
        )
        let draft = try budget(BudgetInput(limit: "2", start: " "), base: base)
        #expect(
            draft.name == "Food" && draft.limit.minorUnits == 200 && draft.schedule == base.schedule
                && draft.mode == .spender
        )
        #expect(draft.categories == nil && draft.main == nil)
        #expect(try budget(BudgetInput(dayOfMonth: "5"), base: base).schedule.dayOfMonth == 5)
    }

    // MARK: Goals

    @Test(
        "bad goal input names the field",
        arguments: [
            (GoalInput(name: "Bike", price: "500", income: "1000", percent: "0"), "percent", whole(1...100)),
            (GoalInput(name: "Bike", price: "500", income: "1000", percent: "250"), "percent", whole(1...100)),
            (GoalInput(name: "Bike", price: "500", income: "1000", percent: "101"), "percent", whole(1...100)),
            (GoalInput(name: "Bike", price: "500", income: "1000", percent: "ten"), "percent", whole(1...100)),
            (
                GoalInput(name: "Bike", price: "500", income: "1000", percent: "10", targetDate: "2025-01-01"),
                "target_date",
                "give either percent or target_date, not both"
            ),
            (
                GoalInput(name: "Bike", price: "500", targetDate: "2024-05-10"), "target_date",
                "must be after today (2024-05-10)"
            ),
            (
                GoalInput(name: "Bike", price: "500", targetDate: "2024-13-01"), "target_date",
                "'2024-13-01' is not a valid date (YYYY-MM-DD)"
            ),
            (
                GoalInput(name: "Bike", price: "500", percent: "10"), "income",
                "enter your income per period (more than zero) to save a percentage of it, or give a target_date instead"
            ),
            (
                GoalInput(name: "Bike", price: "500", income: "0", percent: "10"), "income",
                "enter your income per period (more than zero) to save a percentage of it, or give a target_date instead"
            ),
            (
                GoalInput(name: "Bike", price: "500"), "income",
                "enter your income per period (more than zero) to save a percentage of it, or give a target_date instead"
            ),
            (
                GoalInput(name: "Bike", price: "500", income: "-5", targetDate: "2025-01-01"), "income",
                "must not be negative"
            ),
            (GoalInput(name: "Bike", price: "-500", income: "1000"), "price", "must not be negative"),
            (GoalInput(name: "Bike", income: "1000"), "price", "is required"),
            (GoalInput(name: "Bike", price: "500", saved: "-1", income: "1000"), "saved", "must not be negative"),
            (
                GoalInput(name: "Bike", price: "500", income: "1000", cycle: "hourly"), "cycle",
                "must be one of daily, weekly, biweekly, fourweekly, monthly, quarterly, yearly"
            ),
        ]
    )
    func goalRejections(input: GoalInput, field: String, message: String) {
        #expect(rejection { () throws(FieldError) in try goal(input) } == FieldError(field, message))
    }

    @Test("goal plans: percent 1 and 100 are fine; neither plan means 10%; a target date needs no income")
    func goalPlans() throws {
        #expect(try goal(GoalInput(name: "a", price: "5", income: "1", percent: "1")).percent == 1)
        #expect(try goal(GoalInput(name: "a", price: "5", income: "1", percent: " 100 ")).percent == 100)
        let neither = try goal(GoalInput(name: "a", price: "5", income: "1000"))
        #expect(
            neither.percent == 10 && neither.targetDate == nil && neither.cycle == .monthly
                && neither.saved.minorUnits == 0
        )
        let byDate = try goal(GoalInput(name: "a", price: "5", saved: "2", targetDate: "2024-05-11"))
        #expect(
            byDate.targetDate == date("2024-05-11") && byDate.percent == nil && byDate.income == nil
                && byDate.saved.minorUnits == 2_00
        )
        #expect(
            try goal(GoalInput(name: "a", price: "5", income: "0", targetDate: "2025-01-01")).income?.minorUnits == 0
        )
    }

    @Test("editing a goal switches plans and keeps a past target date it already had")
    func goalEdit() throws {
        let base = Goal(
            id: 1,
            bookID: 1,
            name: "Car",
            price: Money(minorUnits: 900_00, currency: .usd),
            savedAtStart: Money(minorUnits: 0, currency: .usd),
            contributed: Money(minorUnits: 0, currency: .usd),
            income: nil,
            cycle: .weekly,
            percent: nil,
            targetDate: date("2024-01-01"),
            accountID: nil,
            photoType: nil,
            createdOn: date("2023-01-01")
        )
        let same = try goal(GoalInput(price: "950", targetDate: "2024-01-01"), base: base)
        #expect(same.targetDate == date("2024-01-01") && same.cycle == .weekly && same.name == "Car")
        let switched = try goal(GoalInput(income: "300", percent: "20"), base: base)
        #expect(switched.percent == 20 && switched.targetDate == nil)
        #expect(
            rejection { () throws(FieldError) in try goal(GoalInput(percent: "20"), base: base) }?.field
                == "income"
        )
    }

    // MARK: Bills

    @Test("a new bill: monthly, first due today, on today's day, reminding 3 days ahead")
    func billDefaults() throws {
        let draft = try bill(BillInput(title: "Rent", amount: "1200"))
        #expect(draft.schedule == BillSchedule(cycle: .monthly, firstDue: today, dueDay: 10))
        #expect(draft.remindDays == 3 && draft.url == "" && draft.note == "" && draft.amount?.minorUnits == 1_200_00)
        #expect(try bill(BillInput(title: "Power", amount: " Varies ")).amount == nil)
        #expect(try bill(BillInput(title: "Gym", firstDue: "2024-01-31")).schedule.dueDay == 31)
        #expect(try bill(BillInput(title: "Tax", cycle: "every_n_months")).schedule.everyMonths == 2)
        let full = try bill(
            BillInput(
                title: "Tax",
                cycle: "EVERY_N_MONTHS",
                dueDay: "31",
                everyMonths: "120",
                firstDue: "2024-02-29",
                remindDays: "60"
            )
        )
        #expect(
            full.schedule
                == BillSchedule(cycle: .everyNMonths, firstDue: date("2024-02-29"), dueDay: 31, everyMonths: 120)
                && full.remindDays == 60
        )
        #expect(try bill(BillInput(title: "Tax", remindDays: "0")).remindDays == 0)
    }

    @Test(
        "bad bill input names the field",
        arguments: [
            (BillInput(title: "Rent", dueDay: "0"), "due_day", whole(1...31)),
            (BillInput(title: "Rent", dueDay: "32"), "due_day", whole(1...31)),
            (BillInput(title: "Rent", dueDay: "-1"), "due_day", whole(1...31)),
            (BillInput(title: "Rent", everyMonths: "0"), "every_months", whole(1...120)),
            (BillInput(title: "Rent", everyMonths: "121"), "every_months", whole(1...120)),
            (
                BillInput(title: "Rent", cycle: "every_n_months", everyMonths: "1"), "every_months",
                "must be 2 or more for every_n_months (use monthly for 1)"
            ),
            (BillInput(title: "Rent", remindDays: "61"), "remind_days", whole(0...60)),
            (BillInput(title: "Rent", remindDays: "-1"), "remind_days", whole(0...60)),
            (
                BillInput(title: "Rent", cycle: "daily"), "cycle",
                "must be one of monthly, weekly, yearly, every_n_months"
            ),
            (
                BillInput(title: "Rent", firstDue: "2024-02-30"), "first_due",
                "'2024-02-30' is not a valid date (YYYY-MM-DD)"
            ),
            (BillInput(title: "Rent", amount: "-3"), "amount", "must not be negative"),
            (BillInput(title: " "), "title", "is required"),
            (BillInput(title: "Rent", url: "ftp://example.com"), "url", "must be a web address starting with https://"),
            (
                BillInput(title: "Rent", url: "javascript:alert(1)"), "url",
                "must be a web address starting with https://"
            ),
            (BillInput(title: "Rent", url: "https://"), "url", "must be a web address such as https://example.com/pay"),
            (
                BillInput(title: "Rent", url: "https:///pay"), "url",
                "must be a web address such as https://example.com/pay"
            ),
            (
                BillInput(title: "Rent", url: "example.com/a b"), "url",
                "must be a web address such as https://example.com/pay"
            ),
            (
                BillInput(title: "Rent", url: "https://example.com/\"><script>"), "url",
                "must be a web address such as https://example.com/pay"
            ),
        ]
    )
    func billRejections(input: BillInput, field: String, message: String) {
        #expect(rejection { () throws(FieldError) in try bill(input) } == FieldError(field, message))
    }

    @Test(
        "bill addresses get https:// when bare; http and https are kept",
        arguments: [
            ("example.com/pay", "https://example.com/pay"),
            (" HTTPS://Bank.example/x?a=1,b ", "HTTPS://Bank.example/x?a=1,b"),
            ("http://old.example", "http://old.example"), ("", ""), ("   ", ""),
        ]
    )
    func billURL(raw: String, url: String) throws {
        #expect(try bill(BillInput(title: "Rent", url: raw)).url == url)
    }
}
