import SQLKit
import TallyCore

/// A row whose columns are read by position: what the export readers get from SQLite's
/// statements and PostgreSQL's cursor. Named lookups cost a dictionary probe per column, and an
/// export reads seventeen columns of a million rows.
protocol PositionalRow {
    /// An integer column; nil when NULL.
    func int(_ column: Int32) -> Int64?
    /// A text column; nil when NULL.
    func text(_ column: Int32) -> String?
}

extension SQLiteSnapshotRow: PositionalRow {}

/// How the export readers (`ExportSnapshotReader` on SQLite, `PostgresExportReader`) turn rows
/// into records: one query over `transactions` alone, with the category and account names taken
/// from the book's catalogue, read once in the same snapshot, instead of four joins per row. Each
/// reader brings only its way of running a query (`Fetch`) and of stepping the records' query.
struct ExportRecords {
    /// Runs a query in the reader's snapshot and hands each row to the callback, in order (a row
    /// of SQLite's is valid only during the call).
    typealias Fetch = (SQLQueryString, (any PositionalRow) -> Void) async throws -> Void

    private let categories: [Int64: (path: String, icon: String, color: String)]
    private let accounts: [Int64: String]
    private var currencies: [String: Currency] = [:]

    /// The export's records, in its order; `conditions` are on `transactions t`.
    static func query(_ conditions: [SQLQueryString], newestFirst: Bool) -> SQLQueryString {
        let order: SQLQueryString = newestFirst ? "t.date DESC, t.time DESC, t.id DESC" : "t.date, t.time, t.id"
        return
            """
            SELECT t.id, t.book_id, t.kind, t.amount_minor, t.base_minor, t.currency, t.date, t.time, t.payee,
              t.category_id, t.account_id, t.to_account_id, t.note, t.import_id, t.imported_id, t.line_count, t.tag_count
            FROM transactions t WHERE
            """ + " " + conditions.joined(separator: " AND ") + " ORDER BY \(order)"
    }

    /// Reads the book's category paths and account names through `fetch`.
    init(book: BookID, fetch: Fetch) async throws {
        var names: [Int64: (parent: Int64?, name: String, icon: String, color: String)] = [:]
        try await fetch("SELECT id, parent_id, name, icon, color FROM categories WHERE book_id = \(bind: book)") {
            row in
            guard let id = row.int(0) else { return }
            names[id] = (row.int(1), row.text(2) ?? "", row.text(3) ?? "", row.text(4) ?? "")
        }
        var paths: [Int64: (path: String, icon: String, color: String)] = [:]
        for (id, category) in names {
            let parent = category.parent.flatMap { names[$0]?.name }
            paths[id] = (Category.path(name: category.name, parent: parent), category.icon, category.color)
        }
        categories = paths
        var accountNames: [Int64: String] = [:]
        try await fetch("SELECT id, name FROM accounts WHERE book_id = \(bind: book)") { row in
            if let id = row.int(0) { accountNames[id] = row.text(1) ?? "" }
        }
        accounts = accountNames
    }

    /// The record of a row of `query` (without its lines and tags).
    mutating func record(_ row: some PositionalRow) throws -> TransactionRecord {
        guard let id = row.int(0), let book = row.int(1), let minor = row.int(3) else {
            throw DatabaseError(description: "stored transaction has no id, book or amount")
        }
        let code = row.text(5) ?? ""
        let currency: Currency
        if let known = currencies[code] {
            currency = known
        } else {
            currency = try Row.currency(code: code)
            currencies[code] = currency
        }
        let date = try Row.date(row.text(6) ?? "", table: "transactions", id: id, column: "date")
        let category = row.int(9).flatMap { categories[$0] }
        var record = TransactionRecord(
            transaction: Transaction(
                id: TransactionID(rawValue: id),
                bookID: BookID(rawValue: book),
                kind: TransactionKind(rawValue: row.text(2) ?? "") ?? .expense,
                amount: Money(minorUnits: minor, currency: currency),
                date: date,
                time: TimeOfDay(row.text(7) ?? ""),
                payee: row.text(8) ?? "",
                categoryID: row.int(9).map(CategoryID.init(rawValue:)),
                accountID: row.int(10).map(AccountID.init(rawValue:)),
                toAccountID: row.int(11).map(AccountID.init(rawValue:)),
                note: row.text(12) ?? "",
                baseMinor: row.int(4)
            ),
            categoryPath: category?.path,
            categoryIcon: category?.icon,
            categoryColor: category?.color,
            accountName: row.int(10).flatMap { accounts[$0] },
            toAccountName: row.int(11).flatMap { accounts[$0] }
        )
        record.importID = row.int(13)
        record.importedID = row.text(14)
        record.lineCount = Int(row.int(15) ?? 0)
        record.tagCount = Int(row.int(16) ?? 0)
        return record
    }

