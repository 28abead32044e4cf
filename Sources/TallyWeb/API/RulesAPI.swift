import Hummingbird
import TallyCore
import TallyStore

/// `…/books/{book}/rules`: the book's rules, in order. `GET` lists them, `POST` adds one (a
/// `RuleInput` object plus an optional 1-based `position`), `DELETE …/rules/{id}` removes one,
/// `POST …/rules/{id}/apply` applies one to the records already there (`?dry_run=true` only says
/// what it would change), and `DELETE …/rule-runs/{id}` undoes such a run.
struct RulesAPI {
    let store: Store

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("rules", use: list)
        book.post("rules", use: create)
        book.delete("rules/:id", use: delete)
        book.post("rules/:id/apply", use: apply)
        book.delete("rule-runs/:id", use: undoRun)
        return routes
    }

    /// The keys of `RuleInput`, besides `position`.
    static let inputKeys: [String] = [
        "payee_contains", "payee_is", "payee_starts", "note_contains", "note_is", "note_starts", "amount_is",
        "amount_min", "amount_max", "account", "kind", "set_category", "set_payee", "set_note", "set_account",
        "add_tag",
    ]

    func list(_ request: Request, context: AppContext) async throws -> APIList<RuleJSON> {
        let scope = try context.bookScope()
        let names = try await Names(store: store, scope: scope)
        return APIList(try await store.rules.rules(in: scope).map { RuleJSON($0, names: names) })
    }

    func create(_ request: Request, context: AppContext) async throws -> EditedResponse<RuleJSON> {
        let scope = try context.bookScope()
        try scope.requireWrite()
        let body = try await JSONBody.read(request, allowed: Set(Self.inputKeys + ["position"]))
        // Ids may come as JSON integers where a category or an account is named.
        let ids: Set<String> = ["account", "set_category", "set_account"]
        var text: [String: String] = [:]
        for key in Self.inputKeys {
            text[key] = try body.string(key, allowInteger: ids.contains(key))
        }
        let input = RuleInput(
            payeeContains: text["payee_contains"],
            payeeIs: text["payee_is"],
            payeeStarts: text["payee_starts"],
            noteContains: text["note_contains"],
            noteIs: text["note_is"],
            noteStarts: text["note_starts"],
            amountIs: text["amount_is"],
            amountMin: text["amount_min"],
            amountMax: text["amount_max"],
            account: text["account"],
            kind: text["kind"],
            setCategory: text["set_category"],
            setPayee: text["set_payee"],
            setNote: text["set_note"],
            setAccount: text["set_account"],
            addTag: text["add_tag"]
        )
        var position: Int?
        if let raw = try body.number("position"), !raw.isEmpty {
            guard let value = Int(raw), value >= 1 else {
                throw FieldError("position", "must be a whole number from 1 (first)")
            }
            position = value
        }
        let rule = try await store.rules.addRule(in: scope, input, position: position)
        return created(RuleJSON(rule, names: try await Names(store: store, scope: scope)))
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        try await store.rules.deleteRule(try StatementImportsAPI.pathID(context), in: scope)
        return Response(status: .noContent)
    }

    func apply(_ request: Request, context: AppContext) async throws -> RuleRunJSON {
        let scope = try context.bookScope()
        let id = try StatementImportsAPI.pathID(context)
        let raw = request.uri.queryParameters.get("dry_run")?.lowercased() ?? "false"
        guard ["true", "1", "yes", "false", "0", "no"].contains(raw) else {
            throw FieldError("dry_run", "must be true or false")
        }
        let dryRun = ["true", "1", "yes"].contains(raw)
        let run = try await store.rules.applyRule(id, in: scope, dryRun: dryRun)
        return RuleRunJSON(run, names: try await Names(store: store, scope: scope))
    }

    func undoRun(_ request: Request, context: AppContext) async throws -> RunUndoJSON {
        let scope = try context.bookScope()
        return RunUndoJSON(restored: try await store.rules.undoRun(try StatementImportsAPI.pathID(context), in: scope))
    }

    /// The book's category paths and account names by id, to show rules and changes readably.
    struct Names {
        let categories: [Int64: String]
        let accounts: [Int64: String]

        init(store: Store, scope: BookScope) async throws {
            let all = try await store.books.categories(in: scope)
            categories = Dictionary(all.map { ($0.id.rawValue, $0.path(in: all)) }, uniquingKeysWith: { a, _ in a })
            accounts = Dictionary(
                try await store.books.accounts(in: scope).map { ($0.account.id.rawValue, $0.account.name) },
                uniquingKeysWith: { a, _ in a }
            )
        }

        func category(_ id: Int64?) -> String? { id.map { categories[$0] ?? String($0) } }
        func account(_ id: Int64?) -> String? { id.map { accounts[$0] ?? String($0) } }
    }
}
