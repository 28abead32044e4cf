import Hummingbird
import TallyCore
import TallyStore

/// `GET /books`, and per book: `GET calendar?month=YYYY-MM`, `GET payees?q=` (autofill).
struct BooksAPI {
    let store: Store

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        routes.signedIn().get("books", use: list)
        book.get("calendar", use: calendar)
        book.get("payees", use: payees)
        return routes
    }

    func list(_ request: Request, context: SignedInContext) async throws -> APIList<APIModel.BookJSON> {
        APIList(try await store.books.all(for: context.user).map(APIModel.BookJSON.init))
    }

    func calendar(_ request: Request, context: AppContext) async throws -> APIModel.CalendarJSON {
        let scope = try context.bookScope()
        let month: YearMonth
        if let text = request.uri.queryParameters["month"] {
            month = try YearMonth.input(text, field: "month")
        } else {
            month = YearMonth(scope.today)
        }
        let summary = try await store.reports.month(month, in: scope)
        return APIModel.CalendarJSON(summary)
    }

    func payees(_ request: Request, context: AppContext) async throws -> APIList<APIModel.PayeeJSON> {
        let scope = try context.bookScope()
        let prefix = request.uri.queryParameters["q"].map(String.init) ?? ""
        let found = try await store.records.payeeSuggestions(in: scope, prefix: prefix)
        return APIList(found.map(APIModel.PayeeJSON.init))
    }
}
