import Foundation
import SQLKit
import TallyCore

/// The second pass of a restore: every row inserted with its ids moved past the target's highest
/// (`shift + number`), references likewise, many rows a statement; then the derived columns and
/// the kept totals rebuilt from the records. A whole-server restore runs in one transaction; a
/// book restore on SQLite runs in batches (`Backups.restoreInBatches`), each its own transaction,
/// so other books' writes take ids between them: each batch then moves its ids past the table's
/// highest again, and the numbers of a table map to ids through `Shifts`.
final class RestoreWrite: @unchecked Sendable {
    // Used by one restore, by one task at a time: its transaction, or each batch's in turn.
    var db: any SQLDatabase
    var bulk: BulkWriter
    let check: RestoreCheck
    let source: any BackupSource
    /// The backup's book a book restore takes (its document number), or nil for a whole server.
    let onlyBook: Int32?
    /// The target book of a book restore.
    let targetBook: BookID?
    private var shifts: [String: Shifts] = [:]
    /// Categories' parents by number, set once every category is in.
    private var parents: [(id: Int64, parent: Int)] = []
    /// The backup's name and currency for the target book, set by `finish`: a restore undone
    /// midway leaves the book its own.
    private var bookNameAndCurrency: (name: String, currency: String)?
    /// The highest record number stored: the restored records' ids end there.
    private var lastRecord = 0
    /// Whether the ids were reserved before (PostgreSQL, a book restore): the sequences are past them.
    private var idsReserved = false
    /// Whether the rows go in batches of their own transactions.
    private let batched: Bool
    private var seen: [String: Int] = [:]
    /// SQLite: the indexes and trigger left out while the records go in, to make again after.
    private var deferred: [String] = []
    /// SQLite: the highest record id before the restore, when the full-text index is filled after.
    private var searchFrom: Int64?
    var summary = RestoreSummary()

    init(
        db: any SQLDatabase,
        bulk: BulkWriter,
        check: RestoreCheck,
        source: any BackupSource,
        onlyBook: Int32?,
        targetBook: BookID?,
        batched: Bool = false
    ) {
        self.batched = batched
        self.db = db
        self.bulk = bulk
        self.check = check
        self.source = source
        self.onlyBook = onlyBook
        self.targetBook = targetBook
    }

    /// The transaction the next rows go in (a batched restore's batch).
    func use(_ db: any SQLDatabase, _ bulk: BulkWriter) {
        self.db = db
        self.bulk = bulk
    }

    /// Reads each id table's highest id (or takes the ids `reserved` for the restore): the
    /// backup's numbers are added to it.
    func prepare(engine: SQLEngine, reserved: [String: Int64] = [:]) async throws {
        idsReserved = !reserved.isEmpty
        for table in BackupTables.all where table.hasID {
            shifts[table.name] = Shifts(first: try await reserved[table.name].asyncOr { try await top(table.name) })
        }
        // Batches commit between them, so the indexes must stay for everyone else's writes.
        if engine == .sqlite, !batched { try await deferUpkeep() }
    }

    private func top(_ table: String) async throws -> Int64 {
        try await db.raw("SELECT CAST(COALESCE(MAX(id), 0) AS BIGINT) AS top FROM \(ident: table)")
            .first()?.decode(column: "top", as: Int64.self) ?? 0
    }

    /// The tables whose secondary indexes a big SQLite restore builds after inserting.
    private static let deferredTables = ["transactions", "transaction_lines", "transaction_tags", "imported_ids"]

    /// On SQLite, when the backup brings at least as many records as the target holds (always,
    /// into an empty server), the record tables' secondary indexes and the full-text trigger are
    /// dropped inside the transaction and made again by `finish`: one sort per index and one pass
    /// over the new records for the full-text index, instead of a b-tree walk per index and a
    /// trigger per row. Their SQL is read back from the schema, so they come back exactly as they
    /// were; a failure rolls the drop back with everything else.
    private func deferUpkeep() async throws {
        let incoming = Int64(check.counts["transactions"] ?? 0)
        let present = shifts["transactions"]?.last ?? 0
        guard incoming > 0, incoming >= present else { return }
        let tables = Self.deferredTables.map { "'\($0)'" }.joined(separator: ", ")
        let rows = try await db.raw(
            """
            SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND ((type = 'index' AND tbl_name IN \
            (\(unsafeRaw: tables))) OR (type = 'trigger' AND name = 'transactions_fts_insert')) ORDER BY type, name
            """
        ).all()
        for row in rows {
            let type = try row.decode(column: "type", as: String.self)
            let name = try row.decode(column: "name", as: String.self)
            deferred.append(try row.decode(column: "sql", as: String.self))
            try await db.raw("DROP \(unsafeRaw: type == "index" ? "INDEX" : "TRIGGER") \(ident: name)").run()
        }
        searchFrom = present
    }

