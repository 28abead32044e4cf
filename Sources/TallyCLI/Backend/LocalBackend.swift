import Foundation
import TallyCore
import TallyFiles
import TallyJSON
import TallyStore

/// The backend of local data: the store's services on one book, let in once like a web request.
struct LocalBackend: TallyBackend {
    let store: Store
    let scope: BookScope

    func currentBook() async throws -> Book { scope.book }

    func add(_ input: TransactionInput, key: String) async throws -> TransactionRecord {
        // No key locally: the add is one transaction, and a command that fails stored nothing.
        try await store.records.addTransaction(to: scope, input)
    }

    func quickAddDraft(_ text: String, order: QuickAddDateOrder?) async throws -> QuickAddDraft {
        // As over the API: a draft is only of use to someone who may add the record.
        try scope.requireWrite()
        let draft = try await store.records.quickAddDraft(text, in: scope, order: order)
        _ = try draft.requireAmount()
        return draft
    }

    func forEachPage(_ query: RecordQuery, _ body: ([TransactionRecord]) async throws -> Void) async throws {
        let filter = try query.filter()
        var cursor: String?
        repeat {
            let page = try await store.records.transactions(in: scope, filter: filter, cursor: cursor, limit: 500)
            try await body(page.records)
            cursor = page.nextCursor
        } while cursor != nil
    }

    func search(_ query: RecordQuery, limit: Int) async throws -> SearchPage {
        let page = try await store.records.transactions(
            in: scope,
            filter: try query.filter(),
            limit: limit,
            summarize: true
        )
        return SearchPage(records: page.records, summary: page.summary)
    }

    func summaryReport(_ fields: [String: String]) async throws -> SummaryReport {
        try await store.reports.summaryReport(try ReportQuery.parse({ fields[$0] }, today: scope.today), in: scope)
    }

    func trendReport(_ fields: [String: String], interval: String) async throws -> (TrendReport, ReportQuery) {
        let query = try ReportQuery.parse({ fields[$0] }, today: scope.today)
        let trend = try await store.reports.trendReport(query, interval: try ReportInterval.parse(interval), in: scope)
        return (trend, query)
    }

    func reportFile(_ fields: [String: String], interval: String?, format: String) async throws -> [UInt8] {
        if let interval {
            let (trend, query) = try await trendReport(fields, interval: interval)
            if format == "csv" { return Array(try ReportFiles.trendCSV(trend).utf8) }
            return Array(try ReportJSON.encode(try ReportJSON.Trend(trend, query: query, grouped: true))) + [0x0A]
        }
        let report = try await summaryReport(fields)
        switch format {
        case "csv": return Array(ReportFiles.summaryCSV(report).utf8)
        case "pdf": return ReportFiles.pdf(report, generated: scope.today)
        default: return Array(try ReportJSON.encode(ReportJSON.Summary(report))) + [0x0A]
        }
    }

    func export(_ query: RecordQuery, format: RecordsExport.Format, to out: ExportOutput) async throws {
        let export = try await RecordsExport(
            store: store,
            scope: scope,
            filter: try query.filter(),
            format: format
        )
        try out.open()
        try await export.write { bytes in try out.write(Data(bytes)) }
    }

    func categories() async throws -> [Category] { try await store.books.categories(in: scope) }

    func accounts() async throws -> [AccountBalance] { try await store.books.accounts(in: scope) }

    func tags(prefix: String) async throws -> [Tag] { try await store.records.tags(in: scope, prefix: prefix) }

    func renameTag(_ name: String, to newName: String) async throws -> Tag {
        let id = try Tally.tagID(name, in: try await tags(prefix: ""))
        return try await store.records.renameTag(id, to: newName, in: scope)
    }

    func deleteTag(_ name: String) async throws {
        try await store.records.deleteTag(try Tally.tagID(name, in: try await tags(prefix: "")), in: scope)
    }
}
