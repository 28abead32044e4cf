import Foundation
import TallyCore
import TallyFiles
import TallyStore

/// What `tally import` needs from a book: the store's `Imports` locally, and remotely
/// `POST …/imports` (Tally's CSV, or a bank file staged), `POST …/imports/{id}/commit`,
/// `DELETE …/imports/{id}` and `…/import-presets`. The file is read and checked here first either
/// way, so a bad file is refused with the same line.
protocol ImportBackend: Sendable {
    /// Imports Tally's own CSV whole, or with `dryRun` only previews it.
    func importTallyCSV(_ bytes: [UInt8], dryRun: Bool) async throws -> TallyCSVOutcome
    /// The book's saved bank CSV mappings.
    func importPresets() async throws -> [PresetEntry]
    /// Saves a mapping (its JSON text) under `name`, with the header it was made for.
    func savePreset(name: String, mapping: String, header: String) async throws
    /// Stages a bank file for review.
    func stage(_ file: StatementFile) async throws -> StagedImport
    /// Stores a staged import.
    func commitImport(_ id: Int64) async throws
    /// Discards a staged import or undoes a committed one.
    func undoImport(_ id: Int64) async throws -> ImportUndo
}

/// A bank file read and checked, with what the server needs to read it again.
struct StatementFile: Sendable {
    let bytes: [UInt8]
    let statement: Statement
    let format: StatementFormat
    let fileName: String
    let account: String?
    /// The mapping's JSON text, for a bank CSV.
    let mapping: String?
    let dateOrder: QIFDateOrder?
}

/// A saved mapping: its name, JSON text and the header it matches.
struct PresetEntry: Sendable {
    let name: String, mapping: String, header: String
}

/// What importing Tally's CSV did: the first rows and the count of a preview, or the import.
enum TallyCSVOutcome: Sendable {
    /// Table cells of the first rows (line, date, kind, amount, payee, category, account), and the count.
    case preview(count: Int, rows: [[String]])
    /// The import.
    case imported(ImportResult)
}

/// A staged import as the review prints it: the first rows, the counts and the balances.
struct StagedImport: Sendable {
    let id: Int64
    /// The first `ImportReview.shownRows` rows.
    let rows: [Row]
    let rowCount: Int
    let counts: [ImportRowStatus: Int]
    let balances: [Balance]
    /// How many records a commit would store.
    let recordCount: Int

    struct Row: Sendable {
        let row: Int, date: LocalDate, amount: Money, payee: String, category: String, account: String
        let status: ImportRowStatus, action: ImportRowAction, reason: String
    }

    struct Balance: Sendable {
        let account: String, date: LocalDate, statement: Money, book: Money?, difference: Money?
    }
}

extension StagedImport {
    /// The review of a staged `StatementImport`, with the book's categories.
    init(_ staged: StatementImport, categories: [Category]) {
        let paths = Category.namePaths(categories).mapValues { $0.joined(separator: ":") }
        id = staged.id
        rows = staged.rows.prefix(ImportReview.shownRows).map { r in
            Row(
                row: r.row,
                date: r.date,
                amount: r.amount,
                payee: r.payee,
                category: r.lines.isEmpty
                    ? r.categoryID.flatMap { paths[$0] } ?? (r.categoryName.isEmpty ? "" : r.categoryName + " (new)")
                    : ImportReview.splitLabel(
                        r.lines.map { line in
                            let path = [line.category, line.subcategory].filter { !$0.isEmpty }.joined(separator: ":")
                            return path.isEmpty ? nil : path
                        }
                    ),
                account: staged.accounts[r.account].name,
                status: r.status,
                action: r.action,
                reason: r.reason
            )
        }
        rowCount = staged.rows.count
        counts = staged.counts
        balances = staged.balances.map { b in
            Balance(
                account: staged.accounts[b.account].name,
                date: b.date,
                statement: b.statement,
                book: b.book,
                difference: b.difference
            )
        }
        recordCount = staged.recordCount
    }
}

extension LocalBackend {
    func importTallyCSV(_ bytes: [UInt8], dryRun: Bool) async throws -> TallyCSVOutcome {
        let source = try TallyFile.open(bytes: bytes, bookCurrency: scope.book.currency, today: scope.today)
        // One transaction: a killed local import leaves nothing, and no server may come to undo it.
        guard dryRun else {
            return .imported(try await store.imports.importRecords(into: scope, from: source, wholly: true))
        }
        let preview = try source.preview(limit: ImportReview.previewRows)
        let rows = preview.rows.map { r in
            [
                String(r.line), r.draft.date.description, r.draft.kind.rawValue, r.draft.amount.formatted,
                r.draft.payee,
                [r.category, r.subcategory].filter { !$0.isEmpty }.joined(separator: ":"), r.account,
            ]
        }
        return .preview(count: preview.count, rows: rows)
    }

    func importPresets() async throws -> [PresetEntry] {
        try await store.imports.presets(in: scope).map {
            PresetEntry(name: $0.name, mapping: $0.mapping, header: $0.header)
        }
    }

    func savePreset(name: String, mapping: String, header: String) async throws {
        _ = try await store.imports.savePreset(in: scope, name: name, mapping: mapping, header: header)
    }

    func stage(_ file: StatementFile) async throws -> StagedImport {
        let staged = try await store.imports.stageStatement(
            file.statement,
            into: scope,
            fileName: file.fileName,
            account: file.account
        )
        return StagedImport(staged, categories: try await store.books.categories(in: scope))
    }

    func commitImport(_ id: Int64) async throws {
        _ = try await store.imports.commitStatementImport(id, in: scope, rows: false)
    }

    func undoImport(_ id: Int64) async throws -> ImportUndo {
        try await store.imports.undoStatementImport(id, in: scope)
    }
}
