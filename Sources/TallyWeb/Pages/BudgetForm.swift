import Hummingbird
import TallyCore
import TallyFiles
import TallyStore

/// The budget add/edit form: its fields from a form post or a budget, and the values the
/// `budget_fields` partial renders.
enum BudgetForm {
    /// The fields of a posted form. The hidden `scope` field says the category and account
    /// lists were part of the form, so choosing none of them means "all spending".
    static func input(_ form: BudgetPostForm) -> BudgetInput {
        let scoped = form.scope != nil
        return BudgetInput(
            name: form.name,
            limit: form.limit,
            cycle: form.cycle,
            weekStart: form.weekStart,
            start: form.start,
            dayOfMonth: form.dayOfMonth,
            categories: scoped ? (form.categories ?? []).filter { !$0.isEmpty } : nil,
            accounts: scoped ? (form.accounts ?? []).filter { !$0.isEmpty } : nil,
            mode: form.mode,
            main: form.main == "1" ? true : nil
        )
    }

    /// The fields of a stored budget, to fill the edit form.
    static func input(_ budget: Budget) -> BudgetInput {
        let s = budget.schedule
        return BudgetInput(
            name: budget.name,
            limit: budget.limit.decimalString,
            cycle: s.cycle.rawValue,
            weekStart: s.weekStart.rawValue,
            start: s.start.description,
            dayOfMonth: String(s.dayOfMonth),
            categories: budget.categoryIDs.map(String.init),
            accounts: budget.accountIDs.map(String.init),
            mode: budget.mode.rawValue,
            main: budget.isMain
        )
    }

    /// A new budget's defaults: monthly from the 1st, saver mode, starting today.
    static func defaults(today: LocalDate, first: Bool) -> BudgetInput {
        BudgetInput(
            cycle: BudgetCycle.monthly.rawValue,
            weekStart: Weekday.monday.rawValue,
            start: today.description,
            dayOfMonth: "1",
            mode: BudgetMode.saver.rawValue,
            main: first
        )
    }

    /// The values of the form's fields.
    static func values(_ input: BudgetInput, categories: [Category], accounts: [AccountBalance]) -> BudgetFields {
        let cycle = input.cycle ?? BudgetCycle.monthly.rawValue
        let weekStart = input.weekStart ?? Weekday.monday.rawValue
        let mode = input.mode ?? BudgetMode.saver.rawValue
        return BudgetFields(
            name: input.name ?? "",
            limit: input.limit ?? "",
            start: input.start ?? "",
            dayOfMonth: input.dayOfMonth ?? "1",
            cycles: BudgetCycle.allCases.map {
                ValueOption(value: $0.rawValue, label: $0.title, selected: $0.rawValue == cycle)
            },
            weekdays: Weekday.allCases.map {
                ValueOption(value: $0.rawValue, label: $0.rawValue.capitalized, selected: $0.rawValue == weekStart)
            },
            isSaver: mode != BudgetMode.spender.rawValue,
            isSpender: mode == BudgetMode.spender.rawValue,
            isMainChecked: input.main == true,
            categoryOptions: PlanText.categoryOptions(categories, selected: Set(input.categories ?? [])),
            accountOptions: PlanText.accountOptions(accounts, selected: Set(input.accounts ?? []))
        )
    }

    /// Past periods as table rows (newest first) and a chart of spent against what was
    /// available (oldest first).
    static func history(
        _ periods: [BudgetPeriodStatus],
        mode: BudgetMode,
        currency: Currency
    ) -> (rows: [BudgetHistoryRow], chart: ChartFigure) {
        let rows = periods.map { p in
            BudgetHistoryRow(
                period: PlanText.range(p.period),
                limit: p.limit.formatted,
                carried: p.carried.formatted,
                spent: p.spent.formatted,
                remaining: p.remaining.formatted,
                isOverspent: p.remaining.isNegative,
                alert: PlanText.alertClass(p.alert)
            )
        }
        let oldest = Array(periods.reversed())
        let limitName = mode == .spender ? "Available" : "Limit"
        let chart = ChartFigure.trend(
            title: "Spent against the limit, last \(oldest.count) period\(oldest.count == 1 ? "" : "s")",
            periods: oldest.map { PlanText.periodLabel($0.period) },
            series: [
                ReportFiles.series("Spent", color: Palette.expense, amounts: oldest.map(\.spent)),
                ReportFiles.series(limitName, color: Palette.income, amounts: oldest.map(\.available)),
            ],
            style: .columns,
            axisLabel: ReportFiles.axisLabel(currency)
        )
        return (rows, chart)
    }
}
