import Hummingbird
import TallyCore
import TallyStore

/// `GET|POST /books/{book}/accounts`, `PATCH|DELETE /books/{book}/accounts/{id}`; with balances.
struct AccountsAPI {
    let store: Store

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        routes.get("books/:book/accounts", use: list)
        routes.post("books/:book/accounts", use: create)
        routes.patch("books/:book/accounts/:id", use: update)
        routes.delete("books/:book/accounts/:id", use: delete)
        return routes
    }

    func list(_ request: Request, context: AppContext) async throws -> Response {
        let accounts = try await store.accounts(in: try context.parameters.id("book"), for: try context.requireUser())
        return try JSONResponse.make(accounts.map(APIModel.AccountJSON.init))
    }

    func create(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book")
        _ = try await store.access(user, book: bookID, write: true)
        let body = try await JSONBody.read(request, allowed: ["name", "kind", "opening_balance", "currency"])
        let account = try await store.createAccount(
            in: bookID, for: user, name: try body.string("name"), kind: try body.string("kind"),
            openingBalance: try body.string("opening_balance"), currency: try body.string("currency")
        )
        return try JSONResponse.make(APIModel.AccountJSON(account), status: .created)
    }

    func update(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book")
        _ = try await store.access(user, book: bookID, write: true)
        let body = try await JSONBody.read(request, allowed: ["name", "kind", "opening_balance", "archived"])
        let changes = AccountChanges(
            name: try body.string("name"), kind: try body.string("kind"), openingBalance: try body.string("opening_balance"), archived: try body.bool("archived")
        )
        let account = try await store.updateAccount(try context.parameters.id("id"), in: bookID, for: user, changes: changes)
        return try JSONResponse.make(APIModel.AccountJSON(account))
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        try await store.deleteAccount(try context.parameters.id("id"), in: try context.parameters.id("book"), for: try context.requireUser())
        return Response(status: .noContent)
    }
}
