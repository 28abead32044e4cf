import Hummingbird
import TallyCore
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

    func list(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let accounts = try await store.books.accounts(in: scope)
        return try JSONResponse.make(accounts.map(APIModel.AccountJSON.init))
    }

    func create(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        try scope.requireWrite()
        let body = try await JSONBody.read(request, allowed: ["name", "kind", "opening_balance", "currency"])
        let account = try await store.books.createAccount(
            in: scope,
            name: try body.string("name"),
            kind: try body.string("kind"),
            openingBalance: try body.string("opening_balance"),
            currency: try body.string("currency")
        )
        return try JSONResponse.make(APIModel.AccountJSON(account), status: .created)
    }

    func update(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        try scope.requireWrite()
        let body = try await JSONBody.read(request, allowed: ["name", "kind", "opening_balance", "archived"])
        let changes = AccountChanges(
            name: try body.string("name"),
            kind: try body.string("kind"),
            openingBalance: try body.string("opening_balance"),
            archived: try body.bool("archived")
        )
        let account = try await store.books.updateAccount(try context.parameters.id("id"), in: scope, changes: changes)
        return try JSONResponse.make(APIModel.AccountJSON(account))
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        try await store.books.deleteAccount(try context.parameters.id("id"), in: scope)
        return Response(status: .noContent)
    }
}
