import TallyCore

/// `budget_card.mustache` (budgets, a budget's page, the dashboard, the calendar's warnings and
/// the Today view): where a budget stands in its current period.
struct BudgetCard: ViewModel {
    let id: BudgetID
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
    let billID: BillID
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
    let id: GoalID
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
