import Hummingbird
import TallyCore
import TallyStore

/// Budgets: the list with where each one stands and an add form; a budget's page with its
/// history, chart, edit form and delete.
struct BudgetPages {
    let store: Store
    let pages: PageRenderer

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        routes.get("books/:book/budgets", use: list)
        routes.post("books/:book/budgets", use: create)
        routes.get("books/:book/budgets/:id", use: detail)
        routes.post("books/:book/budgets/:id", use: update)
        routes.post("books/:book/budgets/:id/delete", use: delete)
        return routes
    }

    func list(_ request: Request, context: AppContext) async throws -> Response {
        try await listPage(context: context)
    }

    private func listPage(context: AppContext, input: BudgetInput? = nil, error: ValidationError? = nil) async throws -> Response {
        let user = try context.requireUser()
        let book = try await store.access(user, book: try context.parameters.id("book"))
        let standings = try await store.budgetStandings(in: book.id, for: user)
        let today = try await store.today(for: user)
        let form = BudgetForm.values(
            input ?? BudgetForm.defaults(today: today, first: standings.isEmpty),
            categories: try await store.categories(in: book.id, for: user), accounts: try await store.accounts(in: book.id, for: user)
        )
        let model = BudgetsPage(
            budgets: standings.map { PlanText.budget($0, book: book.id) }, hasBudgets: !standings.isEmpty, form: form,
            error: error?.description ?? "", action: "/books/\(book.id)/budgets"
        )
        return pages.page("budgets", title: "Budgets", context: context, book: book, model: model,
                          status: error == nil ? .ok : .unprocessableContent)
    }

    func create(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book")
        _ = try await store.access(user, book: bookID, write: true)
        let input = BudgetForm.input(try await PlanForm.read(request, context: context))
        do {
            _ = try await store.createBudget(in: bookID, for: user, input)
            return PageRenderer.redirect("/books/\(bookID)/budgets")
        } catch let error as ValidationError {
            return try await listPage(context: context, input: input, error: error)
        }
    }

    func detail(_ request: Request, context: AppContext) async throws -> Response {
        try await detailPage(context: context)
    }

    private func detailPage(context: AppContext, input: BudgetInput? = nil, error: ValidationError? = nil) async throws -> Response {
        let user = try context.requireUser()
        let book = try await store.access(user, book: try context.parameters.id("book"))
        let standing = try await store.budgetStatus(try context.parameters.id("id"), in: book.id, for: user)
        let budget = standing.budget
        let history = try await store.budgetHistory(budget.id, in: book.id, for: user, limit: 12)
        let categories = try await store.categories(in: book.id, for: user)
        let accounts = try await store.accounts(in: book.id, for: user)
        let (rows, svg) = BudgetForm.history(history, mode: budget.mode, currency: budget.limit.currency)
        let model = BudgetPage(
            budget: PlanText.budget(standing, book: book.id), history: rows, chartSVG: svg,
            scope: Self.scope(budget, categories: categories, accounts: accounts),
            form: BudgetForm.values(input ?? BudgetForm.input(budget), categories: categories, accounts: accounts),
            error: error?.description ?? "", action: "/books/\(book.id)/budgets/\(budget.id)"
        )
        return pages.page("budget", title: budget.name, context: context, book: book, model: model,
                          status: error == nil ? .ok : .unprocessableContent)
    }

    /// "Food, Transport · Cash" or "All spending".
    static func scope(_ budget: Budget, categories: [Category], accounts: [AccountBalance]) -> String {
        let names = budget.categoryIDs.compactMap { id in categories.first { $0.id == id }.map { $0.path(in: categories) } }
        let accountNames = budget.accountIDs.compactMap { id in accounts.first { $0.account.id == id }?.account.name }
        var text = names.isEmpty ? "All spending" : names.joined(separator: ", ")
        if !accountNames.isEmpty { text += " · paid from " + accountNames.joined(separator: ", ") }
        return text
    }

    func update(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book"), id = try context.parameters.id("id")
        _ = try await store.budget(id, in: bookID, for: user)
        let input = BudgetForm.input(try await PlanForm.read(request, context: context))
        do {
            _ = try await store.updateBudget(id, in: bookID, for: user, input)
            return PageRenderer.redirect("/books/\(bookID)/budgets/\(id)")
        } catch let error as ValidationError {
            return try await detailPage(context: context, input: input, error: error)
        }
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book")
        try await store.deleteBudget(try context.parameters.id("id"), in: bookID, for: user)
        return PageRenderer.redirect("/books/\(bookID)/budgets")
    }
}
