import Hummingbird
import TallyCore
import TallyStore

/// Manage payment sources: add, rename, opening balance, archive; balances shown.
struct AccountPages {
    let store: Store
    let pages: PageRenderer

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        routes.get("books/:book/accounts", use: list)
        routes.post("books/:book/accounts", use: create)
        routes.post("books/:book/accounts/:id", use: update)
        routes.post("books/:book/accounts/:id/delete", use: delete)
        return routes
    }

    func list(_ request: Request, context: AppContext) async throws -> Response {
        try await page(context: context)
    }

    private func page(context: AppContext, error: String = "", status: HTTPResponse.Status = .ok) async throws -> Response {
        let user = try context.requireUser()
        let book = try await store.access(user, book: try context.parameters.id("book"))
        let accounts = try await store.accounts(in: book.id, for: user)
        let model = AccountsPage(
            accounts: accounts.map { item in
                let a = item.account
                return AccountRow(
                    id: a.id, name: a.name, kind: a.kind.rawValue, balance: item.balance.formatted,
                    negative: item.balance.isNegative, opening: a.openingBalance.decimalString, archived: a.archived,
                    kinds: AccountKind.allCases.map { ValueOption(value: $0.rawValue, label: $0.rawValue, selected: $0 == a.kind) }
                )
            },
            kinds: AccountKind.allCases.map { ValueOption(value: $0.rawValue, label: $0.rawValue) }, error: error
        )
        return pages.page("accounts", title: "Accounts", context: context, book: book, model: model, status: status)
    }

    func create(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book")
        var request = request
        let form = try await request.form(context: context)
        do {
            _ = try await store.createAccount(
                in: bookID, for: user, name: form["name"], kind: form["kind"], openingBalance: form["opening_balance"], currency: form["currency"]
            )
            return PageRenderer.redirect("/books/\(bookID)/accounts")
        } catch let error as ValidationError {
            return try await page(context: context, error: error.description, status: .unprocessableContent)
        }
    }

    func update(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book")
        var request = request
        let form = try await request.form(context: context)
        do {
            let changes = AccountChanges(
                name: form["name"], kind: form["kind"], openingBalance: form["opening_balance"], archived: form["archived"].map { $0 == "1" }
            )
            _ = try await store.updateAccount(try context.parameters.id("id"), in: bookID, for: user, changes: changes)
            return PageRenderer.redirect("/books/\(bookID)/accounts")
        } catch let error as ValidationError {
            return try await page(context: context, error: error.description, status: .unprocessableContent)
        }
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book")
        do {
            try await store.deleteAccount(try context.parameters.id("id"), in: bookID, for: user)
            return PageRenderer.redirect("/books/\(bookID)/accounts")
        } catch StoreError.conflict(let message) {
            return try await page(context: context, error: message, status: .conflict)
        }
    }
}
