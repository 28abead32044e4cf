import Hummingbird
import TallyCore
import TallyJSON
import TallyLocales
import TallyStore

/// The books: `GET|POST /books`, `PATCH|DELETE /books/{book}`, `POST /books/{book}/leave`; and
/// per book `GET calendar?month=YYYY-MM`, `GET payees?q=` (autofill). Members and invitations
/// are in `SharingAPI`. Which role each route needs is `BookAccess`'s to say.
struct BooksAPI {
    let store: Store

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        let signedIn = routes.signedIn()
        signedIn.get("books", use: list)
        signedIn.post("books", use: create)
        book.patch(use: update)
        book.delete(use: delete)
        book.post("leave", use: leave)
        book.get("calendar", use: calendar)
        book.get("payees", use: payees)
        return routes
    }

    func list(_ request: Request, context: SignedInContext) async throws -> APIList<APIModel.BookJSON> {
        APIList(try await store.books.all(for: context.user).map(APIModel.BookJSON.init))
    }

    func create(_ request: Request, context: SignedInContext) async throws -> EditedResponse<APIModel.BookJSON> {
        let body = try await request.decode(as: NewBook.self, context: context)
        let book = try await store.books.createBook(
            for: context.user,
            name: body.name,
            currency: body.currency,
            copyCategoriesFrom: body.copyCategoriesFrom,
            names: Catalogs.shipped.catalog(context.locale.language)
        )
        return created(APIModel.BookJSON(book), location: "/api/v1/books/\(book.id)")
    }

    func update(_ request: Request, context: AppContext) async throws -> APIModel.BookJSON {
        let scope = try context.bookScope()
        let body = try await request.decode(as: BookChanges.self, context: context)
        var book = scope.book
        if let name = body.name { book.name = try await store.books.rename(in: scope, to: name).name }
        if let archived = body.archived {
            book.archived = try await store.books.setArchived(archived, in: scope).archived
        }
        return APIModel.BookJSON(book)
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        try await store.books.delete(in: try context.bookScope())
        return Response(status: .noContent)
    }

    func leave(_ request: Request, context: AppContext) async throws -> Response {
        try await store.books.leave(try context.bookScope())
        return Response(status: .noContent)
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

/// `POST /books`.
struct NewBook: APIRequest {
    static let fields: Set<String> = ["name", "currency", "copy_categories_from"]
    let name, currency, copyCategoriesFrom: String?

    init(_ body: JSONBody) throws {
        name = try body.string("name")
        currency = try body.string("currency")
        copyCategoriesFrom = try body.string("copy_categories_from", allowInteger: true)
    }
}

/// `PATCH /books/{book}`: a new name, and/or archived true/false.
struct BookChanges: APIRequest {
    static let fields: Set<String> = ["name", "archived"]
    let name: String?
    let archived: Bool?

    init(_ body: JSONBody) throws {
        name = try body.string("name")
        archived = try body.bool("archived")
    }
}
