import Hummingbird
import TallyCore
import TallyStore

/// `…/books/{book}/budgets` (list, add, change, delete), `…/budgets/{id}/status?date=` and
/// `…/budgets/{id}/history?through=&limit=`.
struct BudgetsAPI {
    let store: Store

    static let fields: Set<String> = ["name", "limit", "cycle", "week_start", "start", "day_of_month", "categories", "accounts", "mode", "main"]

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        routes.get("books/:book/budgets", use: list)
        routes.post("books/:book/budgets", use: create)
        routes.get("books/:book/budgets/:id", use: show)
        routes.patch("books/:book/budgets/:id", use: update)
        routes.delete("books/:book/budgets/:id", use: delete)
        routes.get("books/:book/budgets/:id/status", use: status)
        routes.get("books/:book/budgets/:id/history", use: history)
        return routes
    }

    func list(_ request: Request, context: AppContext) async throws -> Response {
        let budgets = try await store.budgets(in: try context.parameters.id("book"), for: try context.requireUser())
        return try JSONResponse.make(budgets.map(APIModel.BudgetJSON.init))
    }

    func show(_ request: Request, context: AppContext) async throws -> Response {
        let budget = try await store.budget(try context.parameters.id("id"), in: try context.parameters.id("book"), for: try context.requireUser())
        return try JSONResponse.make(APIModel.BudgetJSON(budget))
    }

    func create(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book")
        _ = try await store.access(user, book: bookID, write: true)
        let input = try Self.input(try await JSONBody.read(request, allowed: Self.fields))
        return try JSONResponse.make(APIModel.BudgetJSON(try await store.createBudget(in: bookID, for: user, input)), status: .created)
    }

    func update(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book")
        _ = try await store.access(user, book: bookID, write: true)
        let input = try Self.input(try await JSONBody.read(request, allowed: Self.fields))
        return try JSONResponse.make(APIModel.BudgetJSON(try await store.updateBudget(try context.parameters.id("id"), in: bookID, for: user, input)))
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        try await store.deleteBudget(try context.parameters.id("id"), in: try context.parameters.id("book"), for: try context.requireUser())
        return Response(status: .noContent)
    }

    func status(_ request: Request, context: AppContext) async throws -> Response {
        let date = try QueryDate.read(request, "date")
        let standing = try await store.budgetStatus(
            try context.parameters.id("id"), in: try context.parameters.id("book"), for: try context.requireUser(), on: date
        )
        return try JSONResponse.make(APIModel.BudgetStatusJSON(standing))
    }

    func history(_ request: Request, context: AppContext) async throws -> Response {
        let through = try QueryDate.read(request, "through")
        var limit = 12
        if let text = request.uri.queryParameters.get("limit") {
            guard let value = Int(text) else { throw ValidationError("limit", "must be a whole number from 1 to 500") }
            limit = value
        }
        let periods = try await store.budgetHistory(
            try context.parameters.id("id"), in: try context.parameters.id("book"), for: try context.requireUser(), through: through, limit: limit
        )
        return try JSONResponse.make(periods.map(APIModel.PeriodJSON.init))
    }

    static func input(_ body: JSONBody) throws -> BudgetInput {
        BudgetInput(
            name: try body.string("name"), limit: try body.string("limit"), cycle: try body.string("cycle"), weekStart: try body.string("week_start"),
            start: try body.string("start"), dayOfMonth: try body.number("day_of_month"), categories: try body.list("categories"),
            accounts: try body.list("accounts"), mode: try body.string("mode"), main: try body.bool("main")
        )
    }
}

/// A date in the query string: absent → nil, malformed → 422 naming the parameter.
enum QueryDate {
    static func read(_ request: Request, _ name: String) throws -> LocalDate? {
        guard let text = request.uri.queryParameters.get(name), !text.isEmpty else { return nil }
        return try PlanValidate.date(text, field: name)
    }
}
