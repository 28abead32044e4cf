import Foundation
import Hummingbird
import TallyCore
import TallyFiles
import TallyJSON
import TallyStore

/// `GET /books/{book}/reports/summary|trend|cashflow|balances`: JSON, or `format=csv` (and `pdf`
/// for the summary) to download.
struct ReportsAPI {
    let store: Store

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("reports/summary", use: summary)
        book.get("reports/trend", use: trend)
        book.get("reports/cashflow", use: cashflow)
        book.get("reports/balances", use: balances)
        return routes
    }

    func summary(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let query = request.uri.queryParameters
        let report = try await store.reports.summaryReport(
            try ReportQuery.parse({ query.get($0) }, today: scope.today),
            in: scope
        )
        switch try Download.format(query["format"], allowed: ["json", "csv", "pdf"]) {
        case "csv":
            return Download.response(
                Array(ReportFiles.summaryCSV(report).utf8),
                type: "text/csv; charset=utf-8",
                name: Download.name(report.query, "csv")
            )
        case "pdf":
            return Download.response(
                ReportFiles.pdf(report, generated: scope.today),
                type: "application/pdf",
                name: Download.name(report.query, "pdf")
            )
        default: return try ReportJSON.Summary(report).response(from: request, context: context)
        }
    }

    func trend(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let query = request.uri.queryParameters
        let report = try ReportQuery.parse({ query.get($0) }, today: scope.today)
        let grouped = !(query["by"].map { String($0).trimmingSpaces() } ?? "").isEmpty
        let trend = try await store.reports.trendReport(
            report,
            interval: try ReportInterval.parse(query["interval"].map(String.init)),
            grouped: grouped,
            in: scope
        )
        switch try Download.format(query["format"], allowed: ["json", "csv"]) {
        case "csv":
            return Download.response(
                Array(try ReportFiles.trendCSV(trend).utf8),
                type: "text/csv; charset=utf-8",
                name: Download.name(report, "csv", "trend")
            )
        default:
            return try ReportJSON.Trend(trend, query: report, grouped: grouped).response(
                from: request,
                context: context
            )
        }
    }

    func cashflow(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let query = request.uri.queryParameters
        let report = try ReportQuery.parse({ query.get($0) }, today: scope.today)
        let flow = try await store.reports.cashFlow(
            report.range,
            interval: try ReportInterval.parse(query.get("interval")),
            in: scope
        )
        return try ReportJSON.CashFlow(flow).response(from: request, context: context)
    }
}

/// File downloads: content type and a file name that says what is inside.
enum Download {
    static func format(_ raw: Substring?, allowed: [String]) throws -> String {
        // An empty value (`?format=`, as a form with nothing chosen sends it) is the default, as
        // for every other option of the API.
        let given = raw.map { String($0).trimmingSpaces().lowercased() } ?? ""
        let value = given.isEmpty ? "json" : given
        guard allowed.contains(value) else {
            throw FieldError("format", "must be one of \(allowed.joined(separator: ", "))")
        }
        return value
    }

    static func name(_ query: ReportQuery, _ ext: String, _ kind: String = "summary") -> String {
        "tally-\(kind)-\(query.kind.rawValue)-by-\(query.by.rawValue)-\(query.range.from)-\(query.range.to).\(ext)"
    }

    static func response(_ bytes: [UInt8], type: String, name: String) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: type, .contentDisposition: "attachment; filename=\"\(name)\""],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes))
        )
    }
}
