import Hummingbird
import TallyCore
import TallyJSON
import TallyStore

/// `GET|POST /books/{book}/accounts`, `PATCH|DELETE /books/{book}/accounts/{id}`; with balances.
struct AccountsAPI {
    let store: Store

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("accounts", use: list)
        book.post("accounts", use: create)
        book.patch("accounts/:id", use: update)
        book.delete("accounts/:id", use: delete)
        return routes
    }

    func list(_ request: Request, context: AppContext) async throws -> APIList<APIModel.AccountJSON> {
        let scope = try context.bookScope()
        return APIList(try await store.books.accounts(in: scope).map(APIModel.AccountJSON.init))
    }

    func create(_ request: Request, context: AppContext) async throws -> EditedResponse<APIModel.AccountJSON> {
        let scope = try context.bookScope()
        try scope.requireWrite()
        let body = try await request.decode(as: NewAccount.self, context: context)
        let account = try await store.books.createAccount(
            in: scope,
            name: body.name,
            kind: body.kind,
            openingBalance: body.openingBalance,
            currency: body.currency
        )
        return created(APIModel.AccountJSON(account))
    }

    func update(_ request: Request, context: AppContext) async throws -> APIModel.AccountJSON {
        let scope = try context.bookScope()
        try scope.requireWrite()
        let changes = try await request.decode(as: AccountChangesBody.self, context: context).input
        return APIModel.AccountJSON(
            try await store.books.updateAccount(try context.parameters.id("id"), in: scope, changes: changes)
        )
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        try await store.books.deleteAccount(try context.parameters.id("id"), in: scope)
        return Response(status: .noContent)
    }
}

/// `POST /books/{book}/accounts`.
struct NewAccount: APIRequest {
    static let fields: Set<String> = ["name", "kind", "opening_balance", "currency"]
    let name, kind, openingBalance, currency: String?

    init(_ body: JSONBody) throws {
        name = try body.string("name")
        kind = try body.string("kind")
        openingBalance = try body.string("opening_balance")
        currency = try body.string("currency")
    }
}

/// `PATCH /books/{book}/accounts/{id}`.
struct AccountChangesBody: APIRequest {
    static let fields: Set<String> = ["name", "kind", "opening_balance", "archived"]

    let input: AccountChanges

    init(_ body: JSONBody) throws {
        input = AccountChanges(
            name: try body.string("name"),
            kind: try body.string("kind"),
            openingBalance: try body.string("opening_balance"),
            archived: try body.bool("archived")
        )
    }
}
