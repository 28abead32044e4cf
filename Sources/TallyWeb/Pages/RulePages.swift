import Foundation
import Hummingbird
import TallyCore
import TallyStore

/// `/books/{book}/rules`: the book's rules in order (conditions → actions in words), adding and
/// deleting them, and applying one to the records already in the book: a preview of what would
/// change, the run itself, and an undo of that run.
struct RulePages {
    let store: Store
    let pages: PageRenderer

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("rules", use: list)
        book.get("rules/new", use: newForm)
        book.post("rules", use: create)
        book.get("rules/:id/delete", use: confirmDelete)
        book.post("rules/:id/delete", use: delete)
        book.get("rules/:id/apply", use: preview)
        book.post("rules/:id/apply", use: apply)
        book.post("rules/runs/:id/undo", use: undoRun)
        return routes
    }

    /// The id in the path; anything else is not found.
    static func pathID(_ context: AppContext) throws -> Int64 {
        guard let text = context.parameters.get("id"), let id = Int64(text), id > 0 else {
            throw HTTPError(.notFound)
        }
        return id
    }

    /// `GET rules`: the list and, for writers, the add form; after an apply, its undo.
    func list(_ request: Request, context: AppContext) async throws -> Response {
        let query = request.uri.queryParameters
        var notice = ""
        var run: Int64 = 0
        if let changed = query.get("changed").flatMap({ Int($0) }) {
            run = query.get("run").flatMap { Int64($0) } ?? 0
            notice = "The rule changed \(changed) record\(changed == 1 ? "" : "s")."
        } else if let restored = query.get("restored").flatMap({ Int($0) }) {
            notice = "Undone: \(restored) record\(restored == 1 ? "" : "s") got their fields back."
        } else if query.get("done") == "added" {
            notice = "Rule added. New imports follow it; apply it to see what it changes in older records."
        } else if query.get("done") == "deleted" {
            notice = "Rule deleted."
        }
        return try await page(context: context, input: RuleInput(), notice: notice, runID: run)
    }

    /// `GET rules/new`: the add form on its own, prefilled from a record with `?from=ID`
    /// ("Make a rule from this").
    func newForm(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        _ = try scope.writable()
        var input = RuleInput()
        var from = ""
        if let raw = request.uri.queryParameters.get("from"), let id = Int64(raw), id > 0 {
            let record = try await store.records.transaction(TransactionID(rawValue: id), in: scope)
            input = RuleInput.suggested(
                payee: record.transaction.payee,
                category: record.transaction.categoryID?.rawValue
            )
            from = record.transaction.payee
        }
        return try await page(context: context, input: input, formFirst: true, fromRecord: from)
    }

    /// The rules page.
    func page(
        context: AppContext,
        input: RuleInput,
        position: String = "",
        notice: String = "",
        error: FieldError? = nil,
        runID: Int64 = 0,
        formFirst: Bool = false,
        fromRecord: String = "",
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let scope = try context.bookScope()
        let book = scope.book
        let rules = try await store.rules.rules(in: scope)
        let words = try await store.rules.words(in: scope)
        let categories = try await store.books.categories(in: scope)
        let accounts = try await store.books.accounts(in: scope)
        func field(_ key: String, _ label: String, _ value: String?, mode: String = "") -> RuleFieldView {
            RuleFieldView(
                key: key,
                label: label,
                value: value ?? "",
                isSelect: false,
                options: [],
                fieldError: error?.field == key ? error!.message : "",
                inputMode: mode
            )
        }
        func select(_ key: String, _ label: String, _ value: String?, _ options: [ValueOption]) -> RuleFieldView {
            let chosen = value ?? ""
            return RuleFieldView(
                key: key,
                label: label,
                value: chosen,
                isSelect: true,
                options: [ValueOption(value: "", label: "Any / leave as is", selected: chosen.isEmpty)]
                    + options.map { ValueOption(value: $0.value, label: $0.label, selected: $0.value == chosen) },
                fieldError: error?.field == key ? error!.message : "",
                inputMode: ""
            )
        }
        let accountOptions = accounts.filter { !$0.account.archived }.map {
            ValueOption(value: String($0.account.id), label: $0.account.name)
        }
        let names = CategoryNames(categories)
        let categoryOptions = categories.sorted {
            ($0.kind.rawValue, names.path($0.id)) < ($1.kind.rawValue, names.path($1.id))
        }
        .map {
            ValueOption(value: String($0.id), label: "\(names.path($0.id))\($0.kind == .income ? " (income)" : "")")
        }
        let kinds = TransactionKind.allCases.map { ValueOption(value: $0.rawValue, label: $0.rawValue.capitalized) }
        let conditions = [
            field("payee_contains", "Payee contains", input.payeeContains),
            field("payee_is", "Payee is exactly", input.payeeIs),
            field("payee_starts", "Payee starts with", input.payeeStarts),
            field("note_contains", "Note contains", input.noteContains),
            field("note_is", "Note is exactly", input.noteIs),
            field("note_starts", "Note starts with", input.noteStarts),
            field("amount_is", "Amount is (\(book.currency.code))", input.amountIs, mode: "decimal"),
            field("amount_min", "Amount at least", input.amountMin, mode: "decimal"),
            field("amount_max", "Amount at most", input.amountMax, mode: "decimal"),
            select("account", "In account", input.account, accountOptions),
            select("kind", "Kind", input.kind, kinds),
        ]
        let actions = [
            select("set_category", "Set the category to", input.setCategory, categoryOptions),
            field("set_payee", "Show the payee as", input.setPayee),
            field("set_note", "Set the note to", input.setNote),
            select("set_account", "Move to account", input.setAccount, accountOptions),
            field("add_tag", "Add the tag", input.addTag),
        ]
        let model = RulesPage(
            rules: rules.map { rule in
                let text = words.describe(rule)
                return RuleRowView(
                    id: rule.id ?? 0,
                    position: rule.position,
                    conditions: text.conditions,
                    actions: text.actions
                )
            },
            hasRules: !rules.isEmpty,
            conditionFields: conditions,
            actionFields: actions,
            position: position,
            positionMax: rules.count + 1,
            notice: notice,
            error: error.map {
                Self.knownField($0.field) ? "Check the field marked below: \($0.description)." : $0.description
            }
                ?? "",
            runID: runID,
            hasRun: runID > 0,
            formFirst: formFirst,
            fromRecord: fromRecord
        )
        return pages.page("rules", title: "Rules", context: context, book: book, model: model, status: status)
    }

    /// Whether the form has a field of that name (else the error is the rule's as a whole).
    static func knownField(_ name: String) -> Bool {
        [
            "payee_contains", "payee_is", "payee_starts", "note_contains", "note_is", "note_starts", "amount_is",
            "amount_min", "amount_max", "account", "kind", "set_category", "set_payee", "set_note", "set_account",
            "add_tag", "position",
        ].contains(name)
    }

    /// `POST rules`: adds a rule at the position given (at the end when blank).
    func create(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        _ = try scope.writable()
        return try await PageRenderer.post(request, context: context, as: RuleForm.self) { form in
            var position: Int?
            if let raw = form.position?.trimmingSpaces(), !raw.isEmpty {
                guard let n = Int(raw), n >= 1 else { throw FieldError("position", "must be a whole number from 1") }
                position = n
            }
            _ = try await store.rules.addRule(in: scope, form.input, position: position)
            return "/books/\(scope.bookID)/rules?done=added"
        } refused: { form, error in
            try await page(
                context: context,
                input: form.input,
                position: form.position ?? "",
                error: error,
                formFirst: true,
                status: .unprocessableContent
            )
        }
    }

    /// `GET rules/{id}/delete`: "Delete this rule?".
    func confirmDelete(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let book = try scope.writable()
        let rule = try await self.rule(context: context, scope: scope)
        let text = try await store.rules.words(in: scope).describe(rule)
        return pages.page(
            "rules-delete",
            title: "Delete the rule?",
            context: context,
            book: book,
            model: RuleDeletePage(id: rule.id ?? 0, conditions: text.conditions, actions: text.actions)
        )
    }

    /// `POST rules/{id}/delete`.
    func delete(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        _ = try scope.writable()
        try await store.rules.deleteRule(try Self.pathID(context), in: scope)
        return PageRenderer.redirect("/books/\(scope.bookID)/rules?done=deleted")
    }

    /// `GET rules/{id}/apply`: how many records the rule would change, and the first 100 of
    /// them before → after.
    func preview(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let rule = try await self.rule(context: context, scope: scope)
        let run = try await store.rules.applyRule(rule.id ?? 0, in: scope, dryRun: true)
        let words = try await store.rules.words(in: scope)
        let text = words.describe(rule)
        let model = RuleApplyPage(
            id: rule.id ?? 0,
            conditions: text.conditions,
            actions: text.actions,
            count: run.count,
            shown: run.changes.count,
            changes: run.changes.map { change in
                RuleChangeView(
                    link: "/books/\(scope.bookID)/transactions/\(change.id)/edit",
                    date: change.date.description,
                    amount: change.amount.formatted,
                    before: words.changed(change.before, against: change.after),
                    after: words.changed(change.after, against: change.before)
                )
            },
            hasChanges: run.count > 0
        )
        return pages.page("rules-apply", title: "Apply the rule", context: context, book: scope.book, model: model)
    }

    /// `POST rules/{id}/apply`: changes the records, as one run that can be undone.
    func apply(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        _ = try scope.writable()
        let run = try await store.rules.applyRule(try Self.pathID(context), in: scope, dryRun: false)
        return PageRenderer.redirect(
            "/books/\(scope.bookID)/rules?"
                + Links.query([("run", String(run.id ?? 0)), ("changed", String(run.count))])
        )
    }

    /// `POST rules/runs/{id}/undo`: gives the records of a run their fields back.
    func undoRun(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        _ = try scope.writable()
        let restored = try await store.rules.undoRun(try Self.pathID(context), in: scope)
        return PageRenderer.redirect("/books/\(scope.bookID)/rules?restored=\(restored)")
    }

    /// The rule in the path.
    private func rule(context: AppContext, scope: BookScope) async throws -> Rule {
        let id = try Self.pathID(context)
        guard let rule = try await store.rules.rules(in: scope).first(where: { $0.id == id }) else {
            throw StoreError.notFound("rule")
        }
        return rule
    }
}
