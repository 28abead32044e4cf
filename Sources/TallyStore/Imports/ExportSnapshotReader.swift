import SQLKit
import TallyCore

/// Reads the records of an export from one SQLite snapshot, a page at a time: one statement over
/// `transactions` alone, stepped across pages, with the names taken from the book's categories
/// and accounts read in the same snapshot (no joins, no receipt counts: no export writes them).
///
/// Every page, and the lines and tags attached to it, comes from the same read transaction, so
/// a record edited while a long export runs is written either as it was or not changed at all.
/// Used by one task at a time (`forEachRecord` reads one page ahead, never two).
final class ExportSnapshotReader: @unchecked Sendable {
    private let snapshot: SQLiteSnapshot
    private let dialect: any SQLDatabase
    private let cursor: SQLiteSnapshotCursor
    private let categories: [Int64: (path: String, icon: String, color: String)]
    private let accounts: [Int64: String]
    private var currencies: [String: Currency] = [:]

    /// Opens the snapshot and reads the book's names in it. `conditions` are the export's (as `t`).
    init(path: String, dialect: any SQLDatabase, book: BookID, conditions: [SQLQueryString], newestFirst: Bool) throws {
        snapshot = try SQLiteSnapshot(path: path)
        self.dialect = dialect
        let order: SQLQueryString = newestFirst ? "t.date DESC, t.time DESC, t.id DESC" : "t.date, t.time, t.id"
        let query: SQLQueryString =
            """
            SELECT t.id, t.book_id, t.kind, t.amount_minor, t.base_minor, t.currency, t.date, t.time, t.payee,
              t.category_id, t.account_id, t.to_account_id, t.note, t.import_id, t.imported_id, t.line_count, t.tag_count
            FROM transactions t WHERE
            """ + " " + conditions.joined(separator: " AND ") + " ORDER BY \(order)"
        var names: [Int64: (parent: Int64?, name: String, icon: String, color: String)] = [:]
        try snapshot.forEachRow(
            "SELECT id, parent_id, name, icon, color FROM categories WHERE book_id = \(bind: book)",
            dialect: dialect
        ) { row in
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
        try snapshot.forEachRow("SELECT id, name FROM accounts WHERE book_id = \(bind: book)", dialect: dialect) {
            row in
            if let id = row.int(0) { accountNames[id] = row.text(1) ?? "" }
        }
        accounts = accountNames
        cursor = try SQLiteSnapshotCursor(snapshot: snapshot, query: query, dialect: dialect)
    }

    /// Closes the snapshot (also done when the reader is dropped).
    func close() { snapshot.close() }

    /// Up to `limit` more records, with their lines and tags, and whether they were the last.
    func nextPage(limit: Int) throws -> (records: [TransactionRecord], done: Bool) {
        var records: [TransactionRecord] = []
        records.reserveCapacity(limit)
        let done = try cursor.step(limit) { row in records.append(try record(row)) }
        try attachTags(&records)
        try attachLines(&records)
        return (records, done)
    }

    private func record(_ row: SQLiteSnapshotRow) throws -> TransactionRecord {
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

    /// The tags of the page's tagged records, in their order (as `RecordTags.attach`).
    private func attachTags(_ records: inout [TransactionRecord]) throws {
        let tagged = records.indices.filter { records[$0].tagCount > 0 }
        guard !tagged.isEmpty else { return }
        let index = Dictionary(tagged.map { (records[$0].transaction.id.rawValue, $0) }) { a, _ in a }
        try snapshot.forEachRow(
            RecordTags.names(of: tagged.map { records[$0].transaction.id.rawValue }),
            dialect: dialect
        ) { row in
            guard let id = row.int(0), let i = index[id] else { return }
            records[i].transaction.tags.append(row.text(1) ?? "")
        }
    }

    /// The lines of the page's split records, in their order (as `Records.attachLines`).
    private func attachLines(_ records: inout [TransactionRecord]) throws {
        let split = records.indices.filter { records[$0].lineCount > 0 }
        guard !split.isEmpty else { return }
        let index = Dictionary(split.map { (records[$0].transaction.id.rawValue, $0) }) { a, _ in a }
        var lines: [Int64: [LineRecord]] = [:]
        try snapshot.forEachRow(
            """
            SELECT l.transaction_id, l.category_id, l.amount_minor, l.base_minor, l.note FROM transaction_lines l
            WHERE l.transaction_id IN (\(binds: split.map { records[$0].transaction.id.rawValue }))
            ORDER BY l.transaction_id, l.position
            """,
            dialect: dialect
        ) { row in
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
