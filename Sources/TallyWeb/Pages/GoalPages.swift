import Foundation
import Hummingbird
import TallyCore
import TallyStore

/// Savings goals: the list and add form; a goal's page with its plan, contributions (add and
/// undo), photo, edit form and delete.
struct GoalPages {
    let store: Store
    let pages: PageRenderer

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        routes.get("books/:book/goals", use: list)
        routes.post("books/:book/goals", use: create)
        routes.get("books/:book/goals/:id", use: detail)
        routes.post("books/:book/goals/:id", use: update)
        routes.post("books/:book/goals/:id/delete", use: delete)
        routes.post("books/:book/goals/:id/contributions", use: contribute)
        routes.post("books/:book/goals/:id/contributions/:contribution/delete", use: undoContribution)
        routes.get("books/:book/goals/:id/photo", use: photo)
        routes.post("books/:book/goals/:id/photo/delete", use: deletePhoto)
        return routes
    }

    func list(_ request: Request, context: AppContext) async throws -> Response {
        try await listPage(context: context)
    }

    private func listPage(context: AppContext, input: GoalInput? = nil, error: ValidationError? = nil) async throws -> Response {
        let user = try context.requireUser()
        let book = try await store.access(user, book: try context.parameters.id("book"))
        let goals = try await store.goals(in: book.id, for: user)
        let today = try await store.today(for: user)
        let form = GoalForm.values(input ?? GoalInput(cycle: BudgetCycle.monthly.rawValue, percent: "10"), currency: book.currency,
                                   accounts: try await store.accounts(in: book.id, for: user), today: today)
        let model = GoalsPage(
            goals: goals.map { GoalForm.card($0, book: book.id) }, hasGoals: !goals.isEmpty, form: form,
            error: error?.description ?? "", action: "/books/\(book.id)/goals"
        )
        return pages.page("goals", title: "Goals", context: context, book: book, model: model, status: error == nil ? .ok : .unprocessableContent)
    }

    func create(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book")
        _ = try await store.access(user, book: bookID, write: true)
        let form = try await PlanForm.read(request, context: context)
        do {
            let input = try GoalForm.input(form)
            let photo = try Self.checkedPhoto(form)
            let goal = try await store.createGoal(in: bookID, for: user, input)
            if let photo { try await store.setGoalPhoto(goal.goal.id, in: bookID, for: user, bytes: photo) }
            return PageRenderer.redirect("/books/\(bookID)/goals")
        } catch let error as ValidationError {
            return try await listPage(context: context, input: GoalForm.echo(form), error: error)
        }
    }

    func detail(_ request: Request, context: AppContext) async throws -> Response {
        try await detailPage(context: context)
    }

    private func detailPage(
        context: AppContext, input: GoalInput? = nil, contribution: [String: String] = [:], error: ValidationError? = nil
    ) async throws -> Response {
        let user = try context.requireUser()
        let book = try await store.access(user, book: try context.parameters.id("book"))
        let standing = try await store.goal(try context.parameters.id("id"), in: book.id, for: user)
        let goal = standing.goal
        let accounts = try await store.accounts(in: book.id, for: user)
        let contributions = try await store.contributions(to: goal.id, in: book.id, for: user)
        let link = "/books/\(book.id)/goals/\(goal.id)"
        let model = GoalPage(
            goal: GoalForm.card(standing, book: book.id),
            contributions: contributions.map { c in
                ContributionRow(id: c.id, amount: c.amount.formatted, date: PlanText.date(c.date), note: c.note,
                                isTransfer: c.transactionID != nil, undo: "\(link)/contributions/\(c.id)/delete")
            },
            hasContributions: !contributions.isEmpty,
            contribution: ContributionFields(
                amount: contribution["amount"] ?? "", date: contribution["date"] ?? standing.date.description, note: contribution["note"] ?? ""
            ),
            fromAccounts: PlanText.accountOptions(accounts, selected: Set([contribution["from_account"] ?? ""])),
            toAccounts: PlanText.accountOptions(accounts, selected: Set([contribution["to_account"] ?? ""])),
            needsTarget: goal.accountID == nil,
            savingsAccount: goal.accountID.flatMap { id in accounts.first { $0.account.id == id }?.account.name } ?? "",
            form: GoalForm.values(input ?? GoalForm.input(goal), currency: book.currency, accounts: accounts, today: standing.date),
            error: error?.description ?? "", action: link
        )
        return pages.page("goal", title: goal.name, context: context, book: book, model: model, status: error == nil ? .ok : .unprocessableContent)
    }

    func update(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book"), id = try context.parameters.id("id")
        _ = try await store.goal(id, in: bookID, for: user)
        let form = try await PlanForm.read(request, context: context)
        do {
            let input = try GoalForm.input(form)
            let photo = try Self.checkedPhoto(form)
            _ = try await store.updateGoal(id, in: bookID, for: user, input)
            if let photo { try await store.setGoalPhoto(id, in: bookID, for: user, bytes: photo) }
            return PageRenderer.redirect("/books/\(bookID)/goals/\(id)")
        } catch let error as ValidationError {
            return try await detailPage(context: context, input: GoalForm.echo(form), error: error)
        }
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book")
        try await store.deleteGoal(try context.parameters.id("id"), in: bookID, for: user)
        return PageRenderer.redirect("/books/\(bookID)/goals")
    }

    func contribute(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book"), id = try context.parameters.id("id")
        _ = try await store.goal(id, in: bookID, for: user)
        let form = try await PlanForm.read(request, context: context)
        do {
            _ = try await store.contribute(
                to: id, in: bookID, for: user, amount: form["amount"], date: form["date"], note: form["note"],
                fromAccount: form["from_account"], toAccount: form["to_account"]
            )
            return PageRenderer.redirect("/books/\(bookID)/goals/\(id)")
        } catch let error as ValidationError {
            return try await detailPage(context: context, contribution: form.body.fields, error: error)
        }
    }

    func undoContribution(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book"), id = try context.parameters.id("id")
        try await store.deleteContribution(try context.parameters.id("contribution"), of: id, in: bookID, for: user)
        return PageRenderer.redirect("/books/\(bookID)/goals/\(id)")
    }

    func photo(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let photo = try await store.goalPhoto(try context.parameters.id("id"), in: try context.parameters.id("book"), for: user)
        return Response(
            status: .ok, headers: [.contentType: photo.type, .cacheControl: "private, no-cache"],
            body: .init(byteBuffer: ByteBuffer(bytes: photo.data))
        )
    }

    func deletePhoto(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book"), id = try context.parameters.id("id")
        try await store.setGoalPhoto(id, in: bookID, for: user, bytes: nil)
        return PageRenderer.redirect("/books/\(bookID)/goals/\(id)")
    }

    /// The uploaded photo, checked before anything is saved so a bad file saves nothing.
    static func checkedPhoto(_ form: PlanForm) throws(ValidationError) -> [UInt8]? {
        guard let file = form.file("photo") else { return nil }
        guard file.bytes.count <= ReceiptImageType.maxBytes else { throw ValidationError("photo", "\(file.filename) is larger than 10 MB") }
        guard ReceiptImageType(sniffing: file.bytes) != nil else {
            throw ValidationError("photo", "\(file.filename) is not a JPEG, PNG, HEIC or WebP image")
        }
        return file.bytes
    }
}
