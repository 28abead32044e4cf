import Foundation
import TallyCore
import TallyStore

/// What `tally budget`, `goal` and `bill` need from a book: the store's `Plans` service locally
/// (`LocalBackend`), the API's budgets, goals and bills routes remotely (`RemoteBackend`). Both
/// answer with the store's types, which the commands print with one piece of code.
protocol PlanBackend: Sendable {
    /// Adds a budget.
    func createBudget(_ input: BudgetInput) async throws -> Budget
    /// Every budget with the period holding `date` (default: today).
    func budgetStandings(on date: LocalDate?) async throws -> [BudgetStanding]
    /// One budget in the period holding `date` (default: today).
    func budgetStatus(_ id: BudgetID, on date: LocalDate?) async throws -> BudgetStanding
    /// One budget.
    func budget(_ id: BudgetID) async throws -> Budget
    /// The latest `limit` periods through the one holding `through`, newest first.
    func budgetHistory(_ id: BudgetID, through: LocalDate?, limit: Int) async throws -> [BudgetPeriodStatus]
    /// Adds a goal, with its plan.
    func createGoal(_ input: GoalInput) async throws -> GoalStanding
    /// Every goal with its plan as of `date` (default: today).
    func goals(on date: LocalDate?) async throws -> [GoalStanding]
    /// One goal with its plan today.
    func goal(_ id: GoalID) async throws -> GoalStanding
    /// Money put toward a goal, with a transfer when `money.fromAccount` is given.
    func contribute(to id: GoalID, _ money: ContributionInput) async throws -> GoalContribution
    /// Adds a bill.
    func createBill(_ input: BillInput) async throws -> Bill
    /// The occurrences due in `month` (default: this month), by due date.
    func billsMonth(_ month: YearMonth?) async throws -> BillMonth
    /// Marks an occurrence paid, recording its expense.
    func payBill(_ id: BillID, due: LocalDate, amount: String?, paidOn: String?) async throws -> BillOccurrence
    /// Takes a payment back (and its expense); the bill it was of.
    func undoBillPayment(_ id: BillID, due: LocalDate) async throws -> Bill
}

/// A contribution as typed: `tally goal contribute`'s options.
struct ContributionInput: Sendable {
    var amount: String
    var date: String?
    var note: String?
    var fromAccount: String?
    var toAccount: String?
}

/// A month of bills with its totals, as `tally bill list` prints it.
struct BillMonth: Sendable {
    /// The month.
    let month: YearMonth
    /// Its occurrences, by due date.
    let occurrences: [BillOccurrence]
    /// The sum of every occurrence with a known amount, of those paid, and what is left.
    let totalDue: Money, paid: Money, left: Money

    /// Totals worked out as the store's `billsMonth` does, in `currency` when nothing is due.
    init(month: YearMonth, occurrences: [BillOccurrence], currency: Currency) throws {
        self.month = month
        self.occurrences = occurrences
        let due = try occurrences.compactMap { $0.amount?.minorUnits }.checkedSum()
        let paid = try occurrences.filter { $0.status == .paid }.compactMap { $0.amount?.minorUnits }.checkedSum()
        totalDue = Money(minorUnits: due, currency: currency)
        self.paid = Money(minorUnits: paid, currency: currency)
        left = Money(minorUnits: due - paid, currency: currency)
    }
}

extension LocalBackend {
    func createBudget(_ input: BudgetInput) async throws -> Budget {
        try await store.plans.createBudget(in: scope, input)
    }

    func budgetStandings(on date: LocalDate?) async throws -> [BudgetStanding] {
        try await store.plans.budgetStandings(in: scope, on: date)
    }

    func budgetStatus(_ id: BudgetID, on date: LocalDate?) async throws -> BudgetStanding {
        try await store.plans.budgetStatus(id, in: scope, on: date)
    }

    func budget(_ id: BudgetID) async throws -> Budget { try await store.plans.budget(id, in: scope) }

    func budgetHistory(_ id: BudgetID, through: LocalDate?, limit: Int) async throws -> [BudgetPeriodStatus] {
        try await store.plans.budgetHistory(id, in: scope, through: through, limit: limit)
    }

    func createGoal(_ input: GoalInput) async throws -> GoalStanding {
        try await store.plans.createGoal(in: scope, input)
    }

    func goals(on date: LocalDate?) async throws -> [GoalStanding] {
        let standings = try await store.plans.goals(in: scope)
        guard let date else { return standings }
        return standings.map { GoalStanding(goal: $0.goal, plan: $0.goal.plan(today: date), date: date) }
    }

    func goal(_ id: GoalID) async throws -> GoalStanding { try await store.plans.goal(id, in: scope) }

    func contribute(to id: GoalID, _ money: ContributionInput) async throws -> GoalContribution {
        try await store.plans.contribute(
            to: id,
            in: scope,
            amount: money.amount,
            date: money.date,
            note: money.note,
            fromAccount: money.fromAccount,
            toAccount: money.toAccount
        )
    }

    func createBill(_ input: BillInput) async throws -> Bill { try await store.plans.createBill(in: scope, input) }

    func billsMonth(_ month: YearMonth?) async throws -> BillMonth {
        let summary = try await store.plans.billsMonth(month ?? YearMonth(scope.today), in: scope)
        return try BillMonth(
            month: summary.month,
            occurrences: summary.occurrences,
            currency: summary.totalDue.currency
        )
    }

    func payBill(_ id: BillID, due: LocalDate, amount: String?, paidOn: String?) async throws -> BillOccurrence {
        try await store.plans.payBill(id, due: due, in: scope, amount: amount, paidOn: paidOn)
    }

    func undoBillPayment(_ id: BillID, due: LocalDate) async throws -> Bill {
        let bill = try await store.plans.bill(id, in: scope)
        try await store.plans.undoBillPayment(id, due: due, in: scope)
        return bill
    }
}
