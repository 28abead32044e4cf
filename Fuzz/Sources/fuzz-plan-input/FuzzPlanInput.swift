import FuzzSupport
import TallyCore

// Budget, bill and goal fields as the forms and the API send them, checked by the drafts'
// validate, then what the pages compute from them on a "today" anywhere in the supported dates.
// Input: a byte choosing budget, bill or goal; a byte choosing the currency; then one field per
// line (budget: name, limit, cycle, week_start, start, day_of_month, mode; bill: title, amount,
// cycle, due_day, every_months, first_due, url, remind_days, note; goal: name, price, saved,
// income, cycle, percent, target_date), and a last line read as "today".
//
// Invariants: a refusal names one of the kind's fields; an accepted draft has amounts in
// 0...Money.maxMinorUnits and dates in LocalDate.supported; the budget's periods around today
// are contiguous; the bill's occurrences over the year around today are in order, inside the
// range and on the schedule; the goal's plan has a remaining amount in 0...price and a predicted
// date, if any, in the plan years. Nothing traps and every loop ends.

/// libFuzzer's `main`, under the name SwiftPM gives this module's entry point.
@_cdecl("fuzz_plan_input_main")
public func fuzzPlanInputMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzPlanInput)
}

/// One input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlanInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let kind = input.byte() % 3
    let currency = input.pick(Currency.fuzzed)
    let fields = input.parts(10).map { $0 == "\u{1}" ? nil : $0 }  // a lone 0x01 stands for "not given"
    let today = (try? LocalDate.input(fields[9] ?? "", field: "today")) ?? fuzzToday
    switch kind {
    case 0: checkBudget(fields, currency, today)
    case 1: checkBill(fields, currency, today)
    default: checkGoal(fields, currency, today)
    }
    return 0
}

func inBound(_ money: Money) -> Bool { (0...Money.maxMinorUnits).contains(money.minorUnits) }

func checkBudget(_ f: [String?], _ currency: Currency, _ today: LocalDate) {
    let input = BudgetInput(
        name: f[0],
        limit: f[1],
        cycle: f[2],
        weekStart: f[3],
        start: f[4],
        dayOfMonth: f[5],
        mode: f[6]
    )
    let draft: BudgetDraft
    do {
        draft = try BudgetDraft.validate(input, base: nil, currency: currency, today: fuzzToday)
    } catch {
        require(
            names(error, oneOf: ["name", "limit", "cycle", "week_start", "start", "day_of_month", "mode"]),
            "budget: \(error)"
        )
        return
    }
    require(inBound(draft.limit) && draft.limit.minorUnits > 0, "budget limit \(draft.limit.minorUnits)")
    require(LocalDate.supported.contains(draft.schedule.start), "budget start \(draft.schedule.start)")
    let periods = draft.schedule.periods(from: today.adding(days: -40), through: today.adding(days: 40))
    require(!periods.isEmpty && periods[0].from <= today.adding(days: -40), "budget periods around \(today)")
    for (a, b) in zip(periods, periods.dropFirst()) {
        require(a.from <= a.to && a.to.adding(days: 1) == b.from, "budget periods \(a) then \(b)")
    }
}

func checkBill(_ f: [String?], _ currency: Currency, _ today: LocalDate) {
    let input = BillInput(
        title: f[0],
        amount: f[1],
        cycle: f[2],
        dueDay: f[3],
        everyMonths: f[4],
        firstDue: f[5],
        url: f[6],
        remindDays: f[7],
        note: f[8]
    )
    let draft: BillDraft
    do {
        draft = try BillDraft.validate(input, base: nil, currency: currency, today: fuzzToday)
    } catch {
        require(
            names(
                error,
                oneOf: [
                    "title", "amount", "cycle", "due_day", "every_months", "first_due", "url", "remind_days", "note",
                ]
            ),
            "bill: \(error)"
        )
        return
    }
    require(draft.amount.map(inBound) ?? true, "bill amount \(draft.amount?.minorUnits ?? 0)")
    require(LocalDate.supported.contains(draft.schedule.firstDue), "bill first due \(draft.schedule.firstDue)")
    let from = max(LocalDate.supported.lowerBound, today.adding(days: -366))
    let to = min(LocalDate.supported.upperBound, today.adding(days: 366))
    let dates = draft.schedule.occurrences(from: from, through: to)
    require(dates.count <= 2 * 60, "bill: \(dates.count) occurrences in two years")
    require(
        dates.allSatisfy { from <= $0 && $0 <= to && $0 >= draft.schedule.firstDue },
        "bill occurrences outside \(from)...\(to)"
    )
    require(zip(dates, dates.dropFirst()).allSatisfy { $0 < $1 }, "bill occurrences out of order")
}

func checkGoal(_ f: [String?], _ currency: Currency, _ today: LocalDate) {
    let input = GoalInput(
        name: f[0],
        price: f[1],
        saved: f[2],
        income: f[3],
        cycle: f[4],
        percent: f[5],
        targetDate: f[6]
    )
    let draft: GoalDraft
    do {
        draft = try GoalDraft.validate(input, base: nil, currency: currency, today: fuzzToday)
    } catch {
        require(
            names(error, oneOf: ["name", "price", "saved", "income", "cycle", "percent", "target_date"]),
            "goal: \(error)"
        )
        return
    }
    require(inBound(draft.price) && inBound(draft.saved) && (draft.income.map(inBound) ?? true), "goal amounts")
    require(
        draft.targetDate.map { LocalDate.supported.contains($0) } ?? true,
        "goal target \(String(describing: draft.targetDate))"
    )
    let plan = GoalPlan.make(
        .init(
            price: draft.price,
            saved: draft.saved,
            savedAtStart: draft.saved,
            income: draft.income,
            cycle: draft.cycle,
            percent: draft.percent,
            targetDate: draft.targetDate,
            createdOn: fuzzToday
        ),
        today: today
    )
    require(
        (0...draft.price.minorUnits).contains(plan.remaining.minorUnits),
        "goal remaining \(plan.remaining.minorUnits)"
    )
    require((0...10_000).contains(plan.progressBasisPoints), "goal progress \(plan.progressBasisPoints)")
    require(
        plan.predictedDate.map { PlanValidate.years.contains($0.year) } ?? true,
        "goal date \(String(describing: plan.predictedDate))"
    )
}
