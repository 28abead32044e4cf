import Hummingbird
import TallyCore
import TallyJSON
import TallyStore

/// `…/books/{book}/bills`, `…/bills/{id}/occurrences?from&to`, and
/// `POST|DELETE …/bills/{id}/occurrences/{due_date}/pay` to mark one paid or undo it.
struct BillsAPI {
    let store: Store

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("bills", use: list)
        book.post("bills", use: create)
        book.get("bills/:id", use: show)
        book.patch("bills/:id", use: update)
        book.delete("bills/:id", use: delete)
        book.get("bills/:id/occurrences", use: occurrences)
        book.post("bills/:id/occurrences/:due/pay", use: pay)
        book.delete("bills/:id/occurrences/:due/pay", use: undo)
        return routes
    }

    func list(_ request: Request, context: AppContext) async throws -> APIList<APIModel.BillJSON> {
        let scope = try context.bookScope()
        return APIList(try await store.plans.bills(in: scope).map(APIModel.BillJSON.init))
    }

    func show(_ request: Request, context: AppContext) async throws -> APIModel.BillJSON {
        let scope = try context.bookScope()
        let bill = try await store.plans.bill(try context.parameters.id("id"), in: scope)
        return APIModel.BillJSON(bill)
    }

    func create(_ request: Request, context: AppContext) async throws -> EditedResponse<APIModel.BillJSON> {
        let scope = try context.bookScope()
        try scope.requireWrite()
        let input = try await request.decode(as: BillBody.self, context: context).input
        return created(APIModel.BillJSON(try await store.plans.createBill(in: scope, input)))
    }

    func update(_ request: Request, context: AppContext) async throws -> APIModel.BillJSON {
        let scope = try context.bookScope()
        try scope.requireWrite()
        let input = try await request.decode(as: BillBody.self, context: context).input
        return APIModel.BillJSON(try await store.plans.updateBill(try context.parameters.id("id"), in: scope, input))
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        try await store.plans.deleteBill(try context.parameters.id("id"), in: scope)
        return Response(status: .noContent)
    }

    /// Occurrences from `from` (default: the 1st of this month) through `to` (default: a year on).
    func occurrences(_ request: Request, context: AppContext) async throws -> APIList<APIModel.OccurrenceJSON> {
        let scope = try context.bookScope()
        let id = try context.parameters.id("id", as: BillID.self)
        let today = scope.today
        let from = try QueryDate.read(request, "from") ?? today.startOfMonth
        let to = try QueryDate.read(request, "to") ?? from.adding(months: 12).adding(days: -1)
        let list = try await store.plans.billOccurrences(id, in: scope, from: from, through: to)
        return APIList(list.map(APIModel.OccurrenceJSON.init))
    }

    /// Marks paid; an optional body `{"amount": "…", "paid_on": "YYYY-MM-DD"}`.
    func pay(_ request: Request, context: AppContext) async throws -> EditedResponse<APIModel.OccurrenceJSON> {
        let scope = try context.bookScope()
        try scope.requireWrite()
        let due = try Self.due(context)
        var request = request
        let buffer = try await request.collectBody(upTo: 64 * 1024)
        // No body at all is a payment of the amount due, today.
        let body =
            buffer.readableBytes > 0
            ? try await Request(head: request.head, body: .init(buffer: buffer)).decode(
                as: Payment.self,
                context: context
            )
            : nil
        let occurrence = try await store.plans.payBill(
            try context.parameters.id("id"),
            due: due,
            in: scope,
            amount: body?.amount,
            paidOn: body?.paidOn
        )
        return created(APIModel.OccurrenceJSON(occurrence))
    }

    func undo(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        try await store.plans.undoBillPayment(
            try context.parameters.id("id"),
            due: try Self.due(context),
            in: scope
        )
        return Response(status: .noContent)
    }

    static func due(_ context: AppContext) throws -> LocalDate {
        try LocalDate.input(context.parameters.get("due") ?? "", field: "due_date")
    }

}

/// The JSON body of a `BillInput`.
struct BillBody: APIRequest {
    static let fields: Set<String> = [
        "title", "amount", "cycle", "due_day", "every_months", "first_due", "account", "category", "url", "remind_days",
        "note",
    ]

    let input: BillInput

    init(_ body: JSONBody) throws {
        input = BillInput(
            title: try body.string("title"),
            amount: try body.string("amount"),
            cycle: try body.string("cycle"),
            dueDay: try body.number("due_day"),
            everyMonths: try body.number("every_months"),
            firstDue: try body.string("first_due"),
            account: try body.string("account", allowInteger: true),
            category: try body.string("category", allowInteger: true),
            url: try body.string("url"),
            remindDays: try body.number("remind_days"),
            note: try body.string("note")
        )
    }
}

/// `POST /books/{book}/bills/{id}/occurrences/{due}/pay`.
struct Payment: APIRequest {
    static let fields: Set<String> = ["amount", "paid_on"]
    let amount, paidOn: String?

    init(_ body: JSONBody) throws {
        amount = try body.string("amount")
        paidOn = try body.string("paid_on")
    }
}
