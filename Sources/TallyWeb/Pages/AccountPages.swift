import Hummingbird
import TallyCore
import TallyStore

/// Manage payment sources: add, rename, opening balance, archive; balances shown.
struct AccountPages: CatalogPages {
    let store: Store
    let pages: PageRenderer

    static let path = "accounts"

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("accounts", use: list)
        book.post("accounts", use: create)
        book.post("accounts/:id", use: update)
        book.post("accounts/:id/delete", use: delete)
        return routes
    }

    func page(
        context: AppContext,
        error: String = "",
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let scope = try context.bookScope()
        let book = scope.book
        let accounts = try await store.books.accounts(in: scope)
        let model = AccountsPage(
            accounts: accounts.map { item in
                let a = item.account
                return AccountRow(
                    id: a.id,
                    name: a.name,
                    kind: a.kind.rawValue,
                    balance: item.balance.formatted,
                    converted: a.currency == book.currency
                        ? "" : item.converted.map { "≈ \($0.formatted)" } ?? "no rate to \(book.currency.code) yet",
                    negative: item.balance.isNegative,
                    opening: a.openingBalance.decimalString,
                    archived: a.archived,
                    kinds: AccountKind.allCases.map {
                        ValueOption(value: $0.rawValue, label: $0.rawValue, selected: $0 == a.kind)
                    }
                )
            },
            kinds: AccountKind.allCases.map { ValueOption(value: $0.rawValue, label: $0.rawValue) },
            error: error
        )
        return pages.page("accounts", title: "Accounts", context: context, book: book, model: model, status: status)
    }

    func create(_ request: Request, context: AppContext) async throws -> Response {
        try await post(request, context: context, as: AccountForm.self) { form, scope in
            _ = try await store.books.createAccount(
                in: scope,
                name: form.name,
                kind: form.kind,
                openingBalance: form.openingBalance,
                currency: form.currency
            )
        }
    }

    func update(_ request: Request, context: AppContext) async throws -> Response {
        let id = try context.parameters.id("id", as: AccountID.self)
        return try await post(request, context: context, as: AccountForm.self) { form, scope in
            let changes = AccountChanges(
                name: form.name,
                kind: form.kind,
                openingBalance: form.openingBalance,
                archived: form.archived.map { $0 == "1" } ?? (form.archiveShown == nil ? nil : false)
            )
            _ = try await store.books.updateAccount(id, in: scope, changes: changes)
        }
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        do {
            try await store.books.deleteAccount(try context.parameters.id("id"), in: scope)
            return PageRenderer.redirect(Self.link(scope.bookID))
        } catch StoreError.conflict(let message) {
            return try await page(context: context, error: message, status: .conflict)
        }
    }
}
