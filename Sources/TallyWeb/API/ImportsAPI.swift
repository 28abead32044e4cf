import Foundation
import Hummingbird
import TallyCore
import TallyFiles
import TallyStore

/// `POST /books/{book}/imports`: a Tally CSV file as the body (`text/csv`), imported whole or not
/// at all; `?dry_run=true` checks it and returns the count and first rows without storing.
struct ImportsAPI {
    let store: Store
    /// Larger than a receipt: a CSV of a few hundred thousand records.
    static let maxImportSize = 64 * 1024 * 1024

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.post("imports", use: create)
        return routes
    }

    func create(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let book = try scope.writable()
        var request = request
        let body = try await request.collectBody(upTo: Self.maxImportSize)
        let source = try TallyCSVImport(bytes: Array(buffer: body), bookCurrency: book.currency, today: scope.today)
        let dryRun = request.uri.queryParameters.get("dry_run")?.lowercased() ?? "false"
        guard ["true", "1", "yes", "false", "0", "no"].contains(dryRun) else {
            throw FieldError("dry_run", "must be true or false")
        }
        if ["true", "1", "yes"].contains(dryRun) {
            let preview = try source.preview(limit: 10)
            return try PreviewJSON(count: preview.count, rows: preview.rows.map(PreviewJSON.Row.init))
                .response(from: request, context: context)
        }
        let result = try await store.imports.importRecords(into: scope, from: source)
        return try created(ReportJSON.Import(result)).response(from: request, context: context)
    }

    struct PreviewJSON: ResponseEncodable {
        struct Row: Encodable {
            let line: Int, date: String, kind: String, amount: String, currency: String, payee: String
            let category: String, subcategory: String, account: String, note: String
            init(_ r: ImportRecord) {
                line = r.line
                date = r.draft.date.description
                kind = r.draft.kind.rawValue
                amount = r.draft.amount.decimalString
                currency = r.draft.amount.currency.code
                payee = r.draft.payee
                category = r.category
                subcategory = r.subcategory
                account = r.account
                note = r.draft.note
            }
        }
        let count: Int
        let rows: [Row]
    }
}
