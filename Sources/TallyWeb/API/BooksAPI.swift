import Hummingbird
import TallyCore
import TallyStore

/// `GET /books`, and per book: `GET calendar?month=YYYY-MM`, `GET payees?q=` (autofill).
struct BooksAPI {
    let store: Store

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        routes.get("books", use: list)
        routes.get("books/:book/calendar", use: calendar)
        routes.get("books/:book/payees", use: payees)
        return routes
    }

    func list(_ request: Request, context: AppContext) async throws -> Response {
        try JSONResponse.make(try await store.books(for: try context.requireUser()).map(APIModel.BookJSON.init))
    }

    func calendar(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let month: YearMonth
        if let text = request.uri.queryParameters["month"] {
            month = try YearMonth.input(text, field: "month")
        } else {
            month = YearMonth(store.today())
        }
        let summary = try await store.month(month, in: try context.parameters.id("book"), for: user)
        return try JSONResponse.make(APIModel.CalendarJSON(summary))
    }

    func payees(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let prefix = request.uri.queryParameters["q"].map(String.init) ?? ""
        let found = try await store.payeeSuggestions(in: try context.parameters.id("book"), for: user, prefix: prefix)
        return try JSONResponse.make(found.map(APIModel.PayeeJSON.init))
    }
}
