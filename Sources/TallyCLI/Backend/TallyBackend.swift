import Foundation
import TallyCore
import TallyJSON
import TallyStore

/// What the everyday commands need from a book, whether it is in a local data file
/// (`LocalBackend`, the store's services) or on a server (`RemoteBackend`, the JSON API). Both
/// answer with the same core and store types, so each command prints with one piece of code and
/// gives the same output either way. Budgets, goals and bills (`PlanBackend`), rules
/// (`RuleBackend`), imports (`ImportBackend`), rates (`RateBackend`) and balances over time
/// (`BalancesBackend`) are in protocols of their own; the user's books
/// (`BookBackend`) and backups (`BackupBackend`) are not one book's, so they are apart.
protocol TallyBackend: PlanBackend, RuleBackend, ImportBackend, RateBackend, BalancesBackend, ReceiptBackend {
    /// The book worked on: its name, currency and the user's role.
    func currentBook() async throws -> Book
    /// Records a new expense, income or transfer. `key` makes it safe to send twice: a server
    /// stores one record per key (the local store needs none; its write is one transaction).
    func add(_ input: TransactionInput, key: String) async throws -> TransactionRecord
    /// One line of text ("coffee 4.50 starbucks yesterday") read into a draft against the book;
    /// nothing is stored. Slashed dates are read in `order`, else the book's usual order. A line
    /// with no amount is an error naming `text`.
    func quickAddDraft(_ text: String, order: QuickAddDateOrder?) async throws -> QuickAddDraft
    /// Every record the query matches, in order, a page at a time.
    func forEachPage(_ query: RecordQuery, _ body: ([TransactionRecord]) async throws -> Void) async throws
    /// The first `limit` matches with the count and totals of every match.
    func search(_ query: RecordQuery, limit: Int) async throws -> SearchPage
    /// A summary report for `fields` (from, to, by, kind, tag as typed).
    func summaryReport(_ fields: [String: String]) async throws -> SummaryReport
    /// A trend, and the query it answers (its range filled in from today when not given).
    func trendReport(_ fields: [String: String], interval: String) async throws -> (TrendReport, ReportQuery)
    /// A report as a file: `csv`, `json` or `pdf` (a summary), or a trend's `csv` or `json`.
    func reportFile(_ fields: [String: String], interval: String?, format: String) async throws -> [UInt8]
    /// Writes every matching record to `out` as Tally CSV, JSON, Ledger or Beancount, opening it
    /// only once the query has been accepted.
    func export(_ query: RecordQuery, format: RecordsExport.Format, to out: ExportOutput) async throws
    /// The book's tags, the most used first.
    func tags(prefix: String) async throws -> [Tag]
    /// Renames the tag named `name` (any case, with or without "#"); onto another's name, merges.
    func renameTag(_ name: String, to newName: String) async throws -> Tag
    /// Takes the tag named `name` off every record.
    func deleteTag(_ name: String) async throws
    /// The book's categories, each parent followed by its children.
    func categories() async throws -> [Category]
    /// The book's accounts with their balances.
    func accounts() async throws -> [AccountBalance]
}

/// A page of search results with the summary of every match.
struct SearchPage: Sendable {
    /// The records shown.
    var records: [TransactionRecord]
    /// Count and totals of all matches.
    var summary: FilterSummary?
}

/// A record filter as typed: the parameters that `TransactionFilter.parse` reads locally and the
/// API reads from its query string, so both check them with the same code.
struct RecordQuery: Sendable {
    /// (name, value) pairs, API names: from, to, category, q, order, …
    var parameters: [(String, String)]

    /// The parsed filter, for the local store.
    func filter() throws -> TransactionFilter {
        let values = Dictionary(parameters, uniquingKeysWith: { $1 })
        return try TransactionFilter.parse { values[$0] }
    }
}

/// Where `tally export` writes: standard output, or a file made only when `open()` is called, so
/// a refused export leaves no file behind.
final class ExportOutput: @unchecked Sendable {
    private let path: String?
    private var handle: FileHandle?

    init(path: String?) { self.path = path }

    /// Opens the output (creating the file); called once the export was accepted.
    func open() throws {
        guard handle == nil else { return }
        guard let path else {
            handle = FileHandle.standardOutput
            return
        }
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let file = FileHandle(forWritingAtPath: path)
        else { throw CLIError("cannot write \(path)") }
        handle = file
    }

    /// Writes text (opening the output first if needed).
    func write(_ text: String) throws { try write(Data(text.utf8)) }

    /// Writes bytes (opening the output first if needed).
    func write(_ data: Data) throws {
        try open()
        handle?.write(data)
    }

    /// Closes a file; standard output stays open.
    func close() throws {
        if path != nil { try handle?.close() }
    }
}

extension StoreOptions {
    /// Runs `body` with the backend these options name: the server of `--server`/`TALLY_SERVER`/
    /// `tally login`, or the local data as `withStore` opens it.
    func withBackend<T: Sendable>(
        _ who: UserOptions,
        _ body: @Sendable (any TallyBackend) async throws -> T
    ) async throws -> T {
        if let target = try serverTarget() {
            return try await body(try await RemoteBackend.connect(target, who: who))
        }
        return try await withStore { store in
            try await body(LocalBackend(store: store, scope: try await who.resolve(store)))
        }
    }
}
