import TallyCore

/// `budget_fields.mustache`: the budget form's fields.
struct BudgetFields: ViewModel {
    let name: String
    let limit: String
    let start: String
    let dayOfMonth: String
    let cycles: [ValueOption]
    let weekdays: [ValueOption]
    let isSaver: Bool
    let isSpender: Bool
    let isMainChecked: Bool
    let categoryOptions: [IDOption]
    let accountOptions: [AccountOption]
}

/// `goal_fields.mustache` and the goal form's data attributes (for the live slider).
struct GoalFields: ViewModel {
    let name: String
    let price: String
    let saved: String
    let income: String
    let cycles: [ValueOption]
    let byDate: Bool
    let byPercent: Bool
    let percent: String
    let targetDate: String
    let percentLabel: String
    let goalToday: String
    let minorDigits: String
    let symbol: String
    /// The ISO code, and the decimals CLDR shows for it, for the script's `Intl` formatting.
    let currencyCode: String
    let shownDigits: String
    let accountOptions: [AccountOption]
}

/// `budgets.mustache`.
struct BudgetsPage: ViewModel {
    let budgets: [BudgetCard]
    let hasBudgets: Bool
    let form: BudgetFields
    let error: String
    let action: String
    /// Records in other currencies that no rate converts, which the budgets leave out.
    let unconverted: [String]
    let hasUnconverted: Bool
}

/// `budget.mustache`: one budget, its history and its edit form.
struct BudgetPage: ViewModel {
    let budget: BudgetCard
    let history: [BudgetHistoryRow]
    let chart: ChartFigure
    let scope: String
    let form: BudgetFields
    let error: String
    let action: String
}

/// A past period of a budget.
struct BudgetHistoryRow: ViewModel {
    let period: String
    let limit: String
    let carried: String
    let spent: String
    let remaining: String
    let isOverspent: Bool
    let alert: String
}

/// `goals.mustache`.
struct GoalsPage: ViewModel {
    let goals: [GoalCard]
    let hasGoals: Bool
    let form: GoalFields
    let error: String
    let action: String
}

/// `goal.mustache`: one goal, its contributions and forms.
struct GoalPage: ViewModel {
    let goal: GoalCard
    let contributions: [ContributionRow]
    let hasContributions: Bool
    let contribution: ContributionFields
    let fromAccounts: [AccountOption]
    let toAccounts: [AccountOption]
    let needsTarget: Bool
    let savingsAccount: String
    let form: GoalFields
    let error: String
    let action: String
}

/// Money put toward a goal.
struct ContributionRow: ViewModel {
    let id: ContributionID
    let amount: String
    /// "5 Mar 2026".
    let date: String
    let note: String
    let isTransfer: Bool
    let undo: String
}

/// The contribute form's fields as typed.
struct ContributionFields: ViewModel {
    let amount: String
    let date: String
    let note: String
}
