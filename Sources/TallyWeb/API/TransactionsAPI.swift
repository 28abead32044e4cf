import Hummingbird
import TallyCore
import TallyStore

/// `GET|POST /books/{book}/transactions`, `GET|PATCH|DELETE /books/{book}/transactions/{id}`.
struct TransactionsAPI {
    let store: Store

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("transactions", use: list)
        book.post("transactions", use: create)
        book.get("transactions/:id", use: show)
        book.patch("transactions/:id", use: update)
        book.delete("transactions/:id", use: delete)
        return routes
    }

    /// Records matching the filter with the count and totals of all matches; `format=csv`
    /// downloads every match in Tally's CSV format instead.
    func list(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let query = request.uri.queryParameters
        let filter = try TransactionFilter.parse { query.get($0) }
        if try Download.format(query["format"], allowed: ["json", "csv"]) == "csv" {
            return try await CSVExport.response(store: store, scope: scope, filter: filter)
        }
        var limit = 100
        if let text = query["limit"] {
            guard let parsed = Int(String(text)) else { throw ValidationError("limit", "must be a whole number") }
            limit = parsed
        }
        let page = try await store.records.transactions(
            in: scope,
            filter: filter,
            cursor: query["cursor"].map(String.init),
            limit: limit,
            summarize: true
        )
        return try JSONResponse.make(APIModel.PageJSON(page))
    }

    func create(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let bookID = scope.bookID
        try scope.requireWrite()
        let body = try await JSONBody.read(request, allowed: JSONBody.transactionFields)
        let record = try await store.records.addTransaction(to: scope, try body.transactionInput())
        var response = try JSONResponse.make(APIModel.TransactionJSON(record), status: .created)
        response.headers[.location] = "/api/v1/books/\(bookID)/transactions/\(record.transaction.id)"
        return response
    }

    func show(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let record = try await store.records.transaction(try context.parameters.id("id"), in: scope)
        return try JSONResponse.make(APIModel.TransactionJSON(record))
    }

    func update(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let id = try context.parameters.id("id")
        _ = try await store.records.transaction(id, in: scope)
        let body = try await JSONBody.read(request, allowed: JSONBody.transactionFields)
        let record = try await store.records.updateTransaction(id, in: scope, try body.transactionInput())
        return try JSONResponse.make(APIModel.TransactionJSON(record))
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        try await store.records.deleteTransaction(try context.parameters.id("id"), in: scope)
        return Response(status: .noContent)
    }
}
