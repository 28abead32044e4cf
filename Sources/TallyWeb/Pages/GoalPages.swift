import Foundation
import Hummingbird
import TallyCore
import TallyStore

/// Savings goals: the list and add form; a goal's page with its plan, contributions (add and
/// undo), photo, edit form and delete.
struct GoalPages: PlanItemPages {
    let store: Store
    let pages: PageRenderer

    static let path = "goals"

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("goals", use: list)
        book.post("goals", use: create)
        book.get("goals/:id", use: detail)
        book.post("goals/:id", use: update)
        book.post("goals/:id/delete", use: delete)
        book.post("goals/:id/contributions", use: contribute)
        book.post("goals/:id/contributions/:contribution/delete", use: undoContribution)
        book.get("goals/:id/photo", use: photo)
        book.post("goals/:id/photo/delete", use: deletePhoto)
        return routes
    }

    func listPage(context: AppContext, input: GoalInput?, error: FieldError?) async throws -> Response {
        let scope = try context.bookScope()
        let book = scope.book
        let goals = try await store.plans.goals(in: scope)
        let today = scope.today
        let form = GoalForm.values(
            input ?? GoalInput(cycle: BudgetCycle.monthly.rawValue, percent: "10"),
            currency: book.currency,
            accounts: try await store.books.accounts(in: scope),
            today: today
        )
        let model = GoalsPage(
            goals: goals.map { GoalForm.card($0, book: book.id) },
            hasGoals: !goals.isEmpty,
            form: form,
            error: error?.description ?? "",
            action: "/books/\(book.id)/goals"
        )
        return pages.page(
            "goals",
            title: "Goals",
            context: context,
            book: book,
            model: model,
            status: error == nil ? .ok : .unprocessableContent
        )
    }

    func detailPage(context: AppContext, input: GoalInput?, error: FieldError?) async throws -> Response {
        try await goalPage(context: context, input: input, error: error)
    }

    /// A goal's page; `contribution` is the contribution form as typed.
    private func goalPage(
        context: AppContext,
        input: GoalInput? = nil,
        contribution: ContributionForm = ContributionForm(),
        error: FieldError? = nil
    ) async throws -> Response {
        let scope = try context.bookScope()
        let book = scope.book
        let standing = try await store.plans.goal(try context.parameters.id("id"), in: scope)
        let goal = standing.goal
        let accounts = try await store.books.accounts(in: scope)
        let contributions = try await store.plans.contributions(to: goal.id, in: scope)
        let link = "/books/\(book.id)/goals/\(goal.id)"
        let model = GoalPage(
            goal: GoalForm.card(standing, book: book.id),
            contributions: contributions.map { c in
                ContributionRow(
                    id: c.id,
                    amount: c.amount.formatted,
                    date: PlanText.date(c.date),
                    note: c.note,
                    isTransfer: c.transactionID != nil,
                    undo: "\(link)/contributions/\(c.id)/delete"
                )
            },
            hasContributions: !contributions.isEmpty,
            contribution: ContributionFields(
                amount: contribution.amount ?? "",
                date: contribution.date ?? standing.date.description,
                note: contribution.note ?? ""
            ),
            fromAccounts: PlanText.accountOptions(accounts, selected: Set([contribution.fromAccount ?? ""])),
            toAccounts: PlanText.accountOptions(accounts, selected: Set([contribution.toAccount ?? ""])),
            needsTarget: goal.accountID == nil,
            savingsAccount: goal.accountID.flatMap { id in accounts.first { $0.account.id == id }?.account.name } ?? "",
            form: GoalForm.values(
                input ?? GoalForm.input(goal),
                currency: book.currency,
                accounts: accounts,
                today: standing.date
            ),
            error: error?.description ?? "",
            action: link
        )
        return pages.page(
            "goal",
            title: goal.name,
            context: context,
            book: book,
            model: model,
            status: error == nil ? .ok : .unprocessableContent
        )
    }

    static func echo(_ form: GoalPostForm) -> GoalInput { GoalForm.echo(form) }

    func find(_ id: GoalID, in scope: BookScope) async throws {
        _ = try await store.plans.goal(id, in: scope)
    }

    func add(_ form: GoalPostForm, in scope: BookScope) async throws {
        let input = try GoalForm.input(form)
        let photo = try Self.checkedPhoto(form.photo)
        let goal = try await store.plans.createGoal(in: scope, input)
        if let photo { try await store.plans.setGoalPhoto(goal.goal.id, in: scope, bytes: photo) }
    }

    func change(_ id: GoalID, to form: GoalPostForm, in scope: BookScope) async throws {
        let input = try GoalForm.input(form)
        let photo = try Self.checkedPhoto(form.photo)
        _ = try await store.plans.updateGoal(id, in: scope, input)
        if let photo { try await store.plans.setGoalPhoto(id, in: scope, bytes: photo) }
    }

    func remove(_ id: GoalID, in scope: BookScope) async throws {
        try await store.plans.deleteGoal(id, in: scope)
    }

    func contribute(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let id = try context.parameters.id("id", as: GoalID.self)
        _ = try await store.plans.goal(id, in: scope)
        return try await PageRenderer.post(request, context: context, as: ContributionForm.self) { form in
            _ = try await store.plans.contribute(
                to: id,
                in: scope,
                amount: form.amount,
                date: form.date,
                note: form.note,
                fromAccount: form.fromAccount,
                toAccount: form.toAccount
            )
            return "/books/\(scope.bookID)/goals/\(id)"
        } refused: { form, error in
            try await goalPage(context: context, contribution: form, error: error)
        }
    }

    func undoContribution(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let bookID = scope.bookID
        let id = try context.parameters.id("id", as: GoalID.self)
        try await store.plans.deleteContribution(try context.parameters.id("contribution"), of: id, in: scope)
        return PageRenderer.redirect("/books/\(bookID)/goals/\(id)")
    }

    func photo(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let photo = try await store.plans.goalPhoto(try context.parameters.id("id"), in: scope)
        return Response(
            status: .ok,
            headers: [.contentType: photo.type, .cacheControl: "private, no-cache"],
            body: .init(byteBuffer: ByteBuffer(bytes: photo.data))
        )
    }

    func deletePhoto(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let bookID = scope.bookID
        let id = try context.parameters.id("id", as: GoalID.self)
        try await store.plans.setGoalPhoto(id, in: scope, bytes: nil)
        return PageRenderer.redirect("/books/\(bookID)/goals/\(id)")
    }

    /// The uploaded photo, checked before anything is saved so a bad file saves nothing.
    static func checkedPhoto(_ upload: Upload?) throws(FieldError) -> [UInt8]? {
        guard let file = upload, file.isChosen else { return nil }
        return try file.checkedImage(field: "photo")
    }
}
