import Hummingbird
import TallyCore
import TallyStore

/// `POST /books/{book}/transactions/parse {text, date_order?}`: one line of text read into a
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
        let body = try await JSONBody.read(request, allowed: ["text", "date_order"])
        guard let text = try body.string("text") else { throw FieldError("text", "is required") }
        var order: QuickAddDateOrder?
        if let raw = try body.string("date_order"), !raw.isEmpty {
            guard let parsed = QuickAddDateOrder(rawValue: raw) else {
                throw FieldError("date_order", "must be MDY or DMY")
            }
            order = parsed
        }
        let draft = try await store.records.quickAddDraft(text, in: scope, order: order)
        _ = try draft.requireAmount()
        return QuickAddDraftJSON(draft)
    }
}

/// `{kind, amount, currency, date, time, payee, category, account, note, sources}`: every field
/// present, `null` where the line said nothing and nothing was guessed.
struct QuickAddDraftJSON: ResponseEncodable {
    let draft: QuickAddDraft

    init(_ draft: QuickAddDraft) { self.draft = draft }

    enum Key: String, CodingKey {
        case kind, amount, currency, date, time, payee, category, account, note, sources
    }

    func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: Key.self)
        try json.encode(draft.kind.rawValue, forKey: .kind)
        try json.encode(draft.amount?.decimalString, forKey: .amount)
        try json.encode(draft.amount?.currency.code, forKey: .currency)
        try json.encode(draft.date.description, forKey: .date)
        try json.encode(draft.time?.description, forKey: .time)
        try json.encode(draft.payee, forKey: .payee)
        try json.encode(draft.category, forKey: .category)
        try json.encode(draft.account, forKey: .account)
        try json.encode(draft.note, forKey: .note)
        try json.encode(draft.sources.mapValues(\.rawValue), forKey: .sources)
    }
}