    /// Reads the page's tags and split lines through `fetch` and attaches them in their order
    /// (as `RecordTags.attach` and `Records.attachLines` do).
    func attachTagsAndLines(to records: inout [TransactionRecord], fetch: Fetch) async throws {
        let queries = Self.extrasQueries(
            records.map { ($0.transaction.id.rawValue, Int64($0.tagCount), Int64($0.lineCount)) }
        )
        var extras = PageExtras()
        if let tags = queries.tags { try await fetch(tags) { extras.tag($0) } }
        if let lines = queries.lines { try await fetch(lines) { extras.line($0) } }
        attach(extras, to: &records)
    }

    /// A row of `query`'s id and its tag and line counts: what `extrasQueries` needs, read
    /// without building the record.
    static func extrasKey(_ row: some PositionalRow) -> (id: Int64, tags: Int64, lines: Int64) {
        (row.int(0) ?? 0, row.int(16) ?? 0, row.int(15) ?? 0)
    }

    /// The queries for the tags and the split lines of a page whose records have these ids and
    /// counts, in its order (nil where no record has any). A reader that fetches ahead runs them
    /// from the page's rows, before its records are built.
    static func extrasQueries(
        _ page: [(id: Int64, tags: Int64, lines: Int64)]
    ) -> (tags: SQLQueryString?, lines: SQLQueryString?) {
        let tagged = page.filter { $0.tags > 0 }.map(\.id)
        let split = page.filter { $0.lines > 0 }.map(\.id)
        return (
            tagged.isEmpty ? nil : RecordTags.names(of: tagged),
            split.isEmpty
                ? nil
                : """
                SELECT l.transaction_id, l.category_id, l.amount_minor, l.base_minor, l.note FROM transaction_lines l
                WHERE l.transaction_id IN (\(binds: split))
                ORDER BY l.transaction_id, l.position
                """
        )
    }

    /// Attaches the tags and lines gathered in `extras` to the records that have any, in their
    /// order.
    func attach(_ extras: PageExtras, to records: inout [TransactionRecord]) {
        for i in records.indices {
            let id = records[i].transaction.id.rawValue
            if records[i].tagCount > 0, let tags = extras.tags[id] {
                records[i].transaction.tags.append(contentsOf: tags)
            }
            guard records[i].lineCount > 0 else { continue }
            let currency = records[i].transaction.amount.currency
            let found = (extras.lines[id] ?? []).map { row in
                let category = row.category.flatMap { categories[$0] }
                return LineRecord(
                    line: TransactionLine(
                        categoryID: row.category.map(CategoryID.init(rawValue:)),
                        amount: Money(minorUnits: row.minor, currency: currency),
                        baseMinor: row.base,
                        note: row.note
                    ),
                    categoryPath: category?.path,
                    categoryIcon: category?.icon,
                    categoryColor: category?.color
                )
            }
            records[i].lines = found
            records[i].transaction.lines = found.map(\.line)
        }
    }
}

/// The tags and split lines of a page, gathered from the rows of `ExportRecords.extrasQueries`
/// and then attached to its records (`ExportRecords.attach`).
struct PageExtras {
    /// Each record's tag names, in order.
    fileprivate(set) var tags: [Int64: [String]] = [:]
    /// Each record's lines, in order: category id, amount, base amount, note.
    fileprivate(set) var lines: [Int64: [(category: Int64?, minor: Int64, base: Int64?, note: String)]] = [:]

    /// A row of the tags query.
    mutating func tag(_ row: some PositionalRow) {
        guard let id = row.int(0) else { return }
        tags[id, default: []].append(row.text(1) ?? "")
    }

    /// A row of the lines query.
    mutating func line(_ row: some PositionalRow) {
        guard let id = row.int(0) else { return }
        lines[id, default: []].append((row.int(1), row.int(2) ?? 0, row.int(3), row.text(4) ?? ""))
    }
}
