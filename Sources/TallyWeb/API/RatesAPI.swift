import Hummingbird
import TallyCore
import TallyFiles
import TallyStore

/// `…/books/{book}/rates`: the book's exchange rates. `GET` lists them (`?currency=`, `?limit=`),
/// `POST {date, currency, rate}` sets one, `DELETE …/rates/{id}` removes one, and
/// `POST …/rates/import` takes a `text/csv` body (`date,currency,rate`, or the ECB's layout).
/// Every change re-converts the records it affects before it answers.
struct RatesAPI {
    let store: Store
    /// The ECB's whole history is about 1.5 MB.
    static let maxFileSize = 16 * 1024 * 1024

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("rates", use: list)
        book.post("rates", use: create)
        book.delete("rates/:id", use: delete)
        book.post("rates/import", use: importFile)
        return routes
    }

    func list(_ request: Request, context: AppContext) async throws -> APIList<RateJSON> {
        let scope = try context.bookScope()
        let query = request.uri.queryParameters
        let currency = try query.get("currency").map { try Validate.currency($0) }
        var limit = 100
        if let text = query.get("limit") {
            guard let value = Int(text) else { throw FieldError("limit", "must be a whole number from 1 to 1000") }
            limit = value
        }
        return APIList(try await store.rates.rates(in: scope, currency: currency, limit: limit).map(RateJSON.init))
    }

    func create(_ request: Request, context: AppContext) async throws -> EditedResponse<RateChangeJSON> {
        let scope = try context.bookScope()
        try scope.requireWrite()
        let body = try await JSONBody.read(request, allowed: ["date", "currency", "rate"])
        let input = try RateInput(
            date: try body.string("date"),
            currency: try body.string("currency"),
            rate: try body.string("rate")
        )
        let change = try await store.rates.setRate(
            in: scope,
            currency: input.currency,
            date: input.date,
            rate: input.rate
        )
        return created(RateChangeJSON(change))
    }

    func delete(_ request: Request, context: AppContext) async throws -> RateChangeJSON {
        let scope = try context.bookScope()
        return RateChangeJSON(try await store.rates.deleteRate(try context.parameters.id("id"), in: scope))
    }

    func importFile(_ request: Request, context: AppContext) async throws -> RateChangeJSON {
        let scope = try context.bookScope()
        let book = try scope.writable()
        var request = request
        let body = try await request.collectBody(upTo: Self.maxFileSize)
        let parsed = try RateCSV.parse(Array(buffer: body), base: book.currency)
        var json = RateChangeJSON(try await store.rates.importRates(in: scope, parsed.rows))
        json.skipped = parsed.skipped
        return json
    }
}

/// `{id, date, currency, rate}`.
struct RateJSON: ResponseEncodable {
    let id: Int64, date: String, currency: String, rate: String

    init(_ r: StoredRate) {
        id = r.id.rawValue
        date = r.date.description
        currency = r.currency.code
        rate = r.rate.description
    }
}

/// What a change of rates did: the rate set (for one), how many were written and how many
/// records got a new base amount; an import also names the columns it left out.
struct RateChangeJSON: ResponseEncodable {
    let rate: RateJSON?
    let written: Int
    let reconverted: Int
    var skipped: [String] = []

    init(_ change: RateChange) {
        rate = change.rate.map(RateJSON.init)
        written = change.written
        reconverted = change.reconverted
    }
}
