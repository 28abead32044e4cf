import Hummingbird
import TallyCore
import TallyStore

/// Budgets: the list with where each one stands and an add form; a budget's page with its
/// history, chart, edit form and delete.
struct BudgetPages: PlanItemPages {
    let store: Store
    let pages: PageRenderer

    static let path = "budgets"

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("budgets", use: list)
        book.post("budgets", use: create)
        book.get("budgets/:id", use: detail)
        book.post("budgets/:id", use: update)
        book.post("budgets/:id/delete", use: delete)
        return routes
    }

    func listPage(context: AppContext, input: BudgetInput?, error: FieldError?) async throws -> Response {
        let scope = try context.bookScope()
        let book = scope.book
        let standings = try await store.plans.budgetStandings(in: scope)
        let today = scope.today
        let form = BudgetForm.values(
            input ?? BudgetForm.defaults(today: today, first: standings.isEmpty),
            categories: try await store.books.categories(in: scope),
            accounts: try await store.books.accounts(in: scope)
        )
        // Budgets count converted amounts: say so when some records have no rate yet.
        let missing = try await store.rates.unconvertedCounts(in: scope)
        let model = BudgetsPage(
            budgets: standings.map { PlanText.budget($0, book: book.id) },
            hasBudgets: !standings.isEmpty,
            form: form,
            error: error?.description ?? "",
            action: "/books/\(book.id)/budgets",
            unconverted: missing.map {
                "\($0.count) in \($0.currency.code) (no \($0.currency.code)→\(book.currency.code) rate on or before \($0.firstDate))"
            },
            hasUnconverted: !missing.isEmpty
        )
        return pages.page(
            "budgets",
            title: "Budgets",
            context: context,
            book: book,
            model: model,
            status: error == nil ? .ok : .unprocessableContent
        )
    }

    func detailPage(context: AppContext, input: BudgetInput?, error: FieldError?) async throws -> Response {
        let scope = try context.bookScope()
        let book = scope.book
        let standing = try await store.plans.budgetStatus(try context.parameters.id("id"), in: scope)
        let budget = standing.budget
        let history = try await store.plans.budgetHistory(budget.id, in: scope, limit: 12)
        let categories = try await store.books.categories(in: scope)
        let accounts = try await store.books.accounts(in: scope)
        let (rows, chart) = BudgetForm.history(history, mode: budget.mode, currency: budget.limit.currency)
        let model = BudgetPage(
            budget: PlanText.budget(standing, book: book.id),
            history: rows,
            chart: chart,
            scope: Self.scope(budget, categories: categories, accounts: accounts),
            form: BudgetForm.values(input ?? BudgetForm.input(budget), categories: categories, accounts: accounts),
            error: error?.description ?? "",
            action: "/books/\(book.id)/budgets/\(budget.id)"
        )
        return pages.page(
            "budget",
            title: budget.name,
            context: context,
            book: book,
            model: model,
            status: error == nil ? .ok : .unprocessableContent
        )
    }

    /// "Food, Transport · Cash" or "All spending".
    static func scope(_ budget: Budget, categories: [Category], accounts: [AccountBalance]) -> String {
        let names = budget.categoryIDs.compactMap { id in
            categories.first { $0.id == id }.map { $0.path(in: categories) }
        }
        let accountNames = budget.accountIDs.compactMap { id in accounts.first { $0.account.id == id }?.account.name }
        var text = names.isEmpty ? "All spending" : names.joined(separator: ", ")
        if !accountNames.isEmpty { text += " · paid from " + accountNames.joined(separator: ", ") }
        return text
    }

    static func echo(_ form: BudgetPostForm) -> BudgetInput { BudgetForm.input(form) }

    func find(_ id: BudgetID, in scope: BookScope) async throws {
        _ = try await store.plans.budget(id, in: scope)
    }

    func add(_ form: BudgetPostForm, in scope: BookScope) async throws {
        _ = try await store.plans.createBudget(in: scope, BudgetForm.input(form))
    }

    func change(_ id: BudgetID, to form: BudgetPostForm, in scope: BookScope) async throws {
        _ = try await store.plans.updateBudget(id, in: scope, BudgetForm.input(form))
    }

    func remove(_ id: BudgetID, in scope: BookScope) async throws {
        try await store.plans.deleteBudget(id, in: scope)
    }
}
