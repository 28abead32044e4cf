import TallyCore
import TallyStore

/// `budget_card.mustache` (budgets, a budget's page, the dashboard, the calendar's warnings and
/// the Today view): where a budget stands in its current period.
struct BudgetCard: ViewModel {
    let id: RecordID
    let name: String
    let cycle: String
    let mode: String
    let isSpender: Bool
    let isMain: Bool
    let period: String
    let spent: String
    let limit: String
    let available: String
    let carried: String
    let carriedNegative: Bool
    let remaining: String
    let overBy: String
    let isOverspent: Bool
    let daysLeft: String
    let perDay: String
    /// Basis points used, capped at 10,000, for `<progress max="10000">`.
    let progress: String
    let used: String
    let alert: String
    let isNear: Bool
    let isOver: Bool
    let warn: Bool
    let link: String
}

/// A bill due on one date (the bills month, due soon on the dashboard and Today, the pay page).
struct BillRow: ViewModel {
    let billID: RecordID
    let title: String
    let due: String
    let dueDate: String
    let amount: String
    /// The usual amount as typed in the pay form, "" when it varies.
    let prefill: String
    let status: String
    let statusClass: String
    let isPaid: Bool
    let isOverdue: Bool
    let payURL: String
    let confirmLink: String
    let undoAction: String
    let editLink: String
    let monthLink: String
    let paidOnDefault: String
    let cycle: String
}

/// `goal_card.mustache`: a goal's progress and plan.
struct GoalCard: ViewModel {
    let id: RecordID
    let name: String
    let link: String
    let hasPhoto: Bool
    let photo: String
    let progress: String
    let progressText: String
    let saved: String
    let price: String
    let remaining: String
    let perPeriod: String
    let predicted: String
    let isTargetPlan: Bool
    let status: String
    let statusClass: String
    let message: String
}

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
    let accountOptions: [AccountOption]
}

/// `budgets.mustache`.
struct BudgetsPage: ViewModel {
    let budgets: [BudgetCard]
    let hasBudgets: Bool
    let form: BudgetFields
    let error: String
    let action: String
}

/// `budget.mustache`: one budget, its history and its edit form.
struct BudgetPage: ViewModel {
    let budget: BudgetCard
    let history: [BudgetHistoryRow]
    let chartSVG: String
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
    let id: RecordID
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

/// `bills.mustache`: a month of bills.
struct BillsPage: ViewModel {
    let month: String
    let prev: String
    let next: String
    let isCurrentMonth: Bool
    let thisMonth: String
    let occurrences: [BillRow]
    let hasOccurrences: Bool
    let totalDue: String
    let paid: String
    let left: String
    let lastMonthSavings: String
    let spending: String
    let balanceLeft: String
    let balanceNegative: Bool
    let lastMonth: String
    let bills: [BillSummary]
}

/// A bill in the "All bills" list.
struct BillSummary: ViewModel {
    let title: String
    let amount: String
    let cycle: String
    let link: String
}

/// `bill_form.mustache`: add or edit a bill.
struct BillFormPage: ViewModel {
    let billTitle: String
    let amount: String
    let dueDay: String
    let everyMonths: String
    let firstDue: String
    let url: String
    let remindDays: String
    let note: String
    let cycles: [ValueOption]
    let categoryOptions: [IDOption]
    let accountOptions: [AccountOption]
    let isEdit: Bool
    let action: String
    let error: String
}

/// `bill_pay.mustache`: what paying a bill will record.
struct BillPayPage: ViewModel {
    let bill: BillRow
    let isPaid: Bool
    let amountField: String
    let paidOnField: String
    let willRecord: Bool
    let recordAmount: String
    let recordDate: String
    let category: String
    let account: String
    let error: String
    let back: String
}

/// `today.mustache`: the Today view.
struct TodayPage: ViewModel {
    let date: String
    let spentToday: String
    let addLink: String
    let dueSoon: [BillRow]
    let hasDueSoon: Bool
    let budgetsLink: String
    let billsLink: String
    let manifest: String
    /// The main budget; nil (an empty section) without one.
    let main: BudgetCard?
}
