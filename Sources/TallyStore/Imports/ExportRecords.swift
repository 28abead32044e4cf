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
/// from the book's catalogue, read once in the same snapshot, instead of four joins per row.
struct ExportRecords {
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

    /// The book's categories: `id, parent_id, name, icon, color`.
    static func categoriesQuery(_ book: BookID) -> SQLQueryString {
        "SELECT id, parent_id, name, icon, color FROM categories WHERE book_id = \(bind: book)"
    }

    /// The book's accounts: `id, name`.
    static func accountsQuery(_ book: BookID) -> SQLQueryString {
        "SELECT id, name FROM accounts WHERE book_id = \(bind: book)"
    }

    /// The names, from the rows of `categoriesQuery` and `accountsQuery`.
    init(categoryRows: Rows, accountRows: Rows) throws {
        var names: [Int64: (parent: Int64?, name: String, icon: String, color: String)] = [:]
        try categoryRows { row in
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
        try accountRows { row in
            if let id = row.int(0) { accountNames[id] = row.text(1) ?? "" }
        }
        accounts = accountNames
    }

    /// The record of a row of `query` (without its lines and tags).
    mutating func record(_ row: some PositionalRow) throws -> TransactionRecord {
        guard let id = row.int(0), let book = row.int(1), let minor = row.int(3) else {
            throw DatabaseError(description: "stored transaction has no id, book or amount")
        }
        return try record(
            ExportRow(
                id: id,
                book: book,
                kind: row.text(2) ?? "",
                minor: minor,
                base: row.int(4),
                currency: row.text(5) ?? "",
                date: row.text(6) ?? "",
                time: row.text(7) ?? "",
                payee: row.text(8) ?? "",
                category: row.int(9),
                account: row.int(10),
                toAccount: row.int(11),
                note: row.text(12) ?? "",
                importID: row.int(13),
                importedID: row.text(14),
                lineCount: row.int(15) ?? 0,
                tagCount: row.int(16) ?? 0
            )
        )
    }

    /// The record of a row of `query`, its columns already read (without its lines and tags).
    mutating func record(_ row: ExportRow) throws -> TransactionRecord {
        let currency: Currency
        if let known = currencies[row.currency] {
            currency = known
        } else {
            currency = try Row.currency(code: row.currency)
            currencies[row.currency] = currency
        }
        let date = try Row.date(row.date, table: "transactions", id: row.id, column: "date")
        let category = row.category.flatMap { categories[$0] }
        var record = TransactionRecord(
            transaction: Transaction(
                id: TransactionID(rawValue: row.id),
                bookID: BookID(rawValue: row.book),
                kind: TransactionKind(rawValue: row.kind) ?? .expense,
                amount: Money(minorUnits: row.minor, currency: currency),
                date: date,
                time: TimeOfDay(row.time),
                payee: row.payee,
                categoryID: row.category.map(CategoryID.init(rawValue:)),
                accountID: row.account.map(AccountID.init(rawValue:)),
                toAccountID: row.toAccount.map(AccountID.init(rawValue:)),
                note: row.note,
                baseMinor: row.base
            ),
            categoryPath: category?.path,
            categoryIcon: category?.icon,
            categoryColor: category?.color,
            accountName: row.account.flatMap { accounts[$0] },
            toAccountName: row.toAccount.flatMap { accounts[$0] }
        )
        record.importID = row.importID
        record.importedID = row.importedID
        record.lineCount = Int(row.lineCount)
        record.tagCount = Int(row.tagCount)
        return record
    }

    /// The page's records that have tags, whose tags `attachTags` takes.
    static func tagged(_ records: [TransactionRecord]) -> [Int] {
        records.indices.filter { records[$0].tagCount > 0 }
    }

    /// The page's split records, whose lines `attachLines` takes.
    static func split(_ records: [TransactionRecord]) -> [Int] {
        records.indices.filter { records[$0].lineCount > 0 }
    }

    /// The rows of a query, handed one at a time: a row of SQLite's is valid only during the call.
    typealias Rows = ((any PositionalRow) -> Void) throws -> Void

    /// Attaches tags from rows of `transaction_id, name`, in their order (as `RecordTags.attach`).
    static func attachTags(to records: inout [TransactionRecord], at tagged: [Int], rows: Rows) rethrows {
        let index = Dictionary(tagged.map { (records[$0].transaction.id.rawValue, $0) }) { a, _ in a }
        try rows { row in
            guard let id = row.int(0), let i = index[id] else { return }
            records[i].transaction.tags.append(row.text(1) ?? "")
        }
    }

    /// Attaches lines from rows of `transaction_id, category_id, amount_minor, base_minor, note`
    /// in the lines' order (as `Records.attachLines`).
    func attachLines(to records: inout [TransactionRecord], at split: [Int], rows: Rows) rethrows {
        let index = Dictionary(split.map { (records[$0].transaction.id.rawValue, $0) }) { a, _ in a }
        var lines: [Int64: [LineRecord]] = [:]
        try rows { row in
            guard let id = row.int(0), let i = index[id] else { return }
            let category = row.int(1).flatMap { categories[$0] }
            let line = TransactionLine(
                categoryID: row.int(1).map(CategoryID.init(rawValue:)),
                amount: Money(minorUnits: row.int(2) ?? 0, currency: records[i].transaction.amount.currency),
                baseMinor: row.int(3),
                note: row.text(4) ?? ""
            )
            lines[id, default: []].append(
                LineRecord(
                    line: line,
                    categoryPath: category?.path,
                    categoryIcon: category?.icon,
                    categoryColor: category?.color
                )
            )
        }
        for i in split {
            let found = lines[records[i].transaction.id.rawValue] ?? []
            records[i].lines = found
            records[i].transaction.lines = found.map(\.line)
        }
    }
}

/// The columns of a row of `ExportRecords.query`, in its order.
struct ExportRow {
    var id: Int64
    var book: Int64
    var kind: String
    var minor: Int64
    var base: Int64?
    var currency: String
    var date: String
    var time: String
    var payee: String
    var category: Int64?
    var account: Int64?
    var toAccount: Int64?
    var note: String
    var importID: Int64?
    var importedID: String?
    var lineCount: Int64
    var tagCount: Int64
}
