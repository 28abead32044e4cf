import Hummingbird
import TallyCore
import TallyStore

/// `…/books/{book}/bills`, `…/bills/{id}/occurrences?from&to`, and
/// `POST|DELETE …/bills/{id}/occurrences/{due_date}/pay` to mark one paid or undo it.
struct BillsAPI {
    let store: Store

    static let fields: Set<String> = [
        "title", "amount", "cycle", "due_day", "every_months", "first_due", "account", "category", "url", "remind_days", "note",
    ]

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        routes.get("books/:book/bills", use: list)
        routes.post("books/:book/bills", use: create)
        routes.get("books/:book/bills/:id", use: show)
        routes.patch("books/:book/bills/:id", use: update)
        routes.delete("books/:book/bills/:id", use: delete)
        routes.get("books/:book/bills/:id/occurrences", use: occurrences)
        routes.post("books/:book/bills/:id/occurrences/:due/pay", use: pay)
        routes.delete("books/:book/bills/:id/occurrences/:due/pay", use: undo)
        return routes
    }

    func list(_ request: Request, context: AppContext) async throws -> Response {
        try JSONResponse.make(try await store.bills(in: try context.parameters.id("book"), for: try context.requireUser()).map(APIModel.BillJSON.init))
    }

    func show(_ request: Request, context: AppContext) async throws -> Response {
        let bill = try await store.bill(try context.parameters.id("id"), in: try context.parameters.id("book"), for: try context.requireUser())
        return try JSONResponse.make(APIModel.BillJSON(bill))
    }

    func create(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book")
        _ = try await store.access(user, book: bookID, write: true)
        let input = try Self.input(try await JSONBody.read(request, allowed: Self.fields))
        return try JSONResponse.make(APIModel.BillJSON(try await store.createBill(in: bookID, for: user, input)), status: .created)
    }

    func update(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book")
        _ = try await store.access(user, book: bookID, write: true)
        let input = try Self.input(try await JSONBody.read(request, allowed: Self.fields))
        return try JSONResponse.make(APIModel.BillJSON(try await store.updateBill(try context.parameters.id("id"), in: bookID, for: user, input)))
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        try await store.deleteBill(try context.parameters.id("id"), in: try context.parameters.id("book"), for: try context.requireUser())
        return Response(status: .noContent)
    }

    /// Occurrences from `from` (default: the 1st of this month) through `to` (default: a year on).
    func occurrences(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book")
        let id = try context.parameters.id("id")
        let today = try await store.today(for: user)
        let from = try QueryDate.read(request, "from") ?? today.startOfMonth
        let to = try QueryDate.read(request, "to") ?? from.adding(months: 12).adding(days: -1)
        let list = try await store.billOccurrences(id, in: bookID, for: user, from: from, through: to)
        return try JSONResponse.make(list.map(APIModel.OccurrenceJSON.init))
    }

    /// Marks paid; an optional body `{"amount": "…", "paid_on": "YYYY-MM-DD"}`.
    func pay(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book")
        _ = try await store.access(user, book: bookID, write: true)
        let due = try Self.due(context)
        var amount: String?, paidOn: String?
        var request = request
        let buffer = try await request.collectBody(upTo: 64 * 1024)
        if buffer.readableBytes > 0 {
            let body = try await JSONBody.read(Request(head: request.head, body: .init(buffer: buffer)), allowed: ["amount", "paid_on"])
            amount = try body.string("amount")
            paidOn = try body.string("paid_on")
        }
        let occurrence = try await store.payBill(try context.parameters.id("id"), due: due, in: bookID, for: user, amount: amount, paidOn: paidOn)
        return try JSONResponse.make(APIModel.OccurrenceJSON(occurrence), status: .created)
    }

    func undo(_ request: Request, context: AppContext) async throws -> Response {
        try await store.undoBillPayment(
            try context.parameters.id("id"), due: try Self.due(context), in: try context.parameters.id("book"), for: try context.requireUser()
        )
        return Response(status: .noContent)
    }

    static func due(_ context: AppContext) throws -> LocalDate {
        try LocalDate.input(context.parameters.get("due") ?? "", field: "due_date")
    }

    static func input(_ body: JSONBody) throws -> BillInput {
        BillInput(
            title: try body.string("title"), amount: try body.string("amount"), cycle: try body.string("cycle"), dueDay: try body.number("due_day"),
            everyMonths: try body.number("every_months"), firstDue: try body.string("first_due"), account: try body.string("account", allowInteger: true),
            category: try body.string("category", allowInteger: true), url: try body.string("url"), remindDays: try body.number("remind_days"),
            note: try body.string("note")
        )
    }
}