    /// Whether any of `table`'s rows are stored (a book restore leaves out the server's tables
    /// and the book's members and invitations).
    func takes(_ table: BackupTable) -> Bool {
        onlyBook == nil || !(table.book == .none || table.name == "book_members" || table.name == "book_invitations")
    }

    /// The ids the restored records were stored with, as ranges.
    func recordIDs() -> [ClosedRange<Int64>] {
        shifts["transactions"]?.ranges(through: lastRecord) ?? []
    }

    /// Writes one batch of a table's rows.
    func write(_ table: BackupTable, _ rows: [[BackupValue]]) async throws {
        var start = seen[table.name] ?? 0
        defer { seen[table.name] = start }
        if !takes(table) {
            start += rows.count
            return
        }
        if batched, table.hasID {
            // Another book's writes since the last batch took the ids after it: move past them.
            shifts[table.name]!.start(at: start + 1, above: try await top(table.name))
        }
        var columns = table.columns.map(\.sql)
        let extras = extraColumns(table)
        columns += extras
        var values: [BulkValue] = []
        let hasFile = table.columns.contains { $0.kind == .file }
        let parentBooks = check.parentBooks(table)
        // How each column is stored, offsets looked up once for the batch.
        let plans: [ValuePlan] = table.columns.map { column in
            switch column.kind {
            case .id: return .id(shifts[table.name]!.last)
            case .ref(let target):
                if target == "books", let targetBook { return .fixed(targetBook.rawValue) }
                return target == table.name ? .parent(shifts[target]!.last) : .ref(target)
            case .file: return .file
            case .rule: return .rule
            default: return table.name == "users" && column.key == "password_hash" ? .password : .plain
            }
        }
        for row in rows {
            start += 1
            let book = try check.book(of: row, table: table, number: start, parentBooks: parentBooks)
            if let onlyBook, book != onlyBook { continue }
            if table.book == .isBooks {
                if let targetBook {
                    // The empty book becomes the backup's: its name and the currency its amounts count in.
                    bookNameAndCurrency = (row[table.index("name")!].text!, row[table.index("currency")!].text!)
                    continue
                }
                summary.books.append(BookID(try id("books", start)))
            }
            summary.rows[table.name, default: 0] += 1
            if table.name == "transactions" { lastRecord = start }
            var out: [BulkValue] = []
            var data: [Data?] = []
            out.reserveCapacity(columns.count)
            for index in row.indices {
                let (stored, bytes) = try sqlValue(row[index], plans[index], number: start)
                out.append(stored)
                if hasFile { data.append(bytes) }
            }
            out += try extraValues(table, row: row, number: start, data: data)
            if hasFile {
                // Stored at once: a batch of receipts held whole could be thousands of 10 MB files.
                let binds: [any Encodable & Sendable] = zip(out, data + Array(repeating: nil, count: extras.count))
                    .map { value, bytes -> any Encodable & Sendable in
                        if let bytes { return bytes }
                        return value
                    }
                try await db.raw(
                    "INSERT INTO \(ident: table.name) (\(idents: columns, joinedBy: ", ")) VALUES (\(binds: binds))"
                ).run()
            } else {
                values += out
            }
        }
        if !values.isEmpty { try await bulk.insert(into: table.name, columns: columns, values: values) }
    }

    /// The id the row `number` of `table` was stored with.
    private func id(_ table: String, _ number: Int) throws -> Int64 {
        guard let shift = shifts[table]?.shift(of: number) else {
            throw refused("\(table) row \(number) is referred to before it is restored")
        }
        return shift + Int64(number)
    }

