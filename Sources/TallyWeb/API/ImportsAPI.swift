import Foundation
import Hummingbird
import TallyCore
import TallyFiles
import TallyJSON
import TallyStore

/// `POST /books/{book}/imports`: a Tally CSV file as the body (`text/csv`), imported whole or not
/// at all; `?dry_run=true` checks it and returns the count and first rows without storing. A bank
/// file (OFX/QFX, QIF, CAMT.053, a bank CSV with a mapping) is staged for review instead, by
/// `StatementImportsAPI`; either may come as the body or as the `file` of a multipart form.
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
        let upload = try await ImportUpload.read(request, limit: Self.maxImportSize)
        if let format = try Self.statementFormat(upload) {
            return try await StatementImportsAPI.stage(
                upload,
                format: format,
                store: store,
                scope: scope,
                request: request,
                context: context
            )
        }
        let source = try TallyFile.open(bytes: upload.bytes, bookCurrency: book.currency, today: scope.today)
        let dryRun = upload.dryRun?.lowercased() ?? "false"
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

    /// The bank format of the upload, or nil for Tally's own CSV: `format` when given, else what
    /// the file's first bytes say. A CSV sent with a `mapping` or `preset` is a bank's; without
    /// one, a file whose first line starts `date,amount` (Tally's own columns, as Tally writes
    /// them) or an empty one stays Tally's, so that its header errors read as they always have.
    static func statementFormat(_ upload: ImportUpload) throws -> StatementFormat? {
        if let raw = upload.format?.trimmingSpaces().lowercased(), !raw.isEmpty {
            if raw == "tally" { return nil }
            guard let format = StatementFormat(rawValue: raw) else {
                throw FieldError("format", "must be one of tally, csv, ofx, qif, camt")
            }
            return format
        }
        let detected = StatementReader.detect(upload.bytes)
        if case .statement(let format) = detected, format != .csv { return format }
        let hasMapping = [upload.mapping, upload.preset].contains { !($0 ?? "").trimmingSpaces().isEmpty }
        if hasMapping { return .csv }
        if detected == .tally { return nil }
        let head = String(decoding: upload.bytes.prefix(64), as: UTF8.self)
        let start = head.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        return start.isEmpty || start.hasPrefix("date,amount") ? nil : .csv
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
