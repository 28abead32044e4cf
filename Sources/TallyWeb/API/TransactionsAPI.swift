import HTTPTypes
import Hummingbird
import TallyCore
import TallyJSON
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

    /// Records matching the filter with the count and totals of all matches; `format=csv`,
    /// `tally-json`, `ledger` or `beancount` downloads every match in that format instead.
    func list(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let query = request.uri.queryParameters
        let filter = try TransactionFilter.parse { query.get($0) }
        let format = try Download.format(query["format"], allowed: ["json"] + RecordsDownload.formats.map(\.name))
        if format != "json" {
            return try await RecordsDownload.response(store: store, scope: scope, filter: filter, format: format)
        }
        var limit = 100
        if let text = query["limit"] {
            guard let parsed = Int(String(text)) else { throw FieldError("limit", "must be a whole number") }
            limit = parsed
        }
        let page = try await store.records.transactions(
            in: scope,
            filter: filter,
            cursor: query["cursor"].map(String.init),
            limit: limit,
            summarize: true
        )
        return try APIModel.PageJSON(page).response(from: request, context: context)
    }

    func create(
        _ request: Request,
        context: AppContext
    ) async throws -> EditedResponse<APIModel.TransactionJSON> {
        let scope = try context.bookScope()
        try scope.requireWrite()
        let input = try await request.decode(as: RecordBody.self, context: context).input
        // With a key, a repeat answers 200 with the record the key made (an offline queue's retry).
        if let key = request.headers[Self.idempotencyKey] {
            let add = try await store.records.addTransaction(to: scope, input, key: try IdempotencyKey(key))
            guard add.created else {
                return EditedResponse(
                    status: .ok,
                    response: APIModel.TransactionJSON(add.record, base: scope.book.currency)
                )
            }
            return created(
                APIModel.TransactionJSON(add.record, base: scope.book.currency),
                location: Self.location(of: add.record, in: scope)
            )
        }
        let record = try await store.records.addTransaction(to: scope, input)
        return created(
            APIModel.TransactionJSON(record, base: scope.book.currency),
            location: Self.location(of: record, in: scope)
        )
    }

    /// The header that makes an add safe to send again.
    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!

    /// A new record's URL, for `Location`.
    private static func location(of record: TransactionRecord, in scope: BookScope) -> String {
        "/api/v1/books/\(scope.bookID)/transactions/\(record.transaction.id)"
    }

    func show(_ request: Request, context: AppContext) async throws -> APIModel.TransactionJSON {
        let scope = try context.bookScope()
        return APIModel.TransactionJSON(
            try await store.records.transaction(try context.parameters.id("id"), in: scope),
            base: scope.book.currency
        )
    }

    func update(_ request: Request, context: AppContext) async throws -> APIModel.TransactionJSON {
        let scope = try context.bookScope()
        let id = try context.parameters.id("id", as: TransactionID.self)
        _ = try await store.records.transaction(id, in: scope)
        let input = try await request.decode(as: RecordBody.self, context: context).input
        return APIModel.TransactionJSON(
            try await store.records.updateTransaction(id, in: scope, input),
            base: scope.book.currency
        )
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        try await store.records.deleteTransaction(try context.parameters.id("id"), in: scope)
        return Response(status: .noContent)
    }
}

/// The JSON body of a `TransactionInput`.
struct RecordBody: APIRequest {
    static let fields: Set<String> = [
        "kind", "amount", "currency", "date", "time", "payee", "category", "account", "to_account", "note", "lines",
        "tags",
    ]

    /// Categories and accounts may be given by id (a JSON integer) or by name.
    let input: TransactionInput

    init(_ body: JSONBody) throws {
        input = TransactionInput(
            kind: try body.string("kind"),
            amount: try body.string("amount"),
            currency: try body.string("currency"),
            date: try body.string("date"),
            time: try body.string("time"),
            payee: try body.string("payee"),
            category: try body.string("category", allowInteger: true),
            account: try body.string("account", allowInteger: true),
            toAccount: try body.string("to_account", allowInteger: true),
            note: try body.string("note"),
            lines: try body.lines("lines"),
            tags: try body.list("tags")
        )
    }
}
