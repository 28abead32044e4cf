import Hummingbird
import TallyCore
import TallyJSON
import TallyStore

/// `…/books/{book}/budgets` (list, add, change, delete), `…/budgets/{id}/status?date=` and
/// `…/budgets/{id}/history?through=&limit=`.
struct BudgetsAPI {
    let store: Store

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("budgets", use: list)
        book.post("budgets", use: create)
        book.get("budgets/:id", use: show)
        book.patch("budgets/:id", use: update)
        book.delete("budgets/:id", use: delete)
        book.get("budgets/:id/status", use: status)
        book.get("budgets/:id/history", use: history)
        return routes
    }

    func list(_ request: Request, context: AppContext) async throws -> APIList<APIModel.BudgetJSON> {
        let scope = try context.bookScope()
        let budgets = try await store.plans.budgets(in: scope)
        return APIList(budgets.map(APIModel.BudgetJSON.init))
    }

    func show(_ request: Request, context: AppContext) async throws -> APIModel.BudgetJSON {
        let scope = try context.bookScope()
        let budget = try await store.plans.budget(try context.parameters.id("id"), in: scope)
        return APIModel.BudgetJSON(budget)
    }

    func create(_ request: Request, context: AppContext) async throws -> EditedResponse<APIModel.BudgetJSON> {
        let scope = try context.bookScope()
        try scope.requireWrite()
        let input = try await request.decode(as: BudgetBody.self, context: context).input
        return created(APIModel.BudgetJSON(try await store.plans.createBudget(in: scope, input)))
    }

    func update(_ request: Request, context: AppContext) async throws -> APIModel.BudgetJSON {
        let scope = try context.bookScope()
        try scope.requireWrite()
        let input = try await request.decode(as: BudgetBody.self, context: context).input
        return APIModel.BudgetJSON(
            try await store.plans.updateBudget(try context.parameters.id("id"), in: scope, input)
        )
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        try await store.plans.deleteBudget(try context.parameters.id("id"), in: scope)
        return Response(status: .noContent)
    }

    func status(_ request: Request, context: AppContext) async throws -> APIModel.BudgetStatusJSON {
        let scope = try context.bookScope()
        let date = try QueryDate.read(request, "date")
        let standing = try await store.plans.budgetStatus(
            try context.parameters.id("id"),
            in: scope,
            on: date
        )
        return APIModel.BudgetStatusJSON(standing)
    }

    func history(_ request: Request, context: AppContext) async throws -> APIList<APIModel.PeriodJSON> {
        let scope = try context.bookScope()
        let through = try QueryDate.read(request, "through")
        var limit = 12
        if let text = request.uri.queryParameters.get("limit") {
            guard let value = Int(text) else { throw FieldError("limit", "must be a whole number from 1 to 500") }
            limit = value
        }
        let periods = try await store.plans.budgetHistory(
            try context.parameters.id("id"),
            in: scope,
            through: through,
            limit: limit
        )
        return APIList(periods.map(APIModel.PeriodJSON.init))
    }

}

/// A date in the query string: absent → nil, malformed → 422 naming the parameter.
enum QueryDate {
    static func read(_ request: Request, _ name: String) throws -> LocalDate? {
        guard let text = request.uri.queryParameters.get(name), !text.isEmpty else { return nil }
        return try PlanValidate.date(text, field: name)
    }
}

/// The JSON body of a `BudgetInput`.
struct BudgetBody: APIRequest {
    static let fields: Set<String> = [
        "name", "limit", "cycle", "week_start", "start", "day_of_month", "categories", "accounts", "mode", "main",
    ]

    let input: BudgetInput

    init(_ body: JSONBody) throws {
        input = BudgetInput(
            name: try body.string("name"),
            limit: try body.string("limit"),
            cycle: try body.string("cycle"),
            weekStart: try body.string("week_start"),
            start: try body.string("start"),
            dayOfMonth: try body.number("day_of_month"),
            categories: try body.list("categories"),
            accounts: try body.list("accounts"),
            mode: try body.string("mode"),
            main: try body.bool("main")
        )
    }
}