    /// The target book's name and currency, parents of categories, the engine's id sequences and
    /// the kept totals.
    func finish(engine: SQLEngine) async throws {
        if let targetBook, let (name, currency) = bookNameAndCurrency {
            // The empty book becomes the backup's: its name and the currency its amounts count in.
            try await db.raw(
                "UPDATE books SET name = \(bind: name), currency = \(bind: currency) WHERE id = \(bind: targetBook)"
            ).run()
        }
        for (id, parent) in parents {
            try await db.raw(
                "UPDATE categories SET parent_id = \(bind: try self.id("categories", parent)) WHERE id = \(bind: id)"
            ).run()
        }
        if let searchFrom {
            // The new records into the full-text index in one statement.
            try await db.raw(
                """
                INSERT INTO transactions_fts (rowid, payee, note) SELECT id, payee, note FROM transactions \
                WHERE id > \(bind: searchFrom) ORDER BY id
                """
            ).run()
        }
        // Reserved ids: setting a sequence to MAX(id) here could move it back below the values
        // other books' inserts took meanwhile, and their next insert would take one twice.
        if engine == .postgres, !idsReserved {
            for table in BackupTables.all where table.hasID {
                // Explicit ids leave an identity's sequence behind; the next insert must not collide.
                try await db.raw(
                    """
                    SELECT setval(pg_get_serial_sequence(\(bind: table.name), 'id'), MAX(id)) FROM \(ident: table.name) \
                    HAVING MAX(id) IS NOT NULL
                    """
                ).run()
            }
        }
        // A batched restore counted its records' totals in batches of their own.
        for book in batched ? [] : targetBook.map({ [$0] }) ?? summary.books {
            try await Totals.rebuild(db, book: book)
        }
        // The indexes and the trigger as they were, each index in one sort, made after the totals:
        // without them the rebuild reads the records in stored order, not page by page at random
        // through an index.
        for sql in deferred { try await db.raw("\(unsafeRaw: sql)").run() }
    }

    /// The stored value of one document value, and the bytes of a file column.
    /// How one column's values are stored: ids and references moved past the target's ids (a
    /// book restore's book: the target book), a category's parent set after, files read from the
    /// zip, a rule's ids moved too, a missing password hash stored empty.
    private enum ValuePlan {
        case id(Int64)
        case ref(String)
        case fixed(Int64)
        case parent(Int64)
        case file, rule, password, plain
    }

    private func sqlValue(_ value: BackupValue, _ plan: ValuePlan, number: Int) throws -> (BulkValue, Data?) {
        switch (plan, value) {
        case (.password, .null):
            return (.text(""), nil)
        case (_, .null):
            return (.null, nil)
        case (.id(let shift), .int(let own)):
            return (.int(shift + own), nil)
        case (.fixed(let id), .int):
            return (.int(id), nil)
        case (.ref(let target), .int(let ref)):
            return (.int(try id(target, Int(ref))), nil)
        case (.parent(let shift), .int(let ref)):
            // A parent may come after its child: set once every category is in.
            parents.append((shift + Int64(number), Int(ref)))
            return (.null, nil)
        case (_, .int(let plain)):
            return (.int(plain), nil)
        case (_, .bool(let flag)):
            return (.int(flag ? 1 : 0), nil)
        case (.file, .text(let path)):
            return (.null, try source.file(path))
        case (_, .text(let text)):
            return (.text(text), nil)
        case (.rule, .json(let text)):
            var rule = try JSONDecoder().decode(Rule.self, from: Data(text.utf8))
            rule.conditions.account = try rule.conditions.account.map { try id("accounts", Int($0)) }
            rule.actions.account = try rule.actions.account.map { try id("accounts", Int($0)) }
            rule.actions.category = try rule.actions.category.map { try id("categories", Int($0)) }
            return (.text(try Rules.json(rule)), nil)
        case (_, .json(let text)):
            return (.text(text), nil)
        }
    }

    /// The columns restore fills that the document leaves out because they follow from others.
    private func extraColumns(_ table: BackupTable) -> [String] {
        switch table.name {
        case "transactions": ["payee_key", "line_count", "tag_count"]
        case "receipts": ["byte_size"]
        case "imported_ids": ["import_id"]
        default: []
        }
    }

    private func extraValues(_ table: BackupTable, row: [BackupValue], number: Int, data: [Data?]) throws -> [BulkValue]
    {
        switch table.name {
        case "transactions":
            return [
                .text(Totals.payeeKey(row[table.index("payee")!].text!)),
                .int(Int64(check.lineCounts[number - 1])), .int(Int64(check.tagCounts[number - 1])),
            ]
        case "receipts":
            return [.int(Int64(data.compactMap { $0 }.first?.count ?? 0))]
        case "imported_ids":
            // The import a file id came from is not kept (staged imports are left out).
            return [.int(0)]
        default:
            return []
        }
    }
}

extension Optional where Wrapped: Sendable {
    /// The value, or `fallback`'s.
    fileprivate func asyncOr(_ fallback: () async throws -> Wrapped) async rethrows -> Wrapped {
        if let self { return self }
        return try await fallback()
    }
}
