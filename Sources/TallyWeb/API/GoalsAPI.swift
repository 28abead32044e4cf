import Foundation
import Hummingbird
import TallyCore
import TallyJSON
import TallyStore

/// `…/books/{book}/goals` with their plans, `…/goals/{id}/contributions` and `…/goals/{id}/photo`.
struct GoalsAPI {
    let store: Store

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("goals", use: list)
        book.post("goals", use: create)
        book.get("goals/:id", use: show)
        book.patch("goals/:id", use: update)
        book.delete("goals/:id", use: delete)
        book.get("goals/:id/contributions", use: contributions)
        book.post("goals/:id/contributions", use: contribute)
        book.delete("goals/:id/contributions/:contribution", use: deleteContribution)
        book.put("goals/:id/photo", use: putPhoto)
        book.get("goals/:id/photo", use: photo)
        book.delete("goals/:id/photo", use: deletePhoto)
        return routes
    }

    /// `?date=YYYY-MM-DD` works the plans out as of that day (default: today).
    func list(_ request: Request, context: AppContext) async throws -> APIList<APIModel.GoalJSON> {
        let scope = try context.bookScope()
        var goals = try await store.plans.goals(in: scope)
        if let date = try QueryDate.read(request, "date") {
            goals = goals.map { GoalStanding(goal: $0.goal, plan: $0.goal.plan(today: date), date: date) }
        }
        return APIList(goals.map(APIModel.GoalJSON.init))
    }

    func show(_ request: Request, context: AppContext) async throws -> APIModel.GoalJSON {
        let scope = try context.bookScope()
        let goal = try await store.plans.goal(try context.parameters.id("id"), in: scope)
        return APIModel.GoalJSON(goal)
    }

    func create(_ request: Request, context: AppContext) async throws -> EditedResponse<APIModel.GoalJSON> {
        let scope = try context.bookScope()
        try scope.requireWrite()
        let input = try await request.decode(as: GoalBody.self, context: context).input
        return created(APIModel.GoalJSON(try await store.plans.createGoal(in: scope, input)))
    }

    func update(_ request: Request, context: AppContext) async throws -> APIModel.GoalJSON {
        let scope = try context.bookScope()
        try scope.requireWrite()
        let input = try await request.decode(as: GoalBody.self, context: context).input
        return APIModel.GoalJSON(try await store.plans.updateGoal(try context.parameters.id("id"), in: scope, input))
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        try await store.plans.deleteGoal(try context.parameters.id("id"), in: scope)
        return Response(status: .noContent)
    }

    func contributions(_ request: Request, context: AppContext) async throws -> APIList<APIModel.ContributionJSON> {
        let scope = try context.bookScope()
        let list = try await store.plans.contributions(to: try context.parameters.id("id"), in: scope)
        return APIList(list.map(APIModel.ContributionJSON.init))
    }

    func contribute(
        _ request: Request,
        context: AppContext
    ) async throws -> EditedResponse<APIModel.ContributionJSON> {
        let scope = try context.bookScope()
        try scope.requireWrite()
        let body = try await request.decode(as: NewContribution.self, context: context)
        let contribution = try await store.plans.contribute(
            to: try context.parameters.id("id"),
            in: scope,
            amount: body.amount,
            date: body.date,
            note: body.note,
            fromAccount: body.fromAccount,
            toAccount: body.toAccount
        )
        return created(APIModel.ContributionJSON(contribution))
    }

    func deleteContribution(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        try await store.plans.deleteContribution(
            try context.parameters.id("contribution"),
            of: try context.parameters.id("id"),
            in: scope
        )
        return Response(status: .noContent)
    }

    /// The request body is the image itself (JPEG, PNG, HEIC or WebP, at most 10 MB).
    func putPhoto(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let bytes = try await ReceiptsAPI.imageBody(request, field: "photo")
        try await store.plans.setGoalPhoto(try context.parameters.id("id"), in: scope, bytes: bytes)
        return Response(status: .noContent)
    }

    func photo(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let (type, data) = try await store.plans.goalPhoto(try context.parameters.id("id"), in: scope)
        return Response(
            status: .ok,
            headers: [.contentType: type, .cacheControl: "private, max-age=60"],
            body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
    }

    func deletePhoto(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        try await store.plans.setGoalPhoto(try context.parameters.id("id"), in: scope, bytes: nil)
        return Response(status: .noContent)
    }
}

/// The JSON body of a `GoalInput`.
struct GoalBody: APIRequest {
    static let fields: Set<String> = ["name", "price", "saved", "income", "cycle", "percent", "target_date", "account"]

    let input: GoalInput

    init(_ body: JSONBody) throws {
        input = GoalInput(
            name: try body.string("name"),
            price: try body.string("price"),
            saved: try body.string("saved"),
            income: try body.string("income"),
            cycle: try body.string("cycle"),
            percent: try body.number("percent"),
            targetDate: try body.string("target_date"),
            account: try body.string("account", allowInteger: true)
        )
    }
}

/// `POST /books/{book}/goals/{id}/contributions`; accounts by id or by name.
struct NewContribution: APIRequest {
    static let fields: Set<String> = ["amount", "date", "note", "from_account", "to_account"]
    let amount, date, note, fromAccount, toAccount: String?

    init(_ body: JSONBody) throws {
        amount = try body.string("amount")
        date = try body.string("date")
        note = try body.string("note")
        fromAccount = try body.string("from_account", allowInteger: true)
        toAccount = try body.string("to_account", allowInteger: true)
    }
}
