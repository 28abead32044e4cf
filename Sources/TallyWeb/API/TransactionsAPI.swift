import Hummingbird
import TallyCore
import TallyStore

/// `GET|POST /books/{book}/transactions`, `GET|PATCH|DELETE /books/{book}/transactions/{id}`.
struct TransactionsAPI {
    let store: Store

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        routes.get("books/:book/transactions", use: list)
        routes.post("books/:book/transactions", use: create)
        routes.get("books/:book/transactions/:id", use: show)
        routes.patch("books/:book/transactions/:id", use: update)
        routes.delete("books/:book/transactions/:id", use: delete)
        return routes
    }

    /// Records matching the filter with the count and totals of all matches; `format=csv`
    /// downloads every match in Tally's CSV format instead.
    func list(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let query = request.uri.queryParameters
        let bookID = try context.parameters.id("book")
        let filter = try TransactionFilter.parse { query.get($0) }
        if try Download.format(query["format"], allowed: ["json", "csv"]) == "csv" {
            return try await CSVExport.response(store: store, book: bookID, user: user, filter: filter)
        }
        var limit = 100
        if let text = query["limit"] {
            guard let parsed = Int(String(text)) else { throw ValidationError("limit", "must be a whole number") }
            limit = parsed
        }
        let page = try await store.transactions(
            in: bookID, for: user, filter: filter, cursor: query["cursor"].map(String.init), limit: limit, summarize: true
        )
        return try JSONResponse.make(APIModel.PageJSON(page))
    }

    func create(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book")
        _ = try await store.access(user, book: bookID, write: true)
        let body = try await JSONBody.read(request, allowed: JSONBody.transactionFields)
        let record = try await store.addTransaction(to: bookID, for: user, try body.transactionInput())
        var response = try JSONResponse.make(APIModel.TransactionJSON(record), status: .created)
        response.headers[.location] = "/api/v1/books/\(bookID)/transactions/\(record.transaction.id)"
        return response
    }

    func show(_ request: Request, context: AppContext) async throws -> Response {
        let record = try await store.transaction(try context.parameters.id("id"), in: try context.parameters.id("book"), for: try context.requireUser())
        return try JSONResponse.make(APIModel.TransactionJSON(record))
    }

    func update(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book"), id = try context.parameters.id("id")
        _ = try await store.transaction(id, in: bookID, for: user)
        let body = try await JSONBody.read(request, allowed: JSONBody.transactionFields)
        let record = try await store.updateTransaction(id, in: bookID, for: user, try body.transactionInput())
        return try JSONResponse.make(APIModel.TransactionJSON(record))
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        try await store.deleteTransaction(try context.parameters.id("id"), in: try context.parameters.id("book"), for: try context.requireUser())
        return Response(status: .noContent)
    }
}
