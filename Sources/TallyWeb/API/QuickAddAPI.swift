import Hummingbird
import TallyCore
import TallyStore

/// `POST /books/{book}/transactions/parse {text, date_order?, today?}`: one line of text read into a
/// draft record (issue 28's contract), to be shown, changed and then saved with the usual
/// `POST …/transactions`. Nothing is stored. A line that holds no amount is a 422 naming `text`.
struct QuickAddAPI {
    let store: Store

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        routes.book(store).post("transactions/parse", use: parse)
        return routes
    }

    func parse(_ request: Request, context: AppContext) async throws -> QuickAddDraftJSON {
        let scope = try context.bookScope()
        // Only someone who may add records has a use for a draft of one.
        try scope.requireWrite()
        let body = try await JSONBody.read(request, allowed: ["text", "date_order", "today"])
        guard let text = try body.string("text") else { throw FieldError("text", "is required") }
        var order: QuickAddDateOrder?
        if let raw = try body.string("date_order"), !raw.isEmpty {
            guard let parsed = QuickAddDateOrder(rawValue: raw) else {
                throw FieldError("date_order", "must be MDY or DMY")
            }
            order = parsed
        }
        // The day the line was typed, when it waited in a phone's queue: "yesterday" is its eve.
        let typedOn = try body.string("today").flatMap { $0.isEmpty ? nil : $0 }.map {
            try LocalDate.input($0, field: "today")
        }
        // Without date_order, the order of the caller's own locale (a browser sends it), else the
        // book's currency decides.
        if order == nil { order = request.headers[.acceptLanguage].flatMap(DateOrder.init(locales:)) }
        let draft = try await store.records.quickAddDraft(text, in: scope, order: order, typedOn: typedOn)
        _ = try draft.requireAmount()
        return QuickAddDraftJSON(draft)
    }
}

/// The draft as the contract writes it (`QuickAddDraft`'s `Codable`, which the CLI shares).
struct QuickAddDraftJSON: ResponseEncodable {
    let draft: QuickAddDraft

    init(_ draft: QuickAddDraft) { self.draft = draft }

    func encode(to encoder: any Encoder) throws { try draft.encode(to: encoder) }
}
